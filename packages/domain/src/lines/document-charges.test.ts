import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { lineTaxes, type TaxRate } from '../taxes/taxes.ts';
import { HST13, QUEBEC } from '../taxes/test-rates.ts';
import { estimationTotals } from '../estimations/items.ts';
import { repairDocumentTotals, repairLineTotals } from '../repairs/items.ts';
import { allocateCents, documentDiscountBase, documentTermsProblem, documentTotals, taxesOfLines, type DocumentTerms } from './document-charges.ts';
import { workLineTotals, workSublines, type WorkLine } from './work-lines.ts';

const ONTARIO = [HST13];
const GROUPS: Record<string, TaxRate[]> = { qc: QUEBEC, on: ONTARIO, exempt: [] };
const percentages = (taxes: readonly TaxRate[]) => taxes.filter((x) => x.type !== 'amount');
const taxesOf = (g: string | null) => (g ? (GROUPS[g] ?? []) : []);
const charged = (line: WorkLine & { group: string }) => ({ group: line.group, totals: workLineTotals({ ...line, taxes: taxesOf(line.group) }) });

describe('document charges', () => {
  it('adds supplies on the labour, capped, taxed as Québec taxes them', () => {
    // labour 300 $ × 5 % = 15.00 $ capped at 12.50 $; TPS 0.63, TVQ 1.25
    const t = documentTotals([charged({ group: 'qc', quantity: 1, unit_price: 10_000, time: 2.5, hourly_rate: 12_000 })], { supplies_percent: '5', supplies_cap: 1_250, supplies_taxes: QUEBEC }, taxesOf);
    expect(t.supplies).toBe(1_250);
    expect(t.charges).toEqual([{ kind: 'supplies', group: null, amount: 1_250, taxes: [{ code: 'TPS', amount: 63 }, { code: 'TVQ', amount: 125 }] }]);
    expect(t.subtotal).toBe(40_000 + 1_250);
    expect(t.taxes).toEqual([{ code: 'TPS', amount: 2_000 + 63 }, { code: 'TVQ', amount: 998 + 2_993 + 125 }]);
    expect(t.total).toBe(t.subtotal + t.tax);
  });

  it('splits the document discount by tax group, to the cent, and taxes each part', () => {
    const lines = [charged({ group: 'qc', quantity: 1, unit_price: 10_000, time: 0, hourly_rate: 0 }), charged({ group: 'on', quantity: 1, unit_price: 5_000, time: 0, hourly_rate: 0 })];
    const t = documentTotals(lines, { discount_amount: 1_001 }, taxesOf);
    // 10.01 $ over 100 $ and 50 $: 6.673… and 3.336… → 6.67 and 3.34 (the larger remainder)
    expect(t.charges.map((c) => [c.group, c.amount])).toEqual([['qc', -667], ['on', -334]]);
    expect(t.document_discount).toBe(1_001);
    expect(t.subtotal).toBe(15_000 - 1_001);
    expect(t.charges[0].taxes).toEqual([{ code: 'TPS', amount: -33 }, { code: 'TVQ', amount: -67 }]);
  });

  it('never discounts the lines’ environmental fees and core charges (a 100 % document discount leaves them)', () => {
    const tire = charged({ group: 'qc', quantity: 4, unit_price: 15_000, time: 0, hourly_rate: 0, environmental_fee_kind: 'tire', environmental_fee: 300, core_charge: 0 });
    const battery = charged({ group: 'qc', quantity: 1, unit_price: 20_000, time: 0, hourly_rate: 0, core_charge: 1_500 });
    const t = documentTotals([tire, battery], { discount_percent: '100' }, taxesOf);
    expect(t.document_discount).toBe(4 * 15_000 + 20_000);
    expect(t.subtotal).toBe(4 * 300 + 1_500);
    // Read back from the stored totals, with supplies too, the base is the same.
    const withSupplies = documentTotals([tire, battery], { discount_percent: '10', supplies_percent: '5', supplies_taxes: QUEBEC }, taxesOf);
    expect(documentDiscountBase(withSupplies)).toBe(4 * 15_000 + 20_000);
    expect(documentDiscountBase(t)).toBe(4 * 15_000 + 20_000);
    expect(documentTermsProblem({ discount_amount: 80_001 }, 80_000)).toMatchObject({ code: 'discount.over_document' });
  });

  it('allocates exactly, never above a weight', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 1_000_000 }), { minLength: 1, maxLength: 6 }), fc.double({ min: 0, max: 1, noNaN: true }), (weights, share) => {
        const total = Math.floor(weights.reduce((s, w) => s + w, 0) * share);
        const parts = allocateCents(total, weights);
        expect(parts.reduce((s, p) => s + p, 0)).toBe(weights.some((w) => w > 0) ? total : 0);
        parts.forEach((p, k) => expect(p).toBeLessThanOrEqual(weights[k]));
      }),
    );
  });

  const line = fc.record({
    group: fc.constantFrom('qc', 'on', 'exempt'),
    quantity: fc.integer({ min: 0, max: 400 }).map((n) => (n / 4).toString()),
    unit_price: fc.integer({ min: 0, max: 200_000 }),
    time: fc.integer({ min: 0, max: 40 }).map((n) => (n / 4).toString()),
    hourly_rate: fc.integer({ min: 0, max: 20_000 }),
    discount_percent: fc.option(fc.integer({ min: 0, max: 100 }).map(String), { nil: undefined }),
  });
  const terms: fc.Arbitrary<DocumentTerms> = fc.record({
    supplies_percent: fc.integer({ min: 0, max: 2_000 }).map((n) => (n / 100).toString()),
    supplies_cap: fc.option(fc.integer({ min: 0, max: 10_000 }), { nil: null }),
    supplies_taxes: fc.constantFrom(QUEBEC, ONTARIO, []),
    discount_percent: fc.option(fc.integer({ min: 0, max: 10_000 }).map((n) => (n / 100).toString()), { nil: undefined }),
  });

  it('never goes negative, never discounts more than the document, never passes the supplies cap; its taxes are its printed lines’ to the cent', () => {
    fc.assert(
      fc.property(fc.array(line, { maxLength: 6 }), terms, fc.oneof(fc.integer({ min: 0, max: 2_000_000 }), fc.constant(Number.MAX_SAFE_INTEGER)), fc.boolean(), (raw, base, amount, byAmount) => {
        const lines = raw.map(charged);
        const linesSubtotal = lines.reduce((s, l) => s + l.totals.subtotal, 0);
        const t = documentTerms(base, byAmount ? Math.min(amount, linesSubtotal) : null);
        const totals = documentTotals(lines, t, taxesOf);
        expect(documentTermsProblem(t, linesSubtotal)).toBeNull();
        expect(totals.subtotal).toBeGreaterThanOrEqual(0);
        expect(totals.document_discount).toBeLessThanOrEqual(linesSubtotal);
        if (t.supplies_cap !== null && t.supplies_cap !== undefined) expect(totals.supplies).toBeLessThanOrEqual(t.supplies_cap);
        // The printed lines (each subline, each document part) add up to the document's taxes, and each
        // part is taxed by the invoice's rule, but never more than its group's lines charge.
        const printed = [...raw.flatMap((l) => (l.group ? workSublines({ ...l, taxes: taxesOf(l.group) }).map((sub) => sub.taxes) : [])), ...totals.charges.map((c) => c.taxes)];
        expect(totals.tax).toBe(printed.flat().reduce((s, x) => s + x.amount, 0));
        for (const c of totals.charges) {
          const rule = lineTaxes(c.kind === 'supplies' ? t.supplies_taxes : percentages(taxesOf(c.group)), c.amount, c.kind === 'supplies' ? '1' : '-1');
          c.taxes.forEach((x, k) => (c.kind === 'supplies' ? expect(x.amount).toBe(rule[k].amount) : expect(x.amount).toBeGreaterThanOrEqual(rule[k].amount)));
        }
        for (const x of totals.taxes) expect(x.amount).toBeGreaterThanOrEqual(0);
        expect(totals.total).toBe(totals.subtotal + totals.tax);
        expect(totals.total).toBeGreaterThanOrEqual(0);
      }),
      { numRuns: 1_000 },
    );
  });

  it('the approved estimate, its repair and the repair’s invoice lines total the same, to the cent', () => {
    const decided = fc.record({ line, state: fc.constantFrom('approved', 'denied', null) });
    fc.assert(
      fc.property(fc.array(decided, { maxLength: 6 }), terms, fc.oneof(fc.constant(null), fc.integer({ min: 0, max: 500_000 })), (raw, base, amount) => {
        const items = raw.map(({ line: l, state }) => ({ ...l, tax_group_id: l.group, taxes: taxesOf(l.group), state }));
        const t = documentTerms(base, amount);
        const estimate = estimationTotals(items, t).approved;
        // The repair carries the approved items (pending) and the terms; its totals by its own rule.
        const carried = items.filter((i) => i.state === 'approved').map((i) => ({ ...i, state: 'pending' as const, repair_mode: 'internal' as const }));
        const repair = repairDocumentTotals(carried, carried.map(repairLineTotals), t, taxesOfLines(carried));
        // The invoice: each item's printed sublines, then the repair's document lines, each with its taxes.
        const printed = [...carried.flatMap((i) => workSublines(i)), ...repair.charges];
        const invoice = printed.reduce((s, p) => s + p.amount + p.taxes.reduce((x, y) => x + y.amount, 0), 0);
        expect(repair).toEqual(estimate);
        expect(invoice).toBe(estimate.total);
      }),
      { numRuns: 500 },
    );
  });

  it('refuses a discount above the document, both kinds, or negative supplies', () => {
    expect(documentTermsProblem({ discount_amount: 10_001 }, 10_000)).toEqual({ code: 'discount.over_document', attribute: 'document_discount_amount' });
    expect(documentTermsProblem({ discount_percent: '101' }, 10_000)?.code).toBe('discount.over_document');
    expect(documentTermsProblem({ discount_percent: '5', discount_amount: 5 }, 10_000)?.code).toBe('discount.both');
    expect(documentTermsProblem({ supplies_percent: '-1' }, 10_000)?.code).toBe('supplies.percent');
    expect(documentTermsProblem({ discount_amount: 10_000 }, 10_000)).toBeNull();
  });
});

/** The generated terms with the discount as an amount (when given) instead of the percentage. */
function documentTerms(base: DocumentTerms, amount: number | null): DocumentTerms {
  return amount === null ? base : { ...base, discount_percent: undefined, discount_amount: amount };
}
