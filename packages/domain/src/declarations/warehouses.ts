import { attr, declare, organizationRecord, rel, timestamps } from '../declare/declare.ts';

/** A place parts are kept (spec platform §3 Inventory): the parts room of a location. */
export const warehouses = declare('warehouses', {
  attributes: {
    name: attr.string().isRequired().max(150),
    /** Its stock may go below zero (parts used before their receipt is entered). */
    allow_negative_stock: attr.boolean(),
    /** Its movements may carry free lines, parts not in the product list. */
    allow_unregistered_products: attr.boolean(),
    ...timestamps(),
  },
  relationships: {
    ...organizationRecord(),
    location: rel.toOne('locations', { required: true }),
  },
  filters: ['search', 'location'],
  sorts: ['name', 'created_at', 'updated_at'],
  defaultSort: 'name',
});
