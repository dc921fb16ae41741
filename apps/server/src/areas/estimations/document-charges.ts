import { discountExceedsCap, documentDiscount, documentDiscountBase, documentTermsProblem, type DocumentTerms, type DocumentTotals, type TaxRate } from '@atelier/domain';
import type { Db } from '../../db/client.ts';
import type { RequestContext } from '../../jsonapi/context.ts';
import type { WriteInput } from '../../jsonapi/define-resource.ts';
import { ApiError, attributePointer } from '../../jsonapi/errors.ts';
import { formatQuantity } from '../../reports/format.ts';
import { taxesOfGroups } from '../../reports/document-data.ts';
import { APPLY_DISCOUNTS, discountCap } from './discounts.ts';

// An estimate's and a repair's charges above their lines (issue 27; the domain's
// lines/document-charges.ts): the shop supplies' terms an estimate takes from the settings when it
// is made (kept on it: a later change of the settings never changes a quote given) and hands its
// repair; the document discount, checked as a line's (discounts.ts). The documents' totals are
// their items' relationship `derive`, which reads these columns (`dependsOn`).

/** The columns the totals read besides the lines. */
export const TERM_COLUMNS = ['shop_supplies_percent', 'shop_supplies_cap', 'shop_supplies_tax_group_id', 'document_discount_percent', 'document_discount_amount'] as const;
export type TermColumns = { [K in (typeof TERM_COLUMNS)[number]]?: unknown };

const DISCOUNT = ['document_discount_percent', 'document_discount_amount'] as const;

/** A document row's terms as the domain reads them, with the taxes of the supplies' group. */
export function termsOf(row: TermColumns, taxes: ReadonlyMap<string, TaxRate[]>): DocumentTerms {
  const cap = row.shop_supplies_cap;
  return {
    supplies_percent: row.shop_supplies_percent as string | null,
    supplies_cap: cap === null || cap === undefined ? null : Number(cap),
    supplies_taxes: taxes.get(row.shop_supplies_tax_group_id as string) ?? [],
    discount_percent: row.document_discount_percent as string | null,
    discount_amount: row.document_discount_amount as number | null,
  };
}

/**
 * What a document's totals need: its terms and the taxes of every group its lines and supplies
 * name, read at once (`group`: a line's tax group).
 */
export async function documentPricing(db: Db, row: TermColumns, lines: readonly Record<string, unknown>[]) {
  const taxes = await taxesOfGroups(db, [row.shop_supplies_tax_group_id as string | null, ...lines.map((l) => l.tax_group_id as string | null)]);
  return {
    terms: termsOf(row, taxes),
    taxesOf: (group: string | null) => (group ? (taxes.get(group) ?? []) : []),
    /** As a page receives it (pricedTotals): the customer's approval totals what is accepted live. */
    groups: [...taxes].map(([id, rates]) => ({ id, taxes: rates })),
  };
}

/** The columns of what the document charges above its lines. */
export const chargeColumns = (t: DocumentTotals) => ({ shop_supplies_total: t.supplies, document_discount_total: t.document_discount });

const filled = (v: unknown) => v !== null && v !== undefined && v !== '';
const same = (a: unknown, b: unknown) => (filled(a) ? Number(a) : null) === (filled(b) ? Number(b) : null);
const sameTerm = (column: string, a: unknown, b: unknown) => (column === 'shop_supplies_tax_group_id' ? (a ?? null) === (b ?? null) : same(a, b));

/** The terms a write changes (a client sends whole records back: an unchanged value is no change). */
export const changedTerms = (input: WriteInput, existing: Record<string, unknown>) =>
  TERM_COLUMNS.filter((c) => Object.hasOwn(input.values, c) && !sameTerm(c, input.values[c], existing[c]));

/**
 * Checks a document's terms once it and its lines are written (`row`: as stored, its totals
 * derived): their shape, a discount never more than the charged lines (422); a discount given or
 * changed needs 'apply discounts estimations' (403) and stays within the actor's role maximum
 * (422 naming it). An unchanged discount is not checked again against the actor's rights.
 */
export async function checkDocumentTerms(ctx: RequestContext, input: WriteInput, existing: Record<string, unknown> | null, row: Record<string, unknown>) {
  if (!TERM_COLUMNS.some((c) => Object.hasOwn(input.values, c))) return;
  const terms = termsOf(row, new Map());
  // The charged lines after their discounts, without their fees and cores (never discounted).
  const lines = documentDiscountBase({
    subtotal: Number(row.subtotal ?? 0),
    part_charges: Number(row.part_charges_total ?? 0),
    supplies: Number(row.shop_supplies_total ?? 0),
    document_discount: Number(row.document_discount_total ?? 0),
  });
  const problem = documentTermsProblem(terms, lines);
  if (problem) throw new ApiError(422, problem.code, undefined, { pointer: attributePointer(problem.attribute) });
  const discount = documentDiscount(terms);
  const changed = DISCOUNT.some((n) => Object.hasOwn(input.values, n) && !same(input.values[n], existing?.[n]));
  if (!changed || !discount || (discount.kind === 'amount' ? discount.cents === 0 : Number(discount.percent) === 0)) return;
  const pointer = attributePointer(discount.kind === 'amount' ? 'document_discount_amount' : 'document_discount_percent');
  if (!ctx.actor.permissions.has(APPLY_DISCOUNTS)) throw new ApiError(403, 'discount.forbidden', undefined, { pointer });
  const cap = await discountCap(ctx);
  if (cap !== null && discountExceedsCap(lines, discount, cap)) throw new ApiError(422, 'discount.over_cap_document', { cap: formatQuantity(Number(cap), ctx.locale) }, { pointer });
}
