import { declarations, toScaled } from '@atelier/domain';
import { eq, sql } from 'drizzle-orm';
import { tenancy } from '../../access/tenancy.ts';
import type { RequestContext } from '../../jsonapi/context.ts';
import { defineResource, type RowOf, type WriteInput } from '../../jsonapi/define-resource.ts';
import { column, filter, likePattern } from '../../jsonapi/filters.ts';
import { conflictWith } from '../../jsonapi/policies.ts';
import { rel } from '../../jsonapi/relationships.ts';
import { products, warehouseProducts, warehouses } from './inventory.table.ts';

type WarehouseProductRow = RowOf<typeof warehouseProducts>;

/** Available at or below the minimum (no minimum: never). */
const belowMinimum = (row: Pick<WarehouseProductRow, 'minimum' | 'quantity_available'>) => row.minimum !== null && toScaled(row.quantity_available) <= toScaled(row.minimum);

/** A product's stock row takes its warehouse's organization and locations. */
async function beforeWrite(ctx: RequestContext, input: WriteInput, existing: WarehouseProductRow | null) {
  if (existing) return;
  const [warehouse] = await ctx.db.select({ organization_id: warehouses.organization_id, location_ids: warehouses.location_ids }).from(warehouses).where(eq(warehouses.id, String(input.values.warehouse_id)));
  if (warehouse) Object.assign(input.values, warehouse);
}

/**
 * A product's stock in a warehouse (spec platform §7 /warehouse-products): its quantities and
 * cost are kept by the validated stock movements only (stock-ledger.ts); people set its reorder
 * points and supplier. One row per product and warehouse; made by the first movement, or by
 * whoever sets reorder points first.
 */
export const warehouseProductsResource = defineResource(declarations['warehouse-products'], {
  table: warehouseProducts,
  // Its stock is the warehouse's.
  permissions: 'warehouses',
  tenancy: tenancy.organization(),
  attributes: {
    below_minimum: (a) => a.isVirtual((row) => belowMinimum(row as WarehouseProductRow)),
  },
  relationships: {
    organization: rel.belongsTo('organization_id'),
    allowedLocations: rel.idArray('location_ids'),
    product: rel.belongsTo('product_id'),
    warehouse: rel.belongsTo('warehouse_id'),
    supplier: rel.belongsTo('supplier_id'),
  },
  filters: {
    warehouse: filter.ids('warehouse_id', 'warehouse'),
    product: filter.ids('product_id', 'product'),
    // The product's sku, name, part number or barcode.
    search: filter.custom((value, _ctx, table) => {
      if (!value.trim()) return undefined;
      const like = likePattern(value.trim());
      return sql`${column(table, 'product_id')} IN (SELECT p.id FROM ${products} p WHERE p.sku ILIKE ${like} OR p.name ILIKE ${like} OR p.part_number ILIKE ${like} OR p.barcode ILIKE ${like})`;
    }),
    below_minimum: filter.custom((value, _ctx, table) => {
      const below = sql`(${column(table, 'minimum')} IS NOT NULL AND ${column(table, 'quantity_available')} <= ${column(table, 'minimum')})`;
      return value === 'true' || value === '1' ? below : value === 'false' || value === '0' ? sql`NOT ${below}` : undefined;
    }),
  },
  uniques: { warehouse_products_warehouse_product_unique: { relationship: 'product', code: 'warehouse_product.taken' } },
  hooks: { beforeWrite },
  policies: {
    delete: {
      refuses: { 409: 'A product with stock in the warehouse keeps its row (a movement takes the stock out first).' },
      check(_ctx, row) {
        if (toScaled(row.quantity_on_hand) !== 0n) return conflictWith('warehouse_product.has_stock');
      },
    },
  },
});
