import { and, asc, eq, inArray, isNotNull, ne, sql } from 'drizzle-orm';
import type { InspectionState } from '@atelier/domain';
import type { RequestContext } from '../../jsonapi/context.ts';
import { records } from '../../jsonapi/records.ts';
import { inspections } from '../inspections/inspections.table.ts';
import { cancelRepairOf, createRepairFromEstimation } from '../repairs/from-estimation.ts';
import { repairItems } from '../repairs/repairs.table.ts';
import { deferredWork } from './deferred-work.table.ts';
import type { EstimationRow } from './estimation-lines.ts';
import { TERM_COLUMNS } from './document-charges.ts';
import { estimationItems } from './estimations.table.ts';

// An approved estimate opens its repair with the work approved (by the dealership, not declined by
// the customer); redoing the approval cancels that repair. The inspection the estimate came from is
// "repairing" while the repair lives, and back to where it was when the repair is canceled.

/**
 * Opens the repair of an estimate just approved: its approved items (none: no repair, unless the
 * estimate was by-passed, which asks for the repair itself). Answers the repair's id or null.
 */
export async function openRepair(ctx: RequestContext, e: EstimationRow, opts: { evenEmpty: boolean }): Promise<string | null> {
  const items = await ctx.db.select().from(estimationItems).where(eq(estimationItems.estimation_id, e.id)).orderBy(asc(estimationItems.position), asc(estimationItems.id));
  const approved = items.filter((i) => i.state === 'approved' && i.customer_decision !== 'declined');
  if (!approved.length && !opts.evenEmpty) return null;
  const mechanics = [...new Set([e.official_mechanic_id, ...e.mechanic_ids].filter((id): id is string => !!id))];
  const repair = await createRepairFromEstimation(ctx, {
    organization_id: e.organization_id,
    estimation_id: e.id,
    inspection_id: e.inspection_id,
    vehicle_id: e.vehicle_id,
    customer_id: e.customer_id,
    type: e.type,
    department: e.department,
    odometer: e.odometer,
    approver_id: e.approver_id ?? ctx.actor.id,
    assignees: { users: mechanics },
    location_ids: e.location_ids,
    tag_ids: e.tag_ids,
    terms: Object.fromEntries(TERM_COLUMNS.map((c) => [c, e[c]])) as Pick<EstimationRow, (typeof TERM_COLUMNS)[number]>,
    items: approved.map((i) => ({
      estimation_item_id: i.id,
      detail: i.detail,
      condition: i.condition,
      part: i.part,
      part_number: i.part_number,
      product_id: i.product_id,
      supplier_id: i.supplier_id,
      part_status: i.part_status,
      quantity: i.quantity,
      unit_price: i.unit_price,
      manual_labour: i.manual_labour,
      time: i.time,
      hourly_rate: i.hourly_rate,
      tax_group_id: i.tax_group_id,
      warranty: i.warranty,
      discount_percent: i.discount_percent,
      discount_amount: i.discount_amount,
      unit_cost: i.unit_cost,
      environmental_fee_kind: i.environmental_fee_kind,
      environmental_fee: i.environmental_fee,
      core_charge: i.core_charge,
      core_returned: i.core_returned,
    })),
  });
  const cause = { type: 'repairs', id: repair.id };
  await records(ctx, 'estimations').update([e.id], { repair_id: repair.id }, { cause });
  if (e.inspection_id) {
    await records(ctx, 'inspections').update([e.inspection_id], { repair_id: repair.id }, { cause });
    await moveInspection(ctx, e.inspection_id, ['completed', 'approved'], 'repairing', cause);
  }
  return repair.id;
}

/** Cancels the estimate's repair (409 when its work is done) and puts its inspection back. */
export async function dropRepair(ctx: RequestContext, e: EstimationRow): Promise<void> {
  if (!e.repair_id) return;
  const cause = { type: 'estimations', id: e.id };
  await cancelRepairOf(ctx, e.repair_id, { ...cause, organizationId: e.organization_id });
  await records(ctx, 'estimations').update([e.id], { repair_id: null }, { cause });
  if (!e.inspection_id) return;
  const [inspection] = await ctx.db.select().from(inspections).where(and(eq(inspections.id, e.inspection_id), eq(inspections.repair_id, e.repair_id)));
  if (!inspection) return;
  await records(ctx, 'inspections').update([inspection.id], { repair_id: null }, { cause });
  // Back to where it was before the repair: approved if it was, else completed.
  await moveInspection(ctx, inspection.id, ['repairing'], inspection.approved_at ? 'approved' : 'completed', cause);
}

/**
 * The repairs area's states of an inspection (repairing, repaired), entered by no action of its
 * own: a system transition from the states given, logged under the new state with its cause.
 */
async function moveInspection(ctx: RequestContext, id: string, from: InspectionState[], to: InspectionState, cause: { type: string; id: string }) {
  const [row] = await ctx.db.select({ state: inspections.state }).from(inspections).where(eq(inspections.id, id));
  if (row && from.includes(row.state)) await records(ctx, 'inspections').update([id], { state: to }, { event: to, cause });
}

/**
 * The estimate's repair reached its end (completed) or was sent back to be redone (issue 20 point
 * 7): its inspection is repaired, or repairing again; the deferred work offered again on the
 * estimate and done in the repair (its item not marked not done) is done. A system transition
 * (no action offers these states to a user), logged with the repair as its cause.
 */
export async function followRepair(ctx: RequestContext, repair: { id: string; organization_id: string; inspection_id: string | null }, done: boolean) {
  const cause = { type: 'repairs', id: repair.id };
  if (repair.inspection_id) {
    const [inspection] = await ctx.db.select({ id: inspections.id }).from(inspections).where(and(eq(inspections.id, repair.inspection_id), eq(inspections.repair_id, repair.id)));
    if (inspection) await moveInspection(ctx, inspection.id, [done ? 'repairing' : 'repaired'], done ? 'repaired' : 'repairing', cause);
  }
  if (!done) return;
  const doneItems = ctx.db
    .select({ id: repairItems.estimation_item_id })
    .from(repairItems)
    .where(and(eq(repairItems.repair_id, repair.id), ne(repairItems.state, 'not_done'), isNotNull(repairItems.estimation_item_id)));
  const closing = await ctx.db
    .select({ id: deferredWork.id })
    .from(deferredWork)
    .where(and(eq(deferredWork.organization_id, repair.organization_id), eq(deferredWork.state, 'reoffered'), inArray(deferredWork.reoffered_item_id, doneItems)));
  await records(ctx, 'deferred-work').update(closing.map((d) => d.id), { state: 'done', closed_at: sql`now()`, closed_by_id: ctx.actor.id }, { event: 'done', cause });
}
