import type { Permission } from '../access/permissions.ts';
import type { Labels } from '../vehicles/vehicle-enums.ts';

// Service requests (spec §3, §4, §6): someone asks for an inspection, an evaluation (estimation)
// or a repair of a vehicle; the service department assigns, approves and completes it.

export const REQUEST_TYPES = ['inspection', 'evaluation', 'repair'] as const;
export type RequestType = (typeof REQUEST_TYPES)[number];
export const REQUEST_TYPE_LABELS: Labels<RequestType> = {
  inspection: { fr: 'Inspection', en: 'Inspection' },
  evaluation: { fr: 'Évaluation', en: 'Evaluation' },
  repair: { fr: 'Réparation', en: 'Repair' },
};

/** The permission needed, besides 'create requests', to ask for each type (an evaluation is an estimation). */
export const REQUEST_TYPE_PERMISSIONS: Record<RequestType, Permission> = {
  inspection: 'make inspection requests',
  evaluation: 'make estimation requests',
  repair: 'make repair requests',
};

export const REQUEST_PRIORITIES = [10, 20, 30] as const;
export type RequestPriority = (typeof REQUEST_PRIORITIES)[number];
export const DEFAULT_REQUEST_PRIORITY: RequestPriority = 20;
export const REQUEST_PRIORITY_LABELS: Labels<RequestPriority> = {
  10: { fr: 'Basse', en: 'Low' },
  20: { fr: 'Moyenne', en: 'Medium' },
  30: { fr: 'Haute', en: 'High' },
};

export const REQUEST_STATES = ['draft', 'assigned', 'approved', 'completed', 'canceled'] as const;
export type RequestState = (typeof REQUEST_STATES)[number];
export const REQUEST_STATE_LABELS: Labels<RequestState> = {
  draft: { fr: 'Brouillon', en: 'Draft' },
  assigned: { fr: 'Assignée', en: 'Assigned' },
  approved: { fr: 'Approuvée', en: 'Approved' },
  completed: { fr: 'Complétée', en: 'Completed' },
  canceled: { fr: 'Annulée', en: 'Canceled' },
};

export const REQUEST_ACTIONS = ['assign', 'approve', 'complete', 'cancel'] as const;
export type RequestAction = (typeof REQUEST_ACTIONS)[number];

/** Each action's permission (spec §6). */
export const REQUEST_ACTION_PERMISSIONS: Record<RequestAction, Permission> = {
  assign: 'assign requests',
  approve: 'approve requests',
  complete: 'complete requests',
  cancel: 'cancel requests',
};

/**
 * The transition table (docs/decisions.md): a request is assigned, then optionally approved,
 * then completed. Reassigning keeps an approval; completed and canceled are final.
 */
const TRANSITIONS: Record<RequestAction, Partial<Record<RequestState, RequestState>>> = {
  assign: { draft: 'assigned', assigned: 'assigned', approved: 'approved' },
  approve: { assigned: 'approved' },
  complete: { assigned: 'completed', approved: 'completed' },
  cancel: { draft: 'canceled', assigned: 'canceled', approved: 'canceled' },
};

/** The state an action leads to, or null when the action is not allowed in this state. */
export function requestTransition(state: RequestState, action: RequestAction): RequestState | null {
  return TRANSITIONS[action][state] ?? null;
}

/** What can be done to a request in a state (the buttons the web shows). */
export function requestActionsIn(state: RequestState): RequestAction[] {
  return REQUEST_ACTIONS.filter((a) => requestTransition(state, a) !== null);
}

/** Completed and canceled requests are kept as they were: no more edits or actions. */
export function isRequestFinal(state: RequestState): boolean {
  return requestActionsIn(state).length === 0;
}

/** A new request with an assignee starts assigned (the quick form at the counter), else as a draft. */
export function initialRequestState(hasAssignee: boolean): RequestState {
  return hasAssignee ? 'assigned' : 'draft';
}
