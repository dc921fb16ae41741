import type { Locale } from '../locale.ts';

// How people type numbers and how they read them back, the same rule in both languages.
//
// Decimal separator: "," and "." alike (a tablet's numeric keypad often has only "."), so "12.4" and
// "12,4" are 12.4 in French and in English. Thousands: spaces (also no-break and narrow no-break,
// as Intl writes them) are dropped; a mark is taken as thousands only when it cannot be the decimal
// one: both marks present ("1,234.5", "1.234,5": the last is the decimal) or one mark repeated
// ("1,234,567"), each group then three digits. A single mark is always the decimal: "1,234" is
// 1.234, never 1234, so a value is never multiplied; where it would be too precise for the field
// (money, whole numbers) the input refuses it rather than rounding (tooManyDecimals).

const SPACES = /[\s\u00a0\u202f\u2009]/g;
const MINUS = /^[-\u2212]/;

/** The number typed, as a plain decimal text ("-1234.5"); null when it is not a number (or empty). */
export function decimalText(input: string): string | null {
  let s = input.replace(SPACES, '');
  const negative = MINUS.test(s);
  if (negative || s.startsWith('+')) s = s.slice(1);
  if (!/^[\d.,]+$/.test(s) || !/\d/.test(s)) return null;
  const commas = s.split(',').length - 1;
  const periods = s.split('.').length - 1;
  let whole: string | null;
  let fraction = '';
  if (commas && periods) {
    const decimal = s.lastIndexOf(',') > s.lastIndexOf('.') ? ',' : '.';
    if ((decimal === ',' ? commas : periods) > 1) return null;
    const at = s.lastIndexOf(decimal);
    whole = ungroup(s.slice(0, at), decimal === ',' ? '.' : ',');
    fraction = s.slice(at + 1);
  } else if (commas + periods > 1) {
    whole = ungroup(s, commas ? ',' : '.');
  } else {
    [whole = '', fraction = ''] = s.split(/[.,]/);
  }
  if (whole === null || !/^\d*$/.test(whole) || !/^\d*$/.test(fraction) || whole + fraction === '') return null;
  // The decimals as typed ("12,50" → "12.50": a numeric column keeps them).
  const digits = (whole.replace(/^0+(?=\d)/, '') || '0') + (fraction ? `.${fraction}` : '');
  return negative && /[1-9]/.test(digits) ? `-${digits}` : digits;
}

/** "1,234,567" → "1234567" when every group after the first has three digits; else null. */
function ungroup(s: string, mark: string): string | null {
  const groups = s.split(mark);
  const valid = groups.length === 1 || (/^\d{1,3}$/.test(groups[0]!) && groups.slice(1).every((g) => /^\d{3}$/.test(g)));
  return valid ? groups.join('') : null;
}

/** The number typed ("12,4", "12.4", "1 234,5"), or null when it is empty or not a number. */
export function parseDecimal(input: string): number | null {
  const text = decimalText(input);
  return text === null ? null : Number(text);
}

/** Whether a typed number has more decimals than a field keeps (2 for money, 0 for a count). */
export function tooManyDecimals(text: string, decimals: number): boolean {
  const plain = decimalText(text);
  return plain !== null && (plain.split('.')[1]?.replace(/0+$/, '').length ?? 0) > decimals;
}

/** The Intl locale of a language: Canadian French or English (spec §9: formats with a Canadian region). */
export const regionLocale = (locale: Locale) => (locale === 'fr' ? 'fr-CA' : 'en-CA');
const formats = new Map<string, Intl.NumberFormat>();
function numberFormat(locale: Locale, decimals: number, grouping: boolean): Intl.NumberFormat {
  const key = `${locale}:${decimals}:${grouping}`;
  let f = formats.get(key);
  if (!f) formats.set(key, (f = new Intl.NumberFormat(regionLocale(locale), { maximumFractionDigits: decimals, useGrouping: grouping })));
  return f;
}

/**
 * A number as a number input shows it: the locale's decimal mark, no thousands mark (so what is
 * shown reads back as the same number in either language), up to `decimals` decimals.
 */
export function formatDecimalInput(value: number, locale: Locale, decimals = 4): string {
  return numberFormat(locale, decimals, false).format(value).replace('\u2212', '-');
}

/** A percentage or a tax rate in the locale: "14,975 %" in French, "14.975%" in English. */
export function formatPercent(percent: number, locale: Locale, decimals = 4): string {
  const n = numberFormat(locale, decimals, true).format(percent);
  return locale === 'fr' ? `${n}\u00a0%` : `${n}%`;
}

/**
 * A duration in hours as hours and minutes, to the nearest minute: 2.0833 → "2 h 05", -3.7 →
 * "−3 h 42" (a true minus sign). Clocks and estimates count hours with four decimals; people read
 * minutes.
 */
export function formatHoursMinutes(hours: number): string {
  const minutes = Math.round(Math.abs(hours) * 60);
  const sign = hours < 0 && minutes > 0 ? '\u2212' : '';
  return `${sign}${Math.floor(minutes / 60)}\u00a0h\u00a0${String(minutes % 60).padStart(2, '0')}`;
}
