import { declarations } from '@atelier/domain';
import { tenancy } from '../../access/tenancy.ts';
import { defineResource } from '../../jsonapi/define-resource.ts';
import { filter } from '../../jsonapi/filters.ts';
import { placedRelationships, rel } from '../../jsonapi/relationships.ts';
import { invoicePayments } from '../trade/payments.ts';
import { purchasesInvoices, purchasesPayments } from './documents.table.ts';

/** Payments of supplier bills (spec platform §3 Purchases, §7 /purchases-payments): the bill's paid amount and balance follow them. */
export const purchasesPaymentsResource = defineResource(declarations['purchases-payments'], {
  table: purchasesPayments,
  permissions: 'purchases payments',
  tenancy: tenancy.organization(),
  relationships: {
    ...placedRelationships(),
    invoice: rel.belongsTo('purchases_invoice_id'),
    creator: rel.belongsTo('creator_id'),
  },
  filters: {
    invoice: filter.ids('purchases_invoice_id', 'invoice'),
    method: filter.in('method'),
    tags: filter.overlaps('tag_ids', 'tags'),
  },
  hooks: invoicePayments({ invoiceType: 'purchases-invoices', invoices: purchasesInvoices, payments: purchasesPayments, invoiceColumn: purchasesPayments.purchases_invoice_id, paymentType: 'purchases-payments' }).hooks,
  notify: { label: (row) => String(row.reference ?? '') },
});
