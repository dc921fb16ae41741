import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { EstimationItemRow, EstimationRow } from './estimation-lines.ts';
import { deferredWork } from './deferred-work.table.ts';

// Deferred work is made by the server (docs/decisions.md "Deferred work"): from the items a
// customer declined, and closed as offered again when added to a new estimate.

/** Keeps each declined item on the vehicle as a suggestion for its next visit. */
export async function recordDeferredWork(db: Db, e: EstimationRow, declined: EstimationItemRow[], at: string) {
  if (!e.vehicle_id || !declined.length) return;
  await db.insert(deferredWork).values(
    declined.map((i) => ({
      organization_id: e.organization_id,
      vehicle_id: e.vehicle_id!,
      customer_id: e.customer_id,
      estimation_id: e.id,
      estimation_item_id: i.id,
      detail: i.detail,
      condition: i.condition,
      urgency: i.urgency,
      total: i.total,
      declined_at: at,
      location_ids: e.location_ids,
    })),
  );
}

/** The open suggestions named, of the estimate's vehicle: closed as offered again on it. Answers the rows closed. */
export async function reofferDeferredWork(db: Db, e: Pick<EstimationRow, 'id' | 'vehicle_id' | 'organization_id'>, ids: string[], actorId: string) {
  if (!ids.length || !e.vehicle_id) return [];
  return db
    .update(deferredWork)
    .set({ state: 'reoffered', reoffered_in_id: e.id, closed_at: sql`now()`, closed_by_id: actorId, updated_at: sql`now()` })
    .where(and(inArray(deferredWork.id, ids), eq(deferredWork.vehicle_id, e.vehicle_id), eq(deferredWork.organization_id, e.organization_id), eq(deferredWork.state, 'open')))
    .returning();
}
