import { attr, declare } from '../declare/declare.ts';

export const permissions = declare('permissions', {
  attributes: {
    name: attr.string().notNull().isReadOnly(),
    area: attr.string().notNull().isReadOnly(),
    subject: attr.string().notNull().isReadOnly(),
    verb: attr.string().notNull().isReadOnly(),
    scope: attr.string().notNull().isReadOnly(),
  },
  filters: ['search', 'area', 'subject', 'scope'],
  sorts: ['id', 'name', 'area', 'subject'],
  defaultSort: 'id',
});
