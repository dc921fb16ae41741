import { lineTaxes, sumTaxes, type TaxAmount, type TaxRate } from '../taxes/taxes.ts';
import { productCents, SCALE, toScaled, type DecimalInput } from './decimal.ts';
import { discountCents, type Discount } from './economics.ts';
import { lineAmount } from './lines.ts';
import type { EnvironmentalFeeKind } from './part-charges.ts';

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
  /** A discount on the line (issue 27), a percentage of its parts and labour… */
  discount_percent?: DecimalInput;
  /** …or an amount in cents (one or the other). */
  discount_amount?: DecimalInput;
  /** What the part's environmental fee is for (the printed words; the amount is `environmental_fee`). */
  environmental_fee_kind?: EnvironmentalFeeKind | null;
  /** Cents per unit of the part: its environmental fee (a tire's, a battery's), charged × quantity, taxed, never discounted. */
  environmental_fee?: DecimalInput;
  /** Cents per unit of the part: its core charge, charged × quantity… */
  core_charge?: DecimalInput;
  /** …and credited back in full when the old cores were returned. */
  core_returned?: boolean | null;
}

export interface WorkTotals {
  /** Cents charged for parts. */
  parts: number;
  /** Cents charged for labour. */
  labour: number;
  /** Cents taken off parts + labour by the lines' discounts (never more than they are). */
  discount: number;
  /** Cents of the parts' environmental fees and core charges, less the cores returned (never discounted). */
  part_charges: number;
  /** parts + labour − discount + part_charges: the taxed base. */
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

/** The line's discount as the domain reads it (economics.ts), or null. */
export function lineDiscount(line: Pick<WorkLine, 'discount_percent' | 'discount_amount'>): Discount | null {
  if (given(line.discount_amount)) return { kind: 'amount', cents: productCents(line.discount_amount, 1) };
  if (given(line.discount_percent)) return { kind: 'percent', percent: line.discount_percent };
  return null;
}

/** What a subline is: the environmental fee, the core charge and its credit follow the part (issue 27). */
export type WorkSublineKind = 'parts' | 'labour' | 'discount' | 'environmental_fee' | 'core' | 'core_credit';

/**
 * The parts a line is printed and invoiced as (a repair's invoice writes one invoice line of each,
 * sales/repair-invoice.ts): its part (`quantity` units), its labour (one) and its discount (minus
 * one, the amount off). Each is taxed and rounded on its own, as an invoice line is, so the
 * estimate, the repair and the invoice agree to the cent. Per-unit (amount) taxes apply to the
 * part's units only; labour and discount carry the percentages. The part's environmental fee and
 * core charge (× quantity) follow, each a subline taxed with the percentages (Québec charges GST
 * and QST on both), and the returned cores' credit the same amount negative: the discount never
 * takes from them.
 */
export interface WorkSubline {
  kind: WorkSublineKind;
  /** Cents, before taxes: negative for the discount and the returned cores' credit. */
  amount: number;
  quantity: DecimalInput;
  taxes: TaxAmount[];
}

const percentages = (taxes: readonly TaxRate[] | null | undefined) => (taxes ?? []).filter((t) => t.type !== 'amount');

/** The line's parts and labour before its discount, taxes and warranty: what a discount takes from. */
export function workLineGross(line: WorkLine): number {
  const { parts, labour } = lineValue(line);
  return parts + labour;
}

/** The part's environmental fees and core charges (× quantity), less the cores returned: their sublines' amounts. */
function partCharges(line: WorkLine) {
  const fee = given(line.environmental_fee) ? productCents(line.quantity, line.environmental_fee) : 0;
  const core = given(line.core_charge) ? productCents(line.quantity, line.core_charge) : 0;
  return { fee, core, credit: line.core_returned ? core : 0 };
}

/** The sublines of a charged line (not under warranty); a line discounted in full is one free part, with its part charges. */
export function workSublines(line: WorkLine): WorkSubline[] {
  const { parts, labour } = lineValue(line);
  const discount = discountCents(parts + labour, lineDiscount(line));
  const charges = partCharges(line);
  const rated = percentages(line.taxes);
  const charge = (kind: WorkSubline['kind'], amount: number, quantity: DecimalInput): WorkSubline => ({ kind, amount, quantity, taxes: lineTaxes(rated, amount, quantity) });
  const after: WorkSubline[] = [];
  if (charges.fee) after.push(charge('environmental_fee', charges.fee, line.quantity));
  if (charges.core) after.push(charge('core', charges.core, line.quantity));
  if (charges.credit) after.push(charge('core_credit', -charges.credit, `-${String(line.quantity ?? 0)}`));
  // A line discounted in full is free, as a warranty line is: its parts are invoiced at zero, untaxed
  // (taxing the part, the labour and the discount each, rounded, could leave a cent of negative tax).
  if (discount > 0 && discount >= parts + labour) return [{ kind: 'parts', amount: 0, quantity: line.quantity, taxes: lineTaxes(line.taxes, 0, 0) }, ...after];
  const out: WorkSubline[] = [{ kind: 'parts', amount: parts, quantity: line.quantity, taxes: lineTaxes(line.taxes, parts, line.quantity) }];
  if (labour) out.push({ kind: 'labour', amount: labour, quantity: '1', taxes: lineTaxes(rated, labour, '1') });
  if (discount) out.push({ kind: 'discount', amount: -discount, quantity: '-1', taxes: lineTaxes(rated, -discount, '-1') });
  return [...out, ...after];
}

/** One line's totals: a warranty line costs the customer nothing (its taxes neither). */
export function workLineTotals(line: WorkLine): WorkTotals {
  const { parts, labour } = lineValue(line);
  if (line.warranty) {
    const taxes = lineTaxes(line.taxes, 0, 0);
    const charges = partCharges(line);
    return { parts: 0, labour: 0, discount: 0, part_charges: 0, subtotal: 0, taxes, tax: 0, total: 0, warranty: parts + labour + charges.fee + charges.core - charges.credit };
  }
  const sublines = workSublines(line);
  const discount = discountCents(parts + labour, lineDiscount(line));
  const part_charges = sublines.filter((s) => s.kind === 'environmental_fee' || s.kind === 'core' || s.kind === 'core_credit').reduce((n, s) => n + s.amount, 0);
  const subtotal = parts + labour - discount + part_charges;
  // Every tax code of the group, in its order, even at zero (a line's detail names them all).
  const taxes = sumTaxes([lineTaxes(line.taxes, 0, 0), ...sublines.map((s) => s.taxes)]);
  const tax = taxes.reduce((s, t) => s + t.amount, 0);
  return { parts, labour, discount, part_charges, subtotal, taxes, tax, total: subtotal + tax, warranty: 0 };
}

/** The sum of lines' totals. */
export function sumWorkTotals(lines: readonly WorkTotals[]): WorkTotals {
  const sum = (k: 'parts' | 'labour' | 'discount' | 'part_charges' | 'subtotal' | 'tax' | 'total' | 'warranty') => lines.reduce((s, l) => s + (l[k] ?? 0), 0);
  return {
    parts: sum('parts'),
    labour: sum('labour'),
    discount: sum('discount'),
    part_charges: sum('part_charges'),
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

export type DiscountProblem = 'discount.both' | 'discount.negative' | 'discount.whole_cents' | 'discount.over_line';

/**
 * What is wrong with a line's discount, as a message code, or null: a percentage or an amount,
 * not both; never negative; an amount in whole cents; never more than the line (100 % or its
 * parts and labour).
 */
export function lineDiscountProblem(line: WorkLine): DiscountProblem | null {
  const [percent, amount] = [given(line.discount_percent), given(line.discount_amount)];
  if (percent && amount) return 'discount.both';
  if (percent) {
    const value = toScaled(line.discount_percent);
    if (value < 0n) return 'discount.negative';
    return value > 100n * SCALE ? 'discount.over_line' : null;
  }
  if (!amount) return null;
  const value = toScaled(line.discount_amount);
  if (value < 0n) return 'discount.negative';
  if (value % SCALE !== 0n) return 'discount.whole_cents';
  const { parts, labour } = lineValue(line);
  return value / SCALE > BigInt(parts + labour) ? 'discount.over_line' : null;
}
