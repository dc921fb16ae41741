import type { Workflow, WorkStatus } from './workflow.ts';

// The job board (issue 27 "The shop's day"): what a card dropped on a column does, and which work
// is late. Pure, so the board, the lists and the dashboard agree.

/**
 * Whether work promised for `promisedAt` is late at `now`: the time has passed and the work is
 * still open in its workflow (a completed repair kept its promise or no longer can).
 */
export function isLate<S extends string>(promisedAt: string | Date | null | undefined, state: S, workflow: Pick<Workflow<S, string>, 'openStates'>, now: Date = new Date()): boolean {
  if (!promisedAt) return false;
  const at = promisedAt instanceof Date ? promisedAt.getTime() : Date.parse(promisedAt);
  return Number.isFinite(at) && at < now.getTime() && workflow.openStates.includes(state);
}

/**
 * The action a card dropped on another state's column runs: one the user may do now (`available`,
 * the server's available_actions) that leads from the card's state to the column's, the likely
 * next first; never the assign action (it needs a person: dropped on a technician) nor one that
 * stays in its state. Null: the column does not take the card.
 */
export function moveAction<S extends string, A extends string, T extends WorkStatus<S>>(
  workflow: Workflow<S, A, T>,
  from: S,
  to: S,
  available: readonly string[],
  assignAction?: A,
): A | null {
  if (from === to) return null;
  const candidates = workflow.actions.filter((a) => a !== assignAction && available.includes(a) && workflow.transition(from, a) === to);
  const likely = workflow.next(from).find((a) => candidates.includes(a));
  return likely ?? candidates[0] ?? null;
}
