import { attr } from '../declare/declare.ts';
import { salesDeliveryWorkflow as workflow } from '../sales/sales.ts';
import { tradeDelivery } from './trade-lines.ts';

/**
 * What leaves the parts room for a customer (spec platform §3 Sales, §4, §7; issue 23), generated
 * from its order. Validating it makes its stock movement out of the order's warehouse and moves
 * the order's delivery status; canceling a validated one puts the parts back.
 */
export const salesDeliveries = tradeDelivery(
  'sales-deliveries',
  workflow,
  { delivered_on: attr.date() },
  { order: ['salesOrder', 'sales-orders'], party: ['recipient', 'customers'], warehouse: 'sourceWarehouse', items: 'sales-delivery-items', date: 'delivered_on' },
);
