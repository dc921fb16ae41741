import { lineTaxes, sumTaxes, type TaxAmount, type TaxRate } from '../taxes/taxes.ts';
import { productCents, SCALE, toScaled, type DecimalInput } from './decimal.ts';
import { discountCents, shopSuppliesCents, type Discount } from './economics.ts';
import { sumWorkTotals, type WorkTotals } from './work-lines.ts';

// What a work document (an estimate, its repair, the repair's invoice) charges above its lines
// (issue 27): shop supplies and a document discount. The order is fixed:
//   1. each line's own discount (work-lines.ts);
//   2. the document discount, an amount or a percentage of the charged lines after their
//      discounts, never more than they are; it is split across the lines' tax groups in
//      proportion to what each group's lines charge (largest remainder, so the parts add up to
//      the cent) and each part is taxed with its group's percentages, as a line discount is (never
//      more tax than the group's lines charge);
//   3. shop supplies: a percentage of the charged labour before any discount (the supplies are
//      used by the work done, whatever its price), at most the cap, not discounted, taxed with
//      the supplies' tax group (Québec taxes them: GST and QST).
// Every part is rounded on its own and printed as a line (the invoice writes one supplies line and
// one deduction line per tax group), so the document's taxes are the sum of its printed lines' to
// the cent (docs/decisions.md "Shop supplies and document discounts").

/** The document's terms, kept on it when it is made (the settings then) or typed on it. */
export interface DocumentTerms {
  /** Percent of the charged labour (0 or nothing: no supplies). */
  supplies_percent?: DecimalInput;
  /** Cents; null: no cap. */
  supplies_cap?: number | null;
  /** The supplies' taxes (the tax group they are charged with). */
  supplies_taxes?: readonly TaxRate[] | null;
  /** The document discount, a percentage of the charged lines… */
  discount_percent?: DecimalInput;
  /** …or an amount in cents (one or the other). */
  discount_amount?: DecimalInput;
}

/** A charged line as the document adds it up: its tax group (any key; null: none) and its totals. */
export interface ChargedLine {
  group: string | null;
  totals: WorkTotals;
}

/** A printed document-level line: the supplies, or the document discount's part of one tax group (negative). */
export interface DocumentPart {
  kind: 'supplies' | 'discount';
  /** The tax group of a discount part (null: the lines without a group); the supplies': null. */
  group: string | null;
  /** Cents before taxes: negative for a discount part. */
  amount: number;
  taxes: TaxAmount[];
}

export interface DocumentTotals extends WorkTotals {
  /** Cents of shop supplies (in the subtotal). */
  supplies: number;
  /** Cents taken off by the document discount (also counted in `discount`). */
  document_discount: number;
  /** The document-level lines as printed (documentParts). */
  charges: DocumentPart[];
}

const given = (v: DecimalInput) => v !== null && v !== undefined && !(typeof v === 'string' && v.trim() === '');
const percentages = (taxes: readonly TaxRate[] | null | undefined) => (taxes ?? []).filter((t) => t.type !== 'amount');

/** The document discount as the domain reads it (economics.ts), or null. */
export function documentDiscount(terms: Pick<DocumentTerms, 'discount_percent' | 'discount_amount'>): Discount | null {
  if (given(terms.discount_amount)) return { kind: 'amount', cents: productCents(terms.discount_amount, 1) };
  if (given(terms.discount_percent)) return { kind: 'percent', percent: terms.discount_percent };
  return null;
}

/**
 * `total` split in proportion to `weights` (each ≥ 0, total ≤ their sum), by largest remainder:
 * the parts add up to `total` exactly and none is above its weight; ties go to the first.
 */
export function allocateCents(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((s, w) => s + Math.max(0, w), 0);
  if (total <= 0 || sum <= 0) return weights.map(() => 0);
  const whole = weights.map((w) => (BigInt(total) * BigInt(Math.max(0, w))) / BigInt(sum));
  const rest = weights.map((w, k) => ({ k, r: (BigInt(total) * BigInt(Math.max(0, w))) % BigInt(sum) }));
  let left = total - whole.reduce((s, p) => s + Number(p), 0);
  rest.sort((a, b) => (a.r === b.r ? a.k - b.k : a.r > b.r ? -1 : 1));
  const parts = whole.map(Number);
  for (const { k } of rest) {
    if (left <= 0) break;
    parts[k] += 1;
    left -= 1;
  }
  return parts;
}

/**
 * The document-level lines of charged lines under `terms`: the document discount's part of each tax
 * group (in the order the groups first appear), then the supplies. `taxesOf` gives a group's taxes.
 */
export function documentParts(lines: readonly ChargedLine[], terms: DocumentTerms, taxesOf: (group: string | null) => readonly TaxRate[]): DocumentPart[] {
  const bases = new Map<string | null, number>();
  // What a discount may take from: the lines after their own discounts, without their environmental
  // fees and core charges (levies and deposits passed on as they are, never discounted).
  for (const l of lines) bases.set(l.group, (bases.get(l.group) ?? 0) + Math.max(0, discountable(l.totals)));
  const groups = [...bases.keys()];
  const subtotal = [...bases.values()].reduce((s, b) => s + b, 0);
  const off = discountCents(subtotal, documentDiscount(terms));
  const out: DocumentPart[] = [];
  allocateCents(off, groups.map((g) => bases.get(g)!)).forEach((part, k) => {
    if (!part) return;
    // Each line's taxes were rounded on their own: a part taking (nearly) all of its group could round
    // a cent past them. It never takes more tax than the group's lines charge (a document discounted
    // in full owes no tax, never a negative one).
    const charged = new Map(sumTaxes(lines.filter((l) => l.group === groups[k]).map((l) => l.totals.taxes)).map((t) => [t.code, t.amount]));
    const taxes = lineTaxes(percentages(taxesOf(groups[k])), -part, '-1').map((t) => ({ code: t.code, amount: Math.max(t.amount, -Math.max(0, charged.get(t.code) ?? 0)) }));
    out.push({ kind: 'discount', group: groups[k], amount: -part, taxes });
  });
  const labour = lines.reduce((s, l) => s + l.totals.labour, 0);
  const supplies = given(terms.supplies_percent) ? shopSuppliesCents(labour, terms.supplies_percent, terms.supplies_cap ?? null) : 0;
  if (supplies) out.push({ kind: 'supplies', group: null, amount: supplies, taxes: lineTaxes(terms.supplies_taxes, supplies, '1') });
  return out;
}

/** What a document discount may take from a line or a document: its subtotal after line discounts, without fees and cores. */
const discountable = (t: Pick<WorkTotals, 'subtotal' | 'part_charges'>) => t.subtotal - (t.part_charges ?? 0);

/**
 * The same base read back from a document's stored totals (its subtotal has the document discount
 * taken off and the supplies added): what the document discount is checked against.
 */
export function documentDiscountBase(totals: Pick<DocumentTotals, 'subtotal' | 'part_charges' | 'supplies' | 'document_discount'>): number {
  return discountable(totals) + totals.document_discount - totals.supplies;
}

/** A document's totals: its charged lines' totals, then its document-level lines (documentParts). */
export function documentTotals(lines: readonly ChargedLine[], terms: DocumentTerms, taxesOf: (group: string | null) => readonly TaxRate[]): DocumentTotals {
  const sum = sumWorkTotals(lines.map((l) => l.totals));
  const charges = documentParts(lines, terms, taxesOf);
  const amount = (kind: DocumentPart['kind']) => charges.filter((p) => p.kind === kind).reduce((s, p) => s + p.amount, 0);
  const [supplies, documentOff] = [amount('supplies'), Math.abs(amount('discount'))];
  const taxes = sumTaxes([sum.taxes, ...charges.map((p) => p.taxes)]);
  const tax = taxes.reduce((s, t) => s + t.amount, 0);
  const subtotal = sum.subtotal - documentOff + supplies;
  return { ...sum, discount: sum.discount + documentOff, subtotal, taxes, tax, total: subtotal + tax, supplies, document_discount: documentOff, charges };
}

export type DocumentTermsProblem = 'discount.both' | 'discount.negative' | 'discount.whole_cents' | 'discount.over_document' | 'supplies.percent' | 'supplies.cap';

/**
 * What is wrong with a document's terms, as a message code and the attribute at fault, or null:
 * supplies 0 to 100 % with a cap of 0 or more; a discount as a line's (a percentage or an amount,
 * not both, never negative, whole cents) never more than `subtotal` (the charged lines after theirs).
 */
export function documentTermsProblem(terms: DocumentTerms, subtotal: number): { code: DocumentTermsProblem; attribute: string } | null {
  const supplies = toScaled(terms.supplies_percent);
  if (supplies < 0n || supplies > 100n * SCALE) return { code: 'supplies.percent', attribute: 'shop_supplies_percent' };
  if (terms.supplies_cap !== null && terms.supplies_cap !== undefined && terms.supplies_cap < 0) return { code: 'supplies.cap', attribute: 'shop_supplies_cap' };
  const [percent, amount] = [given(terms.discount_percent), given(terms.discount_amount)];
  if (percent && amount) return { code: 'discount.both', attribute: 'document_discount_amount' };
  if (percent) {
    const value = toScaled(terms.discount_percent);
    if (value < 0n) return { code: 'discount.negative', attribute: 'document_discount_percent' };
    return value > 100n * SCALE ? { code: 'discount.over_document', attribute: 'document_discount_percent' } : null;
  }
  if (!amount) return null;
  const value = toScaled(terms.discount_amount);
  if (value < 0n) return { code: 'discount.negative', attribute: 'document_discount_amount' };
  if (value % SCALE !== 0n) return { code: 'discount.whole_cents', attribute: 'document_discount_amount' };
  return value / SCALE > BigInt(Math.max(0, subtotal)) ? { code: 'discount.over_document', attribute: 'document_discount_amount' } : null;
}

/** A group's taxes as the lines carry them (each line with its group's `taxes`): what documentParts asks. */
export function taxesOfLines(lines: readonly { tax_group_id?: string | null; taxes?: readonly TaxRate[] | null }[]): (group: string | null) => readonly TaxRate[] {
  const rates = new Map<string | null, readonly TaxRate[]>();
  for (const l of lines) if (!rates.has(l.tax_group_id ?? null)) rates.set(l.tax_group_id ?? null, l.taxes ?? []);
  return (group) => rates.get(group) ?? [];
}

/** A document's pricing as a page receives it: its terms and the taxes of the tax groups its lines name. */
export interface DocumentPricing {
  terms: DocumentTerms;
  groups: { id: string; taxes: TaxRate[] }[];
}

/** The totals of some of a document's lines (those a customer accepts) under its pricing. */
export function pricedTotals(lines: readonly { tax_group_id?: string | null; totals: WorkTotals }[], pricing: DocumentPricing): DocumentTotals {
  const taxes = new Map(pricing.groups.map((g) => [g.id, g.taxes]));
  return documentTotals(lines.map((l) => ({ group: l.tax_group_id ?? null, totals: l.totals })), pricing.terms, (g) => (g ? (taxes.get(g) ?? []) : []));
}
