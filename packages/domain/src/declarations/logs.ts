import { ANY_TYPE, attr, declare, rel } from '../declare/declare.ts';

export const logs = declare('logs', {
  attributes: {
    subject_type: attr.string().notNull().isReadOnly(),
    subject_id: attr.string().notNull().isReadOnly(),
    event: attr.string().notNull().isReadOnly(),
    properties: attr.object().isReadOnly(),
    created_at: attr.datetime().isReadOnly(),
  },
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
