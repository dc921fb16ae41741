import { defineEnum } from '../enums.ts';
import type { Province } from '../taxes/canadian-taxes.ts';

// The used-vehicle price estimation (spec §3 "Price estimation result", §6 "Vehicle estimations"):
// what a valuation provider answers, whatever the source (the organization's own market data, or
// Canadian Black Book), and what an appraiser asks of it.

/** Condition grades of a vehicle (spec §4: excellent, good, average, rough, shown as "poor"). */
export const [CONDITIONS, CONDITION_LABELS] = defineEnum('conditions', ['excellent', 'good', 'average', 'poor']);
export type Condition = (typeof CONDITIONS)[number];

/** The levels of the catalogue, each filtered by the ones before it. */
export const CATALOGUE_LEVELS = ['years', 'makes', 'models', 'series', 'styles'] as const;
export type CatalogueLevel = (typeof CATALOGUE_LEVELS)[number];

/** A vehicle as the catalogue names it; series and style narrow it when known. */
export interface VehicleSpec {
  year: number;
  make: string;
  model: string;
  series?: string | null;
  style?: string | null;
}

/** What the catalogue lists at a level are filtered by (the levels before it). */
export interface CatalogueFilter {
  year?: number;
  make?: string;
  model?: string;
  series?: string;
}

/** One trim a VIN may be (a VIN often matches several series or styles). */
export interface VinCandidate extends VehicleSpec {
  /** The provider's own code for this trim, when it has one (Black Book's uvc). */
  code?: string | null;
}

/** What the appraiser says of the vehicle beside what it is, and their terms: an appraisal's asking. */
export interface AppraisalTerms {
  /** Kilometres (miles are converted before). */
  km: number;
  province: Province;
  condition: Condition;
  accident: boolean;
  rebuilt: boolean;
  /** Whole dollars. */
  damageCost: number;
  /** Whole dollars. */
  desiredProfit: number;
  /** Percent off the market retail, 0 to 100. */
  aggressionPercent: number;
}

/** The vehicle being appraised and the appraiser's terms. */
export interface Subject extends AppraisalTerms {
  vehicle: VehicleSpec;
}

/** Wholesale and retail of one condition, whole dollars (the market provider knows no wholesale). */
export interface ConditionValue {
  wholesale: number | null;
  retail: number;
}

/** A provider's valuation of one vehicle (Black Book's shape; the market provider fills what it knows). */
export interface ProviderValuation {
  vehicle: VehicleSpec;
  /** By condition; the subject's condition is the one the offer reads. */
  values: Record<Condition, ConditionValue>;
  msrp: number | null;
  /** Months and kilometres of the original warranties, as the provider says them. */
  warrantyBasic: string | null;
  warrantyPowertrain: string | null;
  /** Dollars the provider's kilometre adjustment added (negative: removed). */
  mileageAdjustment: number;
}

/**
 * A source of values, behind which the screens and the API do not care what runs: the catalogue
 * (years → makes → models → series → styles), the trims of a VIN, and the value of one vehicle.
 */
export interface ValuationProvider {
  readonly name: string;
  catalogue(level: CatalogueLevel, filter: CatalogueFilter): Promise<string[]>;
  decodeVin(vin: string): Promise<VinCandidate[]>;
  /** The value of the subject's vehicle at its kilometres and province, or null when the provider knows none. */
  value(subject: Subject, candidate?: VinCandidate): Promise<ProviderValuation | null>;
}

/** Miles to kilometres, rounded to the kilometre. */
export const milesToKm = (miles: number) => Math.round(miles * 1.609344);
