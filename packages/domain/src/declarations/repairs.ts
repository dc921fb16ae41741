import { attr, declare, documentState, rel, stampedBy, workflowAttributes } from '../declare/declare.ts';
import { WORK_TYPES, WORK_TYPE_LABELS } from '../estimations/states.ts';
import { repairWorkflow } from '../repairs/states.ts';
import { visitOdometer, workRecordRelationships, workTotalsAttributes } from './work-lines.ts';
import { documentChargesAttributes, documentChargesRelationships } from './document-charges.ts';

/**
 * A repair, the work order (spec §3 Repair, issue 12): made from an approved estimate (its
 * approved items) or directly with 'make repair without estimation'; worked by one holder at a
 * time (repairs/states.ts). Its code is the work order number.
 */
export const repairs = declare('repairs', {
  attributes: {
    ...documentState(repairWorkflow),
    type: attr.enum(WORK_TYPES, WORK_TYPE_LABELS).notNull(),
    department: attr.string().max(100),
    notes: attr.text().max(10_000),
    odometer: visitOdometer(),
    /** When the vehicle was promised ready: the visit's request's due time unless typed (late past it while open). */
    promised_at: attr.datetime(),
    /** Hours planned (the items' times) and clocked by the mechanics. */
    planned_time: attr.decimal().isReadOnly(),
    time_spent: attr.decimal().isReadOnly(),
    ...workTotalsAttributes(),
    ...documentChargesAttributes(),
    ...workflowAttributes(repairWorkflow, 'started_at', 'completed_at', 'validated_at', 'canceled_at'),
  },
  relationships: {
    ...workRecordRelationships(),
    ...documentChargesRelationships(),
    /** The approved estimate it carries out: set by the server when the estimate makes it (from-estimation). */
    estimation: rel.toOne('estimations', { readOnly: true }),
    items: rel.toMany('repair-items'),
    repairers: rel.toMany('users'),
    /** Who approved the work (the estimate's approver). */
    ...stampedBy('approver', 'startedBy'),
    /** Who works on it now (the starter, or whoever took it over). */
    ...stampedBy('holder', 'endedBy', 'completedBy', 'validatedBy', 'canceledBy'),
    /** The mechanics' clocked time on its items. */
    timeEntries: rel.toMany('repair-time-entries', { readOnly: true }),
  },
  filters: ['state', 'type', 'vehicle', 'customer', 'estimation', 'inspection', 'creator', 'holder', 'late', 'completed_from', 'completed_to', 'comeback', 'tags', 'search'],
  sorts: ['created_at', 'updated_at', 'code', 'state', 'total', 'promised_at'],
  defaultSort: '-created_at',
});
