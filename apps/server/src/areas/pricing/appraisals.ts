import {
  INSPECTION_DONE_STATES,
  NO_RECONDITIONING,
  reconditioningOfEstimate,
  reconditioningOfJobs,
  type AppraisalSource,
  type PriceRequest,
  type Reconditioning,
  type RequestChannel,
} from '@atelier/domain';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import type { Db } from '../../db/client.ts';
import { cannedJobsOfInspection } from '../estimations/from-inspection.ts';
import { defaultHourlyRate } from '../estimations/estimation-lines.ts';
import { estimationItems, estimations } from '../estimations/estimations.table.ts';
import { inspections } from '../inspections/inspections.table.ts';
import { vehicles } from '../vehicles/vehicles.table.ts';
import { appraisals } from './appraisals.table.ts';
import type { EstimateAttributes } from './estimate.ts';

// Every estimate is kept as an appraisal (issue 27), written with its request log (request-log.ts
// `logged`'s keep). A vehicle the organization knows by the VIN is the appraisal's; when the shop
// has inspected it, the inspection's reconditioning is taken off the offer, line by line.

export const SOURCE_OF_CHANNEL: Readonly<Record<RequestChannel, AppraisalSource>> = { app: 'screen', api: 'api', embed: 'frame' };

export interface AppraisalBasis {
  vehicleId: string | null;
  inspection: { id: string; score: number | null } | null;
  reconditioning: Reconditioning;
}

const NOTHING_KNOWN: AppraisalBasis = { vehicleId: null, inspection: null, reconditioning: NO_RECONDITIONING };

/** The inspection's estimate (unless canceled) as the cost, else the canned jobs its findings call for. */
async function reconditioningOfInspection(db: Db, inspection: typeof inspections.$inferSelect): Promise<Reconditioning> {
  const [estimate] = inspection.estimation_id ? await db.select({ id: estimations.id, state: estimations.state }).from(estimations).where(eq(estimations.id, inspection.estimation_id)) : [];
  if (estimate && estimate.state !== 'canceled') {
    const items = await db.select({ detail: estimationItems.detail, total: estimationItems.total }).from(estimationItems).where(eq(estimationItems.estimation_id, estimate.id)).orderBy(asc(estimationItems.position), asc(estimationItems.id));
    return reconditioningOfEstimate(items.map((i) => ({ label: i.detail, cents: i.total ?? 0 })));
  }
  const jobs = await cannedJobsOfInspection(db, inspection);
  if (!jobs.length) return NO_RECONDITIONING;
  // A job's line without its own rate is priced at the shop's, as an estimate made from it would be.
  const rate = await defaultHourlyRate(db, inspection.organization_id);
  return reconditioningOfJobs(
    jobs.map(({ job, lines }) => ({ name: job.name, lines: lines.map((l) => ({ quantity: l.quantity, unit_price: l.unit_price, manual_labour: l.manual_labour, time: l.time, hourly_rate: l.hourly_rate ?? rate })) })),
  );
}

/**
 * The organization's vehicle of the VIN and, unless `inspected` is false (the public frame: a
 * visitor is offered for a vehicle nobody has seen), its last completed inspection's reconditioning.
 */
export async function appraisalBasis(db: Db, organizationId: string, vin: string | null, inspected = true): Promise<AppraisalBasis> {
  if (!vin) return NOTHING_KNOWN;
  const [vehicle] = await db
    .select({ id: vehicles.id })
    .from(vehicles)
    .where(and(eq(vehicles.organization_id, organizationId), sql`lower(${vehicles.vin}) = ${vin.toLowerCase()}`))
    .limit(1);
  if (!vehicle || !inspected) return { ...NOTHING_KNOWN, vehicleId: vehicle?.id ?? null };
  const [inspection] = await db
    .select()
    .from(inspections)
    .where(and(eq(inspections.organization_id, organizationId), eq(inspections.vehicle_id, vehicle.id), inArray(inspections.state, [...INSPECTION_DONE_STATES])))
    .orderBy(sql`${inspections.completed_at} DESC NULLS LAST`, desc(inspections.created_at))
    .limit(1);
  if (!inspection) return { ...NOTHING_KNOWN, vehicleId: vehicle.id };
  return { vehicleId: vehicle.id, inspection: { id: inspection.id, score: inspection.vehicle_score }, reconditioning: await reconditioningOfInspection(db, inspection) };
}

/** Who asked for the estimate. */
export interface Appraiser {
  source: AppraisalSource;
  userId?: string | null;
  keyHint?: string | null;
  host?: string | null;
  leadId?: string | null;
}

/** An appraisal to write, its id chosen beforehand so the answer can name it. */
export interface PendingAppraisal {
  id: string;
  organizationId: string;
  appraiser: Appraiser;
  request: PriceRequest;
  estimate: EstimateAttributes;
  basis: AppraisalBasis;
}

export const pendingAppraisal = (organizationId: string, appraiser: Appraiser, request: PriceRequest, estimate: EstimateAttributes, basis: AppraisalBasis): PendingAppraisal => ({
  id: uuidv7(),
  organizationId,
  appraiser,
  request,
  estimate,
  basis,
});

/** Writes the appraisal (in the request log's transaction: `tx`). */
export async function saveAppraisal(tx: Db, a: PendingAppraisal): Promise<void> {
  const { estimate, request, basis, appraiser } = a;
  const range = estimate.ess?.official_price;
  // direct write: the estimate's own record, written once with its request log and never edited (like the log)
  await tx.insert(appraisals).values({
    id: a.id,
    organization_id: a.organizationId,
    source: appraiser.source,
    vehicle_id: basis.vehicleId,
    vin: estimate.vehicle.vin ?? request.vin,
    year: estimate.vehicle.year,
    make: estimate.vehicle.make,
    model: estimate.vehicle.model,
    series: estimate.vehicle.series,
    style: estimate.vehicle.style,
    mileage: estimate.mileage,
    province: estimate.province,
    condition: estimate.status,
    accident: estimate.accident,
    rebuilt: estimate.rebuilt,
    damage_cost: estimate.damage_cost,
    desired_profit: estimate.desired_profit,
    aggression_percentage: String(estimate.aggression_percentage),
    offer: estimate.offer.amount,
    market_retail: estimate.offer.market_retail,
    range_low: range?.low ?? null,
    range_high: range?.high ?? null,
    steps: estimate.offer.steps,
    reconditioning_cents: basis.reconditioning.cents,
    reconditioning_origin: basis.reconditioning.origin,
    inspection_id: basis.inspection?.id ?? null,
    inspection_score: basis.inspection?.score ?? null,
    user_id: appraiser.userId ?? null,
    key_hint: appraiser.keyHint ?? null,
    host: appraiser.host ?? null,
    lead_id: appraiser.leadId ?? null,
  });
}

/** What the app's and the API's answer says of the appraisal (never the frame's: it names internal ids). */
export const appraisalPart = (a: PendingAppraisal) => ({
  id: a.id,
  vehicle_id: a.basis.vehicleId,
  inspection: a.basis.inspection,
  reconditioning: { origin: a.basis.reconditioning.origin, cents: a.basis.reconditioning.cents },
});
