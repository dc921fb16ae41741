import { lineTaxes, sumTaxes, type TaxAmount, type TaxRate } from '../taxes/taxes.ts';
import { productCents, type DecimalInput } from './decimal.ts';
import { lineAmount } from './lines.ts';

// The parts-and-labour lines of estimations and repairs (issue 12): what each line and the whole
// document cost the customer, in integer cents. Every amount is rounded once, on its line (parts,
// labour, then each tax); a document's totals are sums of its lines' rounded amounts, so the
// printed lines always add up to the printed total (docs/decisions.md "Totals of estimations and repairs").

export interface WorkLine {
  quantity: DecimalInput;
  /** Cents per unit of the part. */
  unit_price: DecimalInput;
  /** Cents: a labour price set by hand, which replaces time × hourly rate (0 is free labour). */
  manual_labour?: DecimalInput;
  /** Hours. */
  time: DecimalInput;
  /** Cents per hour. */
  hourly_rate: DecimalInput;
  /** The taxes of the line's tax group; none: not taxed. */
  taxes?: readonly TaxRate[] | null;
  /** Done under warranty: nothing is charged to the customer (its value is shown apart). */
  warranty?: boolean;
}

export interface WorkTotals {
  /** Cents charged for parts. */
  parts: number;
  /** Cents charged for labour. */
  labour: number;
  /** parts + labour. */
  subtotal: number;
  /** By tax code, in the order the codes first appear. */
  taxes: TaxAmount[];
  /** The sum of the taxes. */
  tax: number;
  /** subtotal + tax: what the customer pays. */
  total: number;
  /** What the warranty covers (parts and labour of warranty lines, before taxes). */
  warranty: number;
}

const given = (v: DecimalInput) => v !== null && v !== undefined && !(typeof v === 'string' && v.trim() === '');

/** The line's parts and labour before taxes and warranty. */
function lineValue(line: WorkLine) {
  const parts = lineAmount(line);
  const labour = given(line.manual_labour) ? productCents(line.manual_labour, 1) : productCents(line.time, line.hourly_rate);
  return { parts, labour };
}

/** One line's totals: a warranty line costs the customer nothing (its taxes neither). */
export function workLineTotals(line: WorkLine): WorkTotals {
  const { parts, labour } = lineValue(line);
  if (line.warranty) {
    const taxes = lineTaxes(line.taxes, 0, 0);
    return { parts: 0, labour: 0, subtotal: 0, taxes, tax: 0, total: 0, warranty: parts + labour };
  }
  const subtotal = parts + labour;
  const taxes = lineTaxes(line.taxes, subtotal, line.quantity);
  const tax = taxes.reduce((s, t) => s + t.amount, 0);
  return { parts, labour, subtotal, taxes, tax, total: subtotal + tax, warranty: 0 };
}

/** The sum of lines' totals. */
export function sumWorkTotals(lines: readonly WorkTotals[]): WorkTotals {
  const sum = (k: 'parts' | 'labour' | 'subtotal' | 'tax' | 'total' | 'warranty') => lines.reduce((s, l) => s + l[k], 0);
  return {
    parts: sum('parts'),
    labour: sum('labour'),
    subtotal: sum('subtotal'),
    taxes: sumTaxes(lines.map((l) => l.taxes)),
    tax: sum('tax'),
    total: sum('total'),
    warranty: sum('warranty'),
  };
}

/** The totals of a document's lines. */
export function workTotals(lines: readonly WorkLine[]): WorkTotals {
  return sumWorkTotals(lines.map(workLineTotals));
}
