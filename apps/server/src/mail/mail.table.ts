import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { id } from '../db/columns.ts';

/** Every e-mail is written here first; with SMTP_URL a sender delivers it and marks it sent. */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: id(),
    organization_id: uuid('organization_id'),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    attempts: integer('attempts').notNull().default(0),
    sent_at: timestamp('sent_at', { withTimezone: true, mode: 'string' }),
    error: text('error'),
    created_at: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [index('mail_outbox_to_idx').on(t.to, t.created_at)],
);
