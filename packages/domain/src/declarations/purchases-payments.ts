import { attr, declare, doneBy, organizationRecord, rel, timestamps } from '../declare/declare.ts';
import { PAYMENT_METHODS, PAYMENT_METHOD_LABELS } from '../trade/documents.ts';

/**
 * A payment of a supplier's bill (spec platform §3 Purchases, §6: view and create): never more
 * than its balance; the bill's amount paid, balance and payment status follow.
 */
export const purchasesPayments = declare('purchases-payments', {
  attributes: {
    amount: attr.money().isRequired().isCreateOnly().min(1).max(10_000_000_000),
    paid_on: attr.date().isRequired(),
    method: attr.enum(PAYMENT_METHODS, PAYMENT_METHOD_LABELS).isRequired(),
    reference: attr.string().max(100),
    notes: attr.text().max(2000),
    ...timestamps(),
  },
  relationships: {
    ...organizationRecord(),
    invoice: rel.toOne('purchases-invoices', { required: true, createOnly: true }),
    creator: doneBy(),
  },
  filters: ['invoice', 'method', 'tags'],
  sorts: ['created_at', 'updated_at', 'paid_on', 'amount'],
  defaultSort: '-paid_on',
});
