import { PROVINCES } from '../locale.ts';
import type { Province } from '../taxes/canadian-taxes.ts';
import { checkVin } from '../vehicles/vin.ts';
import { CONDITIONS, milesToKm, type AppraisalTerms, type Condition } from './types.ts';

// The body of POST /estimations/vehicle-price (and of the screen's and the frame's form), checked
// once here: the server answers each problem as a 422 on its field, the web shows the same message.

export const PRICE_REQUEST_FIELDS = [
  'vin',
  'year',
  'make',
  'model',
  'series',
  'style',
  'kilometers',
  'miles',
  'province',
  'status',
  'accident',
  'damage_cost',
  'rebuilt',
  'desired_profit',
  'aggression_percentage',
] as const;
export type PriceRequestField = (typeof PRICE_REQUEST_FIELDS)[number];

/** Bounds: kilometres a road vehicle may show, and dollars an appraisal may subtract. */
export const MAX_KM = 2_000_000;
export const MAX_AMOUNT = 1_000_000;
export const MIN_YEAR = 1950;

/** A checked body: the vehicle as given (a VIN, or what the catalogue names), and the appraisal's terms. */
export interface PriceRequest extends AppraisalTerms {
  vin: string | null;
  year: number | null;
  make: string | null;
  model: string | null;
  series: string | null;
  style: string | null;
}

export interface PriceRequestProblem {
  field: PriceRequestField | 'body';
  /** A message code of the server's and the web's catalogues (pricing.*, validation.*). */
  code: string;
  params?: Record<string, string | number>;
}

export type PriceRequestCheck = { ok: true; request: PriceRequest } | { ok: false; problems: PriceRequestProblem[] };

/**
 * Checks a body: a valid VIN, or year, make and model (series and style narrow them); kilometres
 * or miles (not both); a province of spec §9; a condition; amounts of whole dollars; an aggression
 * from 0 to 100 %. Unknown members are refused, so a misspelt field never goes unnoticed.
 */
export function checkPriceRequest(body: unknown, currentYear: number): PriceRequestCheck {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return { ok: false, problems: [{ field: 'body', code: 'pricing.body_not_object' }] };
  const input = body as Record<string, unknown>;
  const problems: PriceRequestProblem[] = [];
  const fields = new Set<string>(PRICE_REQUEST_FIELDS);
  for (const key of Object.keys(input)) if (!fields.has(key)) problems.push({ field: 'body', code: 'validation.unknown_attribute', params: { name: key } });
  const given = (f: PriceRequestField) => Object.hasOwn(input, f) && input[f] !== null && input[f] !== undefined && input[f] !== '';

  const text = (f: PriceRequestField, max: number): string | null => {
    if (!given(f)) return null;
    const v = input[f];
    if (typeof v !== 'string') return problems.push({ field: f, code: 'validation.string' }), null;
    if (v.trim().length > max) return problems.push({ field: f, code: 'validation.max_length', params: { max } }), null;
    return v.trim();
  };
  const int = (f: PriceRequestField, min: number, max: number): number | null => {
    if (!given(f)) return null;
    const v = typeof input[f] === 'string' && /^-?\d+$/.test((input[f] as string).trim()) ? Number(input[f]) : input[f];
    if (typeof v !== 'number' || !Number.isInteger(v)) return problems.push({ field: f, code: 'validation.integer' }), null;
    if (v < min) return problems.push({ field: f, code: 'validation.min', params: { min } }), null;
    if (v > max) return problems.push({ field: f, code: 'validation.max', params: { max } }), null;
    return v;
  };
  const bool = (f: PriceRequestField): boolean => {
    if (!given(f)) return false;
    if (typeof input[f] !== 'boolean') return problems.push({ field: f, code: 'validation.boolean' }), false;
    return input[f] as boolean;
  };

  let vin: string | null = null;
  const vinText = text('vin', 17);
  if (vinText !== null) {
    const checked = checkVin(vinText);
    if (checked.ok) vin = checked.vin;
    else problems.push({ field: 'vin', code: `validation.${checked.error}` });
  }
  const year = int('year', MIN_YEAR, currentYear + 1);
  const make = text('make', 100);
  const model = text('model', 100);
  const series = text('series', 150);
  const style = text('style', 150);
  if (!given('vin')) for (const f of ['year', 'make', 'model'] as const) if (!given(f)) problems.push({ field: f, code: 'pricing.vin_or_vehicle_required' });

  const km = int('kilometers', 0, MAX_KM);
  const miles = int('miles', 0, Math.floor(MAX_KM / 1.609344));
  if (given('kilometers') && given('miles')) problems.push({ field: 'miles', code: 'pricing.km_or_miles_not_both' });
  else if (!given('kilometers') && !given('miles')) problems.push({ field: 'kilometers', code: 'validation.required' });

  let province: Province | null = null;
  if (!given('province')) problems.push({ field: 'province', code: 'validation.required' });
  else if (typeof input.province === 'string' && (PROVINCES as readonly string[]).includes(input.province.toUpperCase())) province = input.province.toUpperCase() as Province;
  else problems.push({ field: 'province', code: 'validation.enum', params: { values: PROVINCES.join(', ') } });

  let condition: Condition = 'good';
  if (given('status')) {
    if (typeof input.status === 'string' && (CONDITIONS as readonly string[]).includes(input.status)) condition = input.status as Condition;
    else problems.push({ field: 'status', code: 'validation.enum', params: { values: CONDITIONS.join(', ') } });
  }
  const accident = bool('accident');
  const rebuilt = bool('rebuilt');
  const damageCost = int('damage_cost', 0, MAX_AMOUNT) ?? 0;
  const desiredProfit = int('desired_profit', 0, MAX_AMOUNT) ?? 0;
  let aggressionPercent = 0;
  if (given('aggression_percentage')) {
    const v = typeof input.aggression_percentage === 'string' && /^\d+(\.\d+)?$/.test(input.aggression_percentage.trim()) ? Number(input.aggression_percentage) : input.aggression_percentage;
    if (typeof v !== 'number' || !Number.isFinite(v)) problems.push({ field: 'aggression_percentage', code: 'validation.numeric' });
    else if (v < 0) problems.push({ field: 'aggression_percentage', code: 'validation.min', params: { min: 0 } });
    else if (v > 100) problems.push({ field: 'aggression_percentage', code: 'validation.max', params: { max: 100 } });
    else aggressionPercent = v;
  }

  if (problems.length > 0 || province === null) return { ok: false, problems };
  return {
    ok: true,
    request: { vin, year, make, model, series, style, km: km ?? milesToKm(miles ?? 0), province, condition, accident, rebuilt, damageCost, desiredProfit, aggressionPercent },
  };
}
