import { declarations } from '@atelier/domain';
import { tenancy } from '../../access/tenancy.ts';
import { defineResource } from '../../jsonapi/define-resource.ts';
import { filter } from '../../jsonapi/filters.ts';
import { placedRelationships, rel } from '../../jsonapi/relationships.ts';
import { products } from './inventory.table.ts';

/** Products (spec platform §3 Inventory, §7 /products): their suppliers and stock are read with them. */
export const productsResource = defineResource(declarations.products, {
  table: products,
  permissions: 'products',
  tenancy: tenancy.organization(),
  relationships: {
    ...placedRelationships(),
    taxGroup: rel.belongsTo('tax_group_id'),
    supplierProducts: rel.hasMany('product_id'),
    warehouseProducts: rel.hasMany('product_id'),
  },
  filters: {
    search: filter.search(['sku', 'name', 'part_number', 'barcode', 'category']),
    category: filter.in('category'),
    active: filter.boolean('active'),
    tags: filter.overlaps('tag_ids', 'tags'),
  },
  uniques: { products_org_sku_unique: { attribute: 'sku', code: 'product.sku_taken' } },
  notify: { label: (row) => `${row.sku} · ${row.name}` },
});
