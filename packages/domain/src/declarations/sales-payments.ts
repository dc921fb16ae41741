import { attr, declare, doneBy, organizationRecord, rel, timestamps } from '../declare/declare.ts';
import { PAYMENT_SOURCES, PAYMENT_SOURCE_LABELS } from '../sales/sales.ts';
import { PAYMENT_METHODS, PAYMENT_METHOD_LABELS } from '../trade/documents.ts';

/**
 * A payment of a customer's invoice (spec platform §3 Sales, Reseller billing's Payment; issue 23):
 * taken at the counter (a method) or online (a provider and its transaction); never more than the
 * invoice's balance; the invoice's amount paid, balance and payment status follow.
 */
export const salesPayments = declare('sales-payments', {
  attributes: {
    /** Positive when paid; a refund is negative (made by POST /sales-payments/{id}/refund, never typed). */
    amount: attr.money().isRequired().isCreateOnly().min(-10_000_000_000).max(10_000_000_000),
    /** What was given back of it by its refunds (cents). */
    amount_refunded: attr.money().isReadOnly(),
    paid_on: attr.date().isRequired(),
    method: attr.enum(PAYMENT_METHODS, PAYMENT_METHOD_LABELS).isRequired(),
    source: attr.enum(PAYMENT_SOURCES, PAYMENT_SOURCE_LABELS).isReadOnly(),
    /** The provider's transaction (online payments). */
    transaction_id: attr.string().isReadOnly(),
    reference: attr.string().max(100),
    notes: attr.text().max(2000),
    ...timestamps(),
  },
  relationships: {
    ...organizationRecord(),
    invoice: rel.toOne('sales-invoices', { required: true, createOnly: true }),
    /** The payment a refund gives back. */
    refundOf: rel.toOne('sales-payments', { readOnly: true }),
    creator: doneBy(),
  },
  filters: ['invoice', 'method', 'source', 'refundOf', 'tags'],
  sorts: ['created_at', 'updated_at', 'paid_on', 'amount'],
  defaultSort: '-paid_on',
});
