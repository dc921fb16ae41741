import { bucketOf, figureRows, REPORT_MOST_DAYS, reportPeriod, serviceFigures, type DeclinedSums, type RepairSums } from '@atelier/domain';
import { and, eq, gte, inArray, lt, ne, sql, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { apiDocument, closedObject } from '../../contract-schemas.ts';
import type { RequestContext } from '../../jsonapi/context.ts';
import { ApiError } from '../../jsonapi/errors.ts';
import { describeRoute } from '../../jsonapi/openapi.ts';
import { allowed, authorize } from '../../jsonapi/policies.ts';
import { MEDIA_TYPE, type RouteRegistrar } from '../../jsonapi/router.ts';
import { listScope } from '../../jsonapi/scope.ts';
import { t, type MessageKey } from '../../i18n/index.ts';
import { requestTimeZone } from '../../reports/http.ts';
import { sendTable } from '../../reports/table-file.ts';
import { decidedSums } from '../estimations/decided-sums.ts';
import { optionValue } from '../estimations/estimation-lines.ts';
import { deferredWork } from '../estimations/deferred-work.table.ts';
import { deferredWorkResource } from '../estimations/deferred-work.resource.ts';
import { estimationItems } from '../estimations/estimations.table.ts';
import { products } from '../inventory/inventory.table.ts';
import { comebackIds, FINISHED_REPAIR_STATES } from './comebacks.ts';
import { repairItems, repairs } from './repairs.table.ts';
import { repairsResource } from './repairs.resource.ts';

// GET /repairs/figures?from=&to= (issue 27, the service manager's figures) and its export
// GET /repairs/figures/export?from=&to=&format=csv|xlsx. Per period (days in the reader's time zone,
// X-Timezone) and location (the global selection, filter[allowedLocations]): the repair orders
// completed in it (count, average before taxes, sold hours, parts and labour margins, comebacks),
// the estimate items decided in it (approval in money) and the work declined in it (what came
// back). Each figure is a SQL aggregate grouped by day or month (the charts' series); the totals
// add up the series; the domain turns sums into figures (serviceFigures).

type Query = Record<string, string | string[]>;
interface Series extends RepairSums {
  bucket: string;
}

/** The period's bounds as instants of the reader's time zone, or a translated 400 naming the parameter. */
function periodOf(request: FastifyRequest) {
  const query = request.query as Query;
  const period = reportPeriod(query.from, query.to);
  if (!period.ok) throw new ApiError(400, 'error.invalid_parameter_value', { name: period.parameter }, { parameter: period.parameter });
  const tz = requestTimeZone(request);
  return {
    ...period,
    tz,
    bucket: bucketOf(period.days),
    start: sql`(${period.from}::date)::timestamp at time zone ${tz}`,
    end: sql`(${period.to}::date + 1)::timestamp at time zone ${tz}`,
  };
}
type Period = ReturnType<typeof periodOf>;

const num = (v: unknown) => Number(v ?? 0);

/** The finished repair orders of the period, per day or month: two aggregates (the orders, their items). */
async function repairSeries(ctx: RequestContext, query: Query, p: Period): Promise<Series[]> {
  const bucketSql = (at: SQL) => sql<string>`to_char(date_trunc(${p.bucket}, ${at} at time zone ${p.tz}), 'YYYY-MM-DD')`;
  const inPeriod = and(listScope(ctx, repairsResource, query), inArray(repairs.state, [...FINISHED_REPAIR_STATES]), gte(repairs.completed_at, p.start), lt(repairs.completed_at, p.end));
  const bucket = bucketSql(sql`${repairs.completed_at}`);
  const ordersQuery = ctx.db
    .select({
      bucket,
      count: sql<number>`count(*)::int`,
      subtotal: sql<number>`coalesce(sum(${repairs.subtotal}), 0)::bigint`,
      hours_clocked: sql<number>`coalesce(sum(${repairs.time_spent}), 0)::float8`,
      comebacks: sql<number>`(count(*) filter (where ${repairs.id} in (${comebackIds(inPeriod)})))::int`,
    })
    .from(repairs)
    .where(inPeriod)
    .groupBy(sql`1`);
  // The items as the work order bills them: all but the work not done.
  const cost = sql`round(${repairItems.quantity} * ${products.buying_price})`;
  const costed = sql`${products.buying_price} is not null`;
  const itemsQuery = ctx.db
    .select({
      bucket,
      hours_sold: sql<number>`coalesce(sum(${repairItems.time}), 0)::float8`,
      parts_costed: sql<number>`coalesce(sum(${repairItems.parts_total}) filter (where ${costed}), 0)::bigint`,
      parts_cost: sql<number>`coalesce(sum(${cost}) filter (where ${costed}), 0)::bigint`,
      parts_uncosted: sql<number>`coalesce(sum(${repairItems.parts_total}) filter (where not ${costed}), 0)::bigint`,
      labour: sql<number>`coalesce(sum(${repairItems.labour_total}), 0)::bigint`,
    })
    .from(repairItems)
    .innerJoin(repairs, eq(repairs.id, repairItems.repair_id))
    .leftJoin(products, eq(products.id, repairItems.product_id))
    .where(and(inPeriod, ne(repairItems.state, 'not_done')))
    .groupBy(sql`1`);
  // Two statements at once (two connections of the pool on PostgreSQL).
  const [orders, items] = await Promise.all([ordersQuery, itemsQuery]);
  const itemsOf = new Map(items.map((i) => [i.bucket, i]));
  return orders
    .map((o) => {
      const i = itemsOf.get(o.bucket);
      return {
        bucket: o.bucket,
        count: num(o.count),
        subtotal: num(o.subtotal),
        hours_clocked: num(o.hours_clocked),
        comebacks: num(o.comebacks),
        hours_sold: num(i?.hours_sold),
        parts_costed: num(i?.parts_costed),
        parts_cost: num(i?.parts_cost),
        parts_uncosted: num(i?.parts_uncosted),
        labour: num(i?.labour),
      };
    })
    .sort((a, b) => a.bucket.localeCompare(b.bucket));
}

/** The work declined in the period (deferred work), and of it what came back: done since, or offered again and approved. */
async function declinedSums(ctx: RequestContext, query: Query, p: Period): Promise<DeclinedSums | null> {
  if (!allowed(ctx, deferredWorkResource, 'viewAny')) return null;
  const returned = sql`(${deferredWork.state} = 'done' or exists (select 1 from ${estimationItems} where ${estimationItems.id} = ${deferredWork.reoffered_item_id} and ${estimationItems.customer_decision} = 'approved'))`;
  const [row] = await ctx.db
    .select({
      count: sql<number>`count(*)::int`,
      amount: sql<number>`coalesce(sum(${deferredWork.total}), 0)::bigint`,
      returned_count: sql<number>`(count(*) filter (where ${returned}))::int`,
      returned_amount: sql<number>`coalesce(sum(${deferredWork.total}) filter (where ${returned}), 0)::bigint`,
    })
    .from(deferredWork)
    .where(and(listScope(ctx, deferredWorkResource, query), gte(deferredWork.declined_at, p.start), lt(deferredWork.declined_at, p.end)));
  return { count: num(row!.count), amount: num(row!.amount), returned_count: num(row!.returned_count), returned_amount: num(row!.returned_amount) };
}

/** The organization's labour cost per hour (cents; settings), null while not given. */
async function labourCostPerHour(ctx: RequestContext): Promise<number | null> {
  const v = ctx.actor.organizationId ? await optionValue(ctx.db, ctx.actor.organizationId, 'repairs.labour_cost_per_hour') : null;
  return typeof v === 'number' && Number.isInteger(v) && v > 0 ? v : null;
}

const SUM_KEYS = ['count', 'subtotal', 'hours_sold', 'hours_clocked', 'parts_costed', 'parts_cost', 'parts_uncosted', 'labour', 'comebacks'] as const;

/** The figures of the period and their series (each step's repair orders, average and margins). */
async function figuresOf(ctx: RequestContext, request: FastifyRequest) {
  authorize(ctx, repairsResource, 'viewAny');
  const query = request.query as Query;
  const p = periodOf(request);
  const [series, approval, declined, cost] = await Promise.all([repairSeries(ctx, query, p), decidedSums(ctx, query, p.start, p.end), declinedSums(ctx, query, p), labourCostPerHour(ctx)]);
  const totals = Object.fromEntries(SUM_KEYS.map((k) => [k, series.reduce((sum, s) => sum + s[k], 0)])) as unknown as RepairSums;
  const figures = serviceFigures({ repairs: totals, approval, declined, labourCostPerHour: cost });
  const steps = series.map((s) => {
    const f = serviceFigures({ repairs: s, approval: null, declined: null, labourCostPerHour: cost });
    return { bucket: s.bucket, repair_orders: f.repair_orders, average_repair_order: f.average_repair_order, parts_margin: f.parts.margin, labour_margin: f.labour?.margin ?? null, comebacks: f.comebacks.count };
  });
  return { p, figures, steps };
}

/** A figure's cell: money in dollars, nothing for a figure that has no value. */
const cellOf = (kind: string, value: number | null) => (value === null ? '' : kind === 'money' ? value / 100 : value);

export const repairFiguresRoutes: RouteRegistrar = (api, contextOf) => {
  api.get('/repairs/figures', async (request, reply) => {
    const { p, figures, steps } = await figuresOf(contextOf(request), request);
    return reply.type(MEDIA_TYPE).send({ jsonapi: { version: '1.1' }, meta: { from: p.from, to: p.to, time_zone: p.tz, step: p.bucket, figures, series: steps } });
  });

  api.get('/repairs/figures/export', async (request, reply) => {
    const ctx = contextOf(request);
    const format = (request.query as Query).format ?? 'xlsx';
    if (format !== 'xlsx' && format !== 'csv') throw new ApiError(400, 'error.invalid_parameter_value', { name: 'format' }, { parameter: 'format' });
    const { p, figures } = await figuresOf(ctx, request);
    return sendTable(reply, {
      format,
      locale: ctx.locale,
      name: `${t(ctx.locale, 'figures.file_name')} ${p.from} ${p.to}.${format}`,
      sheet: t(ctx.locale, 'figures.sheet_name'),
      columns: [t(ctx.locale, 'figures.figure'), t(ctx.locale, 'figures.value')],
      rows: figureRows(figures).map((r) => [t(ctx.locale, `figures.${r.key}` as MessageKey), cellOf(r.kind, r.value)]),
    });
  });
};

// ------------------------------------------------------------------ contract

const cents = { type: 'integer' };
const nullableCents = { type: ['integer', 'null'] };
const rate = { type: ['number', 'null'] };
const count = { type: 'integer', minimum: 0 };
const margin = { revenue: cents, cost: cents, margin: cents, rate };
const periodQuery = [
  { name: 'from', description: 'First day (YYYY-MM-DD, the reader’s time zone: X-Timezone).', required: true, schema: { type: 'string', format: 'date' } },
  { name: 'to', description: `Last day, included (YYYY-MM-DD; at most ${REPORT_MOST_DAYS} days from from, both included).`, required: true, schema: { type: 'string', format: 'date' } },
  { name: 'filter', description: 'The global selection (filter[organization], filter[allowedLocations]: the locations counted).', schema: { type: 'object', additionalProperties: { type: 'string' } } },
];
const RULES =
  'Repair orders: completed or validated, completed in the period; average before taxes; hours sold are the items’ time (work not done aside). Parts margin: price minus quantity × the product’s buying price, over the parts whose cost is known (the others in `uncosted`). Labour margin: labour minus hours clocked × the labour cost per hour of the settings (null while not given). Comebacks: a repair opened within 30 days of the completion of an earlier one on the same vehicle with an item of the same description. Approval: approved over decided estimate items, before taxes; declined: deferred work declined in the period, returned when done or approved again (both null to whoever may not list estimates). Needs the right to list repairs.';

describeRoute('GET', '/repairs/figures', {
  summary: 'The service manager’s figures of a period and location: repair orders, average repair order, hours per repair order, approval in money, declined work that came back, parts and labour margins, comebacks, with their series per day or month',
  description: RULES,
  tag: 'repairs',
  query: periodQuery,
  responses: {
    200: {
      schema: apiDocument({
        meta: closedObject({
          from: { type: 'string', format: 'date' },
          to: { type: 'string', format: 'date' },
          time_zone: { type: 'string' },
          step: { enum: ['day', 'month'] },
          figures: closedObject({
            repair_orders: count,
            average_repair_order: nullableCents,
            hours_per_repair_order: rate,
            approval: { oneOf: [{ type: 'null' }, closedObject({ rate, approved: cents, proposed: cents })] },
            declined: { oneOf: [{ type: 'null' }, closedObject({ count, amount: cents, returned_count: count, returned_amount: cents, returned_rate: rate })] },
            parts: closedObject({ ...margin, uncosted: cents }),
            labour: { oneOf: [{ type: 'null' }, closedObject(margin)] },
            comebacks: closedObject({ count, rate }),
          }),
          series: {
            type: 'array',
            items: closedObject({ bucket: { type: 'string', format: 'date' }, repair_orders: count, average_repair_order: nullableCents, parts_margin: cents, labour_margin: nullableCents, comebacks: count }),
          },
        }),
      }),
    },
  },
  errors: [403],
});

describeRoute('GET', '/repairs/figures/export', {
  summary: 'The service manager’s figures of a period and location as a file: one row per figure, money in dollars',
  description: RULES,
  tag: 'repairs',
  query: [...periodQuery, { name: 'format', description: 'xlsx (default) or csv.', schema: { enum: ['xlsx', 'csv'] } }],
  responses: { 200: { contentType: '*/*', description: 'An XLSX workbook or a CSV file (UTF-8 with BOM; ; in French, , in English), as an attachment.', schema: { type: 'string', format: 'binary' } } },
  errors: [403],
});
