import { attr, declare } from '../declare/declare.ts';

export const permissions = declare('permissions', {
  attributes: {
    name: attr.string().isReadOnly(),
    area: attr.string().isReadOnly(),
    subject: attr.string().isReadOnly(),
    verb: attr.string().isReadOnly(),
    scope: attr.string().isReadOnly(),
  },
  filters: ['search', 'area', 'subject', 'scope'],
  sorts: ['id', 'name', 'area', 'subject'],
  defaultSort: 'id',
});
