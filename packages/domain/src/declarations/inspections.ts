import { attr, declare, doneBy, organizationRecord, rel, stampedBy, workflowAttributes } from '../declare/declare.ts';
import type { InspectionScore } from '../inspections/scoring.ts';
import { TIRE_SEASONS, TIRE_SEASON_LABELS, TIRE_TYPES, TIRE_TYPE_LABELS } from '../vehicles/vehicle-enums.ts';
import { inspectionWorkflow } from '../inspections/states.ts';

/** What an inspection keeps of its scoring: the vehicle score, the note and the sections' scores (spec §3 scoreData); its points are columns. */
export type InspectionScoreData = Omit<InspectionScore, 'fields' | 'points' | 'max_points'>;

/**
 * An inspection (spec §3, issue 11): a form's frozen version filled on a vehicle. Its fields are
 * made with it, one per field of the version, and answered at their own route while in progress.
 */
export const inspections = declare('inspections', {
  attributes: {
    code: attr.string().isReadOnly(),
    state: attr.enum(inspectionWorkflow.states, inspectionWorkflow.stateLabels).notNull().isReadOnly(),
    /** The number of the form's version it was made from. */
    form_version: attr.integer().isReadOnly(),
    touched_sections: attr.stringList().isReadOnly(),
    odometer: attr.integer().min(0).max(10_000_000),
    tire_type: attr.enum(TIRE_TYPES, TIRE_TYPE_LABELS),
    tire_season: attr.enum(TIRE_SEASONS, TIRE_SEASON_LABELS),
    battery_amps: attr.integer().min(0).max(100_000),
    battery_volts: attr.decimal().min(0).max(1000),
    battery_charge: attr.integer().min(0).max(100),
    comments: attr.text(),
    images: attr.list<string>().notNull(),
    /** The inspector's signature: an upload's URL or an image data URL. */
    signature: attr.text().max(500_000),
    shared: attr.boolean().isReadOnly(),
    score_data: attr.json<InspectionScoreData>().isReadOnly(),
    vehicle_score: attr.integer().isReadOnly(),
    /** The points of its visible fields, and the most they could have (the domain's scoring). */
    points: attr.decimal().isReadOnly(),
    max_points: attr.decimal().isReadOnly(),
    ...workflowAttributes(inspectionWorkflow, 'started_at', 'completed_at', 'approved_at', 'canceled_at'),
  },
  relationships: {
    ...organizationRecord(),
    creator: doneBy(),
    customer: rel.toOne('customers'),
    request: rel.toOne('requests', { createOnly: true }),
    vehicle: rel.toOne('vehicles', { createOnly: true }),
    inspectionForm: rel.toOne('inspection-forms', { required: true, createOnly: true }),
    /** The frozen version of the form it was made from: what its screen shows and how it scores. */
    inspectionFormVersion: rel.toOne('inspection-form-versions', { readOnly: true }),
    inspectionFields: rel.toMany('inspection-fields', { readOnly: true }),
    assignedToUsers: rel.toMany('users', { createOnly: true }),
    assignedToRoles: rel.toMany('roles', { createOnly: true }),
    ...stampedBy('assignedBy', 'startedBy'),
    /** Who works on it now (the starter, or whoever took it over). */
    ...stampedBy('holder', 'completedBy', 'approvedBy'),
    /** The user designated to approve (validate) it, as estimates and repairs name theirs. */
    approver: rel.toOne('users'),
    canceledBy: doneBy(),
    /** The estimate made from it (the latest, when one was canceled and another made). */
    estimation: rel.toOne('estimations', { readOnly: true }),
    /** The repair its estimate opened once approved. */
    repair: rel.toOne('repairs', { readOnly: true }),
  },
  filters: [
    'state',
    'vehicle',
    'inspectionForm',
    'request',
    'customer',
    'creator',
    'holder',
    'approver',
    /** Holder or assignee (a user id, or several): whose work it is. */
    'inspector',
    'tags',
    'search',
    /** Vehicle score bounds, inclusive (0..100). */
    'vehicle_score_min',
    'vehicle_score_max',
    /** Creation date bounds, inclusive: an ISO date (the whole day) or date-time. */
    'created_from',
    'created_to',
  ],
  sorts: ['created_at', 'updated_at', 'code', 'state', 'vehicle_score'],
  defaultSort: '-created_at',
});
