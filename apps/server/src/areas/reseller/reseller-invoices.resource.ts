import { declarations, invoiceSettlement, resellerInvoiceWorkflow as workflow, toScaled } from '@atelier/domain';
import { eq } from 'drizzle-orm';
import { tenancy } from '../../access/tenancy.ts';
import { nextResellerCode } from '../../db/codes.ts';
import { todayOf, type RequestContext } from '../../jsonapi/context.ts';
import { defineResource, type RowOf, type WriteInput } from '../../jsonapi/define-resource.ts';
import { ApiError } from '../../jsonapi/errors.ts';
import { filter } from '../../jsonapi/filters.ts';
import { rel } from '../../jsonapi/relationships.ts';
import { workflowMessages, workflowParts } from '../../jsonapi/workflow.ts';
import { invoiceRelationships } from '../trade/lines.ts';
import { resellerOfOrganization } from './owner.ts';
import { resellerInvoiceItems, resellerInvoices } from './reseller.table.ts';

type InvoiceRow = RowOf<typeof resellerInvoices>;

export const resellerInvoiceFlow = workflowParts({
  workflow,
  table: resellerInvoices,
  messages: workflowMessages('reseller_invoice'),
  actions: {
    validate: {
      summary: 'Validates the invoice: it is due from then on (its balance is its total); 409 without a line with a quantity',
      async values(ctx, row) {
        const lines = await ctx.db.select({ quantity: resellerInvoiceItems.quantity }).from(resellerInvoiceItems).where(eq(resellerInvoiceItems.reseller_invoice_id, row.id));
        if (!lines.some((l) => toScaled(l.quantity) > 0n)) throw new ApiError(409, 'reseller_invoice.no_items');
        return { ...invoiceSettlement(row), issued_on: row.issued_on ?? todayOf(ctx) };
      },
    },
    cancel: {
      summary: 'Cancels the invoice while nothing of it is paid (409 otherwise); a subscription’s period it billed can be billed again',
      values(_ctx, row) {
        if (row.amount_paid > 0) throw new ApiError(409, 'reseller_invoice.paid', { code: row.code ?? '' });
        return { balance: 0 };
      },
    },
  },
});

/** A new invoice is numbered in its reseller's series (RF-2026-000001) and is its recipient's reseller's. */
async function beforeWrite(ctx: RequestContext, input: WriteInput, existing: InvoiceRow | null) {
  if (existing) return;
  const resellerId = await resellerOfOrganization(ctx, input, String(input.values.organization_id), 'recipient');
  Object.assign(input.values, { code: await nextResellerCode(ctx.db, resellerId, 'RF'), creator_id: ctx.actor.id });
}

/**
 * A reseller's invoices to its organizations (spec platform §3 Reseller billing, §7 validate and
 * cancel; issue 24): totals from their lines by the trade kit, paid amount and balance from their
 * payments. The organization billed sees its own (docs/decisions.md).
 */
export const resellerInvoicesResource = defineResource(declarations['reseller-invoices'], {
  table: resellerInvoices,
  permissions: 'reseller invoices',
  tenancy: tenancy.reseller({ organization: true }),
  relationships: {
    reseller: rel.belongsTo('reseller_id'),
    recipient: rel.belongsTo('organization_id'),
    organization: rel.belongsTo('organization_id'),
    subscription: rel.belongsTo('subscription_id'),
    ...invoiceRelationships('reseller_invoice_id'),
  },
  filters: {
    state: filter.in('state'),
    payment_status: filter.in('payment_status'),
    organization: filter.ids('organization_id', 'organization'),
    recipient: filter.ids('organization_id', 'recipient'),
    subscription: filter.ids('subscription_id', 'subscription'),
    search: filter.search(['code', 'notes']),
  },
  workflow: resellerInvoiceFlow,
  hooks: { beforeWrite },
  policies: { delete: resellerInvoiceFlow.editable },
  notify: { label: (row) => String(row.code ?? '') },
});
