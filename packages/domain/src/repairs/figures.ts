// The service manager's figures (issue 27): per location and period, the repair orders, their
// average, hours, margins and comebacks, the estimates' approval in money and the declined work
// that came back. The server adds up the rows in SQL (repairs/figures.routes.ts); these pure rules
// turn the sums into the figures, so the screens, the exports and the tests agree.

import { averageCents, percentOf } from '../sales/figures.ts';

/** A repair is a comeback when it was opened within this many days of the completion of an earlier one on the same vehicle for the same job. */
export const COMEBACK_DAYS = 30;
/** The longest period a report covers (a year and a day: a leap year's). */
export const REPORT_MOST_DAYS = 367;
/** Up to this many days a chart shows days; beyond, months. */
export const DAILY_UP_TO_DAYS = 62;

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const dayOf = (v: string) => Date.parse(`${v}T00:00:00Z`);

/**
 * The period of a report, from and to both included (YYYY-MM-DD), or the parameter at fault:
 * a missing or impossible date, or `to` before `from` or more than REPORT_MOST_DAYS after it.
 */
export function reportPeriod(from: unknown, to: unknown): { ok: true; from: string; to: string; days: number } | { ok: false; parameter: 'from' | 'to' } {
  const valid = (v: unknown): v is string => typeof v === 'string' && DATE.test(v) && Number.isFinite(dayOf(v)) && new Date(dayOf(v)).toISOString().startsWith(v);
  if (!valid(from)) return { ok: false, parameter: 'from' };
  if (!valid(to)) return { ok: false, parameter: 'to' };
  const days = (dayOf(to) - dayOf(from)) / 86_400_000 + 1;
  if (days < 1 || days > REPORT_MOST_DAYS) return { ok: false, parameter: 'to' };
  return { ok: true, from, to, days };
}

/** The step of a period's charts: days for a short one, months beyond DAILY_UP_TO_DAYS. */
export const bucketOf = (days: number): 'day' | 'month' => (days <= DAILY_UP_TO_DAYS ? 'day' : 'month');

/** What the database adds up over the period's finished repair orders (money in cents, hours as numbers). */
export interface RepairSums {
  /** Repair orders completed in the period (completed or validated). */
  count: number;
  /** Their parts and labour before taxes. */
  subtotal: number;
  /** Labour hours sold on their items (the items' time, but the work not done). */
  hours_sold: number;
  /** Hours clocked on them. */
  hours_clocked: number;
  /** Parts sold whose cost is known (a product with a buying price), and that cost. */
  parts_costed: number;
  parts_cost: number;
  /** Parts sold without a known cost (left out of the margin). */
  parts_uncosted: number;
  labour: number;
  /** Of them, the repairs opened within COMEBACK_DAYS of an earlier one on the same vehicle and job. */
  comebacks: number;
}

/** The estimate items decided in the period, before taxes. */
export interface ApprovalSums {
  approved: number;
  proposed: number;
}

/** The work declined in the period, and of it what came back (approved again or done later). */
export interface DeclinedSums {
  count: number;
  amount: number;
  returned_count: number;
  returned_amount: number;
}

export interface Margin {
  revenue: number;
  cost: number;
  margin: number;
  /** Margin over revenue in percent (one decimal); null without revenue. */
  rate: number | null;
}

export interface ServiceFigures {
  repair_orders: number;
  average_repair_order: number | null;
  /** Sold hours per repair order (two decimals); null without repair orders. */
  hours_per_repair_order: number | null;
  approval: { rate: number | null; approved: number; proposed: number } | null;
  declined: { count: number; amount: number; returned_count: number; returned_amount: number; returned_rate: number | null } | null;
  parts: Margin & { uncosted: number };
  /** Null until the organization gives its labour cost per hour (settings). */
  labour: Margin | null;
  comebacks: { count: number; rate: number | null };
}

const marginOf = (revenue: number, cost: number): Margin => ({ revenue, cost, margin: revenue - cost, rate: percentOf(revenue - cost, revenue) });

/**
 * The figures from the sums: averages per repair order, rates in percent (one decimal), margins as
 * price minus cost. The labour's cost is the hours clocked at `labourCostPerHour` (cents); without
 * it there is no labour margin rather than a false 100 %. `approval` and `declined` are null to
 * whoever may not see the estimates.
 */
export function serviceFigures(input: { repairs: RepairSums; approval: ApprovalSums | null; declined: DeclinedSums | null; labourCostPerHour: number | null }): ServiceFigures {
  const r = input.repairs;
  const a = input.approval;
  const d = input.declined;
  return {
    repair_orders: r.count,
    average_repair_order: averageCents(r.subtotal, r.count),
    hours_per_repair_order: r.count > 0 ? Math.round((r.hours_sold / r.count) * 100) / 100 : null,
    approval: a && { rate: percentOf(a.approved, a.proposed), approved: a.approved, proposed: a.proposed },
    declined: d && { ...d, returned_rate: percentOf(d.returned_amount, d.amount) },
    parts: { ...marginOf(r.parts_costed, r.parts_cost), uncosted: r.parts_uncosted },
    labour: input.labourCostPerHour === null ? null : marginOf(r.labour, Math.round(r.hours_clocked * input.labourCostPerHour)),
    comebacks: { count: r.comebacks, rate: percentOf(r.comebacks, r.count) },
  };
}

export type FigureKind = 'count' | 'money' | 'hours' | 'percent';

/** The rows of a report's export (CSV or XLSX): one per figure, its name's key, kind and value (money in cents). */
export function figureRows(f: ServiceFigures): { key: string; kind: FigureKind; value: number | null }[] {
  type Row = [string, FigureKind, number | null | undefined];
  // Parts and labour give the same four figures.
  const marginRows = (of: 'parts' | 'labour', m: Margin | null): Row[] => [
    [`${of}_revenue`, 'money', m?.revenue],
    [`${of}_cost`, 'money', m?.cost],
    [`${of}_margin`, 'money', m?.margin],
    [`${of}_margin_rate`, 'percent', m?.rate],
  ];
  const rows: Row[] = [
    ['repair_orders', 'count', f.repair_orders],
    ['average_repair_order', 'money', f.average_repair_order],
    ['hours_per_repair_order', 'hours', f.hours_per_repair_order],
    ['approval_rate', 'percent', f.approval?.rate],
    ['approved', 'money', f.approval?.approved],
    ['proposed', 'money', f.approval?.proposed],
    ['declined_amount', 'money', f.declined?.amount],
    ['returned_amount', 'money', f.declined?.returned_amount],
    ['returned_rate', 'percent', f.declined?.returned_rate],
    ...marginRows('parts', f.parts),
    ...marginRows('labour', f.labour),
    ['comebacks', 'count', f.comebacks.count],
    ['comeback_rate', 'percent', f.comebacks.rate],
  ];
  return rows.map(([key, kind, value]) => ({ key, kind, value: value ?? null }));
}
