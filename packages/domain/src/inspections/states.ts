import type { Permission } from '../access/permissions.ts';
import type { Labels } from '../vehicles/vehicle-enums.ts';

// Inspection states and actions (spec §4, issue 11; the table is in docs/decisions.md "Inspection
// states"). Pure: the server's policies and the web's buttons read the same table.

export const INSPECTION_STATES = ['draft', 'pending', 'assigned', 'in_progress', 'completed', 'approved', 'repairing', 'repaired', 'canceled'] as const;
export type InspectionState = (typeof INSPECTION_STATES)[number];
export const INSPECTION_STATE_LABELS: Labels<InspectionState> = {
  draft: { fr: 'Brouillon', en: 'Draft' },
  pending: { fr: 'À assigner', en: 'To assign' },
  assigned: { fr: 'À faire', en: 'To do' },
  in_progress: { fr: 'En cours', en: 'In progress' },
  completed: { fr: 'Complétée', en: 'Completed' },
  approved: { fr: 'Validée', en: 'Approved' },
  repairing: { fr: 'En réparation', en: 'Repairing' },
  repaired: { fr: 'Réparée', en: 'Repaired' },
  canceled: { fr: 'Annulée', en: 'Canceled' },
};

export const INSPECTION_ACTIONS = ['assign', 'start', 'take_over', 'complete', 'approve', 'cancel', 'redo', 'reset_section', 'set_section_good', 'share', 'unshare'] as const;
export type InspectionAction = (typeof INSPECTION_ACTIONS)[number];

export const INSPECTION_ACTION_LABELS: Labels<InspectionAction> = {
  assign: { fr: 'Assigner', en: 'Assign' },
  start: { fr: 'Commencer', en: 'Start' },
  take_over: { fr: 'Prendre en charge', en: 'Take over' },
  complete: { fr: 'Compléter', en: 'Complete' },
  approve: { fr: 'Valider', en: 'Approve' },
  cancel: { fr: 'Annuler', en: 'Cancel' },
  redo: { fr: 'Refaire', en: 'Redo' },
  reset_section: { fr: 'Réinitialiser la section', en: 'Reset the section' },
  set_section_good: { fr: 'Section tout bon', en: 'Set the section all good' },
  share: { fr: 'Partager', en: 'Share' },
  unshare: { fr: 'Retirer le partage', en: 'Stop sharing' },
};

/** Each action's permission (spec §6). Redo makes a new inspection; the section actions, share and unshare edit it. */
export const INSPECTION_ACTION_PERMISSIONS: Record<InspectionAction, Permission> = {
  assign: 'assign inspections',
  start: 'start inspections',
  take_over: 'take over inspections',
  complete: 'complete inspections',
  approve: 'approve inspections',
  cancel: 'cancel inspections',
  redo: 'create inspections',
  reset_section: 'edit inspections',
  set_section_good: 'edit inspections',
  share: 'edit inspections',
  unshare: 'edit inspections',
};

/** The route of an action: POST /inspections/{id}/take-over (spec §7). */
export const inspectionActionRoute = (action: InspectionAction) => action.replaceAll('_', '-');

const BEFORE_WORK = { draft: 'assigned', pending: 'assigned', assigned: 'assigned' } as const;
/** A finished report is shared (and its links revoked) without changing its state. */
const SHARED = { completed: 'completed', approved: 'approved', repairing: 'repairing', repaired: 'repaired' } as const;

/** An inspection carried to its end: its report is final, an estimate may be made from it, a later one compares with it. */
export const INSPECTION_DONE_STATES = Object.keys(SHARED) as readonly InspectionState[];

/**
 * The transition table. Work on an inspection happens in progress only; what is done is approved
 * or shared, and redone (the old one canceled, a new one made). `repairing` and `repaired` are the
 * repairs area's: the estimate's repair opened, then completed (issue 20 point 7); no action here leads to them.
 */
const TRANSITIONS: Record<InspectionAction, Partial<Record<InspectionState, InspectionState>>> = {
  assign: BEFORE_WORK,
  start: { draft: 'in_progress', pending: 'in_progress', assigned: 'in_progress' },
  take_over: { in_progress: 'in_progress' },
  complete: { in_progress: 'completed' },
  approve: { completed: 'approved' },
  cancel: { draft: 'canceled', pending: 'canceled', assigned: 'canceled', in_progress: 'canceled', completed: 'canceled' },
  redo: { completed: 'canceled', approved: 'canceled', repairing: 'canceled', repaired: 'canceled' },
  reset_section: { in_progress: 'in_progress' },
  set_section_good: { in_progress: 'in_progress' },
  share: SHARED,
  // Revokes every active share link of the report.
  unshare: SHARED,
};

/** The state an action leads the inspection to, or null when its state does not offer it. */
export function inspectionTransition(state: InspectionState, action: InspectionAction): InspectionState | null {
  return TRANSITIONS[action][state] ?? null;
}

/** The actions a state offers. */
export function inspectionActionsIn(state: InspectionState): InspectionAction[] {
  return INSPECTION_ACTIONS.filter((a) => inspectionTransition(state, a) !== null);
}

/** Who asks, as the record policy sees them (spec §4: only the assignee works on an inspection). */
export interface InspectionActor {
  permissions: ReadonlySet<Permission>;
  /** Holds the work in progress (started it or took it over). */
  isHolder: boolean;
  /** Named among the assignees (as a user, or through one of their roles); absent: not known, not refused. */
  isAssignee?: boolean;
}

/**
 * What a user may do now: the state offers it, the roles grant it, work in progress is the holder's
 * (the others take it over), and an assigned inspection is started by an assignee or by whoever may
 * assign it. The server answers this as `available_actions` and refuses the rest with the same rules.
 */
export function availableInspectionActions(state: InspectionState, who: InspectionActor): InspectionAction[] {
  return inspectionActionsIn(state).filter((a) => {
    if (!who.permissions.has(INSPECTION_ACTION_PERMISSIONS[a])) return false;
    if (a === 'take_over') return !who.isHolder;
    if (holderOnly(a)) return who.isHolder;
    if (a === 'start' && state === 'assigned') return who.isAssignee !== false || who.permissions.has(INSPECTION_ACTION_PERMISSIONS.assign);
    return true;
  });
}

/** Actions on the work in progress: only the user holding it (the others take it over first). */
export function holderOnly(action: InspectionAction): boolean {
  return action === 'complete' || action === 'reset_section' || action === 'set_section_good';
}

/** Canceled is final: no edit, no action. */
export function isInspectionFinal(state: InspectionState): boolean {
  return inspectionActionsIn(state).length === 0;
}

/** Its data (odometer, tires, comments...) is written until it is completed. */
export function isInspectionEditable(state: InspectionState): boolean {
  return state === 'draft' || state === 'pending' || state === 'assigned' || state === 'in_progress';
}

/** A new inspection with assignees is to do, else to assign. */
export function initialInspectionState(hasAssignees: boolean): InspectionState {
  return hasAssignees ? 'assigned' : 'pending';
}
