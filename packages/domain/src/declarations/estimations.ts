import { attr, declare, documentState, rel, stampedBy, workflowAttributes } from '../declare/declare.ts';
import { PHASE_STATUSES, PHASE_STATUS_LABELS, WORK_TYPES, WORK_TYPE_LABELS, estimationWorkflow } from '../estimations/states.ts';
import { visitOdometer, workRecordRelationships, workTotalsAttributes } from './work-lines.ts';
import { documentChargesAttributes, documentChargesRelationships } from './document-charges.ts';

const phaseStatus = () => attr.enum(PHASE_STATUSES, PHASE_STATUS_LABELS).isReadOnly();

/**
 * An estimate (spec §3 Estimation, issue 12): parts and labour for a vehicle, often drafted from
 * an inspection, worked in phases (estimations/states.ts), approved by the dealership and the
 * customer. Its totals are the proposed items' (every item neither denied nor declined).
 */
export const estimations = declare('estimations', {
  attributes: {
    ...documentState(estimationWorkflow),
    /** Parts status. */
    components_status: phaseStatus(),
    /** Labour status. */
    times_status: phaseStatus(),
    approval_status: phaseStatus(),
    type: attr.enum(WORK_TYPES, WORK_TYPE_LABELS).notNull(),
    department: attr.string().max(100),
    /** The vehicle's stock number, for a used vehicle reconditioned for sale. */
    stock: attr.string().max(50),
    notes: attr.text().max(10_000),
    odometer: visitOdometer(),
    /** The product of the inspection form's repair-value multipliers that matched the vehicle. */
    repair_value_multiplier: attr.decimal().isReadOnly(),
    /** Counts the changes made after it was sent to the customer: an answer applies to one version. */
    version: attr.integer().isReadOnly(),
    sent_at: attr.datetime().isReadOnly(),
    ...workTotalsAttributes(),
    ...documentChargesAttributes(),
    /** What the approved items (not declined by the customer) cost. */
    approved_total: attr.money().isReadOnly(),
    ...workflowAttributes(estimationWorkflow, 'completed_at', 'approved_at', 'canceled_at'),
  },
  relationships: {
    ...workRecordRelationships(),
    ...documentChargesRelationships(),
    request: rel.toOne('requests', { createOnly: true }),
    repair: rel.toOne('repairs', { readOnly: true }),
    items: rel.toMany('estimation-items'),
    /** The manager who approves it ('change manager estimations' changes it). */
    approver: rel.toOne('users'),
    estimators: rel.toMany('users'),
    mechanics: rel.toMany('users'),
    officialMechanic: rel.toOne('users'),
    // Who holds each phase, who started and ended it, and who did each action.
    ...stampedBy('componentsHolder', 'timesHolder', 'approvalHolder'),
    ...stampedBy('componentsStartedBy', 'componentsEndedBy', 'timesStartedBy', 'timesEndedBy', 'approvalStartedBy', 'approvalEndedBy'),
    ...stampedBy('validatedBy', 'approvedBy', 'reviewedBy', 'deniedBy', 'completedBy', 'canceledBy'),
  },
  filters: ['state', 'type', 'vehicle', 'customer', 'inspection', 'creator', 'approver', 'decided_from', 'decided_to', 'declined_from', 'declined_to', 'tags', 'search'],
  sorts: ['created_at', 'updated_at', 'code', 'state', 'total'],
  defaultSort: '-created_at',
});
