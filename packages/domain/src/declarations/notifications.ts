import { ANY_TYPE, attr, declare, rel, serverWritten, stampedAt, stampedBy } from '../declare/declare.ts';

export const notifications = declare('notifications', {
  attributes: serverWritten({
    /** created, updated, deleted or a workflow action's name. */
    event: attr.string().notNull(),
    subject_type: attr.string().notNull(),
    subject_id: attr.string().notNull(),
    /** A short summary kept with the notice; a mention also carries the comment's first words and the page that shows it. */
    data: attr.object<{ label?: string; causer_name?: string; changes?: string[]; excerpt?: string; page_type?: string; page_id?: string }>(),
    read: attr.boolean(),
    ...stampedAt('read_at', 'created_at'),
  }),
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
