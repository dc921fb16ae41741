import { attr, declare, rel, timestamps } from '../declare/declare.ts';

export const roles = declare('roles', {
  attributes: {
    name: attr.string().isRequired().max(100),
    description: attr.text().max(1000),
    /** The largest discount on a line its users may give (with 'apply discounts estimations'), in percent; empty: no maximum. */
    max_discount_percent: attr.decimal().min(0).max(100),
    key: attr.string().isReadOnly(),
    users_count: attr.integer().isReadOnly(),
    ...timestamps(),
  },
  relationships: {
    organization: rel.toOne('organizations', { createOnly: true }),
    reseller: rel.toOne('resellers', { createOnly: true }),
    permissions: rel.toMany('permissions'),
    users: rel.toMany('users', { readOnly: true }),
    allowedLocations: rel.toMany('locations'),
  },
  filters: ['search'],
  sorts: ['name', 'created_at', 'updated_at'],
  defaultSort: 'name',
});
