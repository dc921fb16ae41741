import type { Permission } from '../access/permissions.ts';
import type { Labels } from '../vehicles/vehicle-enums.ts';

// Repair (work order) states and actions (spec §4, §6, §7; issue 12; the table is in
// docs/decisions.md "Repair states"). A mechanic starts the work and holds it (the others take it
// over), completes it; a manager validates it or sends it back to be redone.

export const REPAIR_STATES = ['draft', 'pending', 'assigned', 'in_progress', 'validated', 'approved', 'reviewed', 'denied', 'completed', 'canceled'] as const;
export type RepairState = (typeof REPAIR_STATES)[number];
export const REPAIR_STATE_LABELS: Labels<RepairState> = {
  draft: { fr: 'Brouillon', en: 'Draft' },
  pending: { fr: 'À assigner', en: 'To assign' },
  assigned: { fr: 'À faire', en: 'To do' },
  in_progress: { fr: 'En cours', en: 'In progress' },
  validated: { fr: 'Validée', en: 'Validated' },
  approved: { fr: 'Approuvée, à assigner', en: 'Approved, to assign' },
  reviewed: { fr: 'À refaire', en: 'To redo' },
  denied: { fr: 'Refusée', en: 'Denied' },
  completed: { fr: 'Terminée', en: 'Completed' },
  canceled: { fr: 'Annulée', en: 'Canceled' },
};

export const REPAIR_ACTIONS = ['assign', 'start', 'take_over', 'complete', 'validate', 'redo', 'cancel'] as const;
export type RepairAction = (typeof REPAIR_ACTIONS)[number];
export const REPAIR_ACTION_LABELS: Labels<RepairAction> = {
  assign: { fr: 'Assigner', en: 'Assign' },
  start: { fr: 'Commencer', en: 'Start' },
  take_over: { fr: 'Prendre en charge', en: 'Take over' },
  complete: { fr: 'Terminer', en: 'Complete' },
  validate: { fr: 'Valider', en: 'Validate' },
  redo: { fr: 'Faire refaire', en: 'Send back to redo' },
  cancel: { fr: 'Annuler', en: 'Cancel' },
};

/** Each action's permission (spec §6): sending work back to be redone is the validator's call. */
export const REPAIR_ACTION_PERMISSIONS: Record<RepairAction, Permission> = {
  assign: 'assign repairs',
  start: 'start repairs',
  take_over: 'take over repairs',
  complete: 'complete repairs',
  validate: 'validate repairs',
  redo: 'validate repairs',
  cancel: 'cancel repairs',
};

/** The route of an action: POST /repairs/{id}/take-over (spec §7; cancel is also a GET). */
export const repairActionRoute = (action: RepairAction) => action.replaceAll('_', '-');

/**
 * The transition table. `approved` is where a repair made from an approved estimate waits to be
 * assigned; `denied` is entered by no action (kept for records made elsewhere) and is final.
 */
const TRANSITIONS: Record<RepairAction, Partial<Record<RepairState, RepairState>>> = {
  // Before work, assigning makes it to do; a repair to redo stays so; during work only who is expected changes.
  assign: { draft: 'assigned', pending: 'assigned', approved: 'assigned', assigned: 'assigned', reviewed: 'reviewed', in_progress: 'in_progress' },
  start: { draft: 'in_progress', pending: 'in_progress', approved: 'in_progress', assigned: 'in_progress', reviewed: 'in_progress' },
  take_over: { in_progress: 'in_progress' },
  complete: { in_progress: 'completed' },
  validate: { completed: 'validated' },
  redo: { completed: 'reviewed', validated: 'reviewed' },
  cancel: { draft: 'canceled', pending: 'canceled', approved: 'canceled', assigned: 'canceled', reviewed: 'canceled', in_progress: 'canceled' },
};

/** The state an action leads the repair to, or null when its state does not offer it. */
export function repairTransition(state: RepairState, action: RepairAction): RepairState | null {
  return TRANSITIONS[action][state] ?? null;
}

export function repairActionsIn(state: RepairState): RepairAction[] {
  return REPAIR_ACTIONS.filter((a) => repairTransition(state, a) !== null);
}

/** Completing is the holder's (the others take it over first); taking over is for the others. */
export function repairHolderOnly(action: RepairAction): boolean {
  return action === 'complete';
}

/** What a user may do now: the state offers it, the roles grant it, and work in progress is the holder's. */
export function availableRepairActions(state: RepairState, who: { permissions: ReadonlySet<Permission>; isHolder: boolean }): RepairAction[] {
  return repairActionsIn(state).filter(
    (a) => who.permissions.has(REPAIR_ACTION_PERMISSIONS[a]) && (a === 'take_over' ? !who.isHolder : !repairHolderOnly(a) || who.isHolder),
  );
}

/** A new repair: to do with assignees; else approved when made from an approved estimate, to assign otherwise. */
export function initialRepairState(from: { hasAssignees: boolean; fromEstimation: boolean }): RepairState {
  return from.hasAssignees ? 'assigned' : from.fromEstimation ? 'approved' : 'pending';
}

/** Canceled and denied are final: no edit, no action. */
export function isRepairFinal(state: RepairState): boolean {
  return repairActionsIn(state).length === 0;
}

/** The work order (its items, who does what) is written until the work is completed (while it may be canceled). */
export function isRepairEditable(state: RepairState): boolean {
  return repairTransition(state, 'cancel') !== null;
}

/** An estimation's redo-approve cancels its repair: possible only while the work is not completed. */
export function isRepairCancelable(state: RepairState): boolean {
  return repairTransition(state, 'cancel') !== null;
}
