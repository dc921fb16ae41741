import { declarations } from '@atelier/domain';
import { tenancy } from '../../access/tenancy.ts';
import { defineResource } from '../../jsonapi/define-resource.ts';
import { filter } from '../../jsonapi/filters.ts';
import { placedRelationships, rel } from '../../jsonapi/relationships.ts';
import { invoicePayments } from '../trade/payments.ts';
import { salesInvoices, salesPayments } from './sales.table.ts';

/** The sales side's payments (the counter's through the resource, online ones through `record`). */
export const salesInvoicePayments = invoicePayments({ invoiceType: 'sales-invoices', invoices: salesInvoices, payments: salesPayments, invoiceColumn: salesPayments.sales_invoice_id, paymentType: 'sales-payments' });

/** Payments of customers' invoices (spec platform §3 Sales, §7 /sales-payments): the invoice's paid amount and balance follow them. */
export const salesPaymentsResource = defineResource(declarations['sales-payments'], {
  table: salesPayments,
  permissions: 'sales payments',
  tenancy: tenancy.organization(),
  relationships: {
    ...placedRelationships(),
    invoice: rel.belongsTo('sales_invoice_id'),
    creator: rel.belongsTo('creator_id'),
  },
  filters: {
    invoice: filter.ids('sales_invoice_id', 'invoice'),
    method: filter.in('method'),
    source: filter.in('source'),
    tags: filter.overlaps('tag_ids', 'tags'),
  },
  hooks: salesInvoicePayments.hooks,
  notify: { label: (row) => String(row.reference ?? '') },
});
