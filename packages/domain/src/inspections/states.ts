import { WORK_ACTIONS, WORK_STATES, defineWorkflow, type Who, type WorkStatus } from '../workflow/workflow.ts';

// Inspection states and actions (spec §4, issue 11; the table is in docs/decisions.md "Inspection
// states"). Work on an inspection happens in progress only; what is done is approved or shared,
// and redone (the old one canceled, a new one made). `repairing` and `repaired` are the repairs
// area's: the estimate's repair opened, then completed (issue 20 point 7); no action here leads to them.

const BEFORE_WORK = ['draft', 'pending', 'assigned'] as const;
/** A finished report is shared (and its links revoked) without changing its state. */
const DONE = ['completed', 'approved', 'repairing', 'repaired'] as const;

export const inspectionWorkflow = defineWorkflow({
  states: {
    ...WORK_STATES,
    completed: { label: { fr: 'Complétée', en: 'Completed' }, color: 'teal' },
    approved: { label: { fr: 'Validée', en: 'Approved' }, color: 'violet' },
    repairing: { label: { fr: 'En réparation', en: 'Repairing' }, color: 'grape' },
    repaired: { label: { fr: 'Réparée', en: 'Repaired' }, color: 'teal' },
    canceled: { label: { fr: 'Annulée', en: 'Canceled' }, color: 'red' },
  },
  actions: {
    assign: { ...WORK_ACTIONS.assign, permission: 'assign inspections', from: BEFORE_WORK, to: 'assigned', confirm: true },
    // Spec §4: only the assignee works on an inspection (or whoever may assign it).
    start: { ...WORK_ACTIONS.start, permission: 'start inspections', from: BEFORE_WORK, assigneesOnly: ['assigned'], color: 'blue' },
    take_over: { ...WORK_ACTIONS.take_over, permission: 'take over inspections', color: 'indigo' },
    complete: {
      label: { fr: 'Compléter', en: 'Complete' },
      permission: 'complete inspections',
      from: ['in_progress'],
      to: 'completed',
      holder: 'holder',
      stamps: { by: 'completed_by_id', at: 'completed_at' },
    },
    approve: { label: { fr: 'Valider', en: 'Approve' }, permission: 'approve inspections', from: ['completed'], to: 'approved', stamps: { by: 'approved_by_id', at: 'approved_at' }, color: 'violet' },
    cancel: { ...WORK_ACTIONS.cancel, permission: 'cancel inspections', from: [...BEFORE_WORK, 'in_progress', 'completed'] },
    // Makes a new inspection: the old one canceled.
    redo: {
      label: { fr: 'Refaire', en: 'Redo' },
      permission: 'create inspections',
      from: DONE,
      to: 'canceled',
      holds: 'nobody',
      stamps: { by: 'canceled_by_id', at: 'canceled_at' },
      confirm: true,
      color: 'gray',
    },
    // The section actions, share and unshare edit it.
    reset_section: { label: { fr: 'Réinitialiser la section', en: 'Reset the section' }, permission: 'edit inspections', from: ['in_progress'], holder: 'holder' },
    set_section_good: { label: { fr: 'Section tout bon', en: 'Set the section all good' }, permission: 'edit inspections', from: ['in_progress'], holder: 'holder' },
    share: { label: { fr: 'Partager', en: 'Share' }, permission: 'edit inspections', from: DONE },
    // Revokes every active share link of the report.
    unshare: { label: { fr: 'Retirer le partage', en: 'Stop sharing' }, permission: 'edit inspections', from: DONE },
  },
  // Its data (odometer, tires, comments...) is written until it is completed.
  editable: [...BEFORE_WORK, 'in_progress'],
  assign: 'assign',
  next: {
    draft: ['start', 'assign'],
    pending: ['assign', 'start'],
    assigned: ['start'],
    in_progress: ['take_over'],
    completed: ['approve'],
    approved: ['redo'],
    repairing: ['redo'],
    repaired: ['redo'],
  },
});

export type InspectionState = (typeof inspectionWorkflow)['states'][number];
export type InspectionAction = (typeof inspectionWorkflow)['actions'][number];
export type InspectionStatus = WorkStatus<InspectionState>;
export type InspectionActor = Who;

/** An inspection carried to its end: its report is final, an estimate may be made from it, a later one compares with it. */
export const INSPECTION_DONE_STATES: readonly InspectionState[] = DONE;

/** A new inspection with assignees is to do, else to assign. */
export function initialInspectionState(hasAssignees: boolean): InspectionState {
  return hasAssignees ? 'assigned' : 'pending';
}
