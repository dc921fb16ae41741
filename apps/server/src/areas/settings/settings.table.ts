import { sql } from 'drizzle-orm';
import { check, index, integer, numeric, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { CALLBACK_EVENT_KEYS, CALLBACK_STATUSES, TAX_TYPES } from '@atelier/domain';
import { at, oneOf, ownedBy, timestamps, valueChecks } from '../../db/columns.ts';
import { organizationId, tenantTable } from '../admin/admin.table.ts';

/** A tax group of an organization (spec §3): the taxes a line charges together. */
export const taxGroups = tenantTable(
  'tax_groups',
  {
    name: text('name').notNull(),
  },
  (t) => [uniqueIndex('tax_groups_org_name_unique').on(t.organization_id, sql`lower(${t.name})`)],
);

/** A tax of a group: a percentage of the line or an amount per unit (four decimals, exact). */
export const taxes = tenantTable(
  'taxes',
  {
    tax_group_id: ownedBy('tax_group_id', () => taxGroups.id),
    code: text('code').notNull(),
    rate: numeric('rate', { precision: 12, scale: 4 }).notNull(),
    type: text('type').notNull(),
    /** Its place in the group (a child collection's order). */
    position: integer('position').notNull().default(0),
  },
  (t) => [
    index('taxes_group_idx').on(t.tax_group_id, t.position),
    oneOf('taxes_type_check', t.type, TAX_TYPES),
    check('taxes_rate_check', sql`${t.rate} >= 0 AND (${t.type} = 'amount' OR ${t.rate} <= 100)`),
  ],
);

/** The secret an organization's callbacks are signed with (HMAC-SHA256), made on first use. */
export const callbackSecrets = pgTable('callback_secrets', {
  organization_id: organizationId().primaryKey(),
  secret: text('secret').notNull(),
  ...timestamps(),
});

/**
 * A callback to deliver and its log: each attempt is a job that claims the row with a lease, tried until delivered or CALLBACK_MAX_ATTEMPTS. The body is kept as sent (the
 * signature covers these bytes), the receiver's answer only as a short excerpt.
 */
export const callbackDeliveries = tenantTable(
  'callback_deliveries',
  {
    event: text('event').notNull(),
    url: text('url').notNull(),
    subject_type: text('subject_type').notNull(),
    subject_id: uuid('subject_id').notNull(),
    body: text('body').notNull(),
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    response_code: integer('response_code'),
    last_error: text('last_error'),
    response_excerpt: text('response_excerpt'),
    next_attempt_at: at('next_attempt_at').notNull().defaultNow(),
    lease_until: at('lease_until'),
    delivered_at: at('delivered_at'),
  },
  (t) => [
    index('callback_deliveries_org_idx').on(t.organization_id, t.created_at),
    // The worker's queue: only what is still to send.
    index('callback_deliveries_due_idx').on(t.next_attempt_at).where(sql`${t.status} = 'pending'`),
    ...valueChecks('callback_deliveries', t, { status: CALLBACK_STATUSES, event: CALLBACK_EVENT_KEYS }),
  ],
);
