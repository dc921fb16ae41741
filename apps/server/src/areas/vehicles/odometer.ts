import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { RequestContext } from '../../jsonapi/context.ts';
import { records } from '../../jsonapi/records.ts';
import { inspections } from '../inspections/inspections.table.ts';
import { vehicles } from './vehicles.table.ts';

// One reading per visit (issue 20 point 6): the inspection reads the odometer; the vehicle keeps
// its highest reading; an estimate and its repair keep the reading of their visit, taken when they
// are made, so their PDFs and screens print what the inspection read, not what the vehicle says later.

/** The reading of a document's visit: its inspection's, else its vehicle's now (null: none known). */
export async function visitOdometer(db: Db, doc: { inspection_id?: unknown; vehicle_id?: unknown }): Promise<number | null> {
  if (typeof doc.inspection_id === 'string') {
    const [inspection] = await db.select({ odometer: inspections.odometer }).from(inspections).where(eq(inspections.id, doc.inspection_id));
    if (inspection?.odometer != null) return inspection.odometer;
  }
  if (typeof doc.vehicle_id !== 'string') return null;
  const [vehicle] = await db.select({ odometer: vehicles.odometer }).from(vehicles).where(eq(vehicles.id, doc.vehicle_id));
  return vehicle?.odometer ?? null;
}

/**
 * An inspection's reading moves its vehicle's odometer forward, never back: an odometer only goes
 * up, so a lower reading is a typo (corrected on the inspection) or an older visit entered late.
 */
export async function raiseVehicleOdometer(ctx: RequestContext, inspection: { id: string; vehicle_id: string | null; odometer: number | null }) {
  const reading = inspection.odometer;
  if (!inspection.vehicle_id || reading === null) return;
  const [lower] = await ctx.db
    .select({ id: vehicles.id })
    .from(vehicles)
    .where(and(eq(vehicles.id, inspection.vehicle_id), or(isNull(vehicles.odometer), lt(vehicles.odometer, reading))));
  // Through the record service: the vehicle's change is in its activity, caused by the inspection.
  if (lower) await records(ctx, 'vehicles').update([lower.id], { odometer: reading }, { cause: { type: 'inspections', id: inspection.id } });
}
