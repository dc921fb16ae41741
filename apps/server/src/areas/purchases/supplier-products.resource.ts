import { tenancy } from '../../access/tenancy.ts';
import { attr } from '../../jsonapi/attributes.ts';
import { defineResource } from '../../jsonapi/define-resource.ts';
import { filter } from '../../jsonapi/filters.ts';
import { rel } from '../../jsonapi/relationships.ts';
import { supplierProducts } from './purchases.table.ts';
import { suppliersResource } from './suppliers.resource.ts';

/**
 * What a supplier sells (spec platform §3 Supplier-product): a child collection of the supplier,
 * edited inside its document (suppliers' supplierProducts) and also at /supplier-products. Whoever
 * sees the supplier sees its products (tenancy through the supplier, locations included); the
 * permissions are the supplier's. product_id is a plain id until the inventory area declares
 * products (then: a relationship).
 */
export const supplierProductsResource = defineResource({
  type: 'supplier-products',
  table: supplierProducts,
  permissions: 'suppliers',
  tenancy: tenancy.ownedBy(suppliersResource, 'supplier_id', { organization: true }),
  attributes: {
    product_id: attr.uuid(),
    supplier_sku: attr.string().max(100),
    /** Cost in cents (CAD). */
    cost: attr.integer().min(0).max(2_000_000_000),
    lead_time_days: attr.integer().min(0).max(3650),
    /** Its place in the supplier's list, kept by the engine. */
    position: attr.integer().isReadOnly(),
    created_at: attr.datetime().isReadOnly(),
    updated_at: attr.datetime().isReadOnly(),
  },
  relationships: {
    // The supplier's organization, stamped by the engine.
    organization: rel.belongsTo('organizations', 'organization_id', { readOnly: true }),
    supplier: rel.belongsTo('suppliers', 'supplier_id', { required: true }),
  },
  filters: {
    supplier: filter.ids('supplier_id', 'supplier'),
    product: filter.ids('product_id', 'product'),
    search: filter.search(['supplier_sku']),
  },
  sorts: ['supplier_sku', 'cost', 'lead_time_days', 'position', 'created_at', 'updated_at'],
  defaultSort: 'supplier_sku',
  uniques: {
    supplier_products_supplier_sku_unique: { attribute: 'supplier_sku', code: 'supplier_product.sku_taken' },
    supplier_products_supplier_product_unique: { attribute: 'product_id', code: 'supplier_product.product_taken' },
  },
  notify: { label: (row) => String(row.supplier_sku ?? '') },
});
