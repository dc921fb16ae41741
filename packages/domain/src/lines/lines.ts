// Lines of a document (estimation and repair items, order and invoice lines): what they add up to.
// Money is integer cents; a quantity may have decimals (2.5 hours), so a line's amount is rounded
// to the cent once, and the total is the sum of the rounded amounts, as a printed document shows it.

export interface PricedLine {
  quantity: number | string | null | undefined;
  /** Cents. */
  unit_price: number | string | null | undefined;
}

const numberOf = (v: number | string | null | undefined) => {
  const n = typeof v === 'string' ? Number(v) : (v ?? 0);
  return Number.isFinite(n) ? n : 0;
};

/** A line's amount in cents: quantity × unit price, rounded half away from zero. */
export function lineAmount(line: PricedLine): number {
  const exact = numberOf(line.quantity) * numberOf(line.unit_price);
  return Math.sign(exact) * Math.round(Math.abs(exact));
}

/** The total of the lines in cents. */
export function linesTotal(lines: readonly PricedLine[]): number {
  return lines.reduce((sum, l) => sum + lineAmount(l), 0);
}
