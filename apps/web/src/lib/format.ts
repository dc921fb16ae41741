/** Dates, numbers and money for fr-CA and en-CA (spec platform §9), currency CAD. */
export const regionLocale = (locale: string) => `${(locale || 'fr').slice(0, 2)}-CA`;

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * A date without a time ("2026-03-05": a due date, a birth date) is that day wherever the reader
 * is; new Date() would read it as UTC midnight, the evening before in Québec. An impossible day
 * (February 30) is no date.
 */
function dayOf(value: string): Date | null {
  const m = DATE_ONLY.exec(value);
  if (!m) return null;
  const d = new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  return d.getMonth() === Number(m[2]) - 1 ? d : new Date(Number.NaN);
}

export function formatDate(value: string | number | Date | null | undefined, locale: string): string {
  if (value === null || value === undefined || value === '') return '';
  const d = value instanceof Date ? value : ((typeof value === 'string' && dayOf(value)) || new Date(value));
  if (Number.isNaN(d.getTime())) return '';
  return new Intl.DateTimeFormat(regionLocale(locale), { dateStyle: 'medium' }).format(d);
}

export function formatDateTime(value: string | number | Date | null | undefined, locale: string): string {
  if (value === null || value === undefined || value === '') return '';
  const d = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(d.getTime())) return '';
  return new Intl.DateTimeFormat(regionLocale(locale), { dateStyle: 'medium', timeStyle: 'short' }).format(d);
}

export function formatNumber(value: number | null | undefined, locale: string, digits?: number): string {
  if (value === null || value === undefined || Number.isNaN(value)) return '';
  return new Intl.NumberFormat(regionLocale(locale), digits === undefined ? {} : { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(value);
}

/** A share (0.42) as a percentage, whole unless `digits` say: "42 %" in French, "42%" in English. */
export function formatPercent(share: number | null | undefined, locale: string, digits = 0): string {
  if (share === null || share === undefined || Number.isNaN(share)) return '';
  return new Intl.NumberFormat(regionLocale(locale), { style: 'percent', minimumFractionDigits: digits, maximumFractionDigits: digits }).format(share);
}

/** Money travels as integer cents. */
export function formatMoney(cents: number | null | undefined, locale: string, currency = 'CAD'): string {
  if (cents === null || cents === undefined || Number.isNaN(cents)) return '';
  return new Intl.NumberFormat(regionLocale(locale), { style: 'currency', currency }).format(cents / 100);
}

/** A file's size in the reader's units: "12 ko", "1,4 Mo" in French; "12 kB", "1.4 MB" in English. */
export function formatFileSize(bytes: number | null | undefined, locale: string): string {
  if (bytes === null || bytes === undefined || Number.isNaN(bytes)) return '';
  const [unit, div] = bytes >= 1_000_000 ? (['megabyte', 1_000_000] as const) : bytes >= 1000 ? (['kilobyte', 1000] as const) : (['byte', 1] as const);
  return new Intl.NumberFormat(regionLocale(locale), { style: 'unit', unit, unitDisplay: 'short', maximumFractionDigits: 1 }).format(bytes / div);
}
