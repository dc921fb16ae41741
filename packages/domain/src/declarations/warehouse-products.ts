import { attr, declare, rel, timestamps } from '../declare/declare.ts';

/**
 * A product's stock in a warehouse (spec platform §3 Inventory): kept by the validated stock
 * movements only (quantities and cost read only); its reorder points (minimum, maximum) and
 * preferred supplier are written by people. Quantities are decimals (litres of fluid).
 */
export const warehouseProducts = declare('warehouse-products', {
  attributes: {
    quantity_on_hand: attr.decimal().isReadOnly(),
    quantity_reserved: attr.decimal().isReadOnly(),
    /** On hand less reserved. */
    quantity_available: attr.decimal().isReadOnly(),
    minimum: attr.decimal().min(0).max(10_000_000),
    maximum: attr.decimal().min(0).max(10_000_000),
    /** Cents per unit, weighted by the receipts. */
    average_cost: attr.money().isReadOnly(),
    /** Available at or below the minimum: time to reorder. */
    below_minimum: attr.boolean().isReadOnly(),
    ...timestamps(),
  },
  relationships: {
    organization: rel.toOne('organizations', { readOnly: true }),
    allowedLocations: rel.toMany('locations', { readOnly: true }),
    product: rel.toOne('products', { required: true, createOnly: true }),
    warehouse: rel.toOne('warehouses', { required: true, createOnly: true }),
    supplier: rel.toOne('suppliers'),
  },
  filters: ['warehouse', 'product', 'search', 'below_minimum'],
  sorts: ['quantity_on_hand', 'quantity_available', 'average_cost', 'created_at', 'updated_at'],
  defaultSort: 'created_at',
});
