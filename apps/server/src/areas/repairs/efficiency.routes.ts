import { REPORT_MOST_DAYS, personName, reportPeriod, technicianEfficiency, workingDays } from '@atelier/domain';
import { and, eq, gte, inArray, isNotNull, lt, lte, ne, sql } from 'drizzle-orm';
import { users } from '../admin/admin.table.ts';
import { ApiError } from '../../jsonapi/errors.ts';
import { describeRoute, metaDocument } from '../../jsonapi/openapi.ts';
import { authorize } from '../../jsonapi/policies.ts';
import { MEDIA_TYPE, type RouteRegistrar } from '../../jsonapi/router.ts';
import { scoped } from '../../jsonapi/scope.ts';
import { salesInvoices } from '../sales/sales.table.ts';
import { repairItems, repairTimeEntries, repairs } from './repairs.table.ts';
import { repairsResource } from './repairs.resource.ts';

// GET /repairs/technician-efficiency?from=&to= (issue 27): per technician, the hours clocked on the
// repairs the user may see in the period, the labour billed on the repairs invoiced in it (credited
// to who clocked on each item, domain technicianEfficiency), and the share of the working days.

const HOURS_PER_DAY = 8;

function period(query: Record<string, unknown>): { from: string; to: string; hoursPerDay: number } {
  const days = reportPeriod(query.from, query.to);
  if (!days.ok) throw new ApiError(400, 'error.invalid_parameter_value', { name: days.parameter }, { parameter: days.parameter });
  const { from, to } = days;
  const raw = query.hours_per_day;
  const hoursPerDay = raw === undefined ? HOURS_PER_DAY : Number(String(raw).replace(',', '.'));
  if (!Number.isFinite(hoursPerDay) || hoursPerDay <= 0 || hoursPerDay > 24) throw new ApiError(400, 'error.invalid_parameter_value', { name: 'hours_per_day' }, { parameter: 'hours_per_day' });
  return { from, to, hoursPerDay };
}

export const technicianEfficiencyRoutes: RouteRegistrar = (api, contextOf) => {
  api.get('/repairs/technician-efficiency', async (request, reply) => {
    const ctx = contextOf(request);
    authorize(ctx, repairsResource, 'viewAny');
    const { from, to, hoursPerDay } = period(request.query as Record<string, unknown>);
    const visible = ctx.db.select({ id: repairs.id }).from(repairs).where(scoped(ctx, repairsResource));
    const start = sql`${from}::date`;
    const end = sql`${to}::date + 1`;
    const hours = sql<number>`coalesce(${repairTimeEntries.hours}, 0)::float8`;
    const clocked = await ctx.db
      .select({ user_id: repairTimeEntries.user_id, repair_item_id: repairTimeEntries.repair_item_id, hours })
      .from(repairTimeEntries)
      .where(and(inArray(repairTimeEntries.repair_id, visible), gte(repairTimeEntries.started_at, sql`${start}::timestamptz`), lt(repairTimeEntries.started_at, sql`(${end})::timestamptz`), isNotNull(repairTimeEntries.ended_at)));
    // The labour of the repairs invoiced in the period (a canceled or draft invoice bills nothing).
    const billed = await ctx.db
      .select({ repair_item_id: repairItems.id, hours: sql<number>`coalesce(${repairItems.time}, 0)::float8`, done_by: repairs.completed_by_id })
      .from(repairItems)
      .innerJoin(repairs, eq(repairs.id, repairItems.repair_id))
      .innerJoin(salesInvoices, eq(salesInvoices.repair_id, repairs.id))
      .where(
        and(
          inArray(repairs.id, visible),
          // As the invoice takes them: every item but those not done (warranty labour is billed to the manufacturer).
          ne(repairItems.state, 'not_done'),
          ne(salesInvoices.state, 'canceled'),
          ne(salesInvoices.state, 'draft'),
          gte(salesInvoices.issued_on, from),
          lte(salesInvoices.issued_on, to),
        ),
      );
    const items = [...new Set(billed.map((b) => b.repair_item_id))];
    const itemClocks = items.length
      ? await ctx.db.select({ user_id: repairTimeEntries.user_id, repair_item_id: repairTimeEntries.repair_item_id, hours }).from(repairTimeEntries).where(and(inArray(repairTimeEntries.repair_item_id, items), isNotNull(repairTimeEntries.ended_at)))
      : [];
    const workingHours = workingDays(from, to) * hoursPerDay;
    const figures = technicianEfficiency({ clocked, itemClocks, billed, availableHours: workingHours });
    const ids = figures.map((f) => f.user_id);
    const names = new Map(
      (ids.length ? await ctx.db.select({ id: users.id, firstname: users.firstname, lastname: users.lastname, email: users.email }).from(users).where(inArray(users.id, ids)) : []).map((u) => [
        u.id,
        personName(u) || u.email,
      ]),
    );
    const technicians = figures.map((f) => ({ ...f, name: names.get(f.user_id) ?? '' })).sort((a, b) => a.name.localeCompare(b.name, ctx.locale));
    return reply.type(MEDIA_TYPE).send({ jsonapi: { version: '1.1' }, meta: { from, to, working_hours: workingHours, technicians } });
  });
};

const ratio = { type: ['number', 'null'], minimum: 0 };
describeRoute('GET', '/repairs/technician-efficiency', {
  summary: 'Per technician and period: hours clocked on repairs, labour hours billed on the repairs invoiced, efficiency (billed over clocked) and productive share (clocked over the working hours)',
  description: 'Needs the right to list repairs; counts the repairs the user may see. Billed hours are credited to who clocked on each item, in proportion to their time, else to who completed the repair.',
  tag: 'repairs',
  query: [
    { name: 'from', description: 'First day (YYYY-MM-DD).', required: true, schema: { type: 'string', format: 'date' } },
    { name: 'to', description: `Last day, included (YYYY-MM-DD; at most ${REPORT_MOST_DAYS} days from from, both included).`, required: true, schema: { type: 'string', format: 'date' } },
    { name: 'hours_per_day', description: `Working hours of a weekday (default ${HOURS_PER_DAY}).`, schema: { type: 'string' } },
  ],
  responses: {
    200: {
      schema: metaDocument({
        from: { type: 'string', format: 'date' },
        to: { type: 'string', format: 'date' },
        working_hours: { type: 'number', minimum: 0 },
        technicians: {
          type: 'array',
          items: {
            type: 'object',
            properties: { user_id: { type: 'string', format: 'uuid' }, name: { type: 'string' }, clocked: { type: 'number' }, billed: { type: 'number' }, efficiency: ratio, productive: ratio },
            required: ['user_id', 'name', 'clocked', 'billed', 'efficiency', 'productive'],
            additionalProperties: false,
          },
        },
      }),
    },
  },
  errors: [403],
});
