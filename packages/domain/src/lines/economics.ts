// Estimate economics, pure: shop supplies (a percentage of labour with a cap), discounts (an
// amount or a percentage, never more than the line), the markup matrix (a part's price from its
// cost) and a discount's check against a role's maximum. Amounts in cents, rates as decimals.
import { type DecimalInput, SCALE, roundDiv, toScaled } from './decimal.ts';

/** Shop supplies: `percent` % of the labour, at most `capCents` (no cap when null); never negative. */
export function shopSuppliesCents(labourCents: number, percent: DecimalInput, capCents: number | null): number {
  if (labourCents <= 0) return 0;
  const amount = Number(roundDiv(BigInt(labourCents) * toScaled(percent), 100n * SCALE));
  const positive = Math.max(0, amount);
  return capCents === null ? positive : Math.min(positive, Math.max(0, capCents));
}

export type Discount = { kind: 'amount'; cents: number } | { kind: 'percent'; percent: DecimalInput };

/** The discount on an amount in cents, between 0 and the amount itself. */
export function discountCents(amountCents: number, discount: Discount | null): number {
  if (!discount || amountCents <= 0) return 0;
  const raw =
    discount.kind === 'amount'
      ? discount.cents
      : Number(roundDiv(BigInt(amountCents) * toScaled(discount.percent), 100n * SCALE));
  return Math.min(amountCents, Math.max(0, raw));
}

/** Whether a discount goes past a role's maximum percentage of the amount it reduces. */
export function discountExceedsCap(amountCents: number, discount: Discount, capPercent: DecimalInput): boolean {
  if (discount.kind === 'percent') return toScaled(discount.percent) > toScaled(capPercent);
  // amount × 100 > amount × cap, compared exactly in 1/10 000 units
  return BigInt(discount.cents) * 100n * SCALE > BigInt(Math.max(0, amountCents)) * toScaled(capPercent);
}

/** One row of the markup matrix: costs from `fromCents` (inclusive) get `marginPercent` % on top. */
export interface MarkupRow {
  fromCents: number;
  marginPercent: DecimalInput;
}

/**
 * A part's price from its cost by the matrix: the row with the largest `fromCents` not above the
 * cost; no row applies (empty matrix, cost below every row): the cost itself.
 */
export function markupPriceCents(costCents: number, matrix: readonly MarkupRow[]): number {
  const cost = Math.max(0, costCents);
  const row = matrix
    .filter((r) => r.fromCents <= cost)
    .reduce<MarkupRow | null>((best, r) => (best === null || r.fromCents > best.fromCents ? r : best), null);
  if (!row) return cost;
  const margin = toScaled(row.marginPercent);
  return Math.max(cost, cost + Number(roundDiv(BigInt(cost) * margin, 100n * SCALE)));
}

/** The price a part keeps: what a person typed when there is one, else the matrix's. */
export function partPriceCents(typedCents: number | null, costCents: number, matrix: readonly MarkupRow[]): number {
  return typedCents ?? markupPriceCents(costCents, matrix);
}
