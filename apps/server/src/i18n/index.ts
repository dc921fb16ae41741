import type { Locale } from '@atelier/domain';
import { formatMoney } from '../reports/format.ts';
import { en } from './en.ts';
import { fr, type MessageKey } from './fr.ts';

export type { MessageKey };
const catalogues: Record<Locale, Record<MessageKey, string>> = { fr, en };

export type MessageParams = Record<string, string | number>;

const numberFormats = new Map(
  (['fr', 'en'] as const).map((l) => [l, { grouped: new Intl.NumberFormat(`${l}-CA`, { maximumFractionDigits: 6 }), plain: new Intl.NumberFormat(`${l}-CA`, { maximumFractionDigits: 6, useGrouping: false }) }]),
);

/**
 * A number as the reader writes it: "0,5" and "50 000" in French, "0.5" and "50,000" in English. Numbers
 * under 10,000 are not grouped, so a year (2026) reads as a year.
 */
function formatNumber(locale: Locale, n: number): string {
  const formats = numberFormats.get(locale) ?? numberFormats.get('fr')!;
  return Number.isFinite(n) ? (Math.abs(n) >= 10_000 ? formats.grouped : formats.plain).format(n) : String(n);
}

/**
 * Translates a server message key, replacing {name} placeholders (numbers in the reader's way;
 * `{name, money}` reads its number as cents and writes the amount with its currency).
 */
export function t(locale: Locale, key: MessageKey, params?: MessageParams): string {
  const text = catalogues[locale][key] ?? catalogues.fr[key] ?? key;
  if (!params) return text;
  return text.replace(/\{(\w+)(, money)?\}/g, (m, name: string, money?: string) => {
    if (!Object.hasOwn(params, name)) return m;
    const value = params[name];
    if (typeof value !== 'number') return String(value);
    return money ? formatMoney(value, locale) : formatNumber(locale, value);
  });
}

export function hasMessage(key: string): key is MessageKey {
  return Object.hasOwn(fr, key);
}

/** The first `max` characters of a text (by code point, never half a character), without trailing spaces. */
export const upTo = (text: string, max: number) => [...text].slice(0, Math.max(0, max)).join('').trimEnd();

/** "<name> (copie)" in the reader's language, the name shortened so that the whole fits in `max` characters. */
export function copyName(locale: Locale, name: string, max: number): string {
  const whole = t(locale, 'record.copy_name', { name });
  const over = [...whole].length - max;
  return over > 0 ? t(locale, 'record.copy_name', { name: upTo(name, [...name].length - over) }) : whole;
}
