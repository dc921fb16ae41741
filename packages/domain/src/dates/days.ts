// Calendar days (YYYY-MM-DD) as the people of a place read them. A document dated "today" (an
// invoice, a credit note, a refund, a bill) takes the day of the reader's time zone, not of
// Greenwich: in Montréal from 19:00 (20:00 in summer) the UTC day is already tomorrow.

/** Where a request says nothing of its time zone (the jobs, an API client without X-Timezone): Québec's. */
export const DEFAULT_TIME_ZONE = 'America/Toronto';

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** The day `at` falls on in `timeZone`. */
export function dayIn(timeZone: string, at: Date = new Date()): string {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(at);
  const part = (type: string) => Number(parts.find((p) => p.type === type)!.value);
  return `${pad(part('year'), 4)}-${pad(part('month'))}-${pad(part('day'))}`;
}

/** The day `n` days after `day` (before it when negative), by the calendar. */
export function plusDays(day: string, n: number): string {
  const [y, m, d] = day.split('-').map(Number);
  const next = new Date(Date.UTC(y!, m! - 1, d! + n));
  return `${pad(next.getUTCFullYear(), 4)}-${pad(next.getUTCMonth() + 1)}-${pad(next.getUTCDate())}`;
}
