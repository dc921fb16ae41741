// The sales figures of the sales home and the dashboard (issue 23 "Reports"): pure rules shared by
// the server that computes them and the screens that show them.

/** The month containing `now` in `timeZone`: its first day and the next month's first day (YYYY-MM-DD, end excluded). */
export function monthOf(now: Date, timeZone: string): { from: string; to: string; today: string } {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(now);
  const part = (type: string) => Number(parts.find((p) => p.type === type)!.value);
  const [year, month, day] = [part('year'), part('month'), part('day')];
  const iso = (y: number, m: number, d: number) => `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
  return { from: iso(year, month, 1), to: month === 12 ? iso(year + 1, 1, 1) : iso(year, month + 1, 1), today: iso(year, month, day) };
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
