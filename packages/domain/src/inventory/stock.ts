import { SCALE, roundDiv, scaledToText, toScaled, type DecimalInput } from '../lines/decimal.ts';
import { MOVEMENT_WAREHOUSES, type StockMovementType, type WarehouseSide } from './stock-movements.ts';

// The stock a movement changes, as pure arithmetic (issue 22). Quantities have decimals (litres
// of fluid): they are kept exact in 1/10 000 units (lines/decimal.ts). A warehouse's product
// keeps its quantity on hand and the value of that stock in cents; the average cost is the value
// over the quantity, so receipts weigh it by their quantities and every change is undone exactly
// by its opposite (what canceling a validated movement does).

/** A product's stock in one warehouse: quantity (1/10 000 units), value and average cost (cents). */
export interface Stock {
  quantity: bigint;
  value: bigint;
  /** Cents per unit; kept as it was while nothing is on hand. */
  averageCost: number;
}

/** What one line does to one warehouse's stock: quantity and value added (negative: removed). */
export interface StockChange {
  side: WarehouseSide;
  quantity: bigint;
  value: bigint;
}

export const emptyStock = (): Stock => ({ quantity: 0n, value: 0n, averageCost: 0 });

/** The stock as stored (numeric quantity text, cents). */
export const stockOf = (row: { quantity_on_hand: DecimalInput; stock_value: number | string | bigint; average_cost: number }): Stock => ({
  quantity: toScaled(row.quantity_on_hand),
  value: BigInt(row.stock_value),
  averageCost: row.average_cost,
});

/** The stock after a change; the average follows the value while there is stock. */
export function applyChange(stock: Stock, change: { quantity: bigint; value: bigint }): Stock {
  const quantity = stock.quantity + change.quantity;
  const value = stock.value + change.value;
  return { quantity, value, averageCost: quantity > 0n ? Number(roundDiv(value * SCALE, quantity)) : stock.averageCost };
}

/** The value of `quantity` units taken out at the stock's average (all of it: its whole value, to the cent). */
function valueOut(stock: Stock, quantity: bigint): bigint {
  if (stock.quantity > 0n && quantity === stock.quantity) return stock.value;
  if (stock.quantity > 0n) return roundDiv(stock.value * quantity, stock.quantity);
  return roundDiv(BigInt(stock.averageCost) * quantity, SCALE);
}

export interface MovementLine {
  quantity: DecimalInput;
  /** Cents per unit of a receipt (add; a count that finds more); absent: the stock's average. */
  unitCost?: number | null;
}

/**
 * What a line of a movement does to the warehouses' stock of its product: an add receives at its
 * unit cost, a remove takes out at the average cost, a move carries the source's average to the
 * destination, a count (correct) sets the quantity counted.
 */
export function lineChanges(type: StockMovementType, line: MovementLine, stocks: Partial<Record<WarehouseSide, Stock>>): StockChange[] {
  const quantity = toScaled(line.quantity);
  const at = (side: WarehouseSide) => stocks[side] ?? emptyStock();
  const received = (stock: Stock, q: bigint) => roundDiv(BigInt(line.unitCost ?? stock.averageCost) * q, SCALE);
  switch (type) {
    case 'add':
      return [{ side: 'destination', quantity, value: received(at('destination'), quantity) }];
    case 'remove':
      return [{ side: 'source', quantity: -quantity, value: -valueOut(at('source'), quantity) }];
    case 'move': {
      const value = valueOut(at('source'), quantity);
      return [
        { side: 'source', quantity: -quantity, value: -value },
        { side: 'destination', quantity, value },
      ];
    }
    case 'correct': {
      const stock = at('destination');
      const delta = quantity - stock.quantity;
      return [{ side: 'destination', quantity: delta, value: delta >= 0n ? received(stock, delta) : -valueOut(stock, -delta) }];
    }
  }
}

/** The change that undoes another. */
export const reversed = (change: StockChange): StockChange => ({ side: change.side, quantity: -change.quantity, value: -change.value });

/** The warehouses a type of movement works on. */
export const sidesOf = (type: StockMovementType): WarehouseSide[] => (['source', 'destination'] as const).filter((s) => MOVEMENT_WAREHOUSES[type][s]);

/** The key of a product's stock in a warehouse. */
export const stockKey = (warehouseId: string, productId: string) => `${warehouseId}:${productId}`;

export interface MovementPlan {
  warehouses: Partial<Record<WarehouseSide, string | null>>;
  /** The registered products' lines (a free line changes no stock). */
  lines: (MovementLine & { product: string })[];
}

/** A line that would take a stock below zero in a warehouse that refuses it: what is there before it. */
export interface Shortage {
  line: number;
  warehouse: string;
  product: string;
  available: bigint;
}

export type MovementOutcome = { ok: true; stocks: Map<string, Stock>; changes: StockChange[][] } | { ok: false; shortage: Shortage };

/**
 * Applies changes line by line to the stocks (keyed by stockKey; a missing one is empty), in order,
 * refusing the first that takes a stock below zero where `negativeAllowed` says no. `changesOf`
 * gives each line's changes from the stocks as they are then (lineChanges, or a reversal).
 */
function applyLines(plan: MovementPlan, stocks: ReadonlyMap<string, Stock>, negativeAllowed: (warehouse: string) => boolean, changesOf: (line: number, at: Partial<Record<WarehouseSide, Stock>>) => StockChange[]): MovementOutcome {
  const next = new Map(stocks);
  const all: StockChange[][] = [];
  for (const [i, line] of plan.lines.entries()) {
    const keyOf = (side: WarehouseSide) => stockKey(plan.warehouses[side] ?? '', line.product);
    const at = Object.fromEntries((['source', 'destination'] as const).filter((s) => plan.warehouses[s]).map((s) => [s, next.get(keyOf(s)) ?? emptyStock()]));
    const changes = changesOf(i, at);
    for (const change of changes) {
      const warehouse = plan.warehouses[change.side] ?? '';
      const before = next.get(keyOf(change.side)) ?? emptyStock();
      const after = applyChange(before, change);
      if (change.quantity < 0n && after.quantity < 0n && !negativeAllowed(warehouse)) return { ok: false, shortage: { line: i, warehouse, product: line.product, available: before.quantity } };
      next.set(keyOf(change.side), after);
    }
    all.push(changes);
  }
  return { ok: true, stocks: next, changes: all };
}

/** Validating a movement: every line applied, or the first shortage. */
export const applyMovement = (type: StockMovementType, plan: MovementPlan, stocks: ReadonlyMap<string, Stock>, negativeAllowed: (warehouse: string) => boolean) =>
  applyLines(plan, stocks, negativeAllowed, (i, at) => lineChanges(type, plan.lines[i], at));

/** Canceling a validated movement: each line's recorded changes undone, refused by the same rule. */
export const reverseMovement = (plan: MovementPlan, applied: readonly StockChange[][], stocks: ReadonlyMap<string, Stock>, negativeAllowed: (warehouse: string) => boolean) =>
  applyLines(plan, stocks, negativeAllowed, (i) => (applied[i] ?? []).map(reversed));

/** A quantity as shown and stored: "12.5". */
export const quantityText = (scaled: bigint) => scaledToText(scaled);
