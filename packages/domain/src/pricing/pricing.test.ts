import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PROVINCES } from '../locale.ts';
import type { Province } from '../taxes/canadian-taxes.ts';
import {
  ENOUGH_COMPARABLES,
  FIT_MIN_POINTS,
  STEP_CRITERIA,
  WIDENING_STEPS,
  marketValuation,
  matches,
  recencyWeight,
  selectComparables,
  withProvinceTaxes,
  type MarketSale,
} from './market.ts';
import { computeOffer } from './offer.ts';
import { checkPriceRequest } from './request.ts';
import { CONDITIONS, milesToKm, type Subject } from './types.ts';

const TODAY = '2026-11-26';
const day = (daysAgo: number) => new Date(Date.parse(TODAY) - daysAgo * 86_400_000).toISOString().slice(0, 10);

const subject = (over: Partial<Subject> = {}): Subject => ({
  vehicle: { year: 2021, make: 'Toyota', model: 'RAV4', series: 'LE', style: null },
  km: 60_000,
  province: 'QC',
  condition: 'good',
  accident: false,
  rebuilt: false,
  damageCost: 0,
  desiredProfit: 0,
  aggressionPercent: 0,
  ...over,
});

let n = 0;
const sale = (over: Partial<MarketSale> = {}): MarketSale => ({
  id: `s${++n}`,
  year: 2021,
  make: 'Toyota',
  model: 'RAV4',
  series: 'LE',
  style: null,
  kind: 'sale',
  price: 30_000,
  date: day(10),
  km: 60_000,
  province: 'QC',
  condition: 'good',
  accident: false,
  rebuilt: false,
  daysOnMarket: 30,
  ...over,
});

describe('comparables and widening', () => {
  it.each([
    ['another make', { make: 'Honda' }, false],
    ['the model in other case and spacing', { model: ' rav4 ' }, true],
    ['another series', { series: 'XLE' }, false],
    ['one year apart', { year: 2022 }, true],
    ['two years apart', { year: 2019 }, false],
    ['older than 90 days', { date: day(91) }, false],
    ['dated in the future', { date: day(-1) }, false],
    ['another province', { province: 'ON' as Province }, false],
  ])('the exact step refuses or takes %s', (_, over, expected) => {
    expect(matches(subject(), sale(over), STEP_CRITERIA.exact, TODAY)).toBe(expected);
  });

  it('a national subject (CN) takes every province from the first step', () => {
    expect(matches(subject({ province: 'CN' }), sale({ province: 'ON' }), STEP_CRITERIA.exact, TODAY)).toBe(true);
  });

  it('widens series, then years ±2, then the period, then Canada, until enough', () => {
    const sales = [
      sale({ series: 'XLE' }),
      sale({ series: 'XLE' }),
      sale({ year: 2019 }),
      sale({ date: day(200) }),
      sale({ province: 'ON' }),
      sale({ province: 'AB' }),
    ];
    const { step, tried, comparables } = selectComparables(subject(), sales, TODAY);
    expect(tried).toEqual([
      { step: 'exact', count: 0 },
      { step: 'any_series', count: 2 },
      { step: 'years_2', count: 3 },
      { step: 'longer_period', count: 4 },
      { step: 'canada', count: 6 },
    ]);
    expect(step).toBe('canada');
    expect(comparables).toHaveLength(6);
  });

  it('stops at the first step that finds enough', () => {
    const sales = Array.from({ length: ENOUGH_COMPARABLES }, () => sale());
    expect(selectComparables(subject(), [...sales, sale({ province: 'ON' })], TODAY).tried.map((t) => t.step)).toEqual(['exact']);
  });

  it('property: the steps tried are a prefix of the widening order and counts never fall', () => {
    fc.assert(
      fc.property(fc.array(arbSale(), { maxLength: 30 }), (sales) => {
        const { tried } = selectComparables(subject(), sales, TODAY);
        expect(tried.map((t) => t.step)).toEqual(WIDENING_STEPS.slice(0, tried.length));
        for (let i = 1; i < tried.length; i++) expect(tried[i]!.count).toBeGreaterThanOrEqual(tried[i - 1]!.count);
        for (let i = 0; i < tried.length - 1; i++) expect(tried[i]!.count).toBeLessThan(ENOUGH_COMPARABLES);
      }),
    );
  });

  it('weighs a recent sale more than an old one, and a sale more than a listing', () => {
    expect(recencyWeight('sale', 0)).toBe(1);
    expect(recencyWeight('sale', 180)).toBeCloseTo(0.5);
    expect(recencyWeight('listing', 0)).toBe(0.5);
  });
});

describe('market valuation', () => {
  it('finds no price without comparables', () => {
    expect(marketValuation(subject(), [sale({ make: 'Honda' })], TODAY)).toBeNull();
  });

  it('drops comparables outside ±30 % of the first-pass median', () => {
    const sales = [28_000, 29_000, 30_000, 31_000, 32_000, 50_000, 12_000].map((price) => sale({ price }));
    const v = marketValuation(subject(), sales, TODAY)!;
    expect(v.firstPassMedian).toBe(30_000);
    expect(v.validRange).toEqual({ low: 21_000, high: 39_000, marginPercent: 30 });
    expect(v.comparables.filter((c) => !c.kept).map((c) => c.price).sort()).toEqual([12_000, 50_000]);
    expect(v.vehicleCount).toBe(5);
    expect(v.averageRetail).toBe(30_000);
    expect(v.lowConfidence).toBe(false);
  });

  it('says low confidence when too few comparables remain', () => {
    const v = marketValuation(subject(), [sale(), sale({ price: 31_000 })], TODAY)!;
    expect(v.vehicleCount).toBe(2);
    expect(v.lowConfidence).toBe(true);
  });

  it('brings comparables to the subject: condition, title, model year', () => {
    const v = marketValuation(subject(), [sale({ condition: 'poor', price: 24_000 }), sale({ accident: true, price: 27_000 }), sale({ year: 2022, price: 34_091 })], TODAY)!;
    for (const c of v.comparables) expect(Math.abs(c.normalisedPrice - 30_000)).toBeLessThanOrEqual(1);
  });

  it('uses the documented default slope with few points, and fits one on enough spread data', () => {
    const few = marketValuation(subject({ km: 80_000 }), [sale(), sale(), sale()], TODAY)!;
    expect(few.kmSlope.fitted).toBe(false);
    expect(few.kmSlope.perKm).toBeCloseTo(-0.075);
    expect(few.averageRetail).toBe(28_500); // 20,000 km × 0.075 $
    // 10 sales on a line of 0.10 $/km
    const line = Array.from({ length: FIT_MIN_POINTS + 2 }, (_, i) => sale({ km: 20_000 + i * 10_000, price: 36_000 - i * 1000 }));
    const fitted = marketValuation(subject({ km: 60_000 }), line, TODAY)!;
    expect(fitted.kmSlope.fitted).toBe(true);
    expect(fitted.kmSlope.perKm).toBeCloseTo(-0.1);
    expect(fitted.averageRetail).toBe(32_000);
  });

  it('never lets a fitted slope make kilometres worth money', () => {
    const rising = Array.from({ length: 10 }, (_, i) => sale({ km: 20_000 + i * 10_000, price: 25_000 + i * 500 }));
    expect(marketValuation(subject(), rising, TODAY)!.kmSlope.perKm).toBe(0);
  });

  it('gives days on market, price variation and the range taxed with the province taxes', () => {
    const v = marketValuation(subject(), [10, 20, 30, 40, 100].map((d, i) => sale({ daysOnMarket: d, price: 28_000 + i * 1000 })), TODAY)!;
    expect(v.averageDaysOnMarket).toBe(40);
    expect(v.medianDaysOnMarket).toBe(30);
    expect(v.priceVariation.amount).toBeGreaterThan(0);
    expect(v.priceRange.low).toBeLessThanOrEqual(v.averageRetail);
    expect(v.priceRange.high).toBeGreaterThanOrEqual(v.averageRetail);
    expect(v.priceRange.taxRatePercent).toBeCloseTo(14.975);
    expect(v.priceRange.taxedLow).toBe(withProvinceTaxes('QC', v.priceRange.low).taxed);
  });

  it.each([
    ['QC', 10_000, 11_498],
    ['ON', 10_000, 11_300],
    ['AB', 10_000, 10_500],
    ['CN', 10_000, 10_500],
    ['NS', 10_000, 11_400],
  ] as const)('taxes %s: %i → %i', (province, amount, taxed) => {
    expect(withProvinceTaxes(province, amount).taxed).toBe(taxed);
  });

  it('property: never negative, never rises with kilometres, better condition never cheaper', () => {
    fc.assert(
      fc.property(fc.array(arbSale(), { minLength: 1, maxLength: 25 }), fc.nat(400_000), fc.nat(400_000), (sales, k1, k2) => {
        const [lo, hi] = k1 <= k2 ? [k1, k2] : [k2, k1];
        const a = marketValuation(subject({ km: lo }), sales, TODAY);
        const b = marketValuation(subject({ km: hi }), sales, TODAY);
        if (a === null || b === null) {
          expect(a).toEqual(b);
          return;
        }
        expect(b.averageRetail).toBeLessThanOrEqual(a.averageRetail);
        expect(b.averageRetail).toBeGreaterThanOrEqual(0);
        for (let i = 1; i < CONDITIONS.length; i++) expect(a.values[CONDITIONS[i]!].retail).toBeLessThanOrEqual(a.values[CONDITIONS[i - 1]!].retail);
      }),
    );
  });
});

describe('the offer', () => {
  it('market retail × (1 − aggression) − profit − damage, step by step', () => {
    expect(computeOffer({ retail: 30_000, condition: 'good', accident: true, rebuilt: false, aggressionPercent: 10, desiredProfit: 2000, damageCost: 500 })).toEqual({
      marketRetail: 27_000,
      offer: 21_800,
      steps: [
        { code: 'market_retail', amount: 30_000, total: 30_000 },
        { code: 'accident', amount: -3000, total: 27_000, percent: 10 },
        { code: 'aggression', amount: -2700, total: 24_300, percent: 10 },
        { code: 'desired_profit', amount: -2000, total: 22_300 },
        { code: 'damage_cost', amount: -500, total: 21_800 },
        { code: 'offer', amount: 21_800, total: 21_800 },
      ],
    });
  });

  it('never goes below zero', () => {
    expect(computeOffer({ retail: 1000, condition: 'poor', accident: false, rebuilt: true, aggressionPercent: 0, desiredProfit: 2000, damageCost: 0 }).offer).toBe(0);
  });

  it('property: the offer is between zero and the market retail', () => {
    fc.assert(
      fc.property(
        fc.record({
          retail: fc.nat(200_000),
          condition: fc.constantFrom(...CONDITIONS),
          accident: fc.boolean(),
          rebuilt: fc.boolean(),
          aggressionPercent: fc.double({ min: 0, max: 100, noNaN: true }),
          desiredProfit: fc.nat(50_000),
          damageCost: fc.nat(50_000),
        }),
        (input) => {
          const o = computeOffer(input);
          expect(o.offer).toBeGreaterThanOrEqual(0);
          expect(o.offer).toBeLessThanOrEqual(o.marketRetail);
          expect(o.marketRetail).toBeLessThanOrEqual(input.retail);
          expect(o.steps.at(-1)).toEqual({ code: 'offer', amount: o.offer, total: o.offer });
        },
      ),
    );
  });
});

describe('the request body', () => {
  const ok = { vin: '2T3W1RFV8MW123456', kilometers: 60000, province: 'QC' };
  it('takes a VIN, or year, make and model; kilometres or miles', () => {
    const r = checkPriceRequest({ year: 2021, make: 'Toyota', model: 'RAV4', miles: 10000, province: 'on', status: 'excellent', aggression_percentage: '12.5' }, 2026);
    expect(r.ok && r.request).toMatchObject({ km: milesToKm(10000), province: 'ON', condition: 'excellent', aggressionPercent: 12.5, vin: null });
    expect(checkPriceRequest(ok, 2026).ok).toBe(true);
  });

  it.each([
    [null, 'body', 'pricing.body_not_object'],
    [{ ...ok, colour: 'red' }, 'body', 'validation.unknown_attribute'],
    [{ kilometers: 1, province: 'QC' }, 'make', 'pricing.vin_or_vehicle_required'],
    [{ ...ok, vin: 'ABC' }, 'vin', 'validation.vin_length'],
    [{ ...ok, vin: 'IIIIIIIIIIIIIIIII' }, 'vin', 'validation.vin_characters'],
    [{ ...ok, year: 1800 }, 'year', 'validation.min'],
    [{ ...ok, year: 2028 }, 'year', 'validation.max'],
    [{ ...ok, make: 12 }, 'make', 'validation.string'],
    [{ ...ok, kilometers: -1 }, 'kilometers', 'validation.min'],
    [{ ...ok, kilometers: 1.5 }, 'kilometers', 'validation.integer'],
    [{ ...ok, miles: 10 }, 'miles', 'pricing.km_or_miles_not_both'],
    [{ vin: ok.vin, province: 'QC' }, 'kilometers', 'validation.required'],
    [{ ...ok, province: 'XX' }, 'province', 'validation.enum'],
    [{ vin: ok.vin, kilometers: 1 }, 'province', 'validation.required'],
    [{ ...ok, status: 'rough' }, 'status', 'validation.enum'],
    [{ ...ok, accident: 'yes' }, 'accident', 'validation.boolean'],
    [{ ...ok, damage_cost: 2_000_000 }, 'damage_cost', 'validation.max'],
    [{ ...ok, desired_profit: -5 }, 'desired_profit', 'validation.min'],
    [{ ...ok, aggression_percentage: 101 }, 'aggression_percentage', 'validation.max'],
    [{ ...ok, aggression_percentage: 'x' }, 'aggression_percentage', 'validation.numeric'],
  ])('%o → %s %s', (body, field, code) => {
    const r = checkPriceRequest(body, 2026);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.problems).toContainEqual(expect.objectContaining({ field, code }));
  });
});

function arbSale(): fc.Arbitrary<MarketSale> {
  return fc.record({
    id: fc.uuid(),
    year: fc.integer({ min: 2017, max: 2024 }),
    make: fc.constant('Toyota'),
    model: fc.constantFrom('RAV4', 'Corolla'),
    series: fc.constantFrom('LE', 'XLE', null),
    style: fc.constant(null),
    kind: fc.constantFrom('sale' as const, 'listing' as const),
    price: fc.integer({ min: 0, max: 80_000 }),
    date: fc.integer({ min: 0, max: 500 }).map(day),
    km: fc.integer({ min: 0, max: 300_000 }),
    province: fc.constantFrom<Province | null>(...PROVINCES, null),
    condition: fc.constantFrom(...CONDITIONS, null),
    accident: fc.boolean(),
    rebuilt: fc.boolean(),
    daysOnMarket: fc.option(fc.nat(365)),
  });
}
