import { declarations, initialRequestState, REQUEST_PRIORITIES, requestWorkflow } from '@atelier/domain';
import { and, eq, sql } from 'drizzle-orm';
import { tenancy } from '../../access/tenancy.ts';
import type { RequestContext } from '../../jsonapi/context.ts';
import { defineResource, type Row, type WriteInput } from '../../jsonapi/define-resource.ts';
import { scoped } from '../../jsonapi/scope.ts';
import { ValidationErrors, relationshipPointer } from '../../jsonapi/errors.ts';
import { filter } from '../../jsonapi/filters.ts';
import { placedRelationships, rel } from '../../jsonapi/relationships.ts';
import { vehiclesResource } from '../vehicles/vehicles.resource.ts';
import { vehicles } from '../vehicles/vehicles.table.ts';
import { vinWarnings } from '../vehicles/vin.ts';
import { requestFlow } from './requests.actions.ts';
import { requestPolicies } from './requests.policies.ts';
import { requests } from './requests.table.ts';

export const requestsResource = defineResource(declarations.requests, {
  table: requests,
  permissions: 'requests',
  tenancy: tenancy.organization(),
  attributes: {
    priority: (a) =>
      a.check((v) =>
        (REQUEST_PRIORITIES as readonly unknown[]).includes(v)
          ? { ok: true, value: v }
          : { ok: false, code: 'validation.enum', params: { values: REQUEST_PRIORITIES.join(', ') } },
      ),
  },
  relationships: {
    ...placedRelationships(),
    customer: rel.belongsTo('customer_id'),
    vehicle: rel.belongsTo('vehicle_id'),
    // Given at creation (the quick form at the counter); afterwards through POST /requests/{id}/assign.
    assignedTo: rel.belongsTo('assigned_to_id', { guard: { permission: requestWorkflow.permissions.assign, refusal: 'request.forbidden_assign' } }),
    creator: rel.belongsTo('creator_id'),
    assignedBy: rel.belongsTo('assigned_by_id'),
    approvedBy: rel.belongsTo('approved_by_id'),
    completedBy: rel.belongsTo('completed_by_id'),
    canceledBy: rel.belongsTo('canceled_by_id'),
    // Kept by the database (migration 0016's triggers): the inspection made from it, else its estimate.
    responseObject: rel.morphTo('response_type', 'response_id'),
  },
  filters: {
    state: filter.in('state'),
    type: filter.in('type'),
    priority: filter.integers('priority'),
    assignedTo: filter.ids('assigned_to_id', 'assignedTo'),
    late: filter.late('due_at', requestWorkflow.openStates),
    vehicle: filter.ids('vehicle_id', 'vehicle'),
    creator: filter.ids('creator_id', 'creator'),
    customer: filter.ids('customer_id', 'customer'),
    tags: filter.overlaps('tag_ids', 'tags'),
    search: filter.search(['code', 'vehicle_vin', 'vehicle_sku', 'notes']),
  },
  // Its actions, their policies, available_actions and GET /requests/list/count (the dashboard's counts per state).
  workflow: requestFlow,
  hooks: { beforeWrite },
  policies: requestPolicies,
  warnings: (row) => vinWarnings(row.vehicle_vin, 'vehicle_vin'),
  notify: {
    assignees: (row) => [row.assigned_to_id],
    label: (row) => String(row.code ?? row.vehicle_vin ?? row.vehicle_sku ?? ''),
  },
});

async function beforeWrite(ctx: RequestContext, input: WriteInput, existing: Row | null) {
  if (!existing) {
    const assignee = (input.values.assigned_to_id as string | null | undefined) ?? null;
    Object.assign(input.values, {
      // A system write (a customer booking from a follow-up's link) has no user to name.
      creator_id: ctx.system ? null : ctx.actor.id,
      state: initialRequestState(!!assignee),
      ...(assignee ? { assigned_by_id: ctx.actor.id, assigned_at: sql`now()` } : {}),
    });
  }
  await linkVehicle(ctx, input, existing);
}

/**
 * The request names its vehicle: the record (its VIN and SKU are copied so lists and searches
 * need no join), or a typed VIN that is linked when the organization has that vehicle, or a
 * VIN or SKU alone for a vehicle not yet in the system.
 */
async function linkVehicle(ctx: RequestContext, input: WriteInput, existing: Row | null) {
  const v = input.values;
  const organizationId = (existing?.organization_id ?? v.organization_id) as string;
  if (v.vehicle_id) {
    const [vehicle] = await ctx.db.select({ vin: vehicles.vin, sku: vehicles.sku }).from(vehicles).where(eq(vehicles.id, v.vehicle_id as string));
    Object.assign(v, { vehicle_vin: vehicle.vin, vehicle_sku: vehicle.sku });
  } else if (v.vehicle_vin && !input.present.has('vehicle')) {
    // A typed VIN decides the link, so the record and its copied VIN never disagree.
    const [vehicle] = await ctx.db
      .select({ id: vehicles.id, sku: vehicles.sku })
      .from(vehicles)
      .where(scoped(ctx, vehiclesResource, and(eq(vehicles.organization_id, organizationId), eq(vehicles.vin, v.vehicle_vin as string))));
    Object.assign(v, { vehicle_id: vehicle?.id ?? null, vehicle_sku: v.vehicle_sku ?? vehicle?.sku ?? existing?.vehicle_sku ?? null });
  }
  const after = (name: string) => (name in v ? v[name] : existing?.[name]);
  if (!after('vehicle_id') && !after('vehicle_vin') && !after('vehicle_sku')) {
    const errors = new ValidationErrors();
    errors.add(relationshipPointer('vehicle'), 'request.vehicle_required');
    errors.throwIfAny();
  }
}
