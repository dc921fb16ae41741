import { attr, declare, serverWritten } from '../declare/declare.ts';

export const permissions = declare('permissions', {
  attributes: serverWritten({
    name: attr.string().notNull(),
    area: attr.string().notNull(),
    subject: attr.string().notNull(),
    verb: attr.string().notNull(),
    scope: attr.string().notNull(),
  }),
  filters: ['search', 'area', 'subject', 'scope'],
  sorts: ['id', 'name', 'area', 'subject'],
  defaultSort: 'id',
});
