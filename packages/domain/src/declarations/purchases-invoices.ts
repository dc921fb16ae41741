import { attr, declare, documentState, organizationRecord, rel, stampedBy, workflowAttributes } from '../declare/declare.ts';
import { purchasesInvoiceWorkflow as workflow } from '../purchases/purchases.ts';
import { INVOICING_TYPES, INVOICING_TYPE_LABELS } from '../trade/documents.ts';
import { TRADE_DOCUMENT_SORTS, invoiceSettlementAttributes, invoiceTermsAttributes, tradeTotalsAttributes } from './trade-lines.ts';

/**
 * A supplier's bill (spec platform §3 Purchases and Invoice lines, §4, §7; issue 22), generated
 * from an order or written by hand. Validated, it counts against its order's invoicing and can
 * be paid; what is paid and the balance come from its payments.
 */
export const purchasesInvoices = declare('purchases-invoices', {
  attributes: {
    ...documentState(workflow),
    invoicing_type: attr.enum(INVOICING_TYPES, INVOICING_TYPE_LABELS).isReadOnly(),
    /** The supplier's invoice number. */
    supplier_reference: attr.string().max(100),
    ...invoiceTermsAttributes(),
    ...tradeTotalsAttributes(),
    ...invoiceSettlementAttributes(),
    ...workflowAttributes(workflow, 'validated_at', 'canceled_at'),
  },
  relationships: {
    ...organizationRecord(),
    supplier: rel.toOne('suppliers', { required: true, createOnly: true }),
    purchasesOrder: rel.toOne('purchases-orders', { readOnly: true }),
    items: rel.toMany('purchases-invoice-items'),
    payments: rel.toMany('purchases-payments', { readOnly: true }),
    ...stampedBy('creator', 'validatedBy', 'canceledBy'),
  },
  filters: ['state', 'payment_status', 'purchasesOrder', 'supplier', 'search', 'tags'],
  sorts: [...TRADE_DOCUMENT_SORTS, 'expiration_time', 'balance'],
  defaultSort: '-created_at',
});
