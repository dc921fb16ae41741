import { attr, declare, rel, timestamps } from '../declare/declare.ts';

/** A line of a sales delivery: how much of an order line left (its product is the order line's). */
export const salesDeliveryItems = declare('sales-delivery-items', {
  attributes: {
    description: attr.string().isReadOnly(),
    quantity: attr.decimal().isRequired().min(0).max(10_000_000),
    position: attr.integer().isReadOnly(),
    ...timestamps(),
  },
  relationships: {
    organization: rel.toOne('organizations', { readOnly: true }),
    salesDelivery: rel.toOne('sales-deliveries', { required: true, createOnly: true }),
    salesOrderItem: rel.toOne('sales-order-items', { required: true, createOnly: true }),
    product: rel.toOne('products', { readOnly: true }),
    salesDeliverable: rel.toOne('products', { readOnly: true }),
  },
  filters: ['salesDelivery', 'product'],
  sorts: ['position', 'created_at', 'updated_at'],
  defaultSort: 'position',
});
