import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  discountCents,
  discountExceedsCap,
  markupPriceCents,
  partPriceCents,
  shopSuppliesCents,
} from './economics.ts';

const cents = fc.integer({ min: 0, max: 10_000_000 });
const percent = fc.integer({ min: 0, max: 10_000 }).map((n) => (n / 100).toString());

describe('shop supplies', () => {
  it('is a percentage of labour, capped', () => {
    expect(shopSuppliesCents(40_000, '5', 1_500)).toBe(1_500);
    expect(shopSuppliesCents(20_000, '5', 1_500)).toBe(1_000);
    expect(shopSuppliesCents(10_050, '7.5', null)).toBe(754);
    expect(shopSuppliesCents(0, '5', 1_500)).toBe(0);
  });
  it('is never negative nor above its cap', () => {
    fc.assert(
      fc.property(cents, percent, fc.option(cents, { nil: null }), (labour, p, cap) => {
        const s = shopSuppliesCents(labour, p, cap);
        expect(s).toBeGreaterThanOrEqual(0);
        if (cap !== null) expect(s).toBeLessThanOrEqual(cap);
      }),
    );
  });
});

describe('discounts', () => {
  it('takes an amount or a percentage', () => {
    expect(discountCents(10_000, { kind: 'percent', percent: '10' })).toBe(1_000);
    expect(discountCents(10_000, { kind: 'amount', cents: 2_500 })).toBe(2_500);
    expect(discountCents(10_000, null)).toBe(0);
  });
  it('never exceeds its line and never adds to it', () => {
    const discount = fc.oneof(
      fc.record({ kind: fc.constant('amount' as const), cents: fc.integer({ min: -1_000_000, max: 20_000_000 }) }),
      fc.record({ kind: fc.constant('percent' as const), percent: fc.integer({ min: -200, max: 300 }).map(String) }),
    );
    fc.assert(
      fc.property(cents, discount, (amount, d) => {
        const off = discountCents(amount, d);
        expect(off).toBeGreaterThanOrEqual(0);
        expect(off).toBeLessThanOrEqual(amount);
      }),
    );
  });
  it('is checked against a role maximum, exactly', () => {
    expect(discountExceedsCap(10_000, { kind: 'percent', percent: '10' }, '10')).toBe(false);
    expect(discountExceedsCap(10_000, { kind: 'percent', percent: '10.01' }, '10')).toBe(true);
    expect(discountExceedsCap(10_000, { kind: 'amount', cents: 2_500 }, '25')).toBe(false);
    expect(discountExceedsCap(10_000, { kind: 'amount', cents: 2_501 }, '25')).toBe(true);
  });
});

describe('markup matrix', () => {
  const matrix = [
    { fromCents: 0, marginPercent: '60' },
    { fromCents: 5_000, marginPercent: '40' },
    { fromCents: 50_000, marginPercent: '25' },
  ];
  it('prices a part from its cost by range', () => {
    expect(markupPriceCents(1_000, matrix)).toBe(1_600);
    expect(markupPriceCents(5_000, matrix)).toBe(7_000);
    expect(markupPriceCents(100_000, matrix)).toBe(125_000);
    expect(markupPriceCents(1_000, [])).toBe(1_000);
  });
  it('never overwrites a price a person typed', () => {
    fc.assert(
      fc.property(cents, cents, (typed, cost) => {
        expect(partPriceCents(typed, cost, matrix)).toBe(typed);
      }),
    );
    expect(partPriceCents(null, 1_000, matrix)).toBe(1_600);
  });
  it('never sells below cost', () => {
    fc.assert(fc.property(cents, (cost) => markupPriceCents(cost, matrix) >= cost));
  });
});
