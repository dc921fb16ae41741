import { ANY_TYPE, attr, declare, rel, serverWritten } from '../declare/declare.ts';

export const logs = declare('logs', {
  attributes: serverWritten({
    subject_type: attr.string().notNull(),
    subject_id: attr.string().notNull(),
    event: attr.string().notNull(),
    properties: attr.object(),
    created_at: attr.datetime(),
  }),
  relationships: {
    causer: rel.toOne('users', { readOnly: true }),
    organization: rel.toOne('organizations', { readOnly: true }),
    /** The record the entry is about (subject_type, subject_id), if the reader may see it. */
    subject: rel.polymorphicOne(ANY_TYPE),
  },
  filters: ['subject_type', 'subject_id', 'event', 'causer', 'search'],
  sorts: ['created_at', 'event', 'subject_type'],
  defaultSort: '-created_at',
});
