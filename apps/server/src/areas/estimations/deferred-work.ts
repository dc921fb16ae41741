import { and, eq, inArray, sql } from 'drizzle-orm';
import type { RequestContext } from '../../jsonapi/context.ts';
import { records } from '../../jsonapi/records.ts';
import type { EstimationItemRow, EstimationRow } from './estimation-lines.ts';
import { deferredWork } from './deferred-work.table.ts';

// Deferred work is made by the server (docs/decisions.md "Deferred work"): from the items a
// customer declined, and closed as offered again when added to a new estimate.

/**
 * Keeps each declined item on the vehicle as a suggestion for its next visit, one per item: an
 * estimate answered again (a later version) refreshes the suggestion of an item declined again,
 * and closes it as offered again there when the customer now approves it. Written through the
 * engine (the customer's answer runs in a system context: logged with its cause).
 */
export async function settleDeferredWork(ctx: RequestContext, e: EstimationRow, decided: { declined: EstimationItemRow[]; approved: EstimationItemRow[] }, at: string) {
  if (!e.vehicle_id) return;
  const itemIds = [...decided.declined, ...decided.approved].map((i) => i.id);
  if (!itemIds.length) return;
  const open = await ctx.db
    .select({ id: deferredWork.id, item: deferredWork.estimation_item_id })
    .from(deferredWork)
    .where(and(eq(deferredWork.estimation_id, e.id), eq(deferredWork.state, 'open'), inArray(deferredWork.estimation_item_id, itemIds)));
  const openOf = new Map(open.map((w) => [w.item, w.id]));
  const known = (items: EstimationItemRow[]) => new Map(items.flatMap((i) => (openOf.has(i.id) ? [[openOf.get(i.id)!, i] as const] : [])));
  // Approved now, the item itself is what the repair does: done there, the suggestion is done.
  const approved = known(decided.approved);
  await records(ctx, 'deferred-work').update([...approved.keys()], (w) => ({ state: 'reoffered', reoffered_in_id: e.id, reoffered_item_id: approved.get(String(w.id))!.id, closed_at: at }), { event: 'reoffered' });
  const copy = (i: EstimationItemRow) => ({ detail: i.detail, condition: i.condition, urgency: i.urgency, total: i.total, declined_at: at });
  const declined = known(decided.declined);
  await records(ctx, 'deferred-work').update([...declined.keys()], (w) => copy(declined.get(String(w.id))!));
  await records(ctx, 'deferred-work').create(
    decided.declined
      .filter((i) => !openOf.has(i.id))
      .map((i) => ({
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
