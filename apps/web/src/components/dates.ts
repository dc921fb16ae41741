/**
 * Dates typed and shown in the user's language (issue 8 item 15): French dd/mm/yyyy, English
 * yyyy-mm-dd (the Canadian standard, unambiguous), never the browser's mm/dd/yyyy.
 * Pure helpers here; the inputs are in DateInputs.tsx.
 */
export type DateLocale = 'fr' | 'en';

/** dayjs display formats of a date and of a date and time. */
export const DATE_FORMATS: Record<DateLocale, { date: string; dateTime: string; placeholder: string; placeholderTime: string }> = {
  fr: { date: 'DD/MM/YYYY', dateTime: 'DD/MM/YYYY HH:mm', placeholder: 'jj/mm/aaaa', placeholderTime: 'jj/mm/aaaa hh:mm' },
  en: { date: 'YYYY-MM-DD', dateTime: 'YYYY-MM-DD HH:mm', placeholder: 'yyyy-mm-dd', placeholderTime: 'yyyy-mm-dd hh:mm' },
};

const pad = (n: number) => String(n).padStart(2, '0');

function real(y: number, m: number, d: number): string | null {
  if (y < 1900 || y > 2200 || m < 1 || m > 12 || d < 1) return null;
  if (d > new Date(Date.UTC(y, m, 0)).getUTCDate()) return null;
  return `${y}-${pad(m)}-${pad(d)}`;
}

/**
 * A date as typed (YYYY-MM-DD in any language; DD/MM/YYYY, DD-MM-YYYY or DD.MM.YYYY in French)
 * to YYYY-MM-DD, or null when it is not a real day.
 */
export function parseTypedDate(text: string, locale: DateLocale): string | null {
  const s = text.trim();
  let m = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(s);
  if (m) return real(+m[1], +m[2], +m[3]);
  m = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(s);
  if (m && locale === 'fr') return real(+m[3], +m[2], +m[1]);
  return null;
}

/** An ISO instant to Mantine's local 'YYYY-MM-DD HH:mm:ss' (the user's time zone). */
export function isoToLocal(iso: unknown): string | null {
  if (!iso) return null;
  const d = new Date(String(iso));
  if (Number.isNaN(d.getTime())) return null;
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:00`;
}

/** Mantine's local 'YYYY-MM-DD HH:mm(:ss)' back to an ISO instant ('' when empty). */
export function localToIso(value: string | null | undefined): string {
  if (!value) return '';
  const m = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})/.exec(value);
  if (!m) return '';
  const d = new Date(+m[1], +m[2] - 1, +m[3], +m[4], +m[5]);
  return Number.isNaN(d.getTime()) ? '' : d.toISOString();
}
