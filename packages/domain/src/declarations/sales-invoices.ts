import { attr, declare, documentState, organizationRecord, rel, stampedBy, workflowAttributes } from '../declare/declare.ts';
import { SALES_INVOICE_KINDS, SALES_INVOICE_KIND_LABELS, salesInvoiceWorkflow as workflow } from '../sales/sales.ts';
import { INVOICING_TYPES, INVOICING_TYPE_LABELS, PAYMENT_STATUSES, PAYMENT_STATUS_LABELS } from '../trade/documents.ts';
import { TRADE_DOCUMENT_SORTS, invoiceTermsAttributes, tradeTotalsAttributes } from './trade-lines.ts';

/**
 * A customer's invoice (spec platform §3 Sales and Invoice lines, §4, §7; issue 23): generated
 * from an order or a completed repair, or written by hand. A draft has no number; validating it
 * gives it the next of its organization's series (no gaps) and makes it due; from then on it does
 * not change. What is paid and the balance come from its payments.
 */
export const salesInvoices = declare('sales-invoices', {
  attributes: {
    /** FV-2026-000042, given when it is validated (a draft has none). */
    ...documentState(workflow),
    kind: attr.enum(SALES_INVOICE_KINDS, SALES_INVOICE_KIND_LABELS).isReadOnly(),
    invoicing_type: attr.enum(INVOICING_TYPES, INVOICING_TYPE_LABELS).isReadOnly(),
    ...invoiceTermsAttributes(),
    ...tradeTotalsAttributes(),
    amount_paid: attr.money().isReadOnly(),
    /** Its total less its credit notes and payments; negative: owed back to the customer (a paid invoice credited). */
    balance: attr.money().isReadOnly(),
    /** What its validated credit notes took off it. */
    amount_credited: attr.money().isReadOnly(),
    payment_status: attr.enum(PAYMENT_STATUSES, PAYMENT_STATUS_LABELS).isReadOnly(),
    ...workflowAttributes(workflow, 'validated_at', 'canceled_at'),
  },
  relationships: {
    ...organizationRecord(),
    recipient: rel.toOne('customers', { required: true, createOnly: true }),
    salesOrder: rel.toOne('sales-orders', { readOnly: true }),
    /** The completed repair it invoices. */
    repair: rel.toOne('repairs', { readOnly: true }),
    /** The approved estimate a deposit is asked on. */
    estimation: rel.toOne('estimations', { readOnly: true }),
    /** The invoice a credit note corrects, and an invoice's credit notes. */
    creditedInvoice: rel.toOne('sales-invoices', { readOnly: true }),
    creditNotes: rel.toMany('sales-invoices', { readOnly: true }),
    vehicle: rel.toOne('vehicles', { readOnly: true }),
    sourceWarehouse: rel.toOne('warehouses', { readOnly: true }),
    items: rel.toMany('sales-invoice-items'),
    payments: rel.toMany('sales-payments', { readOnly: true }),
    ...stampedBy('creator', 'validatedBy', 'canceledBy'),
  },
  filters: ['state', 'payment_status', 'kind', 'salesOrder', 'repair', 'estimation', 'creditedInvoice', 'recipient', 'search', 'tags'],
  sorts: [...TRADE_DOCUMENT_SORTS, 'issued_on', 'expiration_time', 'balance'],
  defaultSort: '-created_at',
});
