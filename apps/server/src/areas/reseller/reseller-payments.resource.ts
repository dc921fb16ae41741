import { declarations } from '@atelier/domain';
import { eq } from 'drizzle-orm';
import { tenancy } from '../../access/tenancy.ts';
import { defineResource } from '../../jsonapi/define-resource.ts';
import { filter } from '../../jsonapi/filters.ts';
import { rel } from '../../jsonapi/relationships.ts';
import { invoicePayments } from '../trade/payments.ts';
import { resellerInvoices, resellerPayments } from './reseller.table.ts';

const settling = invoicePayments({ invoiceType: 'reseller-invoices', invoices: resellerInvoices, payments: resellerPayments, invoiceColumn: resellerPayments.reseller_invoice_id, paymentType: 'reseller-payments' }).hooks;

/** Payments of a reseller's invoices (spec platform §3 Reseller-payment, §6 view and create): the invoice's paid amount and balance follow them. */
export const resellerPaymentsResource = defineResource(declarations['reseller-payments'], {
  table: resellerPayments,
  permissions: 'reseller payments',
  tenancy: tenancy.reseller({ organization: true }),
  relationships: {
    reseller: rel.belongsTo('reseller_id'),
    organization: rel.belongsTo('organization_id'),
    invoice: rel.belongsTo('reseller_invoice_id'),
    creator: rel.belongsTo('creator_id'),
  },
  filters: {
    invoice: filter.ids('reseller_invoice_id', 'invoice'),
    method: filter.in('method'),
    organization: filter.ids('organization_id', 'organization'),
  },
  hooks: {
    ...settling,
    /** A payment is its invoice's reseller's and about its organization. */
    async beforeWrite(ctx, input, existing) {
      if (!existing) {
        const [invoice] = await ctx.db.select({ organization_id: resellerInvoices.organization_id, reseller_id: resellerInvoices.reseller_id }).from(resellerInvoices).where(eq(resellerInvoices.id, String(input.values.reseller_invoice_id)));
        Object.assign(input.values, invoice);
      }
      await settling.beforeWrite?.(ctx, input, existing);
    },
  },
  notify: { label: (row) => String(row.reference ?? '') },
});
