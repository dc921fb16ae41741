import { CONSENT_KINDS, CONSENT_SOURCES, MESSAGE_CHANNELS, MESSAGE_DIRECTIONS, MESSAGE_ERRORS, MESSAGE_STATUSES, MESSAGE_SUBJECT_TYPES } from '@atelier/domain';
import type { ConsentKind, ConsentSource, MessageChannel, MessageDirection, MessageError, MessageStatus } from '@atelier/domain';
import { sql } from 'drizzle-orm';
import { boolean, index, text, unique, uuid } from 'drizzle-orm/pg-core';
import { at, oneOf } from '../../db/columns.ts';
import { tenantTable, users } from '../admin/admin.table.ts';
import { customers } from '../crm/crm.table.ts';

/**
 * A customer's consent, given or withdrawn, for a contact on a channel and a kind of message.
 * Never updated: each change is a new row, the latest decides (consentDecision).
 */
export const customerConsents = tenantTable(
  'customer_consents',
  {
    customer_id: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    /** The phone number (E.164) or the e-mail address. */
    contact: text('contact').notNull(),
    channel: text('channel').$type<MessageChannel>().notNull(),
    kind: text('kind').$type<ConsentKind>().notNull(),
    given: boolean('given').notNull(),
    source: text('source').$type<ConsentSource>().notNull(),
    at: at('at').notNull().default(sql`now()`),
    /** Who recorded it; null for a customer's reply. */
    given_by_id: uuid('given_by_id').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('customer_consents_customer_idx').on(t.customer_id, t.channel, t.kind, t.at),
    index('customer_consents_org_contact_idx').on(t.organization_id, t.channel, t.contact),
    oneOf('customer_consents_channel_check', t.channel, MESSAGE_CHANNELS),
    oneOf('customer_consents_kind_check', t.kind, CONSENT_KINDS),
    oneOf('customer_consents_source_check', t.source, CONSENT_SOURCES),
  ],
);

/** A text or e-mail to or from a customer; a provider's message is stored once per organization. */
export const messages = tenantTable(
  'messages',
  {
    channel: text('channel').$type<MessageChannel>().notNull(),
    direction: text('direction').$type<MessageDirection>().notNull(),
    customer_id: uuid('customer_id').references(() => customers.id, { onDelete: 'cascade' }),
    contact: text('contact').notNull(),
    /** The record it is about (no foreign key: of several tables). */
    subject_type: text('subject_type'),
    subject_id: uuid('subject_id'),
    consent_id: uuid('consent_id').references(() => customerConsents.id, { onDelete: 'no action' }),
    provider_sid: text('provider_sid'),
    body: text('body').notNull(),
    status: text('status').$type<MessageStatus>().notNull(),
    /** Why it failed, as a code the screens translate. */
    error_code: text('error_code').$type<MessageError>(),
    /** The provider's raw answer to a failure (English, for support), never shown as the reason. */
    provider_error: text('provider_error'),
    at: at('at').notNull().default(sql`now()`),
    sent_by_id: uuid('sent_by_id').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    unique('messages_org_provider_sid_key').on(t.organization_id, t.provider_sid),
    index('messages_customer_idx').on(t.customer_id, t.at),
    // A reply finds the latest text sent to its number, whichever organization sent it (the webhook knows no organization).
    index('messages_contact_idx').on(t.channel, t.contact, t.at),
    oneOf('messages_channel_check', t.channel, MESSAGE_CHANNELS),
    oneOf('messages_direction_check', t.direction, MESSAGE_DIRECTIONS),
    oneOf('messages_status_check', t.status, MESSAGE_STATUSES),
    oneOf('messages_error_code_check', t.error_code, MESSAGE_ERRORS),
    oneOf('messages_subject_type_check', t.subject_type, MESSAGE_SUBJECT_TYPES),
  ],
);
