import { lineTaxes, sumTaxes, type TaxAmount, type TaxRate } from '../taxes/taxes.ts';
import { productCents, roundDiv, SCALE, scaledToText, toScaled, type DecimalInput } from '../lines/decimal.ts';

// The shared rules of trade documents (issue 22 purchases, issue 23 sales): an order with lines,
// deliveries and invoices generated from it in parts, payments against an invoice. Pure, so both
// sides declare their documents on the same rules. Amounts are integer cents, rounded once per
// line (gross, discount, then each tax), and a document's totals are sums of its lines.

export interface TradeLine {
  quantity: DecimalInput;
  /** Cents per unit. */
  unit_price: DecimalInput;
  /** Percent off the line's gross amount (0 to 100). */
  discount?: DecimalInput;
  /** The taxes of the line's tax group; none: not taxed. */
  taxes?: readonly TaxRate[] | null;
}

export interface TradeTotals {
  /** quantity × unit price, cents. */
  gross: number;
  /** Cents taken off by the discount. */
  discount: number;
  /** gross − discount: the pre-tax amount. */
  subtotal: number;
  taxes: TaxAmount[];
  tax: number;
  /** subtotal + tax. */
  total: number;
}

/** One line's totals; taxes apply to the discounted amount. */
export function tradeLineTotals(line: TradeLine): TradeTotals {
  const gross = productCents(line.quantity, line.unit_price);
  const discount = Number(roundDiv(BigInt(gross) * toScaled(line.discount), 100n * SCALE));
  const subtotal = gross - discount;
  const taxes = lineTaxes(line.taxes, subtotal, line.quantity);
  const tax = taxes.reduce((s, t) => s + t.amount, 0);
  return { gross, discount, subtotal, taxes, tax, total: subtotal + tax };
}

/** A document's totals: the sums of its lines' rounded amounts. */
export function tradeTotals(lines: readonly TradeLine[]): TradeTotals {
  const each = lines.map(tradeLineTotals);
  const sum = (k: 'gross' | 'discount' | 'subtotal' | 'tax' | 'total') => each.reduce((s, l) => s + l[k], 0);
  return { gross: sum('gross'), discount: sum('discount'), subtotal: sum('subtotal'), taxes: sumTaxes(each.map((l) => l.taxes)), tax: sum('tax'), total: sum('total') };
}

/** How far an order's quantities are covered by its documents (delivered, invoiced). */
export type Progress = 'pending' | 'partial' | 'complete';

/** An order line and what its generated documents (validated ones only) already cover. */
export interface CoveredLine {
  ordered: DecimalInput;
  covered: DecimalInput;
}

/**
 * Pending while nothing is covered, complete once every line with a quantity is covered in full
 * (over-delivery counts as covered), partial in between. An order without quantities is pending.
 */
export function progress(lines: readonly CoveredLine[]): Progress {
  const counted = lines.filter((l) => toScaled(l.ordered) > 0n);
  if (!counted.length || counted.every((l) => toScaled(l.covered) <= 0n)) return 'pending';
  return counted.every((l) => toScaled(l.covered) >= toScaled(l.ordered)) ? 'complete' : 'partial';
}

/** What remains of a line, as a decimal text never below 0. */
export function remaining(line: CoveredLine): string {
  const left = toScaled(line.ordered) - toScaled(line.covered);
  return scaledToText(left > 0n ? left : 0n);
}

/** An order is completed once all is delivered and all is invoiced. */
export const orderCompleted = (delivery: Progress, invoicing: Progress): boolean => delivery === 'complete' && invoicing === 'complete';

/** The indexes of the requested quantities that exceed what remains (or are not positive). */
export function quantityProblems(lines: readonly CoveredLine[], requested: readonly DecimalInput[]): { index: number; problem: 'trade.quantity_not_positive' | 'trade.quantity_over_remaining'; remaining: string }[] {
  const out: { index: number; problem: 'trade.quantity_not_positive' | 'trade.quantity_over_remaining'; remaining: string }[] = [];
  requested.forEach((q, index) => {
    const line = lines[index];
    if (!line) return;
    const left = remaining(line);
    if (toScaled(q) <= 0n) out.push({ index, problem: 'trade.quantity_not_positive', remaining: left });
    else if (toScaled(q) > toScaled(left)) out.push({ index, problem: 'trade.quantity_over_remaining', remaining: left });
  });
  return out;
}

/** An invoice's payment state: cents paid and still due, derived from its payments. */
export function invoiceBalance(total: number, payments: readonly number[]): { paid: number; balance: number; settled: boolean } {
  const paid = payments.reduce((s, p) => s + p, 0);
  const balance = total - paid;
  return { paid, balance, settled: total > 0 && balance <= 0 };
}

/** Why a payment of `amount` cents cannot be taken against `balance` cents still due, or null. */
export function paymentProblem(amount: number, balance: number): 'trade.payment_not_positive' | 'trade.payment_over_balance' | null {
  if (!(amount > 0)) return 'trade.payment_not_positive';
  if (amount > balance) return 'trade.payment_over_balance';
  return null;
}
