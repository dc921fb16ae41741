import { attr, declare, rel } from '../declare/declare.ts';

export const options = declare('options', {
  attributes: {
    name: attr.string().isReadOnly(),
    value: attr.json(),
    updated_at: attr.datetime().isReadOnly(),
  },
  relationships: {
    organization: rel.toOne('organizations', { readOnly: true }),
  },
  filters: ['name', 'search'],
  sorts: ['name', 'updated_at'],
  defaultSort: 'name',
});
