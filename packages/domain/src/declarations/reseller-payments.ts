import { attr, declare, doneBy, rel, timestamps } from '../declare/declare.ts';
import { PAYMENT_METHODS, PAYMENT_METHOD_LABELS } from '../trade/documents.ts';

/** A payment of a reseller's invoice (spec platform §3 Reseller-payment; §6 view and create): never more than its balance. */
export const resellerPayments = declare('reseller-payments', {
  attributes: {
    amount: attr.money().isRequired().isCreateOnly().min(1).max(10_000_000_000),
    paid_on: attr.date().isRequired(),
    method: attr.enum(PAYMENT_METHODS, PAYMENT_METHOD_LABELS).isRequired(),
    reference: attr.string().max(100),
    notes: attr.text().max(2000),
    ...timestamps(),
  },
  relationships: {
    reseller: rel.toOne('resellers', { readOnly: true }),
    organization: rel.toOne('organizations', { readOnly: true }),
    invoice: rel.toOne('reseller-invoices', { required: true, createOnly: true }),
    creator: doneBy(),
  },
  filters: ['invoice', 'method', 'organization'],
  sorts: ['created_at', 'updated_at', 'paid_on', 'amount'],
  defaultSort: '-paid_on',
});
