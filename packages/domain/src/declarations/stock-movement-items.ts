import { attr, declare, rel, timestamps } from '../declare/declare.ts';

/**
 * A line of a stock movement: a product, or a free line (its description) where the warehouse
 * allows unregistered products; the quantity (counted, for a correction); the unit cost in cents
 * of what is received (else the stock's average).
 */
export const stockMovementItems = declare('stock-movement-items', {
  attributes: {
    description: attr.string().max(255),
    quantity: attr.decimal().isRequired().min(0).max(10_000_000),
    unit_cost: attr.money().min(0).max(100_000_000),
    /** Its place in the movement. */
    position: attr.integer().isReadOnly(),
    ...timestamps(),
  },
  relationships: {
    organization: rel.toOne('organizations', { readOnly: true }),
    stockMovement: rel.toOne('stock-movements', { required: true, createOnly: true }),
    product: rel.toOne('products'),
    /** The product again, by the name the spec's clients include (items.storable). */
    storable: rel.toOne('products', { readOnly: true }),
  },
  filters: ['stockMovement', 'product'],
  sorts: ['position', 'created_at', 'updated_at'],
  defaultSort: 'position',
});
