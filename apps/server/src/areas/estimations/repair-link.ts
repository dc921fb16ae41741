import { and, asc, eq, inArray, isNotNull } from 'drizzle-orm';
import type { RequestContext } from '../../jsonapi/context.ts';
import { inspections } from '../inspections/inspections.table.ts';
import { cancelRepairOf, createRepairFromEstimation } from '../repairs/from-estimation.ts';
import type { EstimationRow } from './estimation-lines.ts';
import { estimationItems, estimations } from './estimations.table.ts';

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
    approver_id: e.approver_id ?? ctx.actor.id,
    assignees: { users: mechanics },
    location_ids: e.location_ids,
    tag_ids: e.tag_ids,
    items: approved.map((i) => ({
      estimation_item_id: i.id,
      detail: i.detail,
      condition: i.condition,
      part: i.part,
      part_number: i.part_number,
      supplier_id: i.supplier_id,
      quantity: i.quantity,
      unit_price: i.unit_price,
      manual_labour: i.manual_labour,
      time: i.time,
      hourly_rate: i.hourly_rate,
      tax_group_id: i.tax_group_id,
      warranty: i.warranty,
    })),
  });
  await ctx.db.update(estimations).set({ repair_id: repair.id }).where(eq(estimations.id, e.id));
  if (e.inspection_id) {
    await ctx.db.update(inspections).set({ repair_id: repair.id }).where(eq(inspections.id, e.inspection_id));
    await ctx.db
      .update(inspections)
      .set({ state: 'repairing' })
      .where(and(eq(inspections.id, e.inspection_id), inArray(inspections.state, ['completed', 'approved'])));
  }
  return repair.id;
}

/** Cancels the estimate's repair (409 when its work is done) and puts its inspection back. */
export async function dropRepair(ctx: RequestContext, e: EstimationRow): Promise<void> {
  if (!e.repair_id) return;
  await cancelRepairOf(ctx, e.repair_id);
  await ctx.db.update(estimations).set({ repair_id: null }).where(eq(estimations.id, e.id));
  if (!e.inspection_id) return;
  await ctx.db.update(inspections).set({ repair_id: null }).where(and(eq(inspections.id, e.inspection_id), eq(inspections.repair_id, e.repair_id)));
  const back = async (state: 'approved' | 'completed', when: ReturnType<typeof isNotNull> | undefined) =>
    ctx.db
      .update(inspections)
      .set({ state })
      .where(and(eq(inspections.id, e.inspection_id!), eq(inspections.state, 'repairing'), when));
  await back('approved', isNotNull(inspections.approved_at));
  await back('completed', undefined);
}
