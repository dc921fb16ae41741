import { attr, declare, rel, timestamps } from '../declare/declare.ts';

export const tags = declare('tags', {
  attributes: {
    name: attr.string().isRequired().max(60),
    color: attr.string().max(20),
    ...timestamps(),
  },
  relationships: {
    organization: rel.toOne('organizations', { createOnly: true }),
  },
  filters: ['search'],
  sorts: ['name', 'created_at'],
  defaultSort: 'name',
});
