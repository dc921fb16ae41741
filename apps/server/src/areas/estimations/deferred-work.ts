import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { RequestContext } from '../../jsonapi/context.ts';
import { records } from '../../jsonapi/records.ts';
import type { EstimationItemRow, EstimationRow } from './estimation-lines.ts';
import { deferredWork } from './deferred-work.table.ts';

// Deferred work is made by the server (docs/decisions.md "Deferred work"): from the items a
// customer declined, and closed as offered again when added to a new estimate.

/**
 * Keeps each declined item on the vehicle as a suggestion for its next visit, one per item: an
 * estimate answered again (a later version) refreshes the suggestion of an item declined again,
 * and closes it as offered again there when the customer now approves it.
 */
export async function settleDeferredWork(db: Db, e: EstimationRow, decided: { declined: EstimationItemRow[]; approved: EstimationItemRow[] }, at: string) {
  if (!e.vehicle_id) return;
  const itemIds = [...decided.declined, ...decided.approved].map((i) => i.id);
  if (!itemIds.length) return;
  const open = await db
    .select({ id: deferredWork.id, item: deferredWork.estimation_item_id })
    .from(deferredWork)
    .where(and(eq(deferredWork.estimation_id, e.id), eq(deferredWork.state, 'open'), inArray(deferredWork.estimation_item_id, itemIds)));
  const openOf = new Map(open.map((w) => [w.item, w.id]));
  // Approved now, the item itself is what the repair does: done there, the suggestion is done.
  for (const i of decided.approved) {
    const known = openOf.get(i.id);
    if (known)
      await db
        .update(deferredWork)
        .set({ state: 'reoffered', reoffered_in_id: e.id, reoffered_item_id: i.id, closed_at: at, updated_at: sql`now()` })
        .where(eq(deferredWork.id, known));
  }
  const copy = (i: EstimationItemRow) => ({ detail: i.detail, condition: i.condition, urgency: i.urgency, total: i.total, declined_at: at });
  for (const i of decided.declined) {
    const known = openOf.get(i.id);
    if (known) await db.update(deferredWork).set({ ...copy(i), updated_at: sql`now()` }).where(eq(deferredWork.id, known));
  }
  const fresh = decided.declined.filter((i) => !openOf.has(i.id));
  if (fresh.length)
    await db.insert(deferredWork).values(
      fresh.map((i) => ({
        ...copy(i),
        organization_id: e.organization_id,
        vehicle_id: e.vehicle_id!,
        customer_id: e.customer_id,
        estimation_id: e.id,
        estimation_item_id: i.id,
        location_ids: e.location_ids,
      })),
    );
}

/** The open suggestions named (by id, with the item each became), of the estimate's vehicle: closed as offered again on it. */
export async function reofferDeferredWork(ctx: RequestContext, e: Pick<EstimationRow, 'id' | 'vehicle_id' | 'organization_id'>, items: ReadonlyMap<string, string>) {
  if (!e.vehicle_id || !items.size) return;
  // The suggestions still open on the estimate's vehicle, in one read; each records the item it became.
  const open = await ctx.db
    .select({ id: deferredWork.id })
    .from(deferredWork)
    .where(and(inArray(deferredWork.id, [...items.keys()]), eq(deferredWork.vehicle_id, e.vehicle_id), eq(deferredWork.organization_id, e.organization_id), eq(deferredWork.state, 'open')));
  for (const { id } of open)
    await records(ctx, 'deferred-work').update([id], { state: 'reoffered', reoffered_in_id: e.id, reoffered_item_id: items.get(id), closed_at: sql`now()`, closed_by_id: ctx.actor.id }, { event: 'reoffered', cause: { type: 'estimations', id: e.id } });
}
