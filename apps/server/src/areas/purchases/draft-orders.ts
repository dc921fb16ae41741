import { inArray } from 'drizzle-orm';
import { nextRecordCode } from '../../db/codes.ts';
import type { RequestContext } from '../../jsonapi/context.ts';
import type { JsonSchema } from '../../jsonapi/define-resource.ts';
import { records } from '../../jsonapi/records.ts';
import { products } from '../inventory/inventory.table.ts';
import { productLine } from '../trade/lines.ts';
import type { supplierProducts } from './purchases.table.ts';

// Draft purchase orders a server action makes (issue 22: a warehouse's reorder, a repair's missing
// parts): one per supplier, into one warehouse, each line a product at that supplier's price
// (else its buying price), priced as the line hook prices; what was made is the actions' meta.

/** A product wanted from a supplier, and the repair item it is for, if any. */
export interface WantedPart {
  product: string;
  quantity: string;
  repairItem?: string;
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
        ...(w.repairItem ? { repair_item_id: w.repairItem } : {}),
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
