import { describe, expect, it } from 'vitest';
import { bucketOf, figureRows, reportPeriod, serviceFigures, type RepairSums } from './figures.ts';

const sums: RepairSums = {
  count: 4,
  subtotal: 100_000,
  hours_sold: 7,
  hours_clocked: 6,
  parts_costed: 40_000,
  parts_cost: 30_000,
  parts_uncosted: 5_000,
  labour: 55_000,
  comebacks: 1,
};

describe('service figures', () => {
  it('averages per repair order, rates in percent and margins as price minus cost', () => {
    const f = serviceFigures({ repairs: sums, approval: { approved: 7_500, proposed: 10_000 }, declined: { count: 3, amount: 9_000, returned_count: 1, returned_amount: 3_000 }, labourCostPerHour: 4_000 });
    expect(f.repair_orders).toBe(4);
    expect(f.average_repair_order).toBe(25_000);
    expect(f.hours_per_repair_order).toBe(1.75);
    expect(f.approval).toEqual({ rate: 75, approved: 7_500, proposed: 10_000 });
    expect(f.declined).toEqual({ count: 3, amount: 9_000, returned_count: 1, returned_amount: 3_000, returned_rate: 33.3 });
    expect(f.parts).toEqual({ revenue: 40_000, cost: 30_000, margin: 10_000, rate: 25, uncosted: 5_000 });
    // 6 clocked hours at 40 $: 240 $ of cost against 550 $ of labour.
    expect(f.labour).toEqual({ revenue: 55_000, cost: 24_000, margin: 31_000, rate: 56.4 });
    expect(f.comebacks).toEqual({ count: 1, rate: 25 });
  });

  it('has no average, rate or labour margin without what they divide by', () => {
    const none = { count: 0, subtotal: 0, hours_sold: 0, hours_clocked: 0, parts_costed: 0, parts_cost: 0, parts_uncosted: 0, labour: 0, comebacks: 0 };
    const f = serviceFigures({ repairs: none, approval: { approved: 0, proposed: 0 }, declined: null, labourCostPerHour: null });
    expect(f.average_repair_order).toBeNull();
    expect(f.hours_per_repair_order).toBeNull();
    expect(f.approval?.rate).toBeNull();
    expect(f.declined).toBeNull();
    expect(f.labour).toBeNull();
    expect(f.parts.rate).toBeNull();
    expect(f.comebacks.rate).toBeNull();
  });

  it('exports one row per figure, money in cents and absent figures empty', () => {
    const rows = figureRows(serviceFigures({ repairs: sums, approval: null, declined: null, labourCostPerHour: null }));
    expect(rows.find((r) => r.key === 'average_repair_order')).toEqual({ key: 'average_repair_order', kind: 'money', value: 25_000 });
    expect(rows.find((r) => r.key === 'approval_rate')?.value).toBeNull();
    expect(rows.find((r) => r.key === 'labour_margin')?.value).toBeNull();
    expect(new Set(rows.map((r) => r.key)).size).toBe(rows.length);
  });
});

describe('report period', () => {
  it.each([
    ['2026-03-01', '2026-03-07', { ok: true, from: '2026-03-01', to: '2026-03-07', days: 7 }],
    ['2024-01-01', '2024-12-31', { ok: true, from: '2024-01-01', to: '2024-12-31', days: 366 }],
    [undefined, '2026-03-07', { ok: false, parameter: 'from' }],
    ['2026-02-30', '2026-03-07', { ok: false, parameter: 'from' }],
    ['2026-13-01', '2026-12-01', { ok: false, parameter: 'from' }],
    ['2026-03-01', 'soon', { ok: false, parameter: 'to' }],
    ['2026-03-08', '2026-03-07', { ok: false, parameter: 'to' }],
    ['2025-01-01', '2026-01-03', { ok: false, parameter: 'to' }],
  ])('from %s to %s', (from, to, expected) => {
    expect(reportPeriod(from, to)).toEqual(expected);
  });

  it('charts days for up to two months, months beyond', () => {
    expect(bucketOf(7)).toBe('day');
    expect(bucketOf(62)).toBe('day');
    expect(bucketOf(63)).toBe('month');
  });
});
