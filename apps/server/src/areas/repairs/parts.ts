import { toScaled } from '@atelier/domain';
import { and, asc, eq, inArray, isNotNull, ne } from 'drizzle-orm';
import type { RequestContext } from '../../jsonapi/context.ts';
import { causedMovement } from '../inventory/caused-movement.ts';
import { stockMovements, warehouses } from '../inventory/inventory.table.ts';
import type { RepairRow } from './repairs.policies.ts';
import { repairItems } from './repairs.table.ts';

// A completed repair takes its parts from the stock (issue 22): one stock movement out of the
// parts room of the repair's location, its lines the items naming an inventory part, validated as
// the repair's consequence (its trigger is the repair); items not done use no part. Once whatever the path: a repair redone
// and completed again has its movement already.

/** The parts room of the repair's location: the first, by name, of a location the repair is in. */
async function partsRoomOf(ctx: RequestContext, repair: RepairRow) {
  if (!repair.location_ids.length) return null;
  const [room] = await ctx.db
    .select()
    .from(warehouses)
    .where(and(eq(warehouses.organization_id, repair.organization_id), inArray(warehouses.location_id, repair.location_ids)))
    .orderBy(asc(warehouses.name))
    .limit(1);
  return room ?? null;
}

export async function consumeParts(ctx: RequestContext, repair: RepairRow) {
  const [done] = await ctx.db
    .select({ id: stockMovements.id })
    .from(stockMovements)
    .where(and(eq(stockMovements.trigger_object_type, 'repairs'), eq(stockMovements.trigger_object_id, repair.id), ne(stockMovements.state, 'canceled')))
    .limit(1);
  if (done) return;
  const parts = (await ctx.db
    .select()
    .from(repairItems)
    .where(and(eq(repairItems.repair_id, repair.id), isNotNull(repairItems.product_id), ne(repairItems.state, 'not_done')))
    .orderBy(asc(repairItems.position))).filter((i) => toScaled(i.quantity) > 0n);
  const room = parts.length ? await partsRoomOf(ctx, repair) : null;
  if (!room) return;
  await causedMovement(ctx, {
    organizationId: repair.organization_id,
    type: 'remove',
    warehouse: room,
    cause: { type: 'repairs', id: repair.id, code: repair.code },
    lines: parts.map((i) => ({ product_id: i.product_id, description: i.part ?? i.detail, quantity: i.quantity })),
  });
}
