import { scaledToText, toScaled, type DecimalInput } from '../lines/decimal.ts';

// Reordering (issue 22): the parts at or below their minimum in a warehouse, each ordered up to
// its maximum (its minimum when it has none) less what is on hand and what is already on order,
// grouped by the supplier it is bought from. Pure: the server reads the stock and the open orders.

export interface StockToReorder {
  product: string;
  /** Who it is bought from (the stock row's supplier, else the product's cheapest); none: it cannot be ordered. */
  supplier: string | null;
  available: DecimalInput;
  minimum: DecimalInput | null;
  maximum: DecimalInput | null;
  /** Ordered to this warehouse and not yet received (draft and validated orders). */
  onOrder: DecimalInput;
}

export interface Reorder {
  /** By supplier: the products and how many of each to order. */
  bySupplier: Map<string, { product: string; quantity: string }[]>;
  /** Below their minimum with nobody to buy them from. */
  withoutSupplier: string[];
}

/** How many to order of one stock row (0: none), as a decimal text. */
export function quantityToOrder(s: Omit<StockToReorder, 'product' | 'supplier'>): string {
  if (s.minimum === null || s.minimum === undefined) return '0';
  const available = toScaled(s.available);
  if (available > toScaled(s.minimum)) return '0';
  const target = toScaled(s.maximum ?? s.minimum);
  const missing = target - available - toScaled(s.onOrder);
  return scaledToText(missing > 0n ? missing : 0n);
}

export function reorder(stocks: readonly StockToReorder[]): Reorder {
  const bySupplier = new Map<string, { product: string; quantity: string }[]>();
  const withoutSupplier: string[] = [];
  for (const s of stocks) {
    const quantity = quantityToOrder(s);
    if (toScaled(quantity) <= 0n) continue;
    if (!s.supplier) withoutSupplier.push(s.product);
    else bySupplier.set(s.supplier, [...(bySupplier.get(s.supplier) ?? []), { product: s.product, quantity }]);
  }
  return { bySupplier, withoutSupplier };
}
