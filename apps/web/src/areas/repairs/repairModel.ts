import { formatHoursMinutes, repairWorkflow, toScaled, SCALE, type RecordOf, type RepairAction, type RepairState } from '@atelier/domain';
import { stateLabel } from '../../components/resource/workflowState.ts';
import { hrefOf, listPath } from '../../app/resources.ts';

// The repair screen without React: its buttons, and the time clocked on each item as it runs.

export const REPAIRS_PATH = listPath('repairs');
export const repairHref = hrefOf('repairs');

/** A state in the user's language (the domain's labels); a state this screen does not know as sent. */
export const repairStateLabel = (state: string): string => stateLabel(repairWorkflow, state);

/** The header's buttons: what the server offers this user now (available_actions), in the domain's order. */
export function repairHeaderActions(available: readonly string[] | null | undefined): RepairAction[] {
  return repairWorkflow.actions.filter((a) => (available ?? []).includes(a));
}

/** What the user most likely does next on a repair, most likely first (the workflow's `next`): the header shows these. */
export const nextRepairActions = (state: RepairState | null | undefined): readonly RepairAction[] => (state ? repairWorkflow.next(state) : []);

/** Hours (a decimal the server sends as text or number) as whole seconds. */
export function hoursToSeconds(hours: unknown): number {
  if (hours === null || hours === undefined || hours === '') return 0;
  try {
    return Number((toScaled(hours as string | number) * 3600n) / SCALE);
  } catch {
    return 0;
  }
}

/** What an item's times are read from: planned, clocked, and the user's running clock. */
export type ItemTimes = Partial<Pick<RecordOf<'repair-items'>, 'time' | 'time_spent' | 'clock_started_at'>>;

/** The seconds clocked on an item: what the server counted, plus the user's clock while it runs. */
export function itemSeconds(item: ItemTimes, now: number): number {
  const started = typeof item.clock_started_at === 'string' ? Date.parse(item.clock_started_at) : NaN;
  const running = Number.isNaN(started) ? 0 : Math.max(0, Math.floor((now - started) / 1000));
  return hoursToSeconds(item.time_spent) + running;
}

/** A duration as a clock reads it: 1:05:09 (hours, minutes, seconds). */
export function formatDuration(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const two = (n: number) => String(n).padStart(2, '0');
  return `${Math.floor(s / 3600)}:${two(Math.floor((s % 3600) / 60))}:${two(s % 60)}`;
}

/** Planned and clocked time as people read it, hours and minutes ("2 h 05"): the domain's one formatter. */
export const formatWorkTime = (seconds: number) => formatHoursMinutes(seconds / 3600);

export interface TimeSummary {
  /** Seconds planned (the items' times). */
  planned: number;
  /** Seconds clocked, running clocks included. */
  actual: number;
}

/** Planned versus actual time of a work order, over its items. */
export function timeSummary(items: readonly ItemTimes[], now: number): TimeSummary {
  return items.reduce<TimeSummary>((s, i) => ({ planned: s.planned + hoursToSeconds(i.time), actual: s.actual + itemSeconds(i, now) }), { planned: 0, actual: 0 });
}

/** Over the plan: the manager sees it at a glance. */
export const overPlan = (t: TimeSummary) => t.planned > 0 && t.actual > t.planned;
