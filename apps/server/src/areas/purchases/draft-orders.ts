import { scaledToText, toScaled } from '@atelier/domain';
import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import { nextRecordCode } from '../../db/codes.ts';
import type { RequestContext } from '../../jsonapi/context.ts';
import type { JsonSchema, RecordAction } from '../../jsonapi/define-resource.ts';
import { ApiError } from '../../jsonapi/errors.ts';
import { records } from '../../jsonapi/records.ts';
import type { MessageKey } from '../../i18n/index.ts';
import { products, warehouseProducts } from '../inventory/inventory.table.ts';
import { partsRoomOf } from '../inventory/parts-room.ts';
import { productLine } from '../trade/lines.ts';
import { purchasesOrderItems, purchasesOrders } from './documents.table.ts';
import { supplierProducts } from './purchases.table.ts';

// Draft purchase orders a server action makes (issue 22: a warehouse's reorder, the missing parts
// of an estimate or a repair): one per supplier, into one warehouse, each line a product at that
// supplier's price (else its buying price), priced as the line hook prices; what was made is the
// actions' meta.

/** The work items an order line may be for, and the order line's column that names one. */
export const WORK_ITEM_LINKS = { 'repair-items': 'repair_item_id', 'estimation-items': 'estimation_item_id' } as const;
export type WorkItemType = keyof typeof WORK_ITEM_LINKS;

/** A product wanted from a supplier, and the work item it is for, if any. */
export interface WantedPart {
  product: string;
  quantity: string;
  item?: { type: WorkItemType; id: string };
}

/** The meta of an action that drafts orders (contract.meta), and its answer's orders. */
export const DRAFTED_ORDERS: Record<string, JsonSchema> = {
  orders: { type: 'array', items: { type: 'object', properties: { id: { type: 'string', format: 'uuid' }, code: { type: 'string' }, lines: { type: 'integer' } }, required: ['id', 'code', 'lines'], additionalProperties: false } },
  without_supplier: { type: 'array', items: { type: 'string', format: 'uuid' } },
};
export type DraftedOrder = { id: string; code: string; lines: number };

export async function draftOrders(
  ctx: RequestContext,
  o: {
    organizationId: string;
    warehouse: { id: string; location_ids: string[] };
    bySupplier: ReadonlyMap<string, readonly WantedPart[]>;
    /** The suppliers' prices of the products (supplier_products rows). */
    offers: readonly (typeof supplierProducts.$inferSelect)[];
    cause: { type: string; id: string };
    notes: string | null;
  },
): Promise<DraftedOrder[]> {
  const ids = [...new Set([...o.bySupplier.values()].flat().map((w) => w.product))];
  const catalogue = new Map((ids.length ? await ctx.db.select().from(products).where(inArray(products.id, ids)) : []).map((p) => [p.id, p]));
  const made: DraftedOrder[] = [];
  // In the suppliers' order: the n-th order is the n-th supplier's.
  for (const [supplier, wanted] of o.bySupplier) {
    const priceOf = (product: string) => o.offers.find((offer) => offer.product_id === product && offer.supplier_id === supplier)?.cost ?? catalogue.get(product)?.buying_price ?? null;
    const lines = await Promise.all(
      wanted.map(async (w) => ({
        ...(await productLine(ctx, 'purchases', o.organizationId, catalogue.get(w.product)!, w.quantity, priceOf(w.product))),
        ...(w.item ? { [WORK_ITEM_LINKS[w.item.type]]: w.item.id } : {}),
      })),
    );
    const code = await nextRecordCode(ctx.db, o.organizationId, 'PO');
    const order = await records(ctx, 'purchases-orders').createWithLines(
      { organization_id: o.organizationId, code, supplier_id: supplier, destination_warehouse_id: o.warehouse.id, issuer_id: ctx.actor.id, location_ids: o.warehouse.location_ids, notes: o.notes },
      { items: lines },
      { cause: o.cause },
    );
    made.push({ id: String(order.id), code, lines: lines.length });
  }
  return made;
}

/** A work item naming an inventory part, as "order the missing parts" reads it. */
export interface WorkItemPart {
  id: string;
  product_id: string;
  supplier_id: string | null;
  quantity: string;
}

/**
 * "Order the missing parts" of an estimate or a repair: the items' parts the parts room lacks (what
 * is available goes to the items first, in their order) as draft orders, one per supplier (the
 * item's, else the part's cheapest), into that room, each line tied to its item, whose part status
 * reads "ordered" from then on (purchases/coverage.ts keeps it after). Items already on an order
 * that counts, or in `ordered`, are left as they are.
 */
export async function orderMissingParts(
  ctx: RequestContext,
  o: {
    organizationId: string;
    room: { id: string; location_ids: string[] };
    type: WorkItemType;
    items: readonly WorkItemPart[];
    /** Items the caller knows to be ordered already (a repair's items whose estimate item was). */
    ordered?: ReadonlySet<string>;
    cause: { type: string; id: string };
    notes: string | null;
  },
) {
  const items = o.items.filter((i) => toScaled(i.quantity) > 0n && !o.ordered?.has(i.id));
  const column = purchasesOrderItems[WORK_ITEM_LINKS[o.type]];
  const onOrder = items.length
    ? new Set(
        (await ctx.db
          .select({ item: column })
          .from(purchasesOrderItems)
          .innerJoin(purchasesOrders, eq(purchasesOrders.id, purchasesOrderItems.purchases_order_id))
          .where(and(inArray(column, items.map((i) => i.id)), ne(purchasesOrders.state, 'canceled')))).map((r) => r.item),
      )
    : new Set();
  const wanted = items.filter((i) => !onOrder.has(i.id));
  const ids = [...new Set(wanted.map((i) => i.product_id))];
  const stock = ids.length ? await ctx.db.select().from(warehouseProducts).where(and(eq(warehouseProducts.warehouse_id, o.room.id), inArray(warehouseProducts.product_id, ids))) : [];
  const left = new Map(stock.map((s) => [s.product_id, toScaled(s.quantity_available) > 0n ? toScaled(s.quantity_available) : 0n]));
  const offers = ids.length ? await ctx.db.select().from(supplierProducts).where(inArray(supplierProducts.product_id, ids)).orderBy(asc(supplierProducts.cost)) : [];
  const bySupplier = new Map<string, WantedPart[]>();
  const withoutSupplier: string[] = [];
  for (const item of wanted) {
    const has = left.get(item.product_id) ?? 0n;
    const need = toScaled(item.quantity);
    left.set(item.product_id, has > need ? has - need : 0n);
    if (has >= need) continue;
    const supplier = item.supplier_id ?? offers.find((offer) => offer.product_id === item.product_id)?.supplier_id ?? null;
    if (!supplier) withoutSupplier.push(item.id);
    else bySupplier.set(supplier, [...(bySupplier.get(supplier) ?? []), { product: item.product_id, quantity: scaledToText(need - has), item: { type: o.type, id: item.id } }]);
  }
  const orders = await draftOrders(ctx, { organizationId: o.organizationId, warehouse: o.room, bySupplier, offers, cause: o.cause, notes: o.notes });
  for (const [n, parts] of [...bySupplier.values()].entries())
    await records(ctx, o.type).update(parts.map((p) => p.item!.id), { part_status: 'ordered' }, { cause: { type: 'purchases-orders', id: orders[n].id } });
  return { orders, without_supplier: withoutSupplier };
}

/**
 * POST /{estimations,repairs}/{id}/order-parts, one action for both work documents: its items'
 * parts its location's parts room lacks, drafted by orderMissingParts (409 `noRoom` without a parts
 * room). The document gives its names and `partsOf`: its items naming a part that may need one,
 * and those known to be ordered already.
 */
export function orderMissingPartsAction<R extends { id: string; organization_id: string; location_ids: string[]; code: string | null }>(
  document: { type: 'estimations' | 'repairs'; noun: string; items: WorkItemType; noRoom: MessageKey },
  partsOf: (ctx: RequestContext, record: R) => Promise<{ items: readonly (Omit<WorkItemPart, 'product_id'> & { product_id: string | null })[]; ordered?: ReadonlySet<string> }>,
): RecordAction<R> {
  return {
    permission: 'create purchases orders',
    contract: {
      summary: `Drafts purchase orders (one per supplier) of the inventory parts the ${document.noun}’s items need and its location’s parts room lacks; the items’ part status follows those orders; answers the orders made and the items nobody sells`,
      meta: DRAFTED_ORDERS,
    },
    async handler(ctx, record) {
      const room = await partsRoomOf(ctx, record);
      if (!room) throw new ApiError(409, document.noRoom);
      const { items, ordered } = await partsOf(ctx, record);
      const meta = await orderMissingParts(ctx, {
        organizationId: record.organization_id,
        room,
        type: document.items,
        items: items.map((i) => ({ id: i.id, product_id: i.product_id!, supplier_id: i.supplier_id, quantity: i.quantity })),
        ordered,
        cause: { type: document.type, id: record.id },
        notes: record.code,
      });
      return { meta, log: { ordered: meta.orders.map((o) => o.code) } };
    },
  };
}
