import { attr, declare, rel, timestamps } from '../declare/declare.ts';

/** A line of a receipt: how much of an order line came (its product and cost are the order line's). */
export const purchasesDeliveryItems = declare('purchases-delivery-items', {
  attributes: {
    description: attr.string().isReadOnly(),
    quantity: attr.decimal().isRequired().min(0).max(10_000_000),
    /** Cents per unit, the order line's price after its discount: the stock's cost of what came. */
    unit_cost: attr.money().isReadOnly(),
    position: attr.integer().isReadOnly(),
    ...timestamps(),
  },
  relationships: {
    organization: rel.toOne('organizations', { readOnly: true }),
    purchasesDelivery: rel.toOne('purchases-deliveries', { required: true, createOnly: true }),
    purchasesOrderItem: rel.toOne('purchases-order-items', { required: true, createOnly: true }),
    product: rel.toOne('products', { readOnly: true }),
    purchasesDeliverable: rel.toOne('products', { readOnly: true }),
  },
  filters: ['purchasesDelivery', 'product'],
  sorts: ['position', 'created_at', 'updated_at'],
  defaultSort: 'position',
});
