import { regionLocale } from '../../lib/format.ts';

/** Whole dollars (vehicle prices), CAD, in the user's language: "28 500 $" / "$28,500". */
export const dollars = (value: number | null | undefined, locale: string) =>
  value === null || value === undefined ? '—' : new Intl.NumberFormat(regionLocale(locale), { style: 'currency', currency: 'CAD', maximumFractionDigits: 0 }).format(value);

export const kilometres = (value: number, locale: string) => `${new Intl.NumberFormat(regionLocale(locale)).format(value)} km`;
