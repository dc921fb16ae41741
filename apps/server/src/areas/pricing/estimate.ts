import { computeOffer, reconditioningDollars, type MarketValuation, type Reconditioning, type PriceRequest, type ProviderValuation, type Subject, type VehicleSpec, type VinCandidate } from '@atelier/domain';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { ApiError } from '../../jsonapi/errors.ts';
import { BlackBookError, BlackBookProvider } from './black-book.ts';
import { MarketProvider } from './market-provider.ts';

// One estimation: the vehicle (from the VIN when only the VIN is given), the market statistics
// (ESS), Black Book's values when configured, and the offer with its steps, as the API answers it.

export interface EstimateOptions {
  db: Db;
  config: Config;
  organizationId: string;
  /** Whether the debug block is answered (users with the debug mode permission). */
  debug: boolean;
  /** An inspected vehicle's reconditioning, taken off the offer line by line (appraisals.ts). */
  reconditioning?: Reconditioning;
}

type BlackBookPart =
  | { status: 'not_configured' | 'unavailable' | 'not_found'; message: string }
  | {
      status: 'ok';
      retail: Record<string, number>;
      wholesale: Record<string, number | null>;
      msrp: number | null;
      warranty_basic: string | null;
      warranty_powertrain: string | null;
      mileage_adjustment: number;
    };

export const blackBookOf = (config: Config) => (config.blackBook ? new BlackBookProvider(config.blackBook) : null);

const subjectOf = (request: PriceRequest, vehicle: VehicleSpec): Subject => ({
  vehicle,
  km: request.km,
  province: request.province,
  condition: request.condition,
  accident: request.accident,
  rebuilt: request.rebuilt,
  damageCost: request.damageCost,
  desiredProfit: request.desiredProfit,
  aggressionPercent: request.aggressionPercent,
});

/** The trims the request may be: the vehicle it names, else its VIN's candidates (Black Book's first, with their codes). */
export async function vehiclesOf(opts: EstimateOptions, request: PriceRequest, all: boolean): Promise<VinCandidate[]> {
  if (request.year !== null && request.make && request.model && !all)
    return [{ year: request.year, make: request.make, model: request.model, series: request.series, style: request.style }];
  const vin = request.vin!;
  const blackBook = blackBookOf(opts.config);
  let candidates: VinCandidate[] = [];
  if (blackBook) candidates = await blackBook.decodeVin(vin).catch(() => []);
  if (candidates.length === 0) candidates = await new MarketProvider(opts.db, opts.config.dataDir, opts.organizationId).decodeVin(vin).catch(() => []);
  if (candidates.length === 0) throw new ApiError(422, 'pricing.vin_not_decoded', undefined, { pointer: '/vin' });
  return all ? candidates : candidates.slice(0, 1);
}

async function blackBookPart(opts: EstimateOptions, subject: Subject, candidate: VinCandidate, vin: string | null, locale: (code: 'pricing.black_book_not_configured' | 'pricing.black_book_unavailable' | 'pricing.black_book_not_found') => string): Promise<{ part: BlackBookPart; valuation: ProviderValuation | null }> {
  const provider = blackBookOf(opts.config);
  if (!provider) return { part: { status: 'not_configured', message: locale('pricing.black_book_not_configured') }, valuation: null };
  try {
    const valuation = await provider.value(subject, candidate.code ? candidate : undefined, vin);
    if (!valuation) return { part: { status: 'not_found', message: locale('pricing.black_book_not_found') }, valuation: null };
    const by = (pick: 'retail' | 'wholesale') => Object.fromEntries(Object.entries(valuation.values).map(([c, v]) => [c, v[pick]]));
    return {
      valuation,
      part: {
        status: 'ok',
        retail: by('retail') as Record<string, number>,
        wholesale: by('wholesale'),
        msrp: valuation.msrp,
        warranty_basic: valuation.warrantyBasic,
        warranty_powertrain: valuation.warrantyPowertrain,
        mileage_adjustment: valuation.mileageAdjustment,
      },
    };
  } catch (err) {
    if (err instanceof BlackBookError) return { part: { status: 'unavailable', message: locale('pricing.black_book_unavailable') }, valuation: null };
    throw err;
  }
}

/** The most comparables the chart data carries. */
export const CHART_POINTS = 200;

function essPart(m: MarketValuation) {
  return {
    average_retail_sales: m.averageRetail,
    median_retail_sales: m.medianRetail,
    retail_by_status: Object.fromEntries(Object.entries(m.values).map(([c, v]) => [c, v.retail])),
    vehicle_count: m.vehicleCount,
    average_days_on_market: m.averageDaysOnMarket,
    median_days_on_market: m.medianDaysOnMarket,
    price_variation: m.priceVariation.amount,
    price_variation_percent: m.priceVariation.percent,
    official_price: { low: m.priceRange.low, high: m.priceRange.high, taxed_low: m.priceRange.taxedLow, taxed_high: m.priceRange.taxedHigh, tax_rate_percent: m.priceRange.taxRatePercent },
    valid_price_range_margin: m.validRange.marginPercent,
    low_confidence: m.lowConfidence,
    widening_step: m.step,
    // The chart: each comparable's price against its kilometres, as sold (not normalised); the
    // CHART_POINTS that weigh most (a national step may find thousands; a chart shows a few hundred).
    comparables: [...m.comparables]
      .sort((a, b) => b.weight - a.weight)
      .slice(0, CHART_POINTS)
      .map((c) => ({ km: c.km, price: c.price, year: c.year, kind: c.kind, kept: c.kept })),
  };
}

function debugPart(m: MarketValuation | null) {
  if (!m) return { comparables: [], steps_tried: [] };
  return {
    steps_tried: m.tried,
    km_slope: { per_km: Math.round(m.kmSlope.perKm * 10_000) / 10_000, fitted: m.kmSlope.fitted },
    reference_km: m.referenceKm,
    first_pass_median: m.firstPassMedian,
    valid_range: { low: m.validRange.low, high: m.validRange.high },
    comparables: m.comparables.map((c) => ({
      id: c.id,
      year: c.year,
      series: c.series,
      kind: c.kind,
      date: c.date,
      km: c.km,
      province: c.province,
      status: c.condition,
      accident: c.accident,
      rebuilt: c.rebuilt,
      price: c.price,
      days_on_market: c.daysOnMarket,
      weight: c.weight,
      normalised_price: c.normalisedPrice,
      kept: c.kept,
    })),
  };
}

export type Translate = Parameters<typeof blackBookPart>[4];

/** The estimation of one trim, as the attributes of the answer; null when no source has a price. */
export async function estimateOne(opts: EstimateOptions, request: PriceRequest, vehicle: VinCandidate, translate: Translate) {
  const subject = subjectOf(request, { year: vehicle.year, make: vehicle.make, model: vehicle.model, series: vehicle.series ?? null, style: vehicle.style ?? null });
  const [market, blackBook] = await Promise.all([new MarketProvider(opts.db, opts.config.dataDir, opts.organizationId).statistics(subject), blackBookPart(opts, subject, vehicle, request.vin, translate)]);
  const retail = market ? market.averageRetail : blackBook.valuation ? blackBook.valuation.values[subject.condition].retail : null;
  if (retail === null) return null;
  const offer = computeOffer({ retail, condition: subject.condition, accident: subject.accident, rebuilt: subject.rebuilt, aggressionPercent: subject.aggressionPercent, desiredProfit: subject.desiredProfit, damageCost: subject.damageCost, reconditioning: opts.reconditioning ? reconditioningDollars(opts.reconditioning) : [] });
  const bb = blackBook.part.status === 'ok' ? blackBook.part : null;
  return {
    vehicle: { vin: request.vin, year: subject.vehicle.year, make: subject.vehicle.make, model: subject.vehicle.model, series: subject.vehicle.series ?? null, style: subject.vehicle.style ?? null },
    province: subject.province,
    status: subject.condition,
    mileage: subject.km,
    accident: subject.accident,
    rebuilt: subject.rebuilt,
    damage_cost: subject.damageCost,
    desired_profit: subject.desiredProfit,
    aggression_percentage: subject.aggressionPercent,
    msrp: bb?.msrp ?? null,
    warranty_basic: bb?.warranty_basic ?? null,
    warranty_powertrain: bb?.warranty_powertrain ?? null,
    black_book: blackBook.part,
    ess: market ? essPart(market) : null,
    offer: { basis: market ? 'ess' : 'black_book', market_retail: offer.marketRetail, amount: offer.offer, steps: offer.steps },
    ...(opts.debug ? { debug: debugPart(market) } : {}),
  };
}

export type EstimateAttributes = NonNullable<Awaited<ReturnType<typeof estimateOne>>>;
