import { scaledToText, toScaled } from '@atelier/domain';
import { and, asc, eq, inArray, isNotNull, ne } from 'drizzle-orm';
import { nextRecordCode } from '../../db/codes.ts';
import type { RecordAction } from '../../jsonapi/define-resource.ts';
import { ApiError } from '../../jsonapi/errors.ts';
import { records } from '../../jsonapi/records.ts';
import { products as productsTable, warehouseProducts } from '../inventory/inventory.table.ts';
import { purchasesOrderItems, purchasesOrders } from '../purchases/documents.table.ts';
import { supplierProducts } from '../purchases/purchases.table.ts';
import { productLine } from '../trade/lines.ts';
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
    meta: {
      orders: { type: 'array', items: { type: 'object', properties: { id: { type: 'string', format: 'uuid' }, code: { type: 'string' }, lines: { type: 'integer' } }, required: ['id', 'code', 'lines'], additionalProperties: false } },
      without_supplier: { type: 'array', items: { type: 'string', format: 'uuid' } },
    },
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
    const bySupplier = new Map<string, { item: (typeof wanted)[number]; quantity: string }[]>();
    const withoutSupplier: string[] = [];
    for (const item of wanted) {
      // What the room has goes to the items first in the order; the rest is ordered.
      const has = left.get(item.product_id!) ?? 0n;
      const need = toScaled(item.quantity);
      left.set(item.product_id!, has > need ? has - need : 0n);
      if (has >= need) continue;
      const supplier = item.supplier_id ?? offers.find((o) => o.product_id === item.product_id)?.supplier_id ?? null;
      if (!supplier) withoutSupplier.push(item.id);
      else bySupplier.set(supplier, [...(bySupplier.get(supplier) ?? []), { item, quantity: scaledToText(need - has) }]);
    }
    const catalogue = new Map((products.length ? await ctx.db.select().from(productsTable).where(inArray(productsTable.id, products)) : []).map((p) => [p.id, p]));
    const orders: { id: string; code: string; lines: number }[] = [];
    const cause = { type: 'repairs', id: repair.id };
    for (const [supplier, lines] of bySupplier) {
      const priceOf = (product: string) => offers.find((o) => o.product_id === product && o.supplier_id === supplier)?.cost ?? catalogue.get(product)?.buying_price ?? null;
      const priced = await Promise.all(
        lines.map(async ({ item, quantity }) => ({ ...(await productLine(ctx, 'purchases', repair.organization_id, catalogue.get(item.product_id!)!, quantity, priceOf(item.product_id!))), repair_item_id: item.id })),
      );
      const code = await nextRecordCode(ctx.db, repair.organization_id, 'PO');
      const order = await records(ctx, 'purchases-orders').createWithLines(
        { organization_id: repair.organization_id, code, supplier_id: supplier, destination_warehouse_id: room.id, issuer_id: ctx.actor.id, location_ids: room.location_ids, notes: repair.code },
        { items: priced },
        { cause },
      );
      await records(ctx, 'repair-items').update(lines.map((l) => l.item.id), { part_status: 'ordered' }, { cause: { type: 'purchases-orders', id: String(order.id) } });
      orders.push({ id: String(order.id), code, lines: priced.length });
    }
    return { meta: { orders, without_supplier: withoutSupplier }, log: { ordered: orders.map((o) => o.code) } };
  },
};
