import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, jsonb, numeric, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { ENVIRONMENTAL_FEE_KINDS, type EnvironmentalFeeKind, STOCK_MOVEMENT_TYPES, STOCK_TRIGGER_TYPES, stockMovementWorkflow, type StockMovementState, type StockMovementType } from '@atelier/domain';
import { at, cents, locationIds, oneOf, requiredRef, tagIds, valueChecks } from '../../db/columns.ts';
import { locations, tenantTable, userRef } from '../admin/admin.table.ts';
import { suppliers } from '../purchases/purchases.table.ts';
import { taxGroups } from '../settings/settings.table.ts';

// The inventory (issue 22): products, warehouses, each product's stock per warehouse and the
// stock movements that keep it. Quantities are exact decimals (numeric, 4 places), money cents.

const quantity = (name: string) => numeric(name, { precision: 18, scale: 4 });
const price = (name: string) => bigint(name, { mode: 'number' });

/** A part or product (spec platform §3 Inventory); its sku is unique per organization whatever the case. */
export const products = tenantTable(
  'products',
  {
    sku: text('sku').notNull(),
    name: text('name').notNull(),
    description: text('description'),
    part_number: text('part_number'),
    barcode: text('barcode'),
    unit: text('unit'),
    buying_price: price('buying_price'),
    selling_price: price('selling_price'),
    price: price('price'),
    /** The environmental fee it carries (issue 27; the amount is the settings', by province); null: none. */
    environmental_fee_kind: text('environmental_fee_kind').$type<EnvironmentalFeeKind>(),
    /** Cents per unit charged for its core, refunded when the old one comes back. */
    core_charge: price('core_charge'),
    tax_group_id: uuid('tax_group_id').references(() => taxGroups.id, { onDelete: 'set null' }),
    category: text('category'),
    active: boolean('active').notNull().default(true),
    location_ids: locationIds(),
    tag_ids: tagIds(),
  },
  (t) => [
    uniqueIndex('products_org_sku_unique').on(t.organization_id, sql`lower(${t.sku})`),
    index('products_org_name_idx').on(t.organization_id, sql`lower(${t.name})`),
    index('products_barcode_idx').on(t.organization_id, t.barcode),
    index('products_location_ids_idx').using('gin', t.location_ids),
    check('products_prices_check', sql`${t.buying_price} >= 0 AND ${t.selling_price} >= 0 AND ${t.price} >= 0 AND ${t.core_charge} >= 0`),
    ...valueChecks('products', t, { environmental_fee_kind: ENVIRONMENTAL_FEE_KINDS }),
  ],
);

/** A place parts are kept: a location's parts room. */
export const warehouses = tenantTable(
  'warehouses',
  {
    location_id: requiredRef('location_id', () => locations.id),
    name: text('name').notNull(),
    allow_negative_stock: boolean('allow_negative_stock').notNull().default(false),
    allow_unregistered_products: boolean('allow_unregistered_products').notNull().default(false),
    location_ids: locationIds(),
    tag_ids: tagIds(),
  },
  (t) => [
    index('warehouses_org_name_idx').on(t.organization_id, sql`lower(${t.name})`),
    index('warehouses_location_idx').on(t.location_id),
    index('warehouses_location_ids_idx').using('gin', t.location_ids),
  ],
);

/**
 * A product's stock in a warehouse, written by the stock movements only (under a row lock): the
 * quantity on hand, the value of that stock in cents (its average cost is value / quantity, kept
 * as it was while nothing is on hand), the reorder points people set.
 */
export const warehouseProducts = tenantTable(
  'warehouse_products',
  {
    warehouse_id: uuid('warehouse_id')
      .notNull()
      .references(() => warehouses.id, { onDelete: 'cascade' }),
    product_id: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    supplier_id: uuid('supplier_id').references(() => suppliers.id, { onDelete: 'set null' }),
    quantity_on_hand: quantity('quantity_on_hand').notNull().default('0'),
    quantity_reserved: quantity('quantity_reserved').notNull().default('0'),
    quantity_available: quantity('quantity_available').generatedAlwaysAs(sql`quantity_on_hand - quantity_reserved`),
    minimum: quantity('minimum'),
    maximum: quantity('maximum'),
    stock_value: cents('stock_value'),
    average_cost: bigint('average_cost', { mode: 'number' }).notNull().default(0),
    location_ids: locationIds(),
  },
  (t) => [
    uniqueIndex('warehouse_products_warehouse_product_unique').on(t.warehouse_id, t.product_id),
    index('warehouse_products_product_idx').on(t.product_id),
    index('warehouse_products_location_ids_idx').using('gin', t.location_ids),
    check('warehouse_products_points_check', sql`${t.minimum} >= 0 AND ${t.maximum} >= 0`),
  ],
);

/** A stock movement (issue 22): its type, its warehouses, what caused it; its lines below. */
export const stockMovements = tenantTable(
  'stock_movements',
  {
    /** M-2026-000042: the organization's next number when it is made (db/codes.ts). */
    code: text('code'),
    type: text('type').$type<StockMovementType>().notNull(),
    state: text('state').$type<StockMovementState>().notNull().default('draft'),
    notes: text('notes'),
    source_warehouse_id: uuid('source_warehouse_id').references(() => warehouses.id, { onDelete: 'restrict' }),
    destination_warehouse_id: uuid('destination_warehouse_id').references(() => warehouses.id, { onDelete: 'restrict' }),
    trigger_object_type: text('trigger_object_type'),
    trigger_object_id: uuid('trigger_object_id'),
    item_count: integer('item_count').notNull().default(0),
    total_cost: cents('total_cost'),
    creator_id: userRef('creator_id'),
    validated_by_id: userRef('validated_by_id'),
    validated_at: at('validated_at'),
    canceled_by_id: userRef('canceled_by_id'),
    canceled_at: at('canceled_at'),
    location_ids: locationIds(),
    tag_ids: tagIds(),
  },
  (t) => [
    uniqueIndex('stock_movements_org_code_unique').on(t.organization_id, t.code),
    index('stock_movements_org_state_idx').on(t.organization_id, t.state, t.created_at),
    index('stock_movements_source_idx').on(t.source_warehouse_id),
    index('stock_movements_destination_idx').on(t.destination_warehouse_id),
    index('stock_movements_trigger_idx').on(t.trigger_object_id),
    index('stock_movements_location_ids_idx').using('gin', t.location_ids),
    oneOf('stock_movements_type_check', t.type, STOCK_MOVEMENT_TYPES),
    oneOf('stock_movements_state_check', t.state, stockMovementWorkflow.states),
    oneOf('stock_movements_trigger_type_check', t.trigger_object_type, STOCK_TRIGGER_TYPES),
  ],
);

/**
 * A line of a stock movement. Once validated, `applied` keeps what it did to each warehouse's
 * stock (quantity and value changes), so that canceling undoes exactly that.
 */
export const stockMovementItems = tenantTable(
  'stock_movement_items',
  {
    stock_movement_id: uuid('stock_movement_id')
      .notNull()
      .references(() => stockMovements.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
    product_id: uuid('product_id').references(() => products.id, { onDelete: 'restrict' }),
    description: text('description'),
    quantity: quantity('quantity').notNull(),
    unit_cost: price('unit_cost'),
    applied: jsonb('applied').$type<{ side: 'source' | 'destination'; quantity: string; value: string }[]>(),
  },
  (t) => [
    index('stock_movement_items_movement_idx').on(t.stock_movement_id, t.position),
    index('stock_movement_items_product_idx').on(t.product_id),
    check('stock_movement_items_quantity_check', sql`${t.quantity} >= 0`),
    check('stock_movement_items_unit_cost_check', sql`${t.unit_cost} >= 0`),
  ],
);
