import { attr, rel } from '../declare/declare.ts';
import { ORDER_INVOICE_KINDS, SALES_INVOICE_KIND_LABELS, salesOrderWorkflow as workflow } from '../sales/sales.ts';
import { tradeOrder } from './trade-lines.ts';

/**
 * A sales order (spec platform §3 Sales, §4, §7; issue 23): what a customer buys, parts from a
 * warehouse, work or free lines. Its deliveries and invoices are generated from it
 * (generate-delivery, generate-invoice) and move its statuses; all delivered and invoiced, it is completed.
 */
export const salesOrders = tradeOrder(
  'sales-orders',
  workflow,
  {
    /** Whether a deposit is asked before the rest (spec §3: deposit or standard). */
    invoice_type: attr.enum(ORDER_INVOICE_KINDS, SALES_INVOICE_KIND_LABELS),
  },
  {
    /** The customer's reference for it (their purchase order). */
    customer_reference: attr.string().max(100),
  },
  // The customer (spec: recipient); the warehouse its parts leave from.
  { party: ['recipient', rel.toOne('customers', { required: true })], warehouse: ['sourceWarehouse', rel.toOne('warehouses')], items: 'sales-order-items' },
);
