import { attr, declare, organizationRecord, rel, stampedBy, workflowAttributes } from '../declare/declare.ts';
import { REQUEST_TYPES, REQUEST_TYPE_LABELS, requestWorkflow } from '../requests/requests.ts';

export const requests = declare('requests', {
  attributes: {
    code: attr.string().isReadOnly(),
    type: attr.enum(REQUEST_TYPES, REQUEST_TYPE_LABELS).isRequired(),
    state: attr.enum(requestWorkflow.states, requestWorkflow.stateLabels).isReadOnly(),
    priority: attr.integer().notNull(),
    due_at: attr.datetime(),
    vehicle_vin: attr.vin(),
    vehicle_sku: attr.string().max(50),
    notes: attr.text(),
    completion_note: attr.text().isReadOnly(),
    response_type: attr.string().isReadOnly(),
    response_id: attr.string().isReadOnly(),
    ...workflowAttributes(requestWorkflow, 'assigned_at', 'approved_at', 'completed_at', 'canceled_at'),
  },
  relationships: {
    ...organizationRecord(),
    customer: rel.toOne('customers'),
    vehicle: rel.toOne('vehicles'),
    assignedTo: rel.toOne('users', { createOnly: true }),
    ...stampedBy('creator', 'assignedBy', 'approvedBy', 'completedBy', 'canceledBy'),
    /** The work made in answer to the request (response_type, response_id): its inspection, else its estimate. */
    responseObject: rel.polymorphicOne(['inspections', 'estimations']),
  },
  filters: ['state', 'type', 'priority', 'assignedTo', 'vehicle', 'creator', 'customer', 'late', 'tags', 'search'],
  sorts: ['created_at', 'updated_at', 'code', 'priority', 'due_at', 'state', 'type'],
  defaultSort: '-created_at',
});
