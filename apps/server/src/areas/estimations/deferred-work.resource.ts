import { canMoveDeferredWork, declarations, DEFERRED_WORK_MANUAL_STATES, type DeferredWorkState } from '@atelier/domain';
import { sql } from 'drizzle-orm';
import { tenancy } from '../../access/tenancy.ts';
import { defineResource, type RowOf } from '../../jsonapi/define-resource.ts';
import { ValidationErrors, attributePointer } from '../../jsonapi/errors.ts';
import { filter } from '../../jsonapi/filters.ts';
import { conflictWith } from '../../jsonapi/policies.ts';
import { rel } from '../../jsonapi/relationships.ts';
import { deferredWork } from './deferred-work.table.ts';

type DeferredRow = RowOf<typeof deferredWork>;

/**
 * Deferred work (issue 12): read with the estimates' permissions, closed (done or dismissed, with a
 * note) with "edit estimations"; made by the server from a customer's answer, never by a client.
 */
export const deferredWorkResource = defineResource(declarations['deferred-work'], {
  table: deferredWork,
  permissions: 'estimations',
  tenancy: tenancy.organization(),
  operations: { create: false, delete: false },
  relationships: {
    organization: rel.belongsTo('organization_id'),
    vehicle: rel.belongsTo('vehicle_id'),
    customer: rel.belongsTo('customer_id'),
    estimation: rel.belongsTo('estimation_id'),
    reofferedIn: rel.belongsTo('reoffered_in_id'),
    closedBy: rel.belongsTo('closed_by_id'),
  },
  filters: {
    vehicle: filter.ids('vehicle_id', 'vehicle'),
    customer: filter.ids('customer_id', 'customer'),
    estimation: filter.ids('estimation_id', 'estimation'),
    state: filter.in('state'),
  },
  policies: {
    edit: {
      refuses: { 409: 'Closed deferred work (done, dismissed, offered again) does not change.' },
      check: (_ctx, row) => (row.state === 'open' ? undefined : conflictWith('deferred_work.closed')),
    },
  },
  hooks: {
    async beforeWrite(ctx, input, existing) {
      if (!existing || !input.present.has('state')) return;
      const to = input.values.state as DeferredWorkState;
      const errors = new ValidationErrors();
      if (!DEFERRED_WORK_MANUAL_STATES.includes(to) || !canMoveDeferredWork((existing as DeferredRow).state, to)) errors.add(attributePointer('state'), 'deferred_work.state');
      errors.throwIfAny();
      Object.assign(input.values, { closed_at: sql`now()`, closed_by_id: ctx.actor.id });
    },
  },
  notify: { label: (row) => String(row.detail ?? '').slice(0, 80) },
});
