import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { toScaled } from './decimal.ts';
import { lineDiscountProblem, sumWorkTotals, workLineTotals, workSublines, workTotals, type WorkLine } from './work-lines.ts';
import { tradeTotals } from '../trade/trade.ts';
import type { TaxRate } from '../taxes/taxes.ts';
import { GST, HST13, QUEBEC } from '../taxes/test-rates.ts';

const HST15: TaxRate = { code: 'HST', rate: '15', type: 'percentage' };
const PST7: TaxRate = { code: 'PST', rate: '7', type: 'percentage' };
const TIRE_LEVY: TaxRate = { code: 'ENV', rate: '3.00', type: 'amount' };

const line = (l: Partial<WorkLine>): WorkLine => ({ quantity: 0, unit_price: 0, time: 0, hourly_rate: 0, ...l });

describe('a line to the cent', () => {
  it.each([
    [
      'Québec: GST + QST, each on the pre-tax amount',
      line({ quantity: 2, unit_price: 8999, time: '1.5', hourly_rate: 12000, taxes: QUEBEC }),
      // 35 998 × 5 % = 1 799.9; 35 998 × 9.975 % = 3 590.8005
      { parts: 17998, labour: 18000, discount: 0, part_charges: 0, subtotal: 35998, taxes: [{ code: 'TPS', amount: 1800 }, { code: 'TVQ', amount: 3591 }], tax: 5391, total: 41389 },
    ],
    [
      'Ontario: HST 13 %, manual labour',
      line({ quantity: 1, unit_price: 24995, manual_labour: 8000, time: 3, hourly_rate: 12000, taxes: [HST13] }),
      // 32 995 × 13 % = 4 289.35
      { parts: 24995, labour: 8000, discount: 0, part_charges: 0, subtotal: 32995, taxes: [{ code: 'HST', amount: 4289 }], tax: 4289, total: 37284 },
    ],
    [
      'Atlantic: HST 15 %',
      line({ time: '0.75', hourly_rate: 13333, taxes: [HST15] }),
      // 0.75 × 13 333 = 9 999.75; 10 000 × 15 %
      { parts: 0, labour: 10000, discount: 0, part_charges: 0, subtotal: 10000, taxes: [{ code: 'HST', amount: 1500 }], tax: 1500, total: 11500 },
    ],
    [
      'British Columbia: GST + PST 7 %',
      line({ quantity: 3, unit_price: 1999, taxes: [GST, PST7] }),
      // 5 997 × 5 % = 299.85; × 7 % = 419.79
      { parts: 5997, labour: 0, discount: 0, part_charges: 0, subtotal: 5997, taxes: [{ code: 'TPS', amount: 300 }, { code: 'PST', amount: 420 }], tax: 720, total: 6717 },
    ],
    [
      'an amount-type tax: 3.00 $ per tire, not taxed by the percentages',
      line({ quantity: 4, unit_price: 15000, taxes: [...QUEBEC, TIRE_LEVY] }),
      {
        parts: 60000,
        labour: 0,
        discount: 0,
        part_charges: 0,
        subtotal: 60000,
        taxes: [{ code: 'TPS', amount: 3000 }, { code: 'TVQ', amount: 5985 }, { code: 'ENV', amount: 1200 }],
        tax: 10185,
        total: 70185,
      },
    ],
    [
      'a warranty line: nothing charged, its value shown apart',
      line({ quantity: 1, unit_price: 20000, time: 2, hourly_rate: 12000, taxes: QUEBEC, warranty: true }),
      { parts: 0, labour: 0, discount: 0, part_charges: 0, subtotal: 0, taxes: [{ code: 'TPS', amount: 0 }, { code: 'TVQ', amount: 0 }], tax: 0, total: 0, warranty: 44000 },
    ],
    [
      'half a cent of tax rounds up',
      line({ quantity: 1, unit_price: 10, taxes: [GST] }),
      { parts: 10, labour: 0, discount: 0, part_charges: 0, subtotal: 10, taxes: [{ code: 'TPS', amount: 1 }], tax: 1, total: 11 },
    ],
    ['no tax group: not taxed', line({ quantity: '2.5', unit_price: 333 }), { parts: 833, labour: 0, discount: 0, part_charges: 0, subtotal: 833, taxes: [], tax: 0, total: 833 }],
    ['free labour set by hand', line({ manual_labour: 0, time: 2, hourly_rate: 12000 }), { labour: 0, total: 0 }],
    ['an empty manual labour is time × rate', line({ manual_labour: '', time: 2, hourly_rate: 12000 }), { labour: 24000 }],
  ])('%s', (_name, l, expected) => {
    expect(workLineTotals(l)).toMatchObject({ warranty: 0, ...expected });
  });
});

describe('a document to the cent', () => {
  it('adds the lines, each rounded, taxes by code', () => {
    const totals = workTotals([
      line({ quantity: 1, unit_price: 10, taxes: QUEBEC }),
      line({ quantity: 1, unit_price: 10, taxes: QUEBEC }),
      line({ quantity: 1, unit_price: 20000, time: 1, hourly_rate: 12000, taxes: [GST], warranty: true }),
      line({ time: 1, hourly_rate: 12000, taxes: [HST13] }),
    ]);
    // Per line: 10 × 5 % = 0.5 → 1 and 10 × 9.975 % = 0.9975 → 1, twice (20 × 5 % on the sum would be 1).
    expect(totals).toEqual({
      parts: 20,
      labour: 12000,
      discount: 0,
      part_charges: 0,
      subtotal: 12020,
      taxes: [
        { code: 'TPS', amount: 2 },
        { code: 'TVQ', amount: 2 },
        { code: 'HST', amount: 1560 },
      ],
      tax: 1564,
      total: 13584,
      warranty: 32000,
    });
    expect(workTotals([])).toEqual({ parts: 0, labour: 0, discount: 0, part_charges: 0, subtotal: 0, taxes: [], tax: 0, total: 0, warranty: 0 });
  });
});

const decimal = (max: number) => fc.integer({ min: 0, max: max * 10_000 }).map((n) => (n / 10_000).toString());
const tax = fc.oneof(
  fc.record({ code: fc.constantFrom('A', 'B', 'C'), rate: decimal(30), type: fc.constant('percentage') }),
  fc.record({ code: fc.constantFrom('L', 'M'), rate: decimal(50), type: fc.constant('amount') }),
);
const workLine: fc.Arbitrary<WorkLine> = fc.record({
  quantity: decimal(1000),
  unit_price: fc.integer({ min: 0, max: 10_000_000 }),
  manual_labour: fc.option(fc.integer({ min: 0, max: 10_000_000 }), { nil: null }),
  time: decimal(100),
  hourly_rate: fc.integer({ min: 0, max: 100_000 }),
  taxes: fc.uniqueArray(tax, { maxLength: 3, selector: (t) => t.code }),
  warranty: fc.boolean(),
});

/** |rounded × d − exact| ≤ d / 2: within half a cent, in integers. */
const withinHalf = (rounded: number, exactTimesD: bigint, d: bigint, halves = 1n) => {
  const diff = BigInt(rounded) * d - exactTimesD;
  return (diff < 0n ? -diff : diff) * 2n <= d * halves;
};

describe('totals (properties)', () => {
  it('are never negative', () => {
    fc.assert(
      fc.property(fc.array(workLine, { maxLength: 8 }), (lines) => {
        const t = workTotals(lines);
        return [t.parts, t.labour, t.subtotal, t.tax, t.total, t.warranty, ...t.taxes.map((x) => x.amount)].every((n) => n >= 0);
      }),
    );
  });

  it('are the sums of the lines, and hold together', () => {
    fc.assert(
      fc.property(fc.array(workLine, { maxLength: 8 }), (lines) => {
        const each = lines.map(workLineTotals);
        const t = workTotals(lines);
        expect(t).toEqual(sumWorkTotals(each));
        expect(t.total).toBe(each.reduce((s, l) => s + l.total, 0));
        expect(t.subtotal).toBe(t.parts + t.labour);
        expect(t.total).toBe(t.subtotal + t.tax);
        expect(t.tax).toBe(t.taxes.reduce((s, x) => s + x.amount, 0));
        for (const l of each) expect(l.total).toBe(l.parts + l.labour + l.tax);
      }),
    );
  });

  it('round each line and each tax by half a cent at most', () => {
    fc.assert(
      fc.property(workLine, (l) => {
        const t = workLineTotals({ ...l, warranty: false });
        const S = 10_000n;
        expect(withinHalf(t.parts, toScaled(l.quantity) * toScaled(l.unit_price), S * S)).toBe(true);
        if (l.manual_labour === null) expect(withinHalf(t.labour, toScaled(l.time) * toScaled(l.hourly_rate), S * S)).toBe(true);
        else expect(t.labour).toBe(l.manual_labour);
        l.taxes!.forEach((x, k) => {
          const exact = x.type === 'amount' ? toScaled(l.quantity) * toScaled(x.rate) * 100n : BigInt(t.subtotal) * toScaled(x.rate) * S;
          // percentage: subtotal × rate% = subtotal × rate4 / (100 × 10⁴); amount: quantity4 × rate4 × 100 / 10⁸
          const d = x.type === 'amount' ? S * S : 100n * S * S;
          // Rounded once per printed subline (part, labour): half a cent each at most.
          const halves = x.type === 'amount' ? 1n : BigInt(workSublines(l).length);
          expect(withinHalf(t.taxes[k].amount, exact, d, halves)).toBe(true);
        });
      }),
    );
  });

  it('charge nothing for warranty lines and keep their value', () => {
    fc.assert(
      fc.property(workLine, (l) => {
        const charged = workLineTotals({ ...l, warranty: false });
        const covered = workLineTotals({ ...l, warranty: true });
        return covered.total === 0 && covered.warranty === charged.subtotal;
      }),
    );
  });
});

describe('a line’s discount (issue 27)', () => {
  it('takes an amount or a percentage off parts and labour; taxes on what is left, per printed part', () => {
    // 2 × 100.00 $ + 1.5 h × 120.00 $ = 380.00 $; 10 % off: 38.00 $
    const pct = workLineTotals(line({ quantity: 2, unit_price: 10000, time: '1.5', hourly_rate: 12000, taxes: QUEBEC, discount_percent: '10' }));
    // TPS: 1 000 + 900 − 190 = 1 710; TVQ: 1 995 + 1 795.5 → 1 796 − 379.05 → 379 = 3 412
    expect(pct).toMatchObject({ parts: 20000, labour: 18000, discount: 3800, part_charges: 0, subtotal: 34200, taxes: [{ code: 'TPS', amount: 1710 }, { code: 'TVQ', amount: 3412 }], tax: 5122, total: 39322 });
    const amount = workLineTotals(line({ quantity: 1, unit_price: 5000, taxes: QUEBEC, discount_amount: 1234 }));
    expect(amount).toMatchObject({ discount: 1234, part_charges: 0, subtotal: 3766 });
    expect(workLineTotals(line({ quantity: 1, unit_price: 5000, taxes: QUEBEC, discount_percent: '' }))).toMatchObject({ discount: 0, part_charges: 0, subtotal: 5000 });
    // Under warranty: nothing charged, nothing to discount.
    expect(workLineTotals(line({ quantity: 1, unit_price: 5000, taxes: QUEBEC, warranty: true, discount_percent: '50' }))).toMatchObject({ discount: 0, total: 0, warranty: 5000 });
  });

  it('is refused when it goes past its line, is negative, lacks its kind or splits a cent', () => {
    const base = line({ quantity: 1, unit_price: 5000, time: 1, hourly_rate: 10000 });
    expect(lineDiscountProblem({ ...base, discount_amount: 15000 })).toBeNull();
    expect(lineDiscountProblem({ ...base, discount_amount: 15001 })).toBe('discount.over_line');
    expect(lineDiscountProblem({ ...base, discount_percent: '100' })).toBeNull();
    expect(lineDiscountProblem({ ...base, discount_percent: '100.01' })).toBe('discount.over_line');
    expect(lineDiscountProblem({ ...base, discount_percent: '-1' })).toBe('discount.negative');
    expect(lineDiscountProblem({ ...base, discount_percent: '5', discount_amount: 100 })).toBe('discount.both');
    expect(lineDiscountProblem({ ...base, discount_amount: '10.5' })).toBe('discount.whole_cents');
    expect(lineDiscountProblem({ ...base, discount_amount: null })).toBeNull();
  });

  const discounted = fc
    .tuple(
      workLine,
      fc.oneof(
        fc.record({ discount_amount: fc.integer({ min: -1_000, max: 20_000_000 }) }),
        fc.record({ discount_percent: fc.integer({ min: -100, max: 30_000 }).map((n) => (n / 100).toString()) }),
        fc.constant({ discount_percent: null, discount_amount: null }),
      ),
    )
    .map(([l, d]) => ({ ...l, ...d }) as WorkLine);

  it('makes a line discounted in full free and untaxed: no cent of negative tax (found by the property below)', () => {
    const t = workLineTotals({ quantity: '0.0537', unit_price: 3_698_650, manual_labour: null, time: '81.4905', hourly_rate: 25_556, taxes: [{ code: 'A', rate: '4.6099', type: 'percentage' }], discount_percent: '100' });
    expect(t).toMatchObject({ discount: t.parts + t.labour, subtotal: 0, tax: 0, total: 0 });
  });

  it('never makes a total negative, never takes more than its line, and keeps every sum exact (properties)', () => {
    fc.assert(
      fc.property(discounted, (l) => {
        const t = workLineTotals(l);
        for (const k of ['parts', 'labour', 'discount', 'subtotal', 'tax', 'total', 'warranty'] as const) expect(t[k]).toBeGreaterThanOrEqual(0);
        expect(t.discount).toBeLessThanOrEqual(t.parts + t.labour);
        expect(t.subtotal).toBe(t.parts + t.labour - t.discount);
        expect(t.tax).toBe(t.taxes.reduce((s, x) => s + x.amount, 0));
        expect(t.total).toBe(t.subtotal + t.tax);
      }),
    );
  });

  it('taxes the discounted base to the cent: each printed part is rounded once, as its invoice line is (properties)', () => {
    fc.assert(
      fc.property(discounted, (l) => {
        // Percentage taxes (GST, QST, HST): the invoice taxes each of its lines with the item's whole group.
        const pl = { ...l, warranty: false, taxes: (l.taxes ?? []).filter((x) => x.type !== 'amount') };
        const t = workLineTotals(pl);
        const parts = workSublines(pl);
        // The repair's invoice writes one line per part, priced by the trade rule (sales/repair-invoice.ts).
        const invoiced = tradeTotals(
          parts.map((p) =>
            p.kind === 'parts'
              ? { quantity: pl.quantity, unit_price: p.amount === 0 && t.subtotal === 0 ? 0 : pl.unit_price, taxes: pl.taxes }
              : p.kind === 'labour'
                ? { quantity: '1', unit_price: p.amount, taxes: pl.taxes }
                : { quantity: '-1', unit_price: -p.amount, taxes: pl.taxes },
          ),
        );
        expect(invoiced.subtotal).toBe(t.subtotal);
        expect(invoiced.tax).toBe(t.tax);
        expect(invoiced.total).toBe(t.total);
        // Each percentage tax is within half a cent per printed part of the exact tax on the discounted base.
        for (const x of t.subtotal === 0 ? [] : pl.taxes) {
          const got = t.taxes.find((y) => y.code === x.code)!.amount;
          const d = 100n * 10_000n;
          const diff = BigInt(got) * d - BigInt(t.subtotal) * toScaled(x.rate);
          expect((diff < 0n ? -diff : diff) * 2n <= d * BigInt(parts.length)).toBe(true);
        }
      }),
    );
  });
});
