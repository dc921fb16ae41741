import { defineEnum } from '../enums.ts';

// Deferred work (issue 12): what a customer declined on an estimate stays on the vehicle, and is
// suggested again at its next visit (on the vehicle, its next request, its next estimate) until it
// is done, dismissed, or offered again on a new estimate (declined there, it is deferred anew).

export const [DEFERRED_WORK_STATES, DEFERRED_WORK_STATE_LABELS] = defineEnum('deferred_work_states', ['open', 'reoffered', 'done', 'dismissed']);
export type DeferredWorkState = (typeof DEFERRED_WORK_STATES)[number];

/** A suggestion is closed by hand as done or dismissed, or by being added to a new estimate; only an open one changes. */
const MOVES: Readonly<Record<DeferredWorkState, readonly DeferredWorkState[]>> = {
  open: ['done', 'dismissed', 'reoffered'],
  reoffered: [],
  done: [],
  dismissed: [],
};

export const canMoveDeferredWork = (from: DeferredWorkState, to: DeferredWorkState) => MOVES[from].includes(to);

/** What users close by hand (reoffered is the server's, when the work is added to an estimate). */
export const DEFERRED_WORK_MANUAL_STATES: readonly DeferredWorkState[] = ['done', 'dismissed'];
