import { INSPECTION_DONE_STATES, draftItemsFromInspection, jobsForAnswer, type DraftEstimationItem, repairValueMultiplier, scoreInspection, type InspectedField, inspectionWorkflow } from '@atelier/domain';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { RequestContext } from '../../jsonapi/context.ts';
import { ApiError, relationshipPointer } from '../../jsonapi/errors.ts';
import { answersOf, fieldsOfInspection, scoredVehicle, versionById, type InspectionRow } from '../inspections/inspection-scoring.ts';
import { inspections } from '../inspections/inspections.table.ts';
import { records } from '../../jsonapi/records.ts';
import { activeTriggers, cannedJobsWithLines, type CannedJobLine } from '../canned-jobs/apply.ts';
import { productFill } from '../inventory/product-lines.ts';
import { defaultHourlyRate, defaultTaxGroup, itemTotals, taxesOfGroup, type EstimationRow } from './estimation-lines.ts';
import { estimationItems, estimations } from './estimations.table.ts';

type EstimationItemInsert = typeof estimationItems.$inferInsert;

// An estimate made from an inspection (issue 12): the inspection must be carried to its end, and
// has one estimate at a time; its findings (failing or given an action) become the draft items
// (draftItemsFromInspection), priced at the default rate times the form's repair-value multipliers;
// a finding a canned job's trigger names becomes the job's lines instead (issue 27).

/** The inspection of a new estimate, refused (409 on the relationship) unless finished and without a live estimate. */
export async function inspectionForEstimate(ctx: RequestContext, inspectionId: string): Promise<InspectionRow> {
  const [inspection] = await ctx.db.select().from(inspections).where(eq(inspections.id, inspectionId)).for('update');
  const pointer = { pointer: relationshipPointer('inspection') };
  if (!INSPECTION_DONE_STATES.includes(inspection.state))
    throw new ApiError(409, 'estimation.inspection_not_completed', { state: inspectionWorkflow.stateLabels[inspection.state][ctx.locale] }, pointer);
  if (inspection.estimation_id) {
    const [current] = await ctx.db.select({ code: estimations.code, state: estimations.state }).from(estimations).where(eq(estimations.id, inspection.estimation_id));
    if (current && current.state !== 'canceled') throw new ApiError(409, 'estimation.inspection_has_estimation', { code: current.code ?? '' }, pointer);
  }
  return inspection;
}

/** The product of the form's repair-value multipliers that match the inspected vehicle. */
export async function inspectionMultiplier(db: Db, inspection: InspectionRow): Promise<string> {
  const version = await versionById(db, inspection.inspection_form_version_id);
  return String(repairValueMultiplier(version.structure.multipliers, await scoredVehicle(db, inspection)));
}

/** The inspection's answers, and its fields as the findings are read from them (scored, with the form's names). */
async function inspectedFields(db: Db, inspection: InspectionRow) {
  const version = await versionById(db, inspection.inspection_form_version_id);
  const fields = await fieldsOfInspection(db, inspection.id);
  const score = scoreInspection(version.compiled, answersOf(fields), await scoredVehicle(db, inspection));
  const inspected: InspectedField[] = fields.flatMap((f) => {
    const field = version.fields.get(f.field_id)?.field;
    const scoring = Object.hasOwn(score.fields, f.field_id) ? score.fields[f.field_id] : undefined;
    if (!field || !scoring) return [];
    return [
      {
        id: f.id,
        name: field.name,
        field_type: field.field_type,
        points_threshold: field.points_threshold,
        safety_critical: field.safety_critical,
        value: f.value,
        touched: f.touched,
        action: f.action,
        comment: f.comment,
        images: f.images,
        scoring,
        visible: scoring.visible,
        not_applicable: f.not_applicable,
      },
    ];
  });
  return { fields, inspected };
}

/** The canned jobs an answer of a finding calls for, by finding (the organization's active triggers). */
async function findingJobs(db: Db, organizationId: string, fields: readonly { id: string; field_id: string; value: unknown }[]) {
  const answers = new Map(fields.map((f) => [f.id, f]));
  const triggers = await activeTriggers(db, organizationId);
  return (d: DraftEstimationItem) => {
    const f = answers.get(d.inspection_field_id);
    return f ? jobsForAnswer(f.field_id, f.value, triggers) : [];
  };
}

/**
 * The canned jobs the inspection's findings call for, with their lines (an appraisal's
 * reconditioning when the inspection has no estimate): each job once, in the findings' order.
 */
export async function cannedJobsOfInspection(db: Db, inspection: InspectionRow) {
  const { fields, inspected } = await inspectedFields(db, inspection);
  // Which fields are findings does not depend on the price: the rate here is only the function's input.
  const drafts = draftItemsFromInspection(inspected, { defaultHourlyRate: 0, repairValueMultiplier: 1 });
  const jobsOf = await findingJobs(db, inspection.organization_id, fields);
  const ids = [...new Set(drafts.flatMap(jobsOf))];
  const jobs = await cannedJobsWithLines(db, inspection.organization_id, ids);
  return ids.flatMap((id) => jobs.get(id) ?? []);
}

/** The draft items of a new estimate made from the inspection, priced, after the items it has (rows to write). */
export async function draftItems(db: Db, estimation: EstimationRow, inspection: InspectionRow): Promise<EstimationItemInsert[]> {
  const { fields, inspected } = await inspectedFields(db, inspection);
  const defaultRate = await defaultHourlyRate(db, estimation.organization_id);
  const drafts = draftItemsFromInspection(inspected, { defaultHourlyRate: defaultRate, repairValueMultiplier: estimation.repair_value_multiplier });
  if (!drafts.length) return [];
  const taxGroup = await defaultTaxGroup(db, estimation.organization_id);
  // A finding a canned job's trigger names becomes that job's lines (priced from the inventory), else one line to price.
  const jobsOf = await findingJobs(db, estimation.organization_id, fields);
  const jobs = await cannedJobsWithLines(db, estimation.organization_id, [...new Set(drafts.flatMap(jobsOf))]);
  const lines: DraftLine[] = [];
  for (const d of drafts) {
    const base = { ...d, quantity: String(d.quantity), unit_price: null, manual_labour: null, time: null, warranty: false, tax_group_id: taxGroup };
    const jobLines = jobsOf(d).flatMap((id) => jobs.get(id)?.lines ?? []);
    lines.push(...(jobLines.length ? await jobItemLines(db, estimation.organization_id, base, jobLines) : [base]));
  }
  return pricedItemRows(db, estimation, lines);
}

/** An item to write, before its totals. */
export type DraftLine = Omit<EstimationItemInsert, 'organization_id' | 'estimation_id'> & { warranty: boolean; quantity: string; unit_price: number | null; manual_labour: number | null; time: string | null; hourly_rate: number | null };

/**
 * A canned job's lines as items on top of `base` (where they come from: a finding's field, photos,
 * urgency; the default rate and tax group): the job's values, the inventory part filling the name,
 * number, price and supplier the line leaves empty.
 */
export async function jobItemLines(db: Db, organizationId: string, base: DraftLine, jobLines: readonly CannedJobLine[]): Promise<DraftLine[]> {
  const lines: DraftLine[] = [];
  for (const line of jobLines) {
    const own = { part: line.part, part_number: line.part_number, unit_price: line.unit_price, supplier_id: line.supplier_id };
    lines.push({
      ...base,
      detail: line.detail,
      ...own,
      ...(line.product_id ? await productFill(db, organizationId, line.product_id, own) : {}),
      product_id: line.product_id,
      quantity: line.quantity,
      manual_labour: line.manual_labour,
      time: line.time,
      hourly_rate: line.hourly_rate ?? base.hourly_rate,
      tax_group_id: line.tax_group_id ?? base.tax_group_id,
    });
  }
  return lines;
}

/** The rows of these items after the estimate's own, with their totals by their groups' taxes (each group read once). */
export async function pricedItemRows(db: Db, estimation: EstimationRow, lines: readonly DraftLine[]): Promise<EstimationItemInsert[]> {
  const [{ n: first }] = await db.select({ n: sql<number>`count(*)::int` }).from(estimationItems).where(eq(estimationItems.estimation_id, estimation.id));
  const taxes = new Map<string | null, Awaited<ReturnType<typeof taxesOfGroup>>>();
  const rows: EstimationItemInsert[] = [];
  for (const [position, line] of lines.entries()) {
    const group = line.tax_group_id ?? null;
    if (!taxes.has(group)) taxes.set(group, await taxesOfGroup(db, group));
    const item = { ...line, position: first + position };
    rows.push({ ...item, organization_id: estimation.organization_id, estimation_id: estimation.id, ...itemTotals(item, taxes.get(group)!) });
  }
  return rows;
}

/**
 * Writes the draft items of a new estimate made from the inspection, and links the inspection to
 * it, through the engine: the estimate's totals are derived from its items, both changes are
 * logged with their cause.
 */
export async function draftFromInspection(ctx: RequestContext, estimation: EstimationRow, inspection: InspectionRow) {
  await records(ctx, 'estimation-items').create(await draftItems(ctx.db, estimation, inspection), { cause: { type: 'inspections', id: inspection.id } });
  await records(ctx, 'inspections').update([inspection.id], { estimation_id: estimation.id }, { cause: { type: 'estimations', id: estimation.id } });
}
