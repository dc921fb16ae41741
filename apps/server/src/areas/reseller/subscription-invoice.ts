import { plusDays } from '@atelier/domain';
import { and, eq, ne } from 'drizzle-orm';
import type { Locale } from '@atelier/domain';
import { nextResellerCode } from '../../db/codes.ts';
import { formatDay } from '../../reports/format.ts';
import { t } from '../../i18n/index.ts';
import { todayOf, type RequestContext } from '../../jsonapi/context.ts';
import type { RecordAction, Row } from '../../jsonapi/define-resource.ts';
import { ApiError } from '../../jsonapi/errors.ts';
import { records, type WriteOptions } from '../../jsonapi/records.ts';
import { recordDocument } from '../../jsonapi/router.ts';
import { causerOf } from '../../jsonapi/system.ts';
import { resellerLineColumns } from './reseller-invoice-items.resource.ts';
import { packages, resellerInvoices, subscriptions } from './reseller.table.ts';

/** Days an invoice of a subscription gives to pay it. */
const DAYS_TO_PAY = 30;
const day = (iso: string) => iso.slice(0, 10);
/** A calendar date as the reader writes it (28 novembre 2026, November 28, 2026). */
const calendarDay = (date: string, locale: Locale) => formatDay(date, locale, 'UTC');

/**
 * The invoice of the organization's subscription for its current period (start to end): the one
 * already made (not canceled), else a new draft with one line of the package's price. The
 * subscription is locked first, so two calls at once make one invoice (and the database's unique
 * period index says so if anything else tries).
 */
export async function subscriptionInvoice(ctx: RequestContext, organizationId: string, options: WriteOptions = {}): Promise<{ id: string; made: boolean }> {
  const [subscription] = await ctx.db.select().from(subscriptions).where(eq(subscriptions.organization_id, organizationId)).for('update');
  if (!subscription) throw new ApiError(409, 'reseller.no_subscription');
  const periodStart = day(subscription.start_time);
  const [billed] = await ctx.db
    .select({ id: resellerInvoices.id })
    .from(resellerInvoices)
    .where(and(eq(resellerInvoices.subscription_id, subscription.id), eq(resellerInvoices.period_start, periodStart), ne(resellerInvoices.state, 'canceled')));
  if (billed) return { id: billed.id, made: false };
  const [plan] = await ctx.db.select().from(packages).where(eq(packages.id, subscription.package_id));
  const periodEnd = day(subscription.end_time);
  const line = {
    description: t(ctx.locale, 'reseller.subscription_line', { package: plan.name, start: calendarDay(periodStart, ctx.locale), end: calendarDay(periodEnd, ctx.locale) }),
    quantity: '1',
    unit_price: plan.price,
    discount: null,
    tax_group_id: plan.tax_group_id,
  };
  const invoice = await records(ctx, 'reseller-invoices').createWithLines(
    {
      organization_id: organizationId,
      reseller_id: subscription.reseller_id,
      code: await nextResellerCode(ctx.db, subscription.reseller_id, 'RF'),
      subscription_id: subscription.id,
      period_start: periodStart,
      period_end: periodEnd,
      issued_on: todayOf(ctx),
      expiration_time: plusDays(todayOf(ctx), DAYS_TO_PAY),
      creator_id: causerOf(ctx),
    },
    { items: [{ ...line, ...(await resellerLineColumns(ctx.db, line)) }] },
    { cause: options.cause ?? { type: 'subscriptions', id: subscription.id } },
  );
  return { id: String(invoice.id), made: true };
}

/** POST /organizations/{id}/generate_subscription_invoice (spec platform §7): the period's invoice, made once. */
export const generateSubscriptionInvoice: RecordAction<Row> = {
  permission: 'create reseller invoices',
  contract: {
    summary:
      'The invoice of the organization’s subscription for its current period: made as a draft on the first call (one line: the package’s price, its taxes), the same invoice on the next ones; 409 without a subscription',
    response: { $ref: '#/components/schemas/reseller-invoices.document' },
  },
  async handler(ctx, organization) {
    const invoice = await subscriptionInvoice(ctx, String(organization.id));
    return { body: await recordDocument(ctx, 'reseller-invoices', invoice.id, 'items'), log: { invoice: invoice.id, made: invoice.made } };
  },
};
