import { defineEnum } from '../enums.ts';
import { PROVINCES } from '../locale.ts';
import type { Province } from '../taxes/canadian-taxes.ts';
import { productCents, type DecimalInput } from './decimal.ts';
import type { MarkupRow } from './economics.ts';

// What a part carries beyond its price (issue 27): an environmental fee per unit (tires and
// batteries, an amount the province sets, kept by province in the settings) and a core charge
// (refunded when the old part comes back). The settings' markup matrix prices a part from its
// cost (economics.ts markupPriceCents). Amounts in cents.

/** What a product's environmental fee is for; none: it carries none. */
export const [ENVIRONMENTAL_FEE_KINDS, ENVIRONMENTAL_FEE_KIND_LABELS] = defineEnum('environmental_fee_kinds', ['tire', 'battery']);
export type EnvironmentalFeeKind = (typeof ENVIRONMENTAL_FEE_KINDS)[number];

/** The fee per unit of each kind, by province (option `estimations.environmental_fees`). */
export type EnvironmentalFees = Partial<Record<Province, Partial<Record<EnvironmentalFeeKind, number>>>>;

/**
 * The fees a new organization starts with: Québec's, as EXAMPLES to check against the programmes
 * in force (RECYC-QUÉBEC's fee on new tires, the lead-acid battery recovery programme's); the
 * shop corrects them in its settings. Other provinces start with none.
 */
export const DEFAULT_ENVIRONMENTAL_FEES: EnvironmentalFees = { QC: { tire: 300, battery: 300 } };

/** A fee or a core charge at most (cents): 10 000 $, beyond it a typing slip. */
export const PART_CHARGE_MAX_CENTS = 1_000_000;
/** Rows of the markup matrix at most. */
export const MARKUP_ROWS_MAX = 50;

const isCents = (v: unknown, max = PART_CHARGE_MAX_CENTS): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 0 && v <= max;

/** The fee per unit of a kind in a province, in cents (0: none set). */
export function environmentalFeeCents(fees: unknown, province: string | null | undefined, kind: EnvironmentalFeeKind): number {
  const parsed = parseEnvironmentalFees(fees);
  if (!parsed || !province || !Object.hasOwn(parsed, province)) return 0;
  const byKind = parsed[province as Province]!;
  return Object.hasOwn(byKind, kind) ? (byKind[kind] ?? 0) : 0;
}

/** The fees option as stored, checked: provinces known, amounts whole cents within the maximum; null when not. */
export function parseEnvironmentalFees(value: unknown): EnvironmentalFees | null {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return null;
  const out: EnvironmentalFees = {};
  for (const [province, byKind] of Object.entries(value)) {
    if (!(PROVINCES as readonly string[]).includes(province) || !byKind || typeof byKind !== 'object' || Array.isArray(byKind)) return null;
    const amounts: Partial<Record<EnvironmentalFeeKind, number>> = {};
    for (const [kind, cents] of Object.entries(byKind)) {
      if (!(ENVIRONMENTAL_FEE_KINDS as readonly string[]).includes(kind) || !isCents(cents)) return null;
      amounts[kind as EnvironmentalFeeKind] = cents;
    }
    out[province as Province] = amounts;
  }
  return out;
}

/**
 * The markup matrix option as stored, checked: rows of a cost from (whole cents, 0 or more, each
 * different) and a margin (a percentage 0 to 1000 with 4 decimals at most), ordered by cost; null when not.
 */
export function parseMarkupMatrix(value: unknown): MarkupRow[] | null {
  if (!Array.isArray(value) || value.length > MARKUP_ROWS_MAX) return null;
  const rows: MarkupRow[] = [];
  for (const row of value as unknown[]) {
    if (!row || typeof row !== 'object') return null;
    const { fromCents, marginPercent } = row as Record<string, unknown>;
    const margin = typeof marginPercent === 'number' ? String(marginPercent) : marginPercent;
    if (!isCents(fromCents, 100_000_000) || typeof margin !== 'string' || !/^\d{1,4}(\.\d{1,4})?$/.test(margin) || Number(margin) > 1000) return null;
    rows.push({ fromCents, marginPercent: margin });
  }
  if (new Set(rows.map((r) => r.fromCents)).size !== rows.length) return null;
  return rows.sort((a, b) => a.fromCents - b.fromCents);
}

/**
 * The margin of a price over its cost, as the matrix speaks of it: a percentage of the cost, one
 * decimal (null: no cost, a cost of zero, or no price).
 */
export function marginPercent(priceCents: number | null | undefined, costCents: number | null | undefined): number | null {
  if (priceCents === null || priceCents === undefined || costCents === null || costCents === undefined || costCents <= 0) return null;
  return Math.round(((priceCents - costCents) * 1000) / costCents) / 10;
}

/** What a document prints under a line's part (issue 27): its environmental fee and its core charge, each × quantity, and whether the cores came back. */
export interface PartChargeLines {
  fee: { kind: EnvironmentalFeeKind | null; amount: number } | null;
  core: { amount: number; returned: boolean } | null;
}

export function partChargeLines(item: {
  quantity: DecimalInput;
  environmental_fee_kind?: EnvironmentalFeeKind | null;
  environmental_fee?: DecimalInput;
  core_charge?: DecimalInput;
  core_returned?: boolean | null;
}): PartChargeLines {
  const fee = item.environmental_fee ? productCents(item.quantity, item.environmental_fee) : 0;
  const core = item.core_charge ? productCents(item.quantity, item.core_charge) : 0;
  return { fee: fee ? { kind: item.environmental_fee_kind ?? null, amount: fee } : null, core: core ? { amount: core, returned: item.core_returned === true } : null };
}
