import { declarations, paymentProblem, paymentStatusOf } from '@atelier/domain';
import { and, eq, ne, sql } from 'drizzle-orm';
import { tenancy } from '../../access/tenancy.ts';
import type { RequestContext } from '../../jsonapi/context.ts';
import { defineResource, type RowOf, type WriteInput } from '../../jsonapi/define-resource.ts';
import { ApiError, attributePointer, relationshipPointer } from '../../jsonapi/errors.ts';
import { filter } from '../../jsonapi/filters.ts';
import { records } from '../../jsonapi/records.ts';
import { rel } from '../../jsonapi/relationships.ts';
import { purchasesInvoices, purchasesPayments } from './documents.table.ts';

type PaymentRow = RowOf<typeof purchasesPayments>;

/** The bill, locked: two payments of it at once are counted one after the other, never over its balance. */
async function lockInvoice(ctx: RequestContext, id: string) {
  const [invoice] = await ctx.db.select().from(purchasesInvoices).where(eq(purchasesInvoices.id, id)).for('update');
  return invoice;
}

/** Stores again what the bill's payments add up to (all but `leaving`, a payment being removed): paid, balance, status. */
async function settle(ctx: RequestContext, invoiceId: string, cause: { type: string; id: string }, leaving?: string) {
  const invoice = await lockInvoice(ctx, invoiceId);
  const [{ paid }] = await ctx.db
    .select({ paid: sql<string>`coalesce(sum(${purchasesPayments.amount}), 0)::text` })
    .from(purchasesPayments)
    .where(and(eq(purchasesPayments.purchases_invoice_id, invoiceId), leaving ? ne(purchasesPayments.id, leaving) : undefined));
  const amount = Number(paid);
  await records(ctx, 'purchases-invoices').update([invoiceId], { amount_paid: amount, balance: invoice.total - amount, payment_status: paymentStatusOf(invoice.total, amount) }, { cause });
}

/** A payment is of a validated bill, never over what is left to pay of it (422 saying how much is). */
async function beforeWrite(ctx: RequestContext, input: WriteInput, existing: PaymentRow | null) {
  if (existing) return;
  const v = input.values;
  const invoice = await lockInvoice(ctx, String(v.purchases_invoice_id));
  if (invoice.state !== 'validated') throw ApiError.many([{ status: 422, code: 'purchases_payment.invoice_not_validated', params: { code: invoice.code ?? '' }, source: { pointer: relationshipPointer('invoice') } }]);
  const problem = paymentProblem(Number(v.amount), invoice.balance);
  if (problem) throw ApiError.many([{ status: 422, code: problem, params: { balance: invoice.balance / 100 }, source: { pointer: attributePointer('amount') } }]);
  Object.assign(v, { creator_id: ctx.actor.id, ...(input.present.has('allowedLocations') ? {} : { location_ids: invoice.location_ids }) });
}

/** Payments of supplier bills (spec platform §3 Purchases, §7 /purchases-payments): the bill's paid amount and balance follow them. */
export const purchasesPaymentsResource = defineResource(declarations['purchases-payments'], {
  table: purchasesPayments,
  permissions: 'purchases payments',
  tenancy: tenancy.organization(),
  relationships: {
    organization: rel.belongsTo('organization_id'),
    allowedLocations: rel.idArray('location_ids'),
    tags: rel.idArray('tag_ids'),
    invoice: rel.belongsTo('purchases_invoice_id'),
    creator: rel.belongsTo('creator_id'),
  },
  filters: {
    invoice: filter.ids('purchases_invoice_id', 'invoice'),
    method: filter.in('method'),
    tags: filter.overlaps('tag_ids', 'tags'),
  },
  hooks: {
    beforeWrite,
    async afterWrite(ctx, row, _input, existing) {
      if (!existing) await settle(ctx, row.purchases_invoice_id, { type: 'purchases-payments', id: row.id });
    },
    beforeDelete: (ctx, row) => settle(ctx, row.purchases_invoice_id, { type: 'purchases-payments', id: row.id }, row.id),
  },
  notify: { label: (row) => String(row.reference ?? '') },
});
