import { productCents, type DecimalInput } from './decimal.ts';

// Lines of a document (estimation and repair items, order and invoice lines): what they add up to.
// Money is integer cents; a quantity may have decimals (2.5 hours), so a line's amount is rounded
// to the cent once, and the total is the sum of the rounded amounts, as a printed document shows it.

export interface PricedLine {
  quantity: DecimalInput;
  /** Cents. */
  unit_price: DecimalInput;
}

/** A line's amount in cents: quantity × unit price, exact, rounded half away from zero. */
export function lineAmount(line: PricedLine): number {
  return productCents(line.quantity, line.unit_price);
}

/** The total of the lines in cents. */
export function linesTotal(lines: readonly PricedLine[]): number {
  return lines.reduce((sum, l) => sum + lineAmount(l), 0);
}
