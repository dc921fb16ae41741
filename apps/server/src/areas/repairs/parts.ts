import { scaledToText, toScaled } from '@atelier/domain';
import { and, asc, eq, inArray, isNotNull, ne } from 'drizzle-orm';
import type { RecordAction } from '../../jsonapi/define-resource.ts';
import { ApiError } from '../../jsonapi/errors.ts';
import { records } from '../../jsonapi/records.ts';
import { warehouseProducts } from '../inventory/inventory.table.ts';
import { purchasesOrderItems, purchasesOrders } from '../purchases/documents.table.ts';
import { supplierProducts } from '../purchases/purchases.table.ts';
import { DRAFTED_ORDERS, draftOrders, type WantedPart } from '../purchases/draft-orders.ts';
import type { RequestContext } from '../../jsonapi/context.ts';
import { causedMovement } from '../inventory/caused-movement.ts';
import { stockMovements, warehouses } from '../inventory/inventory.table.ts';
import type { RepairRow } from './repairs.policies.ts';
import { repairItems } from './repairs.table.ts';

// A completed repair takes its parts from the stock (issue 22): one stock movement out of the
// parts room of the repair's location, its lines the items naming an inventory part, validated as
// the repair's consequence (its trigger is the repair); items not done use no part. Once whatever the path: a repair redone
// and completed again has its movement already. The parts it lacks are ordered from it (order-parts).

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

/**
 * POST /repairs/{id}/order-parts: the inventory parts its items need that its location's parts room
 * lacks (what is available counted once per product, the items in their order), as draft orders,
 * one per supplier (the item's, else the part's cheapest), into that parts room, each line tied to
 * its item, whose part status reads "ordered" from then on. Items already ordered are left as they are.
 */
export const orderPartsAction: RecordAction<RepairRow> = {
  permission: 'create purchases orders',
  contract: {
    summary: 'Drafts purchase orders (one per supplier) of the inventory parts the repair’s items need and its location’s parts room lacks; the items’ part status follows those orders; answers the orders made and the items nobody sells',
    meta: DRAFTED_ORDERS,
  },
  async handler(ctx, repair) {
    const room = await partsRoomOf(ctx, repair);
    if (!room) throw new ApiError(409, 'repair.no_parts_room');
    const items = (await ctx.db
      .select()
      .from(repairItems)
      .where(and(eq(repairItems.repair_id, repair.id), isNotNull(repairItems.product_id), ne(repairItems.state, 'not_done')))
      .orderBy(asc(repairItems.position))).filter((i) => toScaled(i.quantity) > 0n);
    const ordered = items.length
      ? new Set(
          (await ctx.db
            .select({ item: purchasesOrderItems.repair_item_id })
            .from(purchasesOrderItems)
            .innerJoin(purchasesOrders, eq(purchasesOrders.id, purchasesOrderItems.purchases_order_id))
            .where(and(inArray(purchasesOrderItems.repair_item_id, items.map((i) => i.id)), ne(purchasesOrders.state, 'canceled')))).map((r) => r.item),
        )
      : new Set();
    const wanted = items.filter((i) => !ordered.has(i.id));
    const products = [...new Set(wanted.map((i) => i.product_id!))];
    const stock = products.length ? await ctx.db.select().from(warehouseProducts).where(and(eq(warehouseProducts.warehouse_id, room.id), inArray(warehouseProducts.product_id, products))) : [];
    const left = new Map(stock.map((s) => [s.product_id, toScaled(s.quantity_available) > 0n ? toScaled(s.quantity_available) : 0n]));
    const offers = products.length ? await ctx.db.select().from(supplierProducts).where(inArray(supplierProducts.product_id, products)).orderBy(asc(supplierProducts.cost)) : [];
    const bySupplier = new Map<string, WantedPart[]>();
    const withoutSupplier: string[] = [];
    for (const item of wanted) {
      // What the room has goes to the items first in the order; the rest is ordered.
      const has = left.get(item.product_id!) ?? 0n;
      const need = toScaled(item.quantity);
      left.set(item.product_id!, has > need ? has - need : 0n);
      if (has >= need) continue;
      const supplier = item.supplier_id ?? offers.find((o) => o.product_id === item.product_id)?.supplier_id ?? null;
      if (!supplier) withoutSupplier.push(item.id);
      else bySupplier.set(supplier, [...(bySupplier.get(supplier) ?? []), { product: item.product_id!, quantity: scaledToText(need - has), repairItem: item.id }]);
    }
    const orders = await draftOrders(ctx, { organizationId: repair.organization_id, warehouse: room, bySupplier, offers, cause: { type: 'repairs', id: repair.id }, notes: repair.code });
    // Each item's part status follows its order from now on (coverage.ts).
    for (const [n, parts] of [...bySupplier.values()].entries())
      await records(ctx, 'repair-items').update(parts.map((p) => p.repairItem!), { part_status: 'ordered' }, { cause: { type: 'purchases-orders', id: orders[n].id } });
    return { meta: { orders, without_supplier: withoutSupplier }, log: { ordered: orders.map((o) => o.code) } };
  },
};
