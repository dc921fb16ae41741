import { sql } from 'drizzle-orm';
import { type AnyPgColumn, check, index, integer, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { PROVINCES } from '@atelier/domain';
import { contactColumns, locationIds, oneOf, ownedBy, tagIds } from '../../db/columns.ts';
import { tenantTable } from '../admin/admin.table.ts';
import { products } from '../inventory/inventory.table.ts';

/** A company the organization buys parts and services from (spec platform §3 Purchases). */
export const suppliers = tenantTable(
  'suppliers',
  {
    company_name: text('company_name').notNull(),
    ...contactColumns(),
    tax_id: text('tax_id'),
    website: text('website'),
    notes: text('notes'),
    tag_ids: tagIds(),
    location_ids: locationIds(),
  },
  (t) => [
    index('suppliers_org_name_idx').on(t.organization_id, sql`lower(${t.company_name})`),
    index('suppliers_location_ids_idx').using('gin', t.location_ids),
    oneOf('suppliers_province_check', t.province, PROVINCES),
  ],
);

/** What a supplier sells: the inventory's product, the supplier's reference (SKU), cost in cents and lead time. */
export const supplierProducts = tenantTable(
  'supplier_products',
  {
    supplier_id: ownedBy('supplier_id', () => suppliers.id),
    product_id: uuid('product_id').references((): AnyPgColumn => products.id, { onDelete: 'cascade' }),
    supplier_sku: text('supplier_sku'),
    /** Cost in cents (CAD). */
    cost: integer('cost'),
    lead_time_days: integer('lead_time_days'),
    /** The product's place in the supplier's list (written by the engine: a child collection's order). */
    position: integer('position').notNull().default(0),
  },
  (t) => [
    index('supplier_products_supplier_idx').on(t.supplier_id, t.position),
    index('supplier_products_product_idx').on(t.product_id),
    uniqueIndex('supplier_products_supplier_sku_unique').on(t.supplier_id, sql`lower(${t.supplier_sku})`),
    uniqueIndex('supplier_products_supplier_product_unique').on(t.supplier_id, t.product_id),
    check('supplier_products_cost_check', sql`${t.cost} >= 0`),
    check('supplier_products_lead_time_check', sql`${t.lead_time_days} >= 0`),
  ],
);
