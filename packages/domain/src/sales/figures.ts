// The sales figures of the sales home and the dashboard (issue 23 "Reports"): pure rules shared by
// the server that computes them and the screens that show them.
import { dayIn } from '../dates/days.ts';

/** The month containing `now` in `timeZone`: its first day and the next month's first day (YYYY-MM-DD, end excluded). */
export function monthOf(now: Date, timeZone: string): { from: string; to: string; today: string } {
  const today = dayIn(timeZone, now);
  const [year, month] = today.split('-').map(Number) as [number, number];
  const first = (y: number, m: number) => `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-01`;
  return { from: first(year, month), to: month === 12 ? first(year + 1, 1) : first(year, month + 1), today };
}

/** A share in percent with one decimal (null when there is nothing to share: no proposal is not a 0 % rate). */
export function percentOf(part: number, whole: number): number | null {
  if (whole <= 0) return null;
  return Math.round((part / whole) * 1000) / 10;
}

/** An average in whole cents (null without any item). */
export function averageCents(sum: number, count: number): number | null {
  return count > 0 ? Math.round(sum / count) : null;
}
