import { attr, rel } from '../declare/declare.ts';
import { purchasesOrderWorkflow as workflow } from '../purchases/purchases.ts';
import { tradeOrder } from './trade-lines.ts';

/**
 * A purchase order (spec platform §3 Purchases, §4, §7; issue 22): the parts ordered from a
 * supplier for a warehouse. Its deliveries and invoices are generated from it
 * (generate-delivery, generate-invoice) and move its statuses; all delivered and invoiced, it is completed.
 */
export const purchasesOrders = tradeOrder(
  'purchases-orders',
  workflow,
  {},
  {
    /** The supplier's reference for it (their confirmation number). */
    supplier_reference: attr.string().max(100),
  },
  { party: ['supplier', rel.toOne('suppliers', { required: true })], warehouse: ['destinationWarehouse', rel.toOne('warehouses', { required: true })], items: 'purchases-order-items' },
);
