// Technician efficiency (issue 27 "The shop's day"): per technician and period, the hours they
// clocked on repairs against the labour hours billed for their work, and the share of their working
// hours spent on repairs. Pure, so the figures are tested on known data.

/** Hours a technician clocked on a repair's item. */
export interface Clocked {
  user_id: string;
  repair_item_id: string;
  hours: number;
}

/** The labour hours billed for an item of an invoiced repair; `done_by`: who is credited when nobody clocked on it. */
export interface Billed {
  repair_item_id: string;
  hours: number;
  done_by: string | null;
}

export interface TechnicianFigures {
  user_id: string;
  /** Hours clocked in the period. */
  clocked: number;
  /** Labour hours billed in the period, credited to whoever clocked on each item in proportion to their time. */
  billed: number;
  /** Billed over clocked (1 = as fast as the book); null without clocked hours. */
  efficiency: number | null;
  /** Clocked over the working hours of the period; null when the period has none. */
  productive: number | null;
}

const round = (n: number, places = 4) => Math.round(n * 10 ** places) / 10 ** places;

/** Weekdays (Monday to Friday) from `from` to `to` inclusive, as YYYY-MM-DD dates. */
export function workingDays(from: string, to: string): number {
  const start = Date.parse(`${from}T00:00:00Z`);
  const end = Date.parse(`${to}T00:00:00Z`);
  if (!Number.isFinite(start) || !Number.isFinite(end) || end < start) return 0;
  let days = 0;
  for (let t = start; t <= end; t += 86_400_000) {
    const d = new Date(t).getUTCDay();
    if (d !== 0 && d !== 6) days++;
  }
  return days;
}

/**
 * The figures of each technician: `clocked` are the period's clocks; `itemClocks` every clock on the
 * billed items, whenever (an item clocked last week and invoiced today is credited to who did it);
 * `billed` the period's invoiced labour. Sorted by name order of the caller (by user id here).
 */
export function technicianEfficiency(input: { clocked: readonly Clocked[]; itemClocks: readonly Clocked[]; billed: readonly Billed[]; availableHours: number }): TechnicianFigures[] {
  const figures = new Map<string, { clocked: number; billed: number }>();
  const of = (user: string) => figures.get(user) ?? (figures.set(user, { clocked: 0, billed: 0 }), figures.get(user)!);
  for (const c of input.clocked) of(c.user_id).clocked += c.hours;
  const byItem = new Map<string, Map<string, number>>();
  for (const c of input.itemClocks) {
    const users = byItem.get(c.repair_item_id) ?? new Map<string, number>();
    users.set(c.user_id, (users.get(c.user_id) ?? 0) + c.hours);
    byItem.set(c.repair_item_id, users);
  }
  for (const b of input.billed) {
    if (b.hours <= 0) continue;
    const users = byItem.get(b.repair_item_id);
    const total = users ? [...users.values()].reduce((a, h) => a + h, 0) : 0;
    if (users && total > 0) for (const [user, hours] of users) of(user).billed += (b.hours * hours) / total;
    else if (b.done_by) of(b.done_by).billed += b.hours;
  }
  return [...figures]
    .map(([user_id, f]) => ({
      user_id,
      clocked: round(f.clocked),
      billed: round(f.billed),
      efficiency: f.clocked > 0 ? round(f.billed / f.clocked) : null,
      productive: input.availableHours > 0 ? round(f.clocked / input.availableHours) : null,
    }))
    .sort((a, b) => a.user_id.localeCompare(b.user_id));
}
