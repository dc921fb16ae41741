import { logs } from '../areas/admin/admin.table.ts';
import type { RequestContext } from './context.ts';
import type { ResourceDefinition, Row } from './define-resource.ts';
import { causerOf } from './system.ts';

type LogProperties = { old?: Record<string, unknown>; attributes?: Record<string, unknown> } & Record<string, unknown>;

/** Called after every log entry, in the same transaction (an area's `activity` hook: the notifications area listens). */
export type ActivityListener = (ctx: RequestContext, def: ResourceDefinition, row: Row, event: string, properties: LogProperties) => Promise<void>;

/**
 * Writes one activity-log entry in the request's transaction: the subject, who did it, the
 * event (created, updated, deleted or a workflow action) and the changed attributes.
 */
export async function writeLog(
  ctx: RequestContext,
  def: ResourceDefinition,
  row: Row,
  event: string,
  properties: LogProperties,
) {
  await writeLogs(ctx, def, [{ row, event, properties }]);
}

/** Several entries of one type in one INSERT (an import's chunk), then the listeners of each. */
export async function writeLogs(ctx: RequestContext, def: ResourceDefinition, entries: { row: Row; event: string; properties: LogProperties }[]) {
  if (!entries.length) return;
  await ctx.db.insert(logs).values(entries.map(({ row, event, properties }) => logValues(ctx, def, row, event, properties)));
  for (const { row, event, properties } of entries) for (const listener of ctx.registry.activity) await listener(ctx, def, row, event, properties);
}

function logValues(ctx: RequestContext, def: ResourceDefinition, row: Row, event: string, properties: LogProperties) {
  // A deleted organization or reseller takes its own logs with it: its deletion is logged above it.
  const gone = event === 'deleted';
  const organizationId =
    def.type === 'organizations'
      ? gone
        ? null
        : row.id
      : ((row.organization_id as string | null | undefined) ?? ctx.actor.organizationId);
  const resellerId =
    def.type === 'resellers'
      ? gone
        ? null
        : row.id
      : ((row.reseller_id as string | null | undefined) ?? (organizationId ? null : ctx.actor.resellerId));
  return {
    organization_id: organizationId ?? null,
    reseller_id: resellerId ?? null,
    subject_type: def.type,
    subject_id: String(row.id),
    causer_id: causerOf(ctx),
    event,
    properties,
    location_ids: (row.location_ids as string[] | undefined) ?? [],
  };
}
