import { declarations, initialRepairState, repairWorkflow } from '@atelier/domain';
import { sql } from 'drizzle-orm';
import { assignmentStorage, workDocumentStorage } from '../admin/assignees.ts';
import { tenancy } from '../../access/tenancy.ts';
import type { RequestContext } from '../../jsonapi/context.ts';
import { defineResource, type WriteInput } from '../../jsonapi/define-resource.ts';
import { filter } from '../../jsonapi/filters.ts';
import { rel } from '../../jsonapi/relationships.ts';
import { invoicePolicies, invoiceRepairAction } from '../sales/repair-invoice.ts';
import { notifyReadyAction, readyPolicies } from './vehicle-ready.ts';
import { visitOdometer } from '../vehicles/odometer.ts';
import { visitPromise } from '../requests/promise.ts';
import { repairValuesOf } from './pricing.ts';
import { checkDocumentTerms, TERM_COLUMNS } from '../estimations/document-charges.ts';
import { suppliesTerms } from '../estimations/estimation-lines.ts';
import { comebackFilter } from './comebacks.ts';
import { orderPartsAction } from './parts.ts';
import { repairFlow } from './repairs.actions.ts';
import { repairPolicies, type RepairRow } from './repairs.policies.ts';
import { repairs } from './repairs.table.ts';


/** A new repair made directly: its creator, its visit's odometer, and its state by its assignees (initialRepairState). */
async function beforeWrite(ctx: RequestContext, input: WriteInput, existing: RepairRow | null) {
  if (existing) return;
  const v = input.values;
  if (!input.present.has('odometer')) v.odometer = await visitOdometer(ctx.db, v);
  if (!input.present.has('promised_at')) v.promised_at = await visitPromise(ctx.db, v);
  // Shop supplies as the settings say now (a repair made from an estimate takes the estimate's: from-estimation.ts).
  const supplies = await suppliesTerms(ctx.db, v.organization_id as string);
  for (const [name, column] of [['shop_supplies_percent', 'shop_supplies_percent'], ['shop_supplies_cap', 'shop_supplies_cap'], ['shopSuppliesTaxGroup', 'shop_supplies_tax_group_id']] as const)
    if (!input.present.has(name) && !Object.hasOwn(v, column)) v[column] = supplies[column];
  const assigned = ((v.assigned_user_ids as string[] | undefined)?.length ?? 0) + ((v.assigned_role_ids as string[] | undefined)?.length ?? 0) > 0;
  Object.assign(v, {
    creator_id: ctx.actor.id,
    state: initialRepairState({ hasAssignees: assigned, fromEstimation: false }),
    ...(assigned ? { assigned_by_id: ctx.actor.id, assigned_at: sql`now()` } : {}),
  });
}

/** Its supplies and discount checked as written; those an estimate hands its new repair were checked on the estimate. */
async function afterWrite(ctx: RequestContext, row: RepairRow, input: WriteInput, existing: RepairRow | null) {
  await checkDocumentTerms(ctx, input, existing ?? (row.estimation_id ? row : null), row);
}

/**
 * Repairs, the work orders (spec §3, §7 /repairs; issue 12). Made from an approved estimate
 * (from-estimation.ts) or directly with 'make repair without estimation'; their items are a
 * child collection whose totals the repair adds up (pricing.ts); the workflow is the actions
 * (repairs.actions.ts), the mechanics' time the items' clocks (clocks.ts).
 */
export const repairsResource = defineResource(declarations.repairs, {
  table: repairs,
  permissions: 'repairs',
  tenancy: tenancy.organization(),
  relationships: {
    ...workDocumentStorage(),
    inspection: rel.belongsTo('inspection_id'),
    estimation: rel.belongsTo('estimation_id'),
    ...assignmentStorage(repairWorkflow.permissions.assign, 'repair.forbidden_assign'),
    items: rel.ownsMany('repair_id', { order: 'position', derive: repairValuesOf, dependsOn: TERM_COLUMNS }),
    shopSuppliesTaxGroup: rel.belongsTo('shop_supplies_tax_group_id'),
    repairers: rel.idArray('repairer_ids'),
    approver: rel.belongsTo('approver_id'),
    startedBy: rel.belongsTo('started_by_id'),
    holder: rel.belongsTo('holder_id'),
    endedBy: rel.belongsTo('ended_by_id'),
    completedBy: rel.belongsTo('completed_by_id'),
    validatedBy: rel.belongsTo('validated_by_id'),
    canceledBy: rel.belongsTo('canceled_by_id'),
    timeEntries: rel.hasMany('repair_id', { order: 'started_at' }),
  },
  filters: {
    state: filter.in('state'),
    type: filter.in('type'),
    vehicle: filter.ids('vehicle_id', 'vehicle'),
    customer: filter.ids('customer_id', 'customer'),
    estimation: filter.ids('estimation_id', 'estimation'),
    inspection: filter.ids('inspection_id', 'inspection'),
    creator: filter.ids('creator_id', 'creator'),
    holder: filter.ids('holder_id', 'holder'),
    late: filter.late('promised_at', repairWorkflow.openStates),
    // The repairs behind the service manager's figures (figures.routes.ts).
    completed_from: filter.since('completed_at', 'completed_from', 'from'),
    completed_to: filter.since('completed_at', 'completed_to', 'to'),
    comeback: comebackFilter,
    tags: filter.overlaps('tag_ids', 'tags'),
    search: filter.search(['code', 'department', 'notes']),
  },
  // Its actions, their policies, available_actions, the edit policy and GET /repairs/list/count.
  workflow: repairFlow,
  actions: { 'order-parts': orderPartsAction, invoice: invoiceRepairAction, 'notify-ready': notifyReadyAction },
  hooks: { beforeWrite, afterWrite },
  // A repair is deleted only while its work order may change, as it is edited.
  policies: { ...repairPolicies, delete: repairFlow.editable, actions: { ...invoicePolicies, ...readyPolicies } },
  notify: {
    // The assigned users and whoever holds the work hear of what happens to it (its assignment first).
    assignees: (row) => [...row.assigned_user_ids, row.holder_id],
    label: (row) => String(row.code ?? ''),
  },
});
