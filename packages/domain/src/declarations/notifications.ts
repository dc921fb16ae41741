import { attr, declare, rel } from '../declare/declare.ts';

export const notifications = declare('notifications', {
  attributes: {
    event: attr.string().isReadOnly(),
    subject_type: attr.string().isReadOnly(),
    subject_id: attr.string().isReadOnly(),
    data: attr.object().isReadOnly(),
    read: attr.boolean().isReadOnly(),
    read_at: attr.datetime().isReadOnly(),
    created_at: attr.datetime().isReadOnly(),
  },
  relationships: {
    notifiable: rel.toOne('users', { readOnly: true }),
    causer: rel.toOne('users', { readOnly: true }),
    subscription: rel.toOne('notification-subscriptions', { readOnly: true }),
  },
  filters: ['unRead', 'event', 'subject_type', 'subject_id'],
  sorts: ['created_at', 'read_at', 'event'],
  defaultSort: '-created_at',
});
