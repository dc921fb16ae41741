import { attr, declare, rel, timestamps } from '../declare/declare.ts';

export const roles = declare('roles', {
  attributes: {
    name: attr.string().isRequired().max(100),
    description: attr.text().max(1000),
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
