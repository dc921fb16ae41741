import { index, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { at, id, locationIds, ownedBy } from '../../db/columns.ts';
import { organizations, users } from '../admin/admin.table.ts';

/** What a user follows: changes to that record notify them. */
export const notificationSubscriptions = pgTable(
  'notification_subscriptions',
  {
    id: id(),
    user_id: ownedBy('user_id', () => users.id),
    /** The organization of the followed record (null for platform and reseller records). */
    organization_id: uuid('organization_id').references(() => organizations.id, { onDelete: 'cascade' }),
    subject_type: text('subject_type').notNull(),
    subject_id: text('subject_id').notNull(),
    /** The events that notify ('updated', 'deleted', an action's name); null: every one. */
    events: text('events').array(),
    created_at: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('notification_subscriptions_unique').on(t.user_id, t.subject_type, t.subject_id),
    // The notifier looks followers up by subject on every write.
    index('notification_subscriptions_subject_idx').on(t.subject_type, t.subject_id),
  ],
);

/** One notice to one user (the notifiable) that someone (the causer) changed a record. */
export const notifications = pgTable(
  'notifications',
  {
    id: id(),
    organization_id: uuid('organization_id').references(() => organizations.id, { onDelete: 'cascade' }),
    user_id: ownedBy('user_id', () => users.id),
    causer_id: uuid('causer_id').references(() => users.id, { onDelete: 'set null' }),
    /** The subscription that caused it; null when the user is notified as an assignee. */
    subscription_id: uuid('subscription_id').references(() => notificationSubscriptions.id, { onDelete: 'set null' }),
    /** created, updated, deleted or a workflow action's name. */
    event: text('event').notNull(),
    subject_type: text('subject_type').notNull(),
    subject_id: text('subject_id').notNull(),
    /** A short summary kept with the notice: { label, changes, causer_name }. */
    data: jsonb('data').notNull().default({}),
    /** The subject's locations, so the global location selector narrows the list too. */
    location_ids: locationIds(),
    read_at: at('read_at'),
    created_at: at('created_at').notNull().defaultNow(),
  },
  (t) => [index('notifications_user_read_created_idx').on(t.user_id, t.read_at, t.created_at)],
);
