import { DEFAULT_TIME_ZONE, regionLocale, type Locale } from '@atelier/domain';

// Dates, hours and money as the documents print them, in French (Canada) or English (Canada).
// Intl formatters are costly to build and a document formats hundreds of values: each is made once.

const formatters = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();
function formatter<T extends Intl.NumberFormat | Intl.DateTimeFormat>(key: string, make: () => T): T {
  let f = formatters.get(key) as T | undefined;
  if (!f) formatters.set(key, (f = make()));
  return f;
}

/** The date-time in the document's language and time zone: "12 mars 2026 14 h 05". */
export function formatDateTime(iso: string, locale: Locale, timeZone: string): string {
  return formatter(`dt:${locale}:${timeZone}`, () => new Intl.DateTimeFormat(regionLocale(locale), { dateStyle: 'long', timeStyle: 'short', timeZone })).format(new Date(iso));
}

/**
 * The day in the document's language and time zone: "12 mars 2026". A date without a time (a due
 * date: "2026-03-12") is that day in every zone; read as UTC midnight it would print the 11th in Québec.
 */
export function formatDay(iso: string, locale: Locale, timeZone: string): string {
  const dateOnly = /^\d{4}-\d{2}-\d{2}$/.test(iso);
  const zone = dateOnly ? 'UTC' : timeZone;
  return formatter(`d:${locale}:${zone}`, () => new Intl.DateTimeFormat(regionLocale(locale), { dateStyle: 'long', timeZone: zone })).format(new Date(dateOnly ? `${iso}T12:00:00Z` : iso));
}

/** An IANA time zone the runtime knows (the web's X-Timezone), else the default. */
export function validTimeZone(zone: unknown, fallback = DEFAULT_TIME_ZONE): string {
  if (typeof zone !== 'string' || zone.length > 64) return fallback;
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return zone;
  } catch {
    return fallback;
  }
}

/** Cents as money: "1 234,56 $" in French, "$1,234.56" in English. */
export function formatMoney(cents: number, locale: Locale, currency = 'CAD'): string {
  return formatter(`m:${locale}:${currency}`, () => new Intl.NumberFormat(regionLocale(locale), { style: 'currency', currency })).format(cents / 100);
}

/** A quantity or a count of hours, up to four decimals: "2,5" / "2.5". */
export function formatQuantity(n: number, locale: Locale): string {
  return formatter(`q:${locale}`, () => new Intl.NumberFormat(regionLocale(locale), { maximumFractionDigits: 4 })).format(n);
}

/** Hours: "1,5 h". */
export const formatHours = (hours: number, locale: Locale) => `${formatQuantity(hours, locale)} h`;

/** A tax's rate as printed beside its code: "9,975 %" / "9.975%", or "3,00 $ / unité" for an amount. */
export function formatRate(rate: { rate: string; type: string }, locale: Locale, perUnit: string): string {
  const n = Number(rate.rate);
  if (rate.type === 'amount') return `${formatMoney(Math.round(n * 100), locale)} ${perUnit}`;
  return locale === 'fr' ? `${formatQuantity(n, locale)} %` : `${formatQuantity(n, locale)}%`;
}

/** French typography puts a space before a colon. */
export const colon = (locale: Locale) => (locale === 'fr' ? ' : ' : ': ');
