import { and, asc, eq, gt, gte, isNotNull, lt, sql } from 'drizzle-orm';
import { averageCents, monthOf, percentOf } from '@atelier/domain';
import { apiDocument, closedObject } from '../../contract-schemas.ts';
import { describeRoute } from '../../jsonapi/openapi.ts';
import { authorize } from '../../jsonapi/policies.ts';
import { MEDIA_TYPE, type RouteRegistrar } from '../../jsonapi/router.ts';
import { listScope } from '../../jsonapi/scope.ts';
import { requestTimeZone } from '../../reports/http.ts';
import { customers } from '../crm/crm.table.ts';
import { decidedSums } from '../estimations/decided-sums.ts';
import { salesInvoicesResource } from './sales-invoices.resource.ts';
import { salesInvoices } from './sales.table.ts';

// GET /sales/figures (issue 23 "Reports"): the key figures of the sales home and the dashboard in
// one call, counted over the rows the user's lists show (organization, allowed locations, the
// global selection's filters). The month is the reader's (X-Timezone, as the documents' dates).
// Rules of money, stated once here and in the contract:
// - invoiced, paid, outstanding: validated invoices issued this month, taxes included (their total,
//   what is paid of them, their balance), so invoiced = paid + outstanding;
// - overdue: validated invoices whose due date is past with a balance left, whatever their month;
// - average repair order: the invoiced labour and parts (before taxes) of the repairs' invoices
//   issued this month, per invoice;
// - approval rate: of the estimates' items the customer decided on this month, the approved ones'
//   amount before taxes over all of them.

const OVERDUE_SHOWN = 10;
const cents = { type: 'integer' };
const nullableCents = { type: ['integer', 'null'] };

export const salesFiguresRoutes: RouteRegistrar = (api, contextOf) => {
  api.get('/sales/figures', async (request, reply) => {
    const ctx = contextOf(request);
    authorize(ctx, salesInvoicesResource, 'viewAny');
    const query = request.query as Record<string, string | string[]>;
    const month = monthOf(new Date(), requestTimeZone(request));
    const scope = listScope(ctx, salesInvoicesResource, query);
    const validated = and(scope, eq(salesInvoices.state, 'validated'));
    const thisMonth = and(validated, gte(salesInvoices.issued_on, month.from), lt(salesInvoices.issued_on, month.to));

    const [totals] = await ctx.db
      .select({
        invoiced: sql<number>`coalesce(sum(${salesInvoices.total}), 0)::bigint`,
        paid: sql<number>`coalesce(sum(${salesInvoices.amount_paid}), 0)::bigint`,
        outstanding: sql<number>`coalesce(sum(${salesInvoices.balance}), 0)::bigint`,
        invoices: sql<number>`count(*)::int`,
        repairSum: sql<number>`coalesce(sum(${salesInvoices.subtotal}) filter (where ${salesInvoices.repair_id} is not null), 0)::bigint`,
        repairs: sql<number>`(count(*) filter (where ${salesInvoices.repair_id} is not null))::int`,
      })
      .from(salesInvoices)
      .where(thisMonth);

    const overdueWhere = and(validated, isNotNull(salesInvoices.expiration_time), lt(salesInvoices.expiration_time, month.today), gt(salesInvoices.balance, 0));
    const [overdueTotals] = await ctx.db
      .select({ count: sql<number>`count(*)::int`, balance: sql<number>`coalesce(sum(${salesInvoices.balance}), 0)::bigint` })
      .from(salesInvoices)
      .where(overdueWhere);
    const overdue = await ctx.db
      .select({
        id: salesInvoices.id,
        code: salesInvoices.code,
        due_on: salesInvoices.expiration_time,
        balance: salesInvoices.balance,
        customer: sql<string | null>`coalesce(nullif(${customers.company_name}, ''), nullif(trim(concat_ws(' ', ${customers.firstname}, ${customers.lastname})), ''), ${customers.billing_name})`,
      })
      .from(salesInvoices)
      .leftJoin(customers, eq(customers.id, salesInvoices.customer_id))
      .where(overdueWhere)
      .orderBy(asc(salesInvoices.expiration_time), asc(salesInvoices.code))
      .limit(OVERDUE_SHOWN);

    // The approval rate only to whoever may list the estimates (in the same scope as their list).
    const tz = requestTimeZone(request);
    const decided = await decidedSums(ctx, query, sql`(${month.from}::date)::timestamp at time zone ${tz}`, sql`(${month.to}::date)::timestamp at time zone ${tz}`);
    const approval = decided && { rate: percentOf(decided.approved, decided.proposed), ...decided };

    const t = totals!;
    return reply.type(MEDIA_TYPE).send({
      jsonapi: { version: '1.1' },
      meta: {
        month: { from: month.from, to: month.to },
        invoiced: Number(t.invoiced),
        paid: Number(t.paid),
        outstanding: Number(t.outstanding),
        invoice_count: Number(t.invoices),
        overdue: { count: Number(overdueTotals!.count), balance: Number(overdueTotals!.balance), invoices: overdue.map((o) => ({ ...o, balance: Number(o.balance) })) },
        average_repair_order: { amount: averageCents(Number(t.repairSum), Number(t.repairs)), repairs: Number(t.repairs) },
        approval,
      },
    });
  });
};

const date = { type: 'string', format: 'date' };
describeRoute('GET', '/sales/figures', {
  summary: 'The sales figures of this month (the reader’s time zone, X-Timezone): invoiced, paid and outstanding, overdue invoices, average repair order, approval rate of estimates',
  description:
    'Counted over what the user’s lists show (organization, allowed locations, filter[organization] and filter[allowedLocations]). Invoiced, paid and outstanding: validated invoices issued this month, taxes included. Overdue: validated invoices past their due date with a balance, any month (the first ' +
    OVERDUE_SHOWN +
    ' shown, oldest due first). Average repair order: labour and parts before taxes per repair invoiced this month. Approval rate: approved over decided estimate items this month, before taxes (null to whoever may not list estimates). Needs the right to list sales invoices.',
  tag: 'sales-invoices',
  query: [{ name: 'filter', description: 'The global selection (filter[organization], filter[allowedLocations]).', schema: { type: 'object', additionalProperties: { type: 'string' } } }],
  responses: {
    200: {
      schema: apiDocument({
        meta: closedObject({
          month: closedObject({ from: date, to: date }),
          invoiced: cents,
          paid: cents,
          outstanding: cents,
          invoice_count: { type: 'integer', minimum: 0 },
          overdue: closedObject({
            count: { type: 'integer', minimum: 0 },
            balance: cents,
            invoices: {
              type: 'array',
              maxItems: OVERDUE_SHOWN,
              items: closedObject({ id: { type: 'string', format: 'uuid' }, code: { type: ['string', 'null'] }, due_on: date, balance: cents, customer: { type: ['string', 'null'] } }),
            },
          }),
          average_repair_order: closedObject({ amount: nullableCents, repairs: { type: 'integer', minimum: 0 } }),
          approval: {
            oneOf: [{ type: 'null' }, closedObject({ rate: { type: ['number', 'null'] }, approved: cents, proposed: cents })],
          },
        }),
      }),
    },
  },
  errors: [403],
});
