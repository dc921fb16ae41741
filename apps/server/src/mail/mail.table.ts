import { index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { at, id } from '../db/columns.ts';

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
    sent_at: at('sent_at'),
    error: text('error'),
    created_at: at('created_at').notNull().defaultNow(),
  },
  (t) => [index('mail_outbox_to_idx').on(t.to, t.created_at)],
);
