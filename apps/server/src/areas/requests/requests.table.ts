import { index, integer, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { DEFAULT_REQUEST_PRIORITY, REQUEST_PRIORITIES, REQUEST_TYPES, type RequestState, type RequestType, requestWorkflow } from '@atelier/domain';
import { at, listIndexes, placedColumns, valueChecks } from '../../db/columns.ts';
import { userRef, userRefs, tenantTable } from '../admin/admin.table.ts';
import { customers } from '../crm/crm.table.ts';
import { vehicles } from '../vehicles/vehicles.table.ts';


/** A service request: an inspection, evaluation or repair asked for a vehicle (spec §3 Request). */
export const requests = tenantTable(
  'requests',
  {
    /** D-2026-0003: given by the database (codes.table.ts), unique per organization. */
    code: text('code'),
    type: text('type').$type<RequestType>().notNull(),
    state: text('state').$type<RequestState>().notNull().default('draft'),
    priority: integer('priority').notNull().default(DEFAULT_REQUEST_PRIORITY),
    due_at: at('due_at'),
    customer_id: uuid('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    vehicle_id: uuid('vehicle_id').references(() => vehicles.id, { onDelete: 'set null' }),
    /** The vehicle's VIN and SKU: copied from the vehicle, or typed when it is not in the system yet. */
    vehicle_vin: text('vehicle_vin'),
    vehicle_sku: text('vehicle_sku'),
    notes: text('notes'),
    completion_note: text('completion_note'),
    /** The inspection, estimation or repair that answered the request (those areas set it). */
    response_type: text('response_type'),
    response_id: uuid('response_id'),
    ...userRefs('creator_id', 'assigned_to_id', 'assigned_by_id'),
    assigned_at: at('assigned_at'),
    approved_by_id: userRef('approved_by_id'),
    approved_at: at('approved_at'),
    completed_by_id: userRef('completed_by_id'),
    completed_at: at('completed_at'),
    canceled_by_id: userRef('canceled_by_id'),
    canceled_at: at('canceled_at'),
    ...placedColumns(),
  },
  (t) => [
    uniqueIndex('requests_org_code_unique').on(t.organization_id, t.code),
    ...listIndexes('requests', t),
    index('requests_org_state_idx').on(t.organization_id, t.state),
    index('requests_vehicle_idx').on(t.vehicle_id),
    index('requests_assigned_to_idx').on(t.assigned_to_id),
    ...valueChecks('requests', t, { type: REQUEST_TYPES, state: requestWorkflow.states, priority: REQUEST_PRIORITIES }),
  ],
);
