import { attr, declare, rel } from '../declare/declare.ts';

export const notificationSubscriptions = declare('notification-subscriptions', {
  attributes: {
    subject_type: attr.string().isRequired().isCreateOnly().max(100),
    subject_id: attr.string().isRequired().isCreateOnly().max(100),
    /** Which changes notify: 'updated', 'deleted' or the record's workflow actions; null: every one. */
    events: attr.stringList<string>(),
    created_at: attr.datetime().isReadOnly(),
  },
  relationships: {
    user: rel.toOne('users', { readOnly: true }),
    organization: rel.toOne('organizations', { readOnly: true }),
  },
  filters: ['subject_type', 'subject_id'],
  sorts: ['created_at', 'subject_type'],
  defaultSort: '-created_at',
});
