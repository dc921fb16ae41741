import { applyMovement, quantityText, reverseMovement, sidesOf, stockKey, stockOf, type MovementPlan, type Stock, type StockChange, type StockMovementType } from '@atelier/domain';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { RequestContext } from '../../jsonapi/context.ts';
import type { RowOf } from '../../jsonapi/define-resource.ts';
import { ApiError } from '../../jsonapi/errors.ts';
import { products, stockMovementItems, type stockMovements, warehouseProducts, warehouses } from './inventory.table.ts';

// Where a stock movement meets the stock (issue 22): the pure rules are the domain's
// (inventory/stock.ts); here the rows they read and write, in the action's transaction. The
// warehouse-product rows a movement touches are locked in one stable order (by id), so
// concurrent validations on the same products wait for each other and never oversell, and never
// deadlock. These writes are the stock ledger's own: warehouse-products are written by the
// movements only (read only through the API), and the lines keep what was applied to them.

type MovementRow = RowOf<typeof stockMovements>;
type Applied = NonNullable<RowOf<typeof stockMovementItems>['applied']>;


/** The movement's lines, checked for what validating needs: some lines, free lines only where the warehouses allow them. */
async function linesOf(ctx: RequestContext, row: MovementRow, sides: ('source' | 'destination')[]) {
  const items = await ctx.db.select().from(stockMovementItems).where(eq(stockMovementItems.stock_movement_id, row.id)).orderBy(asc(stockMovementItems.position), asc(stockMovementItems.id));
  if (!items.length) throw new ApiError(409, 'stock_movement.no_items');
  const ids = sides.map((s) => (s === 'source' ? row.source_warehouse_id : row.destination_warehouse_id)).filter((id): id is string => !!id);
  if (ids.length !== sides.length) throw new ApiError(409, 'stock_movement.warehouse_required');
  const places = await ctx.db.select().from(warehouses).where(inArray(warehouses.id, ids));
  const free = items.findIndex((i) => !i.product_id);
  const refusing = places.find((w) => !w.allow_unregistered_products);
  if (free >= 0 && refusing) throw new ApiError(409, 'stock_movement.unregistered_refused', { line: free + 1, warehouse: refusing.name });
  return { items, places };
}

/** Makes the missing stock rows (in key order), then locks every row the movement touches, by id. */
async function lockStocks(ctx: RequestContext, row: MovementRow, warehouseIds: string[], productIds: string[]) {
  const places = await ctx.db.select({ id: warehouses.id, location_ids: warehouses.location_ids }).from(warehouses).where(inArray(warehouses.id, warehouseIds));
  const missing = places
    .flatMap((w) => productIds.map((p) => ({ organization_id: row.organization_id, warehouse_id: w.id, product_id: p, location_ids: w.location_ids })))
    .sort((a, b) => stockKey(a.warehouse_id, a.product_id).localeCompare(stockKey(b.warehouse_id, b.product_id)));
  // direct write: the stock rows a movement needs, made before they are locked; stock is kept by movements only (never through the API)
  if (missing.length) await ctx.db.insert(warehouseProducts).values(missing).onConflictDoNothing({ target: [warehouseProducts.warehouse_id, warehouseProducts.product_id] });
  return ctx.db
    .select()
    .from(warehouseProducts)
    .where(and(inArray(warehouseProducts.warehouse_id, warehouseIds), inArray(warehouseProducts.product_id, productIds)))
    .orderBy(asc(warehouseProducts.id))
    .for('update');
}

/**
 * Validates (apply) or cancels (reverse) a movement's effect on the stock: every line at once, or
 * none (409 naming the product and what is available, where the warehouse refuses negative stock).
 */
export async function moveStock(ctx: RequestContext, row: MovementRow, mode: 'apply' | 'reverse'): Promise<void> {
  const type = row.type as StockMovementType;
  const sides = sidesOf(type);
  const { items, places } = await linesOf(ctx, row, sides);
  const registered = items.filter((i): i is typeof i & { product_id: string } => !!i.product_id);
  if (!registered.length) return;
  const plan: MovementPlan = {
    warehouses: { source: sides.includes('source') ? row.source_warehouse_id : null, destination: sides.includes('destination') ? row.destination_warehouse_id : null },
    lines: registered.map((i) => ({ product: i.product_id, quantity: i.quantity, unitCost: i.unit_cost })),
  };
  const productIds = [...new Set(registered.map((i) => i.product_id))];
  const locked = await lockStocks(ctx, row, places.map((w) => w.id), productIds);
  const stocks = new Map<string, Stock>(locked.map((s) => [stockKey(s.warehouse_id, s.product_id), stockOf(s)]));
  const negativeAllowed = (id: string) => places.some((w) => w.id === id && w.allow_negative_stock);
  const applied = registered.map((i) => (i.applied ?? []).map((c): StockChange => ({ side: c.side, quantity: BigInt(c.quantity), value: BigInt(c.value) })));
  const outcome = mode === 'apply' ? applyMovement(type, plan, stocks, negativeAllowed) : reverseMovement(plan, applied, stocks, negativeAllowed);
  if (!outcome.ok) {
    const { shortage } = outcome;
    const [product] = await ctx.db.select({ sku: products.sku, name: products.name }).from(products).where(eq(products.id, shortage.product));
    const warehouse = places.find((w) => w.id === shortage.warehouse);
    throw new ApiError(409, 'stock_movement.insufficient_stock', {
      product: `${product.sku} · ${product.name}`,
      // A number: the message writes it as the reader does (i18n t()).
      available: Number(quantityText(shortage.available)),
      warehouse: warehouse?.name ?? '',
    });
  }
  for (const s of locked) {
    const next = outcome.stocks.get(stockKey(s.warehouse_id, s.product_id));
    const before = stockOf(s);
    if (!next || (next.quantity === before.quantity && next.value === before.value && next.averageCost === before.averageCost)) continue;
    // direct write: the validated movement applied to the rows it locked, in its action's transaction (the movement's log records it)
    await ctx.db
      .update(warehouseProducts)
      .set({ quantity_on_hand: quantityText(next.quantity), stock_value: Number(next.value), average_cost: next.averageCost, updated_at: sql`now()` })
      .where(eq(warehouseProducts.id, s.id));
  }
  if (mode === 'apply') {
    // What each line applied, by line id, written in one statement (a movement of 100 lines is one update, not 100).
    const applied = Object.fromEntries(registered.map((item, n): [string, Applied] => [item.id, outcome.changes[n].map((c) => ({ side: c.side, quantity: String(c.quantity), value: String(c.value) }))]));
    // direct write: what each line applied, kept for its exact reversal (part of the validation the movement's log records)
    await ctx.db
      .update(stockMovementItems)
      .set({ applied: sql`${JSON.stringify(applied)}::jsonb -> (${stockMovementItems.id}::text)` })
      .where(inArray(stockMovementItems.id, Object.keys(applied)));
  }
}
