import { sql, type SQL } from 'drizzle-orm';
import { rowsOf } from '../../db/client.ts';
import { newId } from '../../db/columns.ts';
import type { RequestContext } from '../../jsonapi/context.ts';
import { ApiError } from '../../jsonapi/errors.ts';
import { dbConstraint, dbErrorCode } from '../../jsonapi/write.ts';
import { rederive } from '../../jsonapi/children.ts';
import { records } from '../../jsonapi/records.ts';
import type { RepairItemRow } from './repairs.policies.ts';

// The mechanics' clocks on repair items (issue 12: planned versus actual time). An open entry of
// repair_time_entries (ended_at null) is a running clock; a mechanic has one at most (a unique
// partial index), so starting a clock on another item first stops theirs. Each item keeps what
// its entries say: the hours of its closed entries (time_spent) and who runs a clock on it since
// when (running_clocks, read as clock_started_at), and its repair the sums.

/** Items' clock columns recomputed from their entries, then their repairs' sums. */
async function refresh(ctx: RequestContext, touched: { repair_item_id: string; repair_id: string }[]) {
  const { db } = ctx;
  const items = [...new Set(touched.map((t) => t.repair_item_id))];
  if (!items.length) return;
  for (const id of items)
    // direct write: an item's clock columns are derived from its time entries (the entries are what the mechanic did)
    await db.execute(sql`
      UPDATE repair_items SET
        time_spent = (SELECT coalesce(sum(hours), 0) FROM repair_time_entries WHERE repair_item_id = ${id} AND ended_at IS NOT NULL),
        running_clocks = (SELECT coalesce(jsonb_object_agg(user_id::text, started_at), '{}'::jsonb) FROM repair_time_entries WHERE repair_item_id = ${id} AND ended_at IS NULL),
        updated_at = now()
      WHERE id = ${id}`);
  // The work order's sums are its items' derived values (repairs.resource.ts): the engine stores them again.
  for (const repairId of new Set(touched.map((t) => t.repair_id))) await rederive(ctx, 'repairs', repairId);
}

/** Closes the running clocks the condition selects (their hours are the time since they started); answers them. */
async function stopWhere(ctx: RequestContext, condition: SQL): Promise<{ repair_item_id: string; repair_id: string }[]> {
  const stopped = rowsOf<{ repair_item_id: string; repair_id: string }>(
    // direct write: clocks stopped in one statement (a repair's end stops all of them); the items and repairs follow in refresh
    await ctx.db.execute(sql`
      UPDATE repair_time_entries SET ended_at = now(), updated_at = now(),
        hours = round((extract(epoch FROM now() - started_at) / 3600)::numeric, 4)
      WHERE ended_at IS NULL AND ${condition}
      RETURNING repair_item_id, repair_id`),
  );
  await refresh(ctx, stopped);
  return stopped;
}

/** The clock a start stopped, as its answer's meta.stopped_clock says it (the mechanic is told, not surprised). */
export interface StoppedClock {
  repair_item: string;
  repair: string;
  repair_code: string | null;
  detail: string | null;
}

/** Every clock running on a repair (it is completed or canceled). */
export const stopRepairClocks = (ctx: RequestContext, repairId: string) => stopWhere(ctx, sql`repair_id = ${repairId}`);

/**
 * Starts the acting user's clock on the item (their clock elsewhere stops first; on this item
 * already: nothing changes). The item is in progress from then on, and the user one of the
 * repair's repairers.
 */
export async function startClock(ctx: RequestContext, item: RepairItemRow): Promise<StoppedClock | null> {
  const user = ctx.actor.id;
  if (Object.hasOwn(item.running_clocks, user)) return null;
  const [before] = await stopWhere(ctx, sql`user_id = ${user}`);
  try {
    // direct write: a running clock, its unique index the one-clock-per-mechanic rule (the start action logs it on the item)
    await ctx.db.execute(sql`
      INSERT INTO repair_time_entries (id, organization_id, repair_id, repair_item_id, user_id, started_at)
      VALUES (${newId()}, ${item.organization_id}, ${item.repair_id}, ${item.id}, ${user}, now())`);
  } catch (err) {
    // The same user started another clock at the same instant, from another request.
    if (dbErrorCode(err) === '23505' && dbConstraint(err) === 'repair_time_entries_running_unique') throw new ApiError(409, 'repair.clock_running');
    throw err;
  }
  const cause = { type: 'repair-items', id: item.id };
  if (item.state === 'pending') await records(ctx, 'repair-items').update([item.id], { state: 'in_progress' }, { cause });
  await records(ctx, 'repairs').update([item.repair_id], (r) => ({ repairer_ids: [...new Set([...(r.repairer_ids as string[]), user])] }), { cause });
  await refresh(ctx, [{ repair_item_id: item.id, repair_id: item.repair_id }]);
  if (!before) return null;
  const [stopped] = rowsOf<{ detail: string | null; code: string | null }>(
    await ctx.db.execute(sql`SELECT i.detail, r.code FROM repair_items i JOIN repairs r ON r.id = i.repair_id WHERE i.id = ${before.repair_item_id}`),
  );
  return { repair_item: before.repair_item_id, repair: before.repair_id, repair_code: stopped?.code ?? null, detail: stopped?.detail ?? null };
}

/** Stops the acting user's clock on the item (409 when theirs does not run there). */
export async function stopClock(ctx: RequestContext, item: RepairItemRow) {
  const stopped = await stopWhere(ctx, sql`user_id = ${ctx.actor.id} AND repair_item_id = ${item.id}`);
  if (!stopped.length) throw new ApiError(409, 'repair.clock_not_running');
}
