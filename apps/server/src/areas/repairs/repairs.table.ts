import { sql } from 'drizzle-orm';
import { bigint, check, index, jsonb, type AnyPgColumn, integer, numeric, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { ITEM_CONDITIONS, PART_STATUSES, REPAIR_ITEM_STATES, REPAIR_MODES, WORK_TYPES, type RepairItemState, type RepairMode, type RepairState, repairWorkflow } from '@atelier/domain';
import { at, documentCharges, instants, oneOf, ownedBy, partChargeChecks, partChargeColumns, valueChecks, workTotals } from '../../db/columns.ts';
import { userRefs, users, tenantTable } from '../admin/admin.table.ts';
import { workDocumentTable } from '../admin/work-columns.ts';
import { customers } from '../crm/crm.table.ts';
import { estimationItems, estimations } from '../estimations/estimations.table.ts';
import { inspections } from '../inspections/inspections.table.ts';
import { products } from '../inventory/inventory.table.ts';
import { suppliers } from '../purchases/purchases.table.ts';
import { taxGroups } from '../settings/settings.table.ts';
import { vehicles } from '../vehicles/vehicles.table.ts';



/**
 * A repair, the work order (spec §3 Repair). `estimation_id` names the approved estimate it
 * carries out (the two tables point at each other, hence the typed lazy references).
 */
export const repairs = workDocumentTable(
  'repairs',
  repairWorkflow.states,
  {
    /** R-2026-000123: given by the database (assign_record_code), unique per organization. */
    code: text('code'),
    state: text('state').$type<RepairState>().notNull().default('pending'),
    type: text('type').notNull().default('customer'),
    department: text('department'),
    notes: text('notes'),
    /** The odometer read at this visit (its inspection's, else the vehicle's when made). */
    odometer: integer('odometer'),
    /** When the customer was told the vehicle would be ready (its request's due time unless typed). */
    promised_at: at('promised_at'),
    customer_id: uuid('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    vehicle_id: uuid('vehicle_id').references(() => vehicles.id, { onDelete: 'set null' }),
    inspection_id: uuid('inspection_id').references(() => inspections.id, { onDelete: 'set null' }),
    estimation_id: uuid('estimation_id').references((): AnyPgColumn => estimations.id, { onDelete: 'set null' }),
    ...userRefs('creator_id', 'approver_id'),
    /** Who worked on it: whoever started it, took it over or clocked time on an item. */
    repairer_ids: uuid('repairer_ids').array().notNull().default(sql`'{}'::uuid[]`),
    ...userRefs('started_by_id', 'holder_id', 'ended_by_id', 'completed_by_id', 'validated_by_id', 'canceled_by_id'),
    ...instants('started_at', 'completed_at', 'validated_at', 'canceled_at'),
    /** Hours: the items' planned times, and the closed clocks on them. */
    planned_time: numeric('planned_time', { precision: 12, scale: 4 }).notNull().default('0'),
    time_spent: numeric('time_spent', { precision: 12, scale: 4 }).notNull().default('0'),
    ...workTotals(),
    ...documentCharges(() => taxGroups.id),
  },
  (t) => [
    index('repairs_estimation_idx').on(t.estimation_id),
    index('repairs_inspection_idx').on(t.inspection_id),
    index('repairs_promised_idx').on(t.organization_id, t.promised_at),
    // The service manager's figures: the repairs completed in a period, and a vehicle's earlier ones (comebacks).
    index('repairs_org_completed_idx').on(t.organization_id, t.completed_at),
    index('repairs_vehicle_completed_idx').on(t.vehicle_id, t.completed_at),
    oneOf('repairs_type_check', t.type, WORK_TYPES),
  ],
);

/**
 * An item of a work order (spec §3 Repair item). `estimation_item_id` names the estimate item it
 * carries out. `running_clocks` maps the users whose clock
 * runs on it to its start: what `clock_started_at` answers each reader (the entries are the truth).
 */
export const repairItems = tenantTable(
  'repair_items',
  {
    repair_id: ownedBy('repair_id', () => repairs.id),
    estimation_item_id: uuid('estimation_item_id').references((): AnyPgColumn => estimationItems.id, { onDelete: 'set null' }),
    position: integer('position').notNull().default(0),
    detail: text('detail').notNull(),
    condition: text('condition'),
    part: text('part'),
    part_number: text('part_number'),
    product_id: uuid('product_id').references((): AnyPgColumn => products.id, { onDelete: 'set null' }),
    supplier_id: uuid('supplier_id').references(() => suppliers.id, { onDelete: 'set null' }),
    quantity: numeric('quantity', { precision: 14, scale: 4 }).notNull().default('1'),
    unit_price: bigint('unit_price', { mode: 'number' }),
    manual_labour: bigint('manual_labour', { mode: 'number' }),
    time: numeric('time', { precision: 10, scale: 4 }),
    hourly_rate: bigint('hourly_rate', { mode: 'number' }),
    /** Its discount (issue 27): a percentage of its parts and labour, or an amount in cents; not both. */
    discount_percent: numeric('discount_percent', { precision: 7, scale: 4 }),
    discount_amount: bigint('discount_amount', { mode: 'number' }),
    ...partChargeColumns(),
    tax_group_id: uuid('tax_group_id').references(() => taxGroups.id),
    state: text('state').$type<RepairItemState>().notNull().default('pending'),
    repair_mode: text('repair_mode').$type<RepairMode>().notNull().default('internal'),
    part_status: text('part_status'),
    time_spent: numeric('time_spent', { precision: 12, scale: 4 }).notNull().default('0'),
    running_clocks: jsonb('running_clocks').$type<Record<string, string>>().notNull().default({}),
    ...workTotals(),
  },
  (t) => [
    index('repair_items_repair_idx').on(t.repair_id, t.position),
    index('repair_items_tax_group_idx').on(t.tax_group_id),
    index('repair_items_estimation_item_idx').on(t.estimation_item_id),
    oneOf('repair_items_state_check', t.state, REPAIR_ITEM_STATES),
    oneOf('repair_items_mode_check', t.repair_mode, REPAIR_MODES),
    ...valueChecks('repair_items', t, { part_status: PART_STATUSES, condition: ITEM_CONDITIONS }),
    ...partChargeChecks('repair_items', t),
    check('repair_items_discount_check', sql`${t.discount_percent} BETWEEN 0 AND 100 AND ${t.discount_amount} >= 0 AND (${t.discount_percent} IS NULL OR ${t.discount_amount} IS NULL)`),
  ],
);

/** A mechanic's clock on an item: open (ended_at null) while it runs; one open per user. */
export const repairTimeEntries = tenantTable(
  'repair_time_entries',
  {
    repair_id: ownedBy('repair_id', () => repairs.id),
    repair_item_id: ownedBy('repair_item_id', () => repairItems.id),
    user_id: ownedBy('user_id', () => users.id),
    started_at: at('started_at').notNull().defaultNow(),
    ended_at: at('ended_at'),
    hours: numeric('hours', { precision: 10, scale: 4 }),
  },
  (t) => [
    index('repair_time_entries_repair_idx').on(t.repair_id, t.started_at),
    index('repair_time_entries_item_idx').on(t.repair_item_id),
    // One running clock per mechanic, whatever two requests do at once.
    uniqueIndex('repair_time_entries_running_unique').on(t.user_id).where(sql`${t.ended_at} IS NULL`),
  ],
);
