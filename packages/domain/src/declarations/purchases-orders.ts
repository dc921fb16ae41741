import { attr, declare, organizationRecord, rel, stampedBy, workflowAttributes } from '../declare/declare.ts';
import { purchasesOrderWorkflow as workflow } from '../purchases/purchases.ts';
import { INVOICING_TYPES, INVOICING_TYPE_LABELS } from '../trade/documents.ts';
import { TRADE_DOCUMENT_SORTS, orderStatusAttributes, tradeTotalsAttributes } from './trade-lines.ts';

/**
 * A purchase order (spec platform §3 Purchases, §4, §7; issue 22): the parts ordered from a
 * supplier for a warehouse. Its deliveries and invoices are generated from it
 * (generate-delivery, generate-invoice) and move its statuses; all delivered and invoiced, it is completed.
 */
export const purchasesOrders = declare('purchases-orders', {
  attributes: {
    code: attr.string().isReadOnly(),
    state: attr.enum(workflow.states, workflow.stateLabels).isReadOnly(),
    /** How invoices are generated from it by default (spec §3). */
    invoicing_type: attr.enum(INVOICING_TYPES, INVOICING_TYPE_LABELS),
    ...orderStatusAttributes(),
    /** When the supplier said it would come. */
    expected_on: attr.date(),
    /** The supplier's reference for it (their confirmation number). */
    supplier_reference: attr.string().max(100),
    notes: attr.text().max(5000),
    ...tradeTotalsAttributes(),
    ...workflowAttributes(workflow, 'validated_at', 'completed_at', 'canceled_at'),
  },
  relationships: {
    ...organizationRecord(),
    supplier: rel.toOne('suppliers', { required: true }),
    destinationWarehouse: rel.toOne('warehouses', { required: true }),
    items: rel.toMany('purchases-order-items'),
    /** Who placed it (the user who made it). */
    issuer: rel.toOne('users', { readOnly: true }),
    ...stampedBy('validatedBy', 'canceledBy'),
  },
  filters: ['state', 'delivery_status', 'invoicing_status', 'supplier', 'destinationWarehouse', 'search', 'tags'],
  sorts: [...TRADE_DOCUMENT_SORTS, 'expected_on'],
  defaultSort: '-created_at',
});
