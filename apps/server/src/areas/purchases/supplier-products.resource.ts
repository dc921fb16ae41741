import { declarations } from '@atelier/domain';
import { sql } from 'drizzle-orm';
import { sqlAnd, tenancy, toUuidArray, type Tenancy } from '../../access/tenancy.ts';
import { defineResource } from '../../jsonapi/define-resource.ts';
import { filter } from '../../jsonapi/filters.ts';
import { rel } from '../../jsonapi/relationships.ts';
import { supplierProducts } from './purchases.table.ts';

const base = tenancy.organization({ locations: false });
/**
 * A supplier's products are seen by whoever sees the supplier: a user restricted to locations
 * sees those of the suppliers of their locations (or of every location).
 */
const supplierProductTenancy: Tenancy = {
  ...base,
  scope: (actor, table) =>
    sqlAnd(
      base.scope(actor, table),
      actor.restrictToLocations
        ? sql`${supplierProducts.supplier_id} IN (SELECT s.id FROM suppliers s WHERE s.location_ids && ${toUuidArray(actor.locationIds)} OR s.location_ids = '{}'::uuid[])`
        : undefined,
    ),
};

/**
 * What a supplier sells (spec platform §3 Supplier-product). Permissions are the supplier's.
 * product_id is a plain id until the inventory area declares products (then: a relationship).
 */
export const supplierProductsResource = defineResource(declarations['supplier-products'], {
  table: supplierProducts,
  permissions: 'suppliers',
  tenancy: supplierProductTenancy,
  relationships: {
    organization: rel.belongsTo('organization_id'),
    supplier: rel.belongsTo('supplier_id'),
  },
  filters: {
    supplier: filter.ids('supplier_id', 'supplier'),
    product: filter.ids('product_id', 'product'),
    search: filter.search(['supplier_sku']),
  },
  uniques: {
    supplier_products_supplier_sku_unique: { attribute: 'supplier_sku', code: 'supplier_product.sku_taken' },
    supplier_products_supplier_product_unique: { attribute: 'product_id', code: 'supplier_product.product_taken' },
  },
  notify: { label: (row) => String(row.supplier_sku ?? '') },
});
