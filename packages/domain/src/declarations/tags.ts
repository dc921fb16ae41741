import { attr, declare, rel } from '../declare/declare.ts';

export const tags = declare('tags', {
  attributes: {
    name: attr.string().isRequired().max(60),
    color: attr.string().max(20),
    created_at: attr.datetime().isReadOnly(),
    updated_at: attr.datetime().isReadOnly(),
  },
  relationships: {
    organization: rel.toOne('organizations', { createOnly: true }),
  },
  filters: ['search'],
  sorts: ['name', 'created_at'],
  defaultSort: 'name',
});
