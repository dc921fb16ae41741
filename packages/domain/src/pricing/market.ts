import { lineTaxes } from '../taxes/taxes.ts';
import { CANADIAN_TAX_GROUPS, PROVINCE_TAX_GROUP, type Province } from '../taxes/canadian-taxes.ts';
import { median, weightedMean, weightedQuantile, weightedQuantiles, weightedSlope, weightedStdDev, type Weighted } from './stats.ts';
import { CONDITIONS, type Condition, type ConditionValue, type Subject } from './types.ts';

// The built-in market provider ("ESS", estimated selling statistics): the value of a vehicle from
// the organization's own imported sales and listings, with no paid service. The rules and their
// constants are written down in docs/decisions.md "Used-vehicle valuation".

/** One imported sale or listing (the "vehicle sales" import model). Prices are whole dollars. */
export interface MarketSale {
  id: string;
  year: number;
  make: string;
  model: string;
  series: string | null;
  style: string | null;
  /** 'sale': the sold price; 'listing': the asking price. */
  kind: 'sale' | 'listing';
  price: number;
  /** The sale date, or the listing date, as YYYY-MM-DD. */
  date: string;
  km: number;
  province: Province | null;
  condition: Condition | null;
  accident: boolean;
  rebuilt: boolean;
  daysOnMarket: number | null;
}

/** How many comparables are enough; fewer after the outliers are dropped is a "low confidence" result. */
export const ENOUGH_COMPARABLES = 5;
/** The valid price range margin (spec §9): comparables beyond ±30 % of the first-pass median are dropped. */
export const VALID_PRICE_MARGIN = 0.3;
/** Price ratio of each condition to "good", for normalising comparables and valuing the subject. */
export const CONDITION_FACTORS: Readonly<Record<Condition, number>> = { excellent: 1.08, good: 1, average: 0.92, poor: 0.8 };
/** A declared accident and a rebuilt title take these shares off the value. */
export const ACCIDENT_FACTOR = 0.9;
export const REBUILT_FACTOR = 0.75;
/** Value lost per model year of age, to bring a comparable one year apart to the subject's year. */
export const YEARLY_DEPRECIATION = 0.12;
/** Default kilometre adjustment: 0.25 % of the median price per 1,000 km (when the data cannot say). */
export const DEFAULT_KM_RATE = 0.0025 / 1000;
/** A slope is fitted from this many comparables spread over at least this many kilometres. */
export const FIT_MIN_POINTS = 8;
export const FIT_MIN_SPREAD_KM = 10_000;
/** A fitted slope is bounded to at most 2 % of the median price per 1,000 km. */
export const MAX_KM_RATE = 0.02 / 1000;
/** Recency: a sale's weight halves every 180 days; a listing (an asking price) weighs half a sale. */
export const HALF_LIFE_DAYS = 180;
export const LISTING_WEIGHT = 0.5;

/** The widening steps, in order: each relaxes one criterion of the one before. */
export const WIDENING_STEPS = ['exact', 'any_series', 'years_2', 'longer_period', 'canada'] as const;
export type WideningStep = (typeof WIDENING_STEPS)[number];

export interface StepCriteria {
  sameSeries: boolean;
  yearSpan: number;
  days: number;
  sameProvince: boolean;
}

export const STEP_CRITERIA: Readonly<Record<WideningStep, StepCriteria>> = {
  exact: { sameSeries: true, yearSpan: 1, days: 90, sameProvince: true },
  any_series: { sameSeries: false, yearSpan: 1, days: 90, sameProvince: true },
  years_2: { sameSeries: false, yearSpan: 2, days: 90, sameProvince: true },
  longer_period: { sameSeries: false, yearSpan: 2, days: 365, sameProvince: true },
  canada: { sameSeries: false, yearSpan: 2, days: 365, sameProvince: false },
};

/** The widest step's criteria: what the server loads from the database before the engine narrows. */
export const WIDEST = STEP_CRITERIA.canada;

const same = (a: string | null | undefined, b: string | null | undefined) => (a ?? '').trim().toLowerCase() === (b ?? '').trim().toLowerCase();

const DAY_MS = 86_400_000;
const daysBetween = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / DAY_MS);

/** Whether a sale is a comparable of the subject under a step's criteria, on `today` (YYYY-MM-DD). */
export const matches = (subject: Subject, sale: MarketSale, criteria: StepCriteria, today: string): boolean => matchesAt(subject, sale, criteria, daysBetween(sale.date, today));

/** The same, the sale's age in days known (read once per sale, not once per step). */
function matchesAt(subject: Subject, sale: MarketSale, criteria: StepCriteria, age: number): boolean {
  const v = subject.vehicle;
  if (!same(sale.make, v.make) || !same(sale.model, v.model)) return false;
  if (criteria.sameSeries && v.series && !same(sale.series, v.series)) return false;
  if (Math.abs(sale.year - v.year) > criteria.yearSpan) return false;
  if (age < 0 || age > criteria.days) return false;
  // CN is the national market: no province criterion at any step.
  if (criteria.sameProvince && subject.province !== 'CN' && sale.province !== subject.province) return false;
  return true;
}

export interface StepTried {
  step: WideningStep;
  count: number;
}

/** The comparables of the first step that finds enough, or of the widest one; the steps tried in order. */
export function selectComparables(subject: Subject, sales: readonly MarketSale[], today: string) {
  const tried: StepTried[] = [];
  let found: MarketSale[] = [];
  const aged = sales.map((sale) => ({ sale, age: daysBetween(sale.date, today) }));
  for (const step of WIDENING_STEPS) {
    found = aged.filter(({ sale, age }) => matchesAt(subject, sale, STEP_CRITERIA[step], age)).map(({ sale }) => sale);
    tried.push({ step, count: found.length });
    if (found.length >= ENOUGH_COMPARABLES) break;
  }
  return { step: tried[tried.length - 1]!.step, tried, comparables: found };
}

/** A sale as it counted in a valuation (the subject's make and model, so not repeated). */
export interface NormalisedComparable extends Omit<MarketSale, 'make' | 'model' | 'style'> {
  weight: number;
  /** The comparable's price brought to the subject: good condition, clean title, same year and kilometres. */
  normalisedPrice: number;
  /** False when it fell outside the valid price range of the first-pass median. */
  kept: boolean;
}

export interface MarketValuation {
  step: WideningStep;
  tried: StepTried[];
  /** Dollars per km (≤ 0) and whether it was fitted on the comparables or is the default. */
  kmSlope: { perKm: number; fitted: boolean };
  referenceKm: number;
  firstPassMedian: number;
  validRange: { low: number; high: number; marginPercent: number };
  comparables: NormalisedComparable[];
  vehicleCount: number;
  lowConfidence: boolean;
  /** Retail by condition at the subject's kilometres (no accident or rebuilt adjustment). */
  values: Record<Condition, ConditionValue>;
  averageRetail: number;
  medianRetail: number;
  averageDaysOnMarket: number | null;
  medianDaysOnMarket: number | null;
  priceVariation: { amount: number; percent: number };
  priceRange: { low: number; high: number; taxedLow: number; taxedHigh: number; taxRatePercent: number };
}

/** The weight of a sale seen `days` ago: halves every HALF_LIFE_DAYS; a listing weighs half. */
export const recencyWeight = (kind: MarketSale['kind'], days: number) => 0.5 ** (Math.max(0, days) / HALF_LIFE_DAYS) * (kind === 'listing' ? LISTING_WEIGHT : 1);

/** A comparable's price at good condition, clean title and the subject's model year. */
function toSubjectYear(sale: MarketSale, subjectYear: number) {
  const condition = CONDITION_FACTORS[sale.condition ?? 'good'];
  const title = (sale.accident ? ACCIDENT_FACTOR : 1) * (sale.rebuilt ? REBUILT_FACTOR : 1);
  return (sale.price / condition / title) * (1 - YEARLY_DEPRECIATION) ** (sale.year - subjectYear);
}

/** The province's sales taxes on an amount, in whole dollars (the group its dealerships charge by default). */
export function withProvinceTaxes(province: Province, dollars: number): { taxed: number; ratePercent: number } {
  const group = CANADIAN_TAX_GROUPS.find((g) => g.key === PROVINCE_TAX_GROUP[province])!;
  const percentages = group.taxes.filter((t) => t.type === 'percentage');
  const cents = dollars * 100;
  const taxes = lineTaxes(percentages.map((t) => ({ code: t.code.en, rate: t.rate, type: t.type })), cents, 1).reduce((s, t) => s + t.amount, 0);
  return { taxed: Math.round((cents + taxes) / 100), ratePercent: percentages.reduce((s, t) => s + Number(t.rate), 0) };
}

/**
 * The market value of the subject from the sales, or null when no comparable exists at any step.
 * Outliers are dropped on prices brought to the comparables' median kilometres, and the result is
 * then moved to the subject's kilometres by the slope: which comparables count never depends on
 * the subject's kilometres, so the value can only fall as they rise.
 */
export function marketValuation(subject: Subject, sales: readonly MarketSale[], today: string): MarketValuation | null {
  const { step, tried, comparables } = selectComparables(subject, sales, today);
  if (comparables.length === 0) return null;

  const points = comparables.map((sale) => ({ sale, weight: recencyWeight(sale.kind, daysBetween(sale.date, today)), atYear: toSubjectYear(sale, subject.vehicle.year) }));
  const typicalPrice = weightedQuantile(points.map((p) => ({ value: p.atYear, weight: p.weight })), 0.5);
  const fitted = points.length >= FIT_MIN_POINTS ? weightedSlope(points.map((p) => ({ x: p.sale.km, y: p.atYear, weight: p.weight })), FIT_MIN_SPREAD_KM) : null;
  // A fitted slope never says a car gains value by driving, nor more than the bound.
  const perKm = fitted === null ? -DEFAULT_KM_RATE * typicalPrice : Math.max(-MAX_KM_RATE * typicalPrice, Math.min(0, fitted));
  const referenceKm = weightedQuantile(points.map((p) => ({ value: p.sale.km, weight: p.weight })), 0.5);

  const atReference = points.map((p) => ({ ...p, value: Math.max(0, p.atYear + perKm * (referenceKm - p.sale.km)) }));
  const firstPassMedian = weightedQuantile(atReference, 0.5);
  const low = firstPassMedian * (1 - VALID_PRICE_MARGIN);
  const high = firstPassMedian * (1 + VALID_PRICE_MARGIN);
  const kept = atReference.filter((p) => p.value >= low && p.value <= high);

  const shift = perKm * (subject.km - referenceKm);
  // The good-condition value at the subject's kilometres, then each condition's share of it.
  const atSubject = (referenceValue: number) => Math.max(0, referenceValue + shift);
  const byCondition = (good: number) =>
    Object.fromEntries(CONDITIONS.map((c) => [c, { wholesale: null, retail: Math.round(good * CONDITION_FACTORS[c]) }])) as Record<Condition, ConditionValue>;
  const factor = CONDITION_FACTORS[subject.condition];
  const keptPoints: Weighted[] = kept.map((p) => ({ value: p.value, weight: p.weight }));
  const good = atSubject(weightedMean(keptPoints));
  const days = kept.map((p) => p.sale.daysOnMarket).filter((d): d is number => d !== null);
  const sd = weightedStdDev(keptPoints) * factor;
  const [q25, q50, q75] = weightedQuantiles(keptPoints, [0.25, 0.5, 0.75]) as [number, number, number];
  const rangeLow = Math.round(atSubject(q25) * factor);
  const rangeHigh = Math.round(atSubject(q75) * factor);
  const taxedLow = withProvinceTaxes(subject.province, rangeLow);
  const taxedHigh = withProvinceTaxes(subject.province, rangeHigh);
  const values = byCondition(good);
  const average = values[subject.condition].retail;

  return {
    step,
    tried,
    kmSlope: { perKm, fitted: fitted !== null },
    referenceKm,
    firstPassMedian: Math.round(firstPassMedian),
    validRange: { low: Math.round(low), high: Math.round(high), marginPercent: VALID_PRICE_MARGIN * 100 },
    comparables: atReference.map((p) => ({
      id: p.sale.id,
      year: p.sale.year,
      series: p.sale.series,
      kind: p.sale.kind,
      date: p.sale.date,
      km: p.sale.km,
      province: p.sale.province,
      condition: p.sale.condition,
      accident: p.sale.accident,
      rebuilt: p.sale.rebuilt,
      price: p.sale.price,
      daysOnMarket: p.sale.daysOnMarket,
      weight: Math.round(p.weight * 1000) / 1000,
      normalisedPrice: Math.round(Math.max(0, p.value + shift) * factor),
      kept: p.value >= low && p.value <= high,
    })),
    vehicleCount: kept.length,
    lowConfidence: kept.length < ENOUGH_COMPARABLES,
    values,
    averageRetail: average,
    medianRetail: Math.round(atSubject(q50) * factor),
    averageDaysOnMarket: days.length ? Math.round(days.reduce((s, d) => s + d, 0) / days.length) : null,
    medianDaysOnMarket: days.length ? Math.round(median(days)) : null,
    priceVariation: { amount: Math.round(sd), percent: average > 0 ? Math.round((sd / average) * 1000) / 10 : 0 },
    priceRange: { low: rangeLow, high: rangeHigh, taxedLow: taxedLow.taxed, taxedHigh: taxedHigh.taxed, taxRatePercent: taxedLow.ratePercent },
  };
}
