import { sql } from 'drizzle-orm';
import { type AnyPgColumn, boolean, check, index, integer, jsonb, numeric, text, uuid } from 'drizzle-orm/pg-core';
import { CUSTOMER_DECISIONS, ESTIMATION_ITEM_STATES, ITEM_CONDITIONS, PART_STATUSES, PHASE_STATUSES, URGENCIES, WORK_TYPES, type CustomerDecision, type EstimationItemState, type EstimationState, type ItemCondition, type PartStatus, type PhaseStatus, type Urgency, type WorkType, estimationWorkflow } from '@atelier/domain';
import { at, cents, documentCharges, instants, ownedBy, partChargeChecks, partChargeColumns, valueChecks, workLinePriceColumns, workTotals } from '../../db/columns.ts';
import { userRefs, tenantTable } from '../admin/admin.table.ts';
import { workDocumentTable } from '../admin/work-columns.ts';
import { customers } from '../crm/crm.table.ts';
import { inspectionFields, inspections } from '../inspections/inspections.table.ts';
import { products } from '../inventory/inventory.table.ts';
import { suppliers } from '../purchases/purchases.table.ts';
import { requests } from '../requests/requests.table.ts';
import { taxGroups } from '../settings/settings.table.ts';
import { repairs } from '../repairs/repairs.table.ts';
import { vehicles } from '../vehicles/vehicles.table.ts';

const phase = (name: string) => text(name).$type<PhaseStatus>().notNull().default('pending');


/**
 * An estimate (spec §3 Estimation, issue 12): its state and the three phases (components, times,
 * approval), each with its holder, and who did what. `repair_id` is the repair it opened once
 * approved (repair-link.ts).
 */
export const estimations = workDocumentTable(
  'estimations',
  estimationWorkflow.states,
  {
    /** E-2026-000042: given by the database (assign_record_code), unique per organization. */
    code: text('code'),
    state: text('state').$type<EstimationState>().notNull().default('pending'),
    components_status: phase('components_status'),
    times_status: phase('times_status'),
    approval_status: phase('approval_status'),
    ...userRefs('components_holder_id', 'times_holder_id', 'approval_holder_id'),
    type: text('type').$type<WorkType>().notNull().default('customer'),
    department: text('department'),
    stock: text('stock'),
    notes: text('notes'),
    /** The odometer read at this visit (its inspection's, else the vehicle's when made). */
    odometer: integer('odometer'),
    repair_value_multiplier: numeric('repair_value_multiplier').notNull().default('1'),
    version: integer('version').notNull().default(0),
    sent_at: at('sent_at'),
    customer_id: uuid('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    vehicle_id: uuid('vehicle_id').references(() => vehicles.id, { onDelete: 'set null' }),
    inspection_id: uuid('inspection_id').references(() => inspections.id, { onDelete: 'set null' }),
    request_id: uuid('request_id').references(() => requests.id, { onDelete: 'set null' }),
    repair_id: uuid('repair_id').references((): AnyPgColumn => repairs.id, { onDelete: 'set null' }),
    ...userRefs('creator_id', 'approver_id', 'official_mechanic_id'),
    estimator_ids: uuid('estimator_ids').array().notNull().default(sql`'{}'::uuid[]`),
    mechanic_ids: uuid('mechanic_ids').array().notNull().default(sql`'{}'::uuid[]`),
    ...userRefs('components_started_by_id', 'components_ended_by_id', 'times_started_by_id', 'times_ended_by_id', 'approval_started_by_id', 'approval_ended_by_id'),
    ...userRefs('validated_by_id', 'approved_by_id', 'reviewed_by_id', 'denied_by_id', 'completed_by_id', 'canceled_by_id'),
    ...instants('completed_at', 'approved_at', 'canceled_at'),
    ...workTotals(),
    approved_total: cents('approved_total'),
    ...documentCharges(() => taxGroups.id),
  },
  (t) => [
    index('estimations_inspection_idx').on(t.inspection_id),
    index('estimations_customer_idx').on(t.customer_id),
    ...valueChecks('estimations', t, { type: WORK_TYPES, components_status: PHASE_STATUSES, times_status: PHASE_STATUSES, approval_status: PHASE_STATUSES }),
  ],
);

/** An item of an estimate: money in cents, quantity and hours exact (numeric); its totals computed. */
export const estimationItems = tenantTable(
  'estimation_items',
  {
    estimation_id: ownedBy('estimation_id', () => estimations.id),
    position: integer('position').notNull().default(0),
    detail: text('detail').notNull(),
    condition: text('condition').$type<ItemCondition>(),
    urgency: text('urgency').$type<Urgency>(),
    state: text('state').$type<EstimationItemState>(),
    ...workLinePriceColumns(),
    warranty: boolean('warranty').notNull().default(false),
    /** Its discount (issue 27): a percentage of its parts and labour, or an amount in cents; not both. */
    discount_percent: numeric('discount_percent', { precision: 7, scale: 4 }),
    discount_amount: integer('discount_amount'),
    ...partChargeColumns(),
    images: jsonb('images').$type<string[]>().notNull().default([]),
    customer_decision: text('customer_decision').$type<CustomerDecision>(),
    customer_decided_at: at('customer_decided_at'),
    product_id: uuid('product_id').references((): AnyPgColumn => products.id, { onDelete: 'set null' }),
    supplier_id: uuid('supplier_id').references(() => suppliers.id, { onDelete: 'set null' }),
    // No cascade: a group used by lines is not deleted (409 error.in_use).
    tax_group_id: uuid('tax_group_id').references(() => taxGroups.id),
    inspection_field_id: uuid('inspection_field_id').references(() => inspectionFields.id, { onDelete: 'set null' }),
    /** Its inventory part's status, kept from the purchase orders made for it (purchases/coverage.ts). */
    part_status: text('part_status').$type<PartStatus>(),
    ...workTotals(),
  },
  (t) => [
    index('estimation_items_estimation_idx').on(t.estimation_id, t.position),
    index('estimation_items_tax_group_idx').on(t.tax_group_id),
    ...valueChecks('estimation_items', t, { condition: ITEM_CONDITIONS, urgency: URGENCIES, state: ESTIMATION_ITEM_STATES, customer_decision: CUSTOMER_DECISIONS, part_status: PART_STATUSES }),
    ...partChargeChecks('estimation_items', t),
    check('estimation_items_discount_check', sql`${t.discount_percent} BETWEEN 0 AND 100 AND ${t.discount_amount} >= 0 AND (${t.discount_percent} IS NULL OR ${t.discount_amount} IS NULL)`),
  ],
);
