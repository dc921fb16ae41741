import { declare, doneBy, rel } from '../declare/declare.ts';
import { invoicePaymentAttributes } from './trade-lines.ts';

/** A payment of a reseller's invoice (spec platform §3 Reseller-payment; §6 view and create): never more than its balance. */
export const resellerPayments = declare('reseller-payments', {
  attributes: invoicePaymentAttributes(),
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
