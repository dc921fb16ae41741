import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { repairLineTotals } from '../repairs/items.ts';
import type { TaxRate } from '../taxes/taxes.ts';
import { GST, HST13, QUEBEC } from '../taxes/test-rates.ts';
import { tradeLineTotals } from '../trade/trade.ts';
import { environmentalFeeCents, marginPercent, parseEnvironmentalFees, parseMarkupMatrix, partChargeLines } from './part-charges.ts';
import { workLineTotals, workSublines, type WorkLine } from './work-lines.ts';


const cents = (max: number) => fc.integer({ min: 0, max });
const quantity = fc.integer({ min: 0, max: 400_000 }).map((n) => (n / 10_000).toString());
const taxGroup = fc.constantFrom<TaxRate[]>(QUEBEC, [HST13], [GST], []);
const anyLine = fc.record({
  quantity,
  unit_price: cents(500_000),
  time: fc.integer({ min: 0, max: 400 }).map((n) => (n / 10).toString()),
  hourly_rate: cents(30_000),
  taxes: taxGroup,
  discount_percent: fc.option(fc.integer({ min: 0, max: 10_000 }).map((n) => (n / 100).toString()), { nil: undefined }),
  environmental_fee: fc.option(cents(5_000), { nil: null }),
  core_charge: fc.option(cents(50_000), { nil: null }),
  core_returned: fc.boolean(),
}) satisfies fc.Arbitrary<WorkLine>;

describe('environmental fees and core charges on a line (issue 27)', () => {
  it('four Québec tires: the fee × 4, taxed GST + QST, a subline of its own', () => {
    const line: WorkLine = { quantity: 4, unit_price: 15_000, time: 1, hourly_rate: 12_000, environmental_fee: 300, taxes: QUEBEC };
    const fee = workSublines(line).find((s) => s.kind === 'environmental_fee')!;
    // 1 200 × 5 % = 60; × 9.975 % = 119.7
    expect(fee).toEqual({ kind: 'environmental_fee', amount: 1200, quantity: 4, taxes: [{ code: 'TPS', amount: 60 }, { code: 'TVQ', amount: 120 }] });
    const totals = workLineTotals(line);
    expect(totals.part_charges).toBe(1200);
    expect(totals.subtotal).toBe(60_000 + 12_000 + 1200);
  });

  it('a returned core is credited in full; the discount never takes from fees nor cores', () => {
    const line: WorkLine = { quantity: 1, unit_price: 20_000, time: 0, hourly_rate: 0, core_charge: 2_500, core_returned: true, discount_percent: '100', environmental_fee: 300, taxes: QUEBEC };
    expect(workSublines(line).map((s) => [s.kind, s.amount])).toEqual([
      ['parts', 0],
      ['environmental_fee', 300],
      ['core', 2500],
      ['core_credit', -2500],
    ]);
    expect(workLineTotals(line)).toMatchObject({ discount: 20_000, part_charges: 300, subtotal: 300 });
  });

  it('under warranty nothing is charged; its fees count in what the warranty covers', () => {
    const t = repairLineTotals({ quantity: 2, unit_price: 1000, time: 0, hourly_rate: 0, environmental_fee: 300, core_charge: 500, repair_mode: 'warranty', taxes: QUEBEC });
    expect(t).toMatchObject({ total: 0, part_charges: 0, warranty: 2000 + 600 + 1000 });
  });

  it('properties: totals never negative, the credit never more than the charge, the taxes the sum of the printed sublines’ taxes to the cent', () => {
    fc.assert(
      fc.property(anyLine, (line) => {
        const t = workLineTotals(line);
        const subs = workSublines(line);
        for (const k of ['parts', 'labour', 'discount', 'part_charges', 'subtotal', 'tax', 'total'] as const) expect(t[k]).toBeGreaterThanOrEqual(0);
        const core = subs.find((s) => s.kind === 'core')?.amount ?? 0;
        const credit = -(subs.find((s) => s.kind === 'core_credit')?.amount ?? 0);
        expect(credit).toBeLessThanOrEqual(core);
        expect(t.discount).toBeLessThanOrEqual(t.parts + t.labour);
        expect(t.subtotal).toBe(subs.reduce((s, l) => s + l.amount, 0));
        expect(t.tax).toBe(subs.reduce((s, l) => s + l.taxes.reduce((n, x) => n + x.amount, 0), 0));
        // The fee's taxes are the percentages of its amount, each rounded once.
        const fee = subs.find((s) => s.kind === 'environmental_fee');
        if (fee) for (const tax of fee.taxes) expect(tax.amount).toBe(Math.round((fee.amount * Number(line.taxes.find((r) => r.code === tax.code)!.rate)) / 100));
      }),
    );
  });

  it('property: the estimate, the repair and the invoice (its sublines as trade lines) agree to the cent', () => {
    fc.assert(
      fc.property(anyLine, (line) => {
        const estimate = workLineTotals(line);
        const repair = repairLineTotals({ ...line, repair_mode: 'internal' });
        expect(repair).toEqual(estimate);
        // Each invoice line is priced from a subline's amount with the group's (percentage) taxes.
        const invoice = workSublines(line).map((s) => tradeLineTotals({ quantity: '1', unit_price: s.amount, discount: 0, taxes: line.taxes }));
        expect(invoice.reduce((s, l) => s + l.subtotal, 0)).toBe(estimate.subtotal);
        expect(invoice.reduce((s, l) => s + l.tax, 0)).toBe(estimate.tax);
        expect(invoice.reduce((s, l) => s + l.total, 0)).toBe(estimate.total);
      }),
    );
  });

  it('prints the fee and the core under the part', () => {
    expect(partChargeLines({ quantity: '2', environmental_fee_kind: 'battery', environmental_fee: 300, core_charge: 1500, core_returned: true })).toEqual({
      fee: { kind: 'battery', amount: 600 },
      core: { amount: 3000, returned: true },
    });
    expect(partChargeLines({ quantity: '2' })).toEqual({ fee: null, core: null });
  });
});

describe('settings of parts pricing', () => {
  it('reads the fee of a kind in a province (0 when none)', () => {
    const fees = { QC: { tire: 300, battery: 450 }, ON: { tire: 400 } };
    expect(environmentalFeeCents(fees, 'QC', 'battery')).toBe(450);
    expect(environmentalFeeCents(fees, 'ON', 'battery')).toBe(0);
    expect(environmentalFeeCents(fees, null, 'tire')).toBe(0);
    expect(environmentalFeeCents(fees, 'toString', 'tire')).toBe(0);
  });

  it('checks the fees and the matrix', () => {
    expect(parseEnvironmentalFees({ QC: { tire: 300 } })).toEqual({ QC: { tire: 300 } });
    expect(parseEnvironmentalFees({ XX: { tire: 300 } })).toBeNull();
    expect(parseEnvironmentalFees({ QC: { tire: -1 } })).toBeNull();
    expect(parseEnvironmentalFees({ QC: { oil: 1 } })).toBeNull();
    expect(parseMarkupMatrix([{ fromCents: 10_000, marginPercent: '30' }, { fromCents: 0, marginPercent: 50 }])).toEqual([
      { fromCents: 0, marginPercent: '50' },
      { fromCents: 10_000, marginPercent: '30' },
    ]);
    expect(parseMarkupMatrix([{ fromCents: 0, marginPercent: '50' }, { fromCents: 0, marginPercent: '40' }])).toBeNull();
    expect(parseMarkupMatrix([{ fromCents: 0.5, marginPercent: '50' }])).toBeNull();
    expect(parseMarkupMatrix([{ fromCents: 0, marginPercent: '1001' }])).toBeNull();
  });

  it('gives the margin over the cost', () => {
    expect(marginPercent(15_000, 10_000)).toBe(50);
    expect(marginPercent(10_000, 0)).toBeNull();
    expect(marginPercent(null, 100)).toBeNull();
    expect(marginPercent(9_000, 10_000)).toBe(-10);
  });
});
