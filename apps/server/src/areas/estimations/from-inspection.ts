import { INSPECTION_DONE_STATES, draftItemsFromInspection, repairValueMultiplier, scoreInspection, type InspectedField, inspectionWorkflow } from '@atelier/domain';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { RequestContext } from '../../jsonapi/context.ts';
import { ApiError, relationshipPointer } from '../../jsonapi/errors.ts';
import { answersOf, fieldsOfInspection, scoredVehicle, versionById, type InspectionRow } from '../inspections/inspection-scoring.ts';
import { inspections } from '../inspections/inspections.table.ts';
import { records } from '../../jsonapi/records.ts';
import { defaultHourlyRate, defaultTaxGroup, itemTotals, taxesOfGroup, type EstimationRow } from './estimation-lines.ts';
import { estimationItems, estimations } from './estimations.table.ts';

type EstimationItemInsert = typeof estimationItems.$inferInsert;

// An estimate made from an inspection (issue 12): the inspection must be carried to its end, and
// has one estimate at a time; its findings (failing or given an action) become the draft items
// (draftItemsFromInspection), priced at the default rate times the form's repair-value multipliers.

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

/** The draft items of a new estimate made from the inspection, priced, after the items it has (rows to write). */
export async function draftItems(db: Db, estimation: EstimationRow, inspection: InspectionRow): Promise<EstimationItemInsert[]> {
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
  const drafts = draftItemsFromInspection(inspected, {
    defaultHourlyRate: await defaultHourlyRate(db, estimation.organization_id),
    repairValueMultiplier: estimation.repair_value_multiplier,
  });
  if (!drafts.length) return [];
  const taxGroup = await defaultTaxGroup(db, estimation.organization_id);
  // After the items the estimate's document carried, if any.
  const [{ n: first }] = await db.select({ n: sql<number>`count(*)::int` }).from(estimationItems).where(eq(estimationItems.estimation_id, estimation.id));
  const taxes = await taxesOfGroup(db, taxGroup);
  return drafts.map((d) => {
    const item = { ...d, position: first + d.position, quantity: String(d.quantity), unit_price: null, manual_labour: null, time: null, warranty: false, tax_group_id: taxGroup };
    return { ...item, organization_id: estimation.organization_id, estimation_id: estimation.id, ...itemTotals(item, taxes) };
  });
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
