import { attr, declare, organizationRecord, rel, stampedBy, workflowAttributes } from '../declare/declare.ts';
import { ORDER_INVOICE_KINDS, SALES_INVOICE_KIND_LABELS, salesOrderWorkflow as workflow } from '../sales/sales.ts';
import { INVOICING_TYPES, INVOICING_TYPE_LABELS } from '../trade/documents.ts';
import { TRADE_DOCUMENT_SORTS, orderStatusAttributes, tradeTotalsAttributes } from './trade-lines.ts';

/**
 * A sales order (spec platform §3 Sales, §4, §7; issue 23): what a customer buys, parts from a
 * warehouse, work or free lines. Its deliveries and invoices are generated from it
 * (generate-delivery, generate-invoice) and move its statuses; all delivered and invoiced, it is completed.
 */
export const salesOrders = declare('sales-orders', {
  attributes: {
    code: attr.string().isReadOnly(),
    state: attr.enum(workflow.states, workflow.stateLabels).isReadOnly(),
    /** How invoices are generated from it by default (spec §3). */
    invoicing_type: attr.enum(INVOICING_TYPES, INVOICING_TYPE_LABELS),
    /** Whether a deposit is asked before the rest (spec §3: deposit or standard). */
    invoice_type: attr.enum(ORDER_INVOICE_KINDS, SALES_INVOICE_KIND_LABELS),
    ...orderStatusAttributes(),
    /** When it was promised to the customer. */
    expected_on: attr.date(),
    /** The customer's reference for it (their purchase order). */
    customer_reference: attr.string().max(100),
    notes: attr.text().max(5000),
    ...tradeTotalsAttributes(),
    ...workflowAttributes(workflow, 'validated_at', 'completed_at', 'canceled_at'),
  },
  relationships: {
    ...organizationRecord(),
    /** The customer (spec: recipient). */
    recipient: rel.toOne('customers', { required: true }),
    /** Where its parts leave from. */
    sourceWarehouse: rel.toOne('warehouses'),
    items: rel.toMany('sales-order-items'),
    /** Who took it (the user who made it). */
    issuer: rel.toOne('users', { readOnly: true }),
    ...stampedBy('validatedBy', 'canceledBy'),
  },
  filters: ['state', 'delivery_status', 'invoicing_status', 'recipient', 'sourceWarehouse', 'search', 'tags'],
  sorts: [...TRADE_DOCUMENT_SORTS, 'expected_on'],
  defaultSort: '-created_at',
});
