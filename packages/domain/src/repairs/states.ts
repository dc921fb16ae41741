import { WORK_ACTIONS, WORK_STATES, defineWorkflow, type WorkStatus } from '../workflow/workflow.ts';

// Repair (work order) states and actions (spec §4, §6, §7; issue 12; the table is in
// docs/decisions.md "Repair states"). A mechanic starts the work and holds it (the others take it
// over), completes it; a manager validates it or sends it back to be redone.

/** Before the work, any state a repair waits in; the work order is written until it is completed. */
const WAITING = ['draft', 'pending', 'approved', 'assigned', 'reviewed'] as const;

export const repairWorkflow = defineWorkflow({
  states: {
    ...WORK_STATES,
    validated: { label: { fr: 'Validée', en: 'Validated' }, color: 'teal' },
    // Where a repair made from an approved estimate waits to be assigned.
    approved: { label: { fr: 'Approuvée, à assigner', en: 'Approved, to assign' }, color: 'violet' },
    reviewed: { label: { fr: 'À refaire', en: 'To redo' }, color: 'grape' },
    // Entered by no action (kept for records made elsewhere); final.
    denied: { label: { fr: 'Refusée', en: 'Denied' }, color: 'red' },
    completed: { label: { fr: 'Terminée', en: 'Completed' }, color: 'cyan' },
    canceled: { label: { fr: 'Annulée', en: 'Canceled' }, color: 'gray' },
  },
  actions: {
    assign: {
      ...WORK_ACTIONS.assign,
      permission: 'assign repairs',
      // Before work, assigning makes it to do; a repair to redo stays so; during work only who is expected changes.
      from: { draft: 'assigned', pending: 'assigned', approved: 'assigned', assigned: 'assigned', reviewed: 'reviewed', in_progress: 'in_progress' },
    },
    start: { ...WORK_ACTIONS.start, permission: 'start repairs', from: WAITING },
    take_over: { ...WORK_ACTIONS.take_over, permission: 'take over repairs' },
    complete: {
      label: { fr: 'Terminer', en: 'Complete' },
      permission: 'complete repairs',
      from: ['in_progress'],
      to: 'completed',
      holder: 'holder',
      holds: 'nobody',
      stamps: { by: ['ended_by_id', 'completed_by_id'], at: 'completed_at' },
      confirm: true,
    },
    validate: { label: { fr: 'Valider', en: 'Validate' }, permission: 'validate repairs', from: ['completed'], to: 'validated', stamps: { by: 'validated_by_id', at: 'validated_at' } },
    // Sending work back to be redone is the validator's call.
    redo: { label: { fr: 'Faire refaire', en: 'Send back to redo' }, permission: 'validate repairs', from: ['completed', 'validated'], to: 'reviewed', confirm: true },
    cancel: { ...WORK_ACTIONS.cancel, permission: 'cancel repairs', from: [...WAITING, 'in_progress'] },
  },
  // The work order (its items, who does what) is written while the repair may be canceled.
  editable: [...WAITING, 'in_progress'],
  // The vehicle is ready once the work is completed, validated or not.
  done: ['completed', 'validated', 'denied', 'canceled'],
  next: {
    draft: ['assign', 'start'],
    pending: ['assign', 'start'],
    approved: ['assign', 'start'],
    assigned: ['start', 'assign'],
    reviewed: ['start', 'assign'],
    in_progress: ['complete', 'take_over'],
    completed: ['validate', 'redo'],
    validated: ['redo'],
  },
});

export type RepairState = (typeof repairWorkflow)['states'][number];
export type RepairAction = (typeof repairWorkflow)['actions'][number];
export type RepairStatus = WorkStatus<RepairState>;

/** A new repair: to do with assignees; else approved when made from an approved estimate, to assign otherwise. */
export function initialRepairState(from: { hasAssignees: boolean; fromEstimation: boolean }): RepairState {
  return from.hasAssignees ? 'assigned' : from.fromEstimation ? 'approved' : 'pending';
}
