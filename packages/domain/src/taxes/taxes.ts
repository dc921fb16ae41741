import { roundDiv, SCALE, toScaled, type DecimalInput } from '../lines/decimal.ts';
import { defineEnum } from '../enums.ts';

// Taxes of a tax group (spec §3 Tax group: code, rate, type percentage or amount). Each tax is
// computed on the line's pre-tax amount, never on another tax (Québec's QST has not been charged
// on the GST since 2013), and rounded to the cent per line and per tax (docs/decisions.md "Taxes").

export const [TAX_TYPES, TAX_TYPE_LABELS] = defineEnum('tax_types', ['percentage', 'amount']);
export type TaxType = (typeof TAX_TYPES)[number];

/** A tax as a group holds it: a percentage (9.975) or an amount in dollars per unit (4.00). */
export interface TaxRate {
  code: string;
  rate: DecimalInput;
  type: TaxType | string;
}

export interface TaxAmount {
  code: string;
  /** Cents. */
  amount: number;
}

/**
 * The taxes of one line: a percentage of its pre-tax amount (cents), or an amount per unit of its
 * quantity (a tire levy: 4 tires × 3.00 $). Each is rounded half away from zero, once.
 */
export function lineTaxes(taxes: readonly TaxRate[] | null | undefined, base: number, quantity: DecimalInput): TaxAmount[] {
  return (taxes ?? []).map((t) => ({
    code: t.code,
    amount:
      t.type === 'amount'
        ? // dollars × 100 = cents; both factors carry four decimals
          Number(roundDiv(toScaled(quantity) * toScaled(t.rate) * 100n, SCALE * SCALE))
        : // percent / 100; the rate carries four decimals
          Number(roundDiv(BigInt(base) * toScaled(t.rate), 100n * SCALE)),
  }));
}

/**
 * What is wrong with a tax's rate, as a message code, or null: a percentage is 0 to 100, an amount
 * 0 or more, both with four decimals at most (what the totals keep).
 */
export function taxRateProblem(tax: Pick<TaxRate, 'rate' | 'type'>): 'tax.rate_invalid' | 'tax.rate_negative' | 'tax.rate_over_100' | 'tax.rate_decimals' | null {
  const text = typeof tax.rate === 'number' ? String(tax.rate) : (tax.rate ?? '').trim();
  const m = /^(-?)\d+(?:\.(\d+))?$/.exec(text);
  if (!m) return 'tax.rate_invalid';
  if (m[1] && toScaled(text) !== 0n) return 'tax.rate_negative';
  if ((m[2]?.replace(/0+$/, '').length ?? 0) > 4) return 'tax.rate_decimals';
  if (tax.type !== 'amount' && toScaled(text) > 100n * SCALE) return 'tax.rate_over_100';
  return null;
}

/** Adds tax amounts by code, in the order the codes first appear. */
export function sumTaxes(lists: readonly (readonly TaxAmount[])[]): TaxAmount[] {
  const byCode = new Map<string, number>();
  for (const list of lists) for (const t of list) byCode.set(t.code, (byCode.get(t.code) ?? 0) + t.amount);
  return [...byCode].map(([code, amount]) => ({ code, amount }));
}
