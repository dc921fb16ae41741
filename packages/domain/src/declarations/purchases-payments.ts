import { declare, doneBy, organizationRecord, rel } from '../declare/declare.ts';
import { invoicePaymentAttributes } from './trade-lines.ts';

/**
 * A payment of a supplier's bill (spec platform §3 Purchases, §6: view and create): never more
 * than its balance; the bill's amount paid, balance and payment status follow.
 */
export const purchasesPayments = declare('purchases-payments', {
  attributes: invoicePaymentAttributes(),
  relationships: {
    ...organizationRecord(),
    invoice: rel.toOne('purchases-invoices', { required: true, createOnly: true }),
    creator: doneBy(),
  },
  filters: ['invoice', 'method', 'tags'],
  sorts: ['created_at', 'updated_at', 'paid_on', 'amount'],
  defaultSort: '-paid_on',
});
