import type { Locale } from '../locale.ts';
import type { TaxAmount, TaxRate } from '../taxes/taxes.ts';
import type { Labels } from '../enums.ts';
import { SCALE, toScaled, type DecimalInput } from './decimal.ts';
import type { WorkTotals } from './work-lines.ts';

// What the printed documents of work (the quote, the work order) share: who they are from and
// for, the vehicle, the tax lines with their rates, and the settings' document footer. Pure: the
// server loads these from its tables, the models (estimations/quote.ts, repairs/work-order.ts)
// say what the documents print.

/** An organization, location or customer: a name and address lines (address, city, phone, e-mail). */
export interface DocumentParty {
  name: string;
  lines: readonly string[];
}

export interface DocumentVehicle {
  vin: string;
  year: number | null;
  make: string | null;
  model: string | null;
  odometer: number | null;
  /** km or mi. */
  unit: string;
}

/** Who a document is from and for, and its vehicle, as the server loads them. */
export interface DocumentPartiesInput {
  organization: DocumentParty & { logo?: string | null };
  location?: DocumentParty | null;
  vehicle: DocumentVehicle | null;
  customer: DocumentParty | null;
}

/** The same as a document prints them: the organization's logo beside it. */
export interface DocumentParties {
  organization: DocumentParty;
  location: DocumentParty | null;
  logo: string | null;
  vehicle: DocumentVehicle | null;
  customer: DocumentParty | null;
}

export const documentParties = (input: DocumentPartiesInput): DocumentParties => ({
  organization: { name: input.organization.name, lines: input.organization.lines },
  location: input.location ?? null,
  logo: input.organization.logo ?? null,
  vehicle: input.vehicle,
  customer: input.customer,
});

/** A value with its label in the document's language. */
export interface Labelled<T extends string> {
  code: T;
  label: string;
}

export const labelled = <T extends string>(code: T, labels: Labels<T>, locale: Locale): Labelled<T> => ({ code, label: labels[code][locale] });

/** A decimal (hours, a quantity) as a number, exact to its four kept decimals. */
export const decimalNumber = (v: DecimalInput): number => Number(toScaled(v)) / Number(SCALE);

/** The sum of decimals (hours), exact, as a number. */
export const decimalSum = (values: readonly DecimalInput[]): number => Number(values.reduce<bigint>((s, v) => s + toScaled(v), 0n)) / Number(SCALE);

/** A tax of the document's total with the rate it was charged at; rate null when lines charged the code at different rates. */
export interface DocumentTax extends TaxAmount {
  rate: string | null;
  type: string | null;
}

/**
 * The document's taxes (sumWorkTotals' `taxes`, by code) with their rates, read from the lines'
 * tax groups: "TPS 5 %", "TVQ 9,975 %". Amounts are never recomputed here. A line's rate given as
 * null is unknown: its code is printed without a rate.
 */
export function documentTaxes(totals: readonly TaxAmount[], lineRates: readonly (readonly TaxRate[] | null | undefined)[]): DocumentTax[] {
  const rates = new Map<string, { rate: string; type: string } | null>();
  for (const list of lineRates)
    for (const t of list ?? []) {
      if (t.rate === null) {
        rates.set(t.code, null);
        continue;
      }
      const rate = { rate: String(decimalNumber(t.rate)), type: t.type };
      const known = rates.get(t.code);
      if (known === undefined) rates.set(t.code, rate);
      else if (known && (known.rate !== rate.rate || known.type !== rate.type)) rates.set(t.code, null);
    }
  return totals.map((t) => ({ ...t, rate: rates.get(t.code)?.rate ?? null, type: rates.get(t.code)?.type ?? null }));
}

/**
 * The rates a line's stored taxes were charged at, as far as its group's rates now tell (`now`:
 * the line's totals at those rates): a code the group no longer charges at the stored amount has
 * no known rate (null, the rate not printed).
 */
export function ratesCharged(rates: readonly TaxRate[] | null | undefined, stored: WorkTotals, now: WorkTotals): TaxRate[] {
  const amounts = new Map(now.taxes.map((t) => [t.code, t.amount]));
  return stored.taxes.map((t) => {
    const rate = rates?.find((r) => r.code === t.code);
    return rate && amounts.get(t.code) === t.amount ? rate : { code: t.code, rate: null, type: '' };
  });
}

/** The settings' document footer (option general.document_footer, from GET /options' map); null when empty. */
export function documentFooter(options: Readonly<Record<string, unknown>> | null | undefined): string | null {
  const value = options && Object.hasOwn(options, 'general.document_footer') ? options['general.document_footer'] : null;
  return typeof value === 'string' && value.trim() ? value.trim() : null;
}

/** A text with something in it, trimmed; else null. */
export const filled = (s: string | null | undefined): string | null => (typeof s === 'string' && s.trim() ? s.trim() : null);
