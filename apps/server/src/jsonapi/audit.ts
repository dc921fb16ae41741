import { sql, type SQL } from 'drizzle-orm';
import { logs } from '../areas/admin/admin.table.ts';
import { executeStatement } from '../db/client.ts';
import type { RequestContext } from './context.ts';
import type { ResourceDefinition, Row } from './define-resource.ts';
import { causerOf } from './system.ts';

export type LogProperties = { old?: Record<string, unknown>; attributes?: Record<string, unknown> } & Record<string, unknown>;

/** Called after every log entry, in the same transaction (an area's `activity` hook: the notifications area listens). */
export interface ActivityListener {
  (ctx: RequestContext, def: ResourceDefinition, row: Row, event: string, properties: LogProperties, read?: Record<string, unknown>[]): Promise<void>;
  /**
   * What it reads of an entry (a SELECT; nothing: no read). A record's one entry sends it with its
   * INSERT, one statement, and hands the rows to the listener as `read`; else the listener reads.
   */
  read?(def: ResourceDefinition, row: Row, event: string): SQL | undefined;
}

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
  along: SQL[] = [],
) {
  await writeLogs(ctx, def, [{ row, event, properties }], along);
}

/** Writes that answer nothing, run as they come (a hook's, when no log entry carries them). */
export async function runWrites(ctx: RequestContext, writes: void | SQL[]) {
  for (const write of writes ?? []) await ctx.db.execute(write);
}

/**
 * Several entries of one type in one INSERT (an import's chunk), then the listeners of each.
 * `along`: writes sent in the same statement (data-modifying CTEs: they see the statement's
 * snapshot, so none of them may read what another writes).
 */
export async function writeLogs(ctx: RequestContext, def: ResourceDefinition, entries: { row: Row; event: string; properties: LogProperties }[], along: SQL[] = []) {
  if (!entries.length) return runWrites(ctx, along);
  const insert = ctx.db.insert(logs).values(entries.map(({ row, event, properties }) => logValues(ctx, def, row, event, properties)));
  const withInsert = (query: SQL) => sql`with "logged" as (${insert.getSQL()})${sql.join(along.map((write, i) => sql`, ${sql.raw(`"along${i}"`)} as (${write})`))} ${query}`;
  const listeners = ctx.registry.activity;
  // A record's entry (an answer's, many a second): the first listener's read goes with the INSERT.
  let reader: ActivityListener | undefined;
  let read: Record<string, unknown>[] | undefined;
  // One record's entry is prepared (executeStatement): its text holds no value; a chunk's, as long as its rows, is not.
  const run = (query: SQL) => executeStatement(ctx.db, query, { prepare: entries.length === 1 && 'write' });
  if (entries.length === 1)
    for (const listener of listeners) {
      const query = listener.read?.(def, entries[0].row, entries[0].event);
      if (!query) continue;
      read = await run(withInsert(query));
      reader = listener;
      break;
    }
  if (!reader) await run(along.length ? withInsert(sql`select 1`) : insert.getSQL());
  for (const { row, event, properties } of entries) for (const listener of listeners) await listener(ctx, def, row, event, properties, listener === reader ? read : undefined);
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
