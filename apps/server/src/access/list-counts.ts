import { sql } from 'drizzle-orm';
import type { ResourceDefinition } from '../jsonapi/define-resource.ts';
import { authorize } from '../jsonapi/policies.ts';
import { listSelect } from '../jsonapi/scope.ts';
import { column } from '../jsonapi/filters.ts';
import { parseQuery } from '../jsonapi/query.ts';
import type { Registry } from '../jsonapi/registry.ts';
import { MEDIA_TYPE, type ContextOf } from '../jsonapi/router.ts';
import type { FastifyInstance } from 'fastify';
import { describeRoute } from '../jsonapi/openapi.ts';
import { apiDocument, closedObject } from '../contract-schemas.ts';

/**
 * GET /{type}/list/count (spec: /inspections/list/count, /repairs/list/count,
 * /estimations/list/count, and /requests/list/count): how many records the user may list, per
 * value of one column (the state), in one GROUP BY statement. The rows are those GET /{type}
 * would list: the engine's tenancy scope (organization, reseller, the user's locations) and the
 * list's own filters, the global selection (filter[organization], filter[allowedLocations])
 * included, so a dashboard card counts exactly what its list shows. Every declared value is in
 * the answer, zero when no row has it:
 *   { "meta": { "counts": { "draft": 3, "assigned": 1, ... }, "total": 4 } }
 * Written once beside the engine: a type declares `listCount: { by: 'status', values: INSPECTION_STATUSES }`
 * (announced in /app-config for the dashboard).
 */
export function registerListCounts(api: FastifyInstance, contextOf: ContextOf, registry: Registry) {
  for (const def of registry.values()) if (def.listCount) registerListCount(api, contextOf, def, def.listCount.by, def.listCount.values);
}

function registerListCount(api: FastifyInstance, contextOf: ContextOf, def: ResourceDefinition, by: string, values: readonly string[]) {
  const counts = { type: 'integer', minimum: 0 };
  describeRoute('GET', `/${def.type}/list/count`, {
    summary: `How many ${def.type} the user may list, per ${by}, with the list’s filters`,
    tag: def.type,
    query: [{ name: 'filter', description: 'The filters of GET /' + def.type + ' (filter[name]=value).', schema: { type: 'object', additionalProperties: { type: 'string' } } }],
    responses: {
      200: {
        schema: apiDocument({
          meta: closedObject({
            counts: { type: 'object', properties: Object.fromEntries(values.map((v) => [v, counts])), required: [...values], additionalProperties: counts },
            total: counts,
          }),
        }),
      },
    },
    errors: [403],
  });
  api.get(`/${def.type}/list/count`, async (request, reply) => {
    const ctx = contextOf(request);
    authorize(ctx, def, 'viewAny');
    // Only filters count: a page, a sort or an include means nothing for a count.
    const raw = Object.fromEntries(Object.entries(request.query as Record<string, string | string[]>).filter(([k]) => k.startsWith('filter[')));
    const { part } = listSelect(ctx, def, parseQuery(ctx.registry, def, raw, { list: true }));
    const col = column(def.table, by);
    const rows = await ctx.db
      .select({ value: col, n: sql<number>`count(*)::int` })
      .from(def.table)
      .where(part.where)
      .groupBy(col);
    const counts: Record<string, number> = Object.fromEntries(values.map((v) => [v, 0]));
    for (const r of rows) counts[String(r.value)] = Number(r.n);
    const total = rows.reduce((sum, r) => sum + Number(r.n), 0);
    return reply.type(MEDIA_TYPE).send({ jsonapi: { version: '1.1' }, meta: { counts, total } });
  });
}
