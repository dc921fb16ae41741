import { declarations, initialEstimationStatus, estimationWorkflow } from '@atelier/domain';
import { eq, sql } from 'drizzle-orm';
import { assignmentStorage, workDocumentStorage } from '../admin/assignees.ts';
import { tenancy } from '../../access/tenancy.ts';
import type { RequestContext } from '../../jsonapi/context.ts';
import { defineResource, type Row, type WriteInput } from '../../jsonapi/define-resource.ts';
import { column, filter } from '../../jsonapi/filters.ts';
import { rel } from '../../jsonapi/relationships.ts';
import { inspections } from '../inspections/inspections.table.ts';
import { requests } from '../requests/requests.table.ts';
import { estimationTotalColumns, phaseColumns, suppliesTerms, type EstimationRow } from './estimation-lines.ts';
import { changedTerms, checkDocumentTerms, TERM_COLUMNS } from './document-charges.ts';
import { checkDiscountPhase } from './item-rules.ts';
import { addDeferredWork, addItemsPolicy } from './deferred-work.action.ts';
import { addCannedJob } from './canned-job.action.ts';
import { depositInvoiceAction, depositPolicies } from '../sales/estimate-deposit.ts';
import { estimationFlow } from './estimations.actions.ts';
import { orderEstimationParts } from './order-parts.action.ts';
import { estimationPolicies } from './estimations.policies.ts';
import { estimationItems, estimations } from './estimations.table.ts';
import { visitOdometer } from '../vehicles/odometer.ts';

import { draftFromInspection, inspectionForEstimate, inspectionMultiplier } from './from-inspection.ts';

/** A bound of the time an item of the estimate was decided on (`which` items: a decision), as filter.since reads it. */
const decided = (name: string, side: 'from' | 'to', which?: Parameters<typeof filter.childSince>[5]) => filter.childSince(estimationItems, 'estimation_id', 'customer_decided_at', name, side, which);
const declinedItem: Parameters<typeof filter.childSince>[5] = (items) => sql`${column(items, 'customer_decision')} = 'declined'`;

/**
 * Estimations (spec §3, §4, §7; issue 12). Made directly or from a finished inspection (its
 * findings become draft items); items are a child collection written in the estimate's document;
 * the workflow is the actions (estimations.actions.ts) over the domain's phases.
 */
export const estimationsResource = defineResource(declarations.estimations, {
  table: estimations,
  permissions: 'estimations',
  tenancy: tenancy.organization(),
  relationships: {
    ...workDocumentStorage(),
    inspection: rel.belongsTo('inspection_id'),
    ...assignmentStorage(estimationWorkflow.permissions.assign, 'estimation.forbidden_assign'),
    request: rel.belongsTo('request_id'),
    repair: rel.belongsTo('repair_id'),
    items: rel.ownsMany('estimation_id', { order: 'position', derive: estimationTotalColumns, dependsOn: TERM_COLUMNS }),
    shopSuppliesTaxGroup: rel.belongsTo('shop_supplies_tax_group_id'),
    approver: rel.belongsTo('approver_id', { guard: { permission: 'change manager estimations', refusal: 'estimation.forbidden_approver' } }),
    estimators: rel.idArray('estimator_ids'),
    mechanics: rel.idArray('mechanic_ids'),
    officialMechanic: rel.belongsTo('official_mechanic_id'),
    componentsHolder: rel.belongsTo('components_holder_id'),
    timesHolder: rel.belongsTo('times_holder_id'),
    approvalHolder: rel.belongsTo('approval_holder_id'),
    componentsStartedBy: rel.belongsTo('components_started_by_id'),
    componentsEndedBy: rel.belongsTo('components_ended_by_id'),
    timesStartedBy: rel.belongsTo('times_started_by_id'),
    timesEndedBy: rel.belongsTo('times_ended_by_id'),
    approvalStartedBy: rel.belongsTo('approval_started_by_id'),
    approvalEndedBy: rel.belongsTo('approval_ended_by_id'),
    validatedBy: rel.belongsTo('validated_by_id'),
    approvedBy: rel.belongsTo('approved_by_id'),
    reviewedBy: rel.belongsTo('reviewed_by_id'),
    deniedBy: rel.belongsTo('denied_by_id'),
    completedBy: rel.belongsTo('completed_by_id'),
    canceledBy: rel.belongsTo('canceled_by_id'),
  },
  filters: {
    state: filter.in('state'),
    type: filter.in('type'),
    vehicle: filter.ids('vehicle_id', 'vehicle'),
    customer: filter.ids('customer_id', 'customer'),
    inspection: filter.ids('inspection_id', 'inspection'),
    creator: filter.ids('creator_id', 'creator'),
    approver: filter.ids('approver_id', 'approver'),
    tags: filter.overlaps('tag_ids', 'tags'),
    search: filter.search(['code', 'notes', 'stock', 'department']),
    // The estimates behind the service manager's figures (repairs/figures.routes.ts): an item decided, or declined, in a period.
    decided_from: decided('decided_from', 'from'),
    decided_to: decided('decided_to', 'to'),
    declined_from: decided('declined_from', 'from', declinedItem),
    declined_to: decided('declined_to', 'to', declinedItem),
  },
  // GET /estimations/list/count: the counts per state, in one statement.
  // Its actions, their policies, available_actions and GET /estimations/list/count.
  workflow: estimationFlow,
  hooks: { beforeWrite, afterWrite },
  policies: { ...estimationPolicies, actions: { 'deferred-work': addItemsPolicy, 'canned-job': addItemsPolicy, ...depositPolicies } },
  actions: { 'deferred-work': addDeferredWork, 'canned-job': addCannedJob, 'order-parts': orderEstimationParts, 'deposit-invoice': depositInvoiceAction },
  notify: {
    // Assignees hear of the assignment (and later changes); so do the users holding a phase.
    assignees: (row) => [...row.assigned_user_ids, row.components_holder_id, row.times_holder_id, row.approval_holder_id],
    label: (row) => String(row.code ?? ''),
  },
});

async function beforeWrite(ctx: RequestContext, input: WriteInput, existing: Row | null) {
  if (existing) {
    // Its supplies and discount change while its price may (checkDiscountPhase).
    const [changed] = changedTerms(input, existing);
    if (changed) checkDiscountPhase(ctx, existing as unknown as EstimationRow, { attribute: changed === 'shop_supplies_tax_group_id' ? 'shop_supplies_percent' : changed, code: 'estimation.charges_locked' });
    return;
  }
  const v = input.values;
  if (v.inspection_id) {
    const inspection = await inspectionForEstimate(ctx, v.inspection_id as string);
    if (!input.present.has('vehicle')) v.vehicle_id = inspection.vehicle_id;
    if (!input.present.has('customer')) v.customer_id = inspection.customer_id;
    if (!input.present.has('request')) v.request_id = inspection.request_id;
    // Seen where the inspection is seen (a location's inspector reads the estimate of their inspection).
    if (!input.present.has('allowedLocations') && inspection.location_ids.length) v.location_ids = inspection.location_ids;
    v.repair_value_multiplier = await inspectionMultiplier(ctx.db, inspection);
  }
  // Made from a request: its vehicle and customer unless the document names others.
  if (v.request_id && (!input.present.has('vehicle') || !input.present.has('customer'))) {
    const [request] = await ctx.db.select({ vehicle_id: requests.vehicle_id, customer_id: requests.customer_id }).from(requests).where(eq(requests.id, v.request_id as string));
    if (!input.present.has('vehicle') && !v.vehicle_id) v.vehicle_id = request?.vehicle_id ?? null;
    if (!input.present.has('customer') && !v.customer_id) v.customer_id = request?.customer_id ?? null;
  }
  if (!input.present.has('odometer')) v.odometer = await visitOdometer(ctx.db, v);
  // The shop supplies' terms of the settings now, kept on the estimate (what the document sends wins).
  const supplies = await suppliesTerms(ctx.db, v.organization_id as string);
  if (!input.present.has('shop_supplies_percent')) v.shop_supplies_percent = supplies.shop_supplies_percent;
  if (!input.present.has('shop_supplies_cap')) v.shop_supplies_cap = supplies.shop_supplies_cap;
  if (!input.present.has('shopSuppliesTaxGroup')) v.shop_supplies_tax_group_id = supplies.shop_supplies_tax_group_id;
  const assigned = ((v.assigned_user_ids as string[] | undefined)?.length ?? 0) + ((v.assigned_role_ids as string[] | undefined)?.length ?? 0) > 0;
  const status = initialEstimationStatus(assigned);
  Object.assign(v, {
    creator_id: ctx.actor.id,
    state: status.state,
    ...phaseColumns(status.phases),
    ...(assigned ? { assigned_by_id: ctx.actor.id, assigned_at: sql`now()` } : {}),
  });
}

/**
 * Its supplies and discount checked as written; a new estimate made from an inspection gets the
 * inspection's findings as items (after any the document carried).
 */
async function afterWrite(ctx: RequestContext, row: EstimationRow, input: WriteInput, existing: EstimationRow | null) {
  await checkDocumentTerms(ctx, input, existing, row);
  if (existing || !row.inspection_id) return;
  const [inspection] = await ctx.db.select().from(inspections).where(eq(inspections.id, row.inspection_id));
  await draftFromInspection(ctx, row, inspection);
}
