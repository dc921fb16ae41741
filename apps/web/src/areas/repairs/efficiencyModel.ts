// The technician efficiency screen's periods (issue 27): this week, last week, this month, last
// month, or days chosen, as the server's from/to (YYYY-MM-DD, both included) in local time.

export const PERIODS = ['this_week', 'last_week', 'this_month', 'last_month', 'custom'] as const;
export type Period = (typeof PERIODS)[number];

const iso = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
const plusDays = (d: Date, n: number) => new Date(d.getFullYear(), d.getMonth(), d.getDate() + n);

/** The days of a period around `today` (a week starts on Monday, as in Québec's shops). */
export function periodDays(period: Exclude<Period, 'custom'>, today: Date = new Date()): { from: string; to: string } {
  const monday = plusDays(today, -((today.getDay() + 6) % 7));
  switch (period) {
    case 'this_week':
      return { from: iso(monday), to: iso(plusDays(monday, 6)) };
    case 'last_week':
      return { from: iso(plusDays(monday, -7)), to: iso(plusDays(monday, -1)) };
    case 'this_month':
      return { from: iso(new Date(today.getFullYear(), today.getMonth(), 1)), to: iso(new Date(today.getFullYear(), today.getMonth() + 1, 0)) };
    case 'last_month':
      return { from: iso(new Date(today.getFullYear(), today.getMonth() - 1, 1)), to: iso(new Date(today.getFullYear(), today.getMonth(), 0)) };
  }
}
