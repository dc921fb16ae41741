import { attr, declare, rel } from '../declare/declare.ts';

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
  },
  filters: ['subject_type', 'subject_id', 'event', 'causer', 'search'],
  sorts: ['created_at', 'event', 'subject_type'],
  defaultSort: '-created_at',
});
