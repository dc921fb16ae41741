import { attr, contactAttributes, declare, rel, timestamps } from '../declare/declare.ts';
import { PROVINCES } from '../locale.ts';

export const locations = declare('locations', {
  attributes: {
    name: attr.string().isRequired().max(150),
    ...contactAttributes(PROVINCES),
    ...timestamps(),
  },
  relationships: {
    organization: rel.toOne('organizations', { createOnly: true }),
    manager: rel.toOne('users'),
    users: rel.toMany('users', { readOnly: true }),
    contacts: rel.toMany('contacts', { readOnly: true }),
  },
  filters: ['search', 'allowedLocations'],
  sorts: ['name', 'created_at', 'updated_at', 'city'],
  defaultSort: 'name',
});
