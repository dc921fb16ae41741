import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { RequestContext } from '../../jsonapi/context.ts';
import type { MessageKey } from '../../i18n/index.ts';
import { ApiError } from '../../jsonapi/errors.ts';

// One inspection, estimation or repair in progress per vehicle (spec §8). Two starts of the same
// kind are stopped by each table's unique index on (vehicle_id) where in progress; across kinds, a
// start locks the vehicle's row first (FOR UPDATE), so two simultaneous starts of different kinds
// run one after the other and the second sees the first. Each work table adds itself here.

export type WorkKind = 'inspection' | 'estimation' | 'repair';

interface WorkTable {
  kind: WorkKind;
  /** The table's name (a constant of ours, never a client's). */
  table: string;
  /** The 409's message, naming what is in progress. */
  message: MessageKey;
}

const WORK_TABLES: readonly WorkTable[] = [
  { kind: 'inspection', table: 'inspections', message: 'inspection.vehicle_in_progress' },
  { kind: 'repair', table: 'repairs', message: 'repair.vehicle_in_progress' },
  { kind: 'estimation', table: 'estimations', message: 'estimation.vehicle_in_progress' },
];

/**
 * Before `self` goes in progress on the vehicle: waits for any other start on the same vehicle
 * (row lock held until the transaction ends), then answers 409 if other work is in progress.
 */
export async function claimVehicle(db: Db, vehicleId: string | null, self: { kind: WorkKind; id: string }): Promise<void> {
  if (!vehicleId) return;
  await db.execute(sql`SELECT id FROM vehicles WHERE id = ${vehicleId} FOR UPDATE`);
  const checks = WORK_TABLES.map(
    (w) => sql`SELECT ${w.kind}::text AS kind FROM ${sql.identifier(w.table)}
      WHERE vehicle_id = ${vehicleId} AND state = 'in_progress' AND NOT (${w.kind}::text = ${self.kind} AND id = ${self.id})`,
  );
  const result = (await db.execute(sql`${sql.join(checks, sql` UNION ALL `)} LIMIT 1`)) as unknown as { rows: { kind: WorkKind }[] };
  const busy = result.rows[0];
  if (busy) throw new ApiError(409, WORK_TABLES.find((w) => w.kind === busy.kind)!.message);
}

/** A work document's claim of its vehicle as it goes in progress (workflowParts' `vehicle`). */
export const claimsVehicle =
  (kind: WorkKind) =>
  (ctx: RequestContext, row: { id: string; vehicle_id: string | null }): Promise<void> =>
    claimVehicle(ctx.db, row.vehicle_id, { kind, id: row.id });
