import { toScaled } from '@atelier/domain';
import { and, asc, eq, inArray, isNotNull, ne } from 'drizzle-orm';
import { purchasesOrderItems, purchasesOrders } from '../purchases/documents.table.ts';
import { orderMissingPartsAction } from '../purchases/draft-orders.ts';
import type { RequestContext } from '../../jsonapi/context.ts';
import { causedMovement } from '../inventory/caused-movement.ts';
import { stockMovements } from '../inventory/inventory.table.ts';
import { partsRoomOf } from '../inventory/parts-room.ts';
import type { RepairRow } from './repairs.policies.ts';
import { repairItems } from './repairs.table.ts';

// A completed repair takes its parts from the stock (issue 22): one stock movement out of the
// parts room of the repair's location, its lines the items naming an inventory part, validated as
// the repair's consequence (its trigger is the repair); items not done use no part. Once whatever the path: a repair redone
// and completed again has its movement already. The parts it lacks are ordered from it (order-parts).

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

/**
 * POST /repairs/{id}/order-parts: the inventory parts its items need that its location's parts room
 * lacks, as draft orders (purchases/draft-orders.ts orderMissingParts); items not done need none,
 * and an item whose estimate item was ordered already is not ordered again.
 */
export const orderPartsAction = orderMissingPartsAction<RepairRow>({ type: 'repairs', noun: 'repair', items: 'repair-items', noRoom: 'repair.no_parts_room' }, async (ctx, repair) => {
  const items = await ctx.db
    .select()
    .from(repairItems)
    .where(and(eq(repairItems.repair_id, repair.id), isNotNull(repairItems.product_id), ne(repairItems.state, 'not_done')))
    .orderBy(asc(repairItems.position));
  const fromEstimate = items.flatMap((i) => (i.estimation_item_id ? [i.estimation_item_id] : []));
  const estimateOrdered = new Set(
    fromEstimate.length
      ? (await ctx.db
          .select({ item: purchasesOrderItems.estimation_item_id })
          .from(purchasesOrderItems)
          .innerJoin(purchasesOrders, eq(purchasesOrders.id, purchasesOrderItems.purchases_order_id))
          .where(and(inArray(purchasesOrderItems.estimation_item_id, fromEstimate), ne(purchasesOrders.state, 'canceled')))).map((r) => r.item)
      : [],
  );
  return { items, ordered: new Set(items.filter((i) => i.estimation_item_id && estimateOrdered.has(i.estimation_item_id)).map((i) => i.id)) };
});
