import { declarations } from '@atelier/domain';
import { tenancy } from '../../access/tenancy.ts';
import { defineResource } from '../../jsonapi/define-resource.ts';
import { filter } from '../../jsonapi/filters.ts';
import { placedRelationships, rel } from '../../jsonapi/relationships.ts';
import { salesInvoicePayments } from './invoice-payments.ts';
import { refundAction, refundPolicies } from './payment-refund.ts';
import { salesPayments } from './sales.table.ts';


/** Payments of customers' invoices (spec platform §3 Sales, §7 /sales-payments): the invoice's paid amount and balance follow them. */
export const salesPaymentsResource = defineResource(declarations['sales-payments'], {
  table: salesPayments,
  permissions: 'sales payments',
  tenancy: tenancy.organization(),
  relationships: {
    ...placedRelationships(),
    invoice: rel.belongsTo('sales_invoice_id'),
    refundOf: rel.belongsTo('refund_of_id'),
    creator: rel.belongsTo('creator_id'),
  },
  filters: {
    invoice: filter.ids('sales_invoice_id', 'invoice'),
    method: filter.in('method'),
    source: filter.in('source'),
    refundOf: filter.ids('refund_of_id', 'refundOf'),
    tags: filter.overlaps('tag_ids', 'tags'),
  },
  hooks: salesInvoicePayments.hooks,
  actions: { refund: refundAction },
  policies: { actions: refundPolicies },
  notify: { label: (row) => String(row.reference ?? '') },
});
