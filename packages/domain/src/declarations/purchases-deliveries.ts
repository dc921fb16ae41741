import { attr } from '../declare/declare.ts';
import { purchasesDeliveryWorkflow as workflow } from '../purchases/purchases.ts';
import { tradeDelivery } from './trade-lines.ts';

/**
 * A receipt of parts from a supplier (spec platform §3 Purchases, §4, §7; issue 22), generated
 * from its order. Validating it makes its stock movement into the order's warehouse and moves
 * the order's delivery status; canceling a validated one reverses that movement.
 */
export const purchasesDeliveries = tradeDelivery(
  'purchases-deliveries',
  workflow,
  {
    /** The supplier's packing slip. */
    supplier_reference: attr.string().max(100),
    received_on: attr.date(),
  },
  { order: ['purchasesOrder', 'purchases-orders'], party: ['supplier', 'suppliers'], warehouse: 'destinationWarehouse', items: 'purchases-delivery-items', date: 'received_on' },
);
