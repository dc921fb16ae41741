import { ANY_TYPE, attr, declare, rel, stampedAt, stampedBy } from '../declare/declare.ts';

export const notifications = declare('notifications', {
  attributes: {
    /** created, updated, deleted or a workflow action's name. */
    event: attr.string().notNull().isReadOnly(),
    subject_type: attr.string().notNull().isReadOnly(),
    subject_id: attr.string().notNull().isReadOnly(),
    /** A short summary kept with the notice; a mention also carries the comment's first words and the page that shows it. */
    data: attr.object<{ label?: string; causer_name?: string; changes?: string[]; excerpt?: string; page_type?: string; page_id?: string }>().isReadOnly(),
    read: attr.boolean().isReadOnly(),
    ...stampedAt('read_at', 'created_at'),
  },
  relationships: {
    ...stampedBy('notifiable', 'causer'),
    subscription: rel.toOne('notification-subscriptions', { readOnly: true }),
    /** The record the notice is about (subject_type, subject_id), if the reader may still see it. */
    object: rel.polymorphicOne(ANY_TYPE),
  },
  filters: ['unRead', 'event', 'subject_type', 'subject_id'],
  sorts: ['created_at', 'read_at', 'event'],
  defaultSort: '-created_at',
});
