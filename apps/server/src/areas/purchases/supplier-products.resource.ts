import { declarations } from '@atelier/domain';
import { tenancy } from '../../access/tenancy.ts';
import { defineResource } from '../../jsonapi/define-resource.ts';
import { filter } from '../../jsonapi/filters.ts';
import { rel } from '../../jsonapi/relationships.ts';
import { supplierProducts } from './purchases.table.ts';
import { suppliersResource } from './suppliers.resource.ts';

/**
 * What a supplier sells (spec platform §3 Supplier-product): a child collection of the supplier,
 * edited inside its document (suppliers' supplierProducts) and also at /supplier-products. Whoever
 * sees the supplier sees its products (tenancy through the supplier, locations included); the
 * permissions are the supplier's. Its product is the inventory's (areas/inventory).
 */
export const supplierProductsResource = defineResource(declarations['supplier-products'], {
  table: supplierProducts,
  permissions: 'suppliers',
  tenancy: tenancy.ownedBy(suppliersResource, 'supplier_id', { organization: true }),
  relationships: {
    organization: rel.belongsTo('organization_id'),
    supplier: rel.belongsTo('supplier_id'),
    product: rel.belongsTo('product_id'),
  },
  filters: {
    supplier: filter.ids('supplier_id', 'supplier'),
    product: filter.ids('product_id', 'product'),
    search: filter.search(['supplier_sku']),
  },
  uniques: {
    supplier_products_supplier_sku_unique: { attribute: 'supplier_sku', code: 'supplier_product.sku_taken' },
    supplier_products_supplier_product_unique: { relationship: 'product', code: 'supplier_product.product_taken' },
  },
  notify: { label: (row) => String(row.supplier_sku ?? '') },
});
