import { defineEnum } from '../enums.ts';
import type { Permission } from '../access/permissions.ts';
import { CANCEL_ACTION, WORK_ACTIONS, WORK_STATES, defineWorkflow } from '../workflow/workflow.ts';

// Service requests (spec §3, §4, §6): someone asks for an inspection, an evaluation (estimation)
// or a repair of a vehicle; the service department assigns, approves and completes it.

export const [REQUEST_TYPES, REQUEST_TYPE_LABELS] = defineEnum('request_types', ['inspection', 'evaluation', 'repair']);
export type RequestType = (typeof REQUEST_TYPES)[number];

/** The permission needed, besides 'create requests', to ask for each type (an evaluation is an estimation). */
export const REQUEST_TYPE_PERMISSIONS: Record<RequestType, Permission> = {
  inspection: 'make inspection requests',
  evaluation: 'make estimation requests',
  repair: 'make repair requests',
};

export const [REQUEST_PRIORITIES, REQUEST_PRIORITY_LABELS] = defineEnum('request_priorities', [10, 20, 30]);
export type RequestPriority = (typeof REQUEST_PRIORITIES)[number];
export const DEFAULT_REQUEST_PRIORITY: RequestPriority = 20;

/**
 * The workflow (docs/decisions.md): a request is assigned, then optionally approved, then
 * completed. Reassigning keeps an approval; completed and canceled are final.
 */
export const requestWorkflow = defineWorkflow({
  states: {
    draft: WORK_STATES.draft,
    assigned: { label: { fr: 'Assignée', en: 'Assigned' }, color: 'blue' },
    approved: { label: { fr: 'Approuvée', en: 'Approved' }, color: 'violet' },
    completed: { label: { fr: 'Complétée', en: 'Completed' }, color: 'teal' },
    canceled: { label: { fr: 'Annulée', en: 'Canceled' }, color: 'red' },
  },
  actions: {
    assign: { ...WORK_ACTIONS.assign, permission: 'assign requests', from: { draft: 'assigned', assigned: 'assigned', approved: 'approved' } },
    approve: { label: { fr: 'Approuver', en: 'Approve' }, permission: 'approve requests', from: ['assigned'], to: 'approved', stamps: { by: 'approved_by_id', at: 'approved_at' } },
    complete: {
      label: { fr: 'Compléter', en: 'Complete' },
      permission: 'complete requests',
      from: ['assigned', 'approved'],
      to: 'completed',
      stamps: { by: 'completed_by_id', at: 'completed_at' },
      confirm: true,
    },
    cancel: { ...CANCEL_ACTION, permission: 'cancel requests', from: ['draft', 'assigned', 'approved'] },
  },
  editable: ['draft', 'assigned', 'approved'],
});

export type RequestState = (typeof requestWorkflow)['states'][number];
export type RequestAction = (typeof requestWorkflow)['actions'][number];

/** A new request with an assignee starts assigned (the quick form at the counter), else as a draft. */
export function initialRequestState(hasAssignee: boolean): RequestState {
  return hasAssignee ? 'assigned' : 'draft';
}
