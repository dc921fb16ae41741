import { index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { at, id } from '../db/columns.ts';

/** A file sent with a mail (an invoice's PDF), its content in base64 so the outbox keeps it until sent. */
export interface MailAttachment {
  filename: string;
  contentType: string;
  content: string;
}

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
    attachments: jsonb('attachments').$type<MailAttachment[]>().notNull().default([]),
    attempts: integer('attempts').notNull().default(0),
    sent_at: at('sent_at'),
    error: text('error'),
    created_at: at('created_at').notNull().defaultNow(),
  },
  (t) => [index('mail_outbox_to_idx').on(t.to, t.created_at)],
);
