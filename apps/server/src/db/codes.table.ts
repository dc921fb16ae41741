import { integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { organizationId, resellers } from '../areas/admin/admin.table.ts';

/**
 * The last number given per organization, code prefix and year: human-readable codes such as
 * D-2026-0003 (requests) are numbered by the database trigger `assign_record_code` (migration
 * 0003), so every way a row is inserted (the API, imports, seeds) gets one, without gaps between
 * committed rows of one organization but those of rolled-back transactions.
 */
export const recordCodes = pgTable(
  'record_codes',
  {
    organization_id: organizationId(),
    prefix: text('prefix').notNull(),
    year: integer('year').notNull(),
    last: integer('last').notNull(),
  },
  (t) => [primaryKey({ columns: [t.organization_id, t.prefix, t.year] })],
);

/** The same counters for a reseller's own documents (its invoices: numbered per reseller, not per organization billed). */
export const resellerRecordCodes = pgTable(
  'reseller_record_codes',
  {
    reseller_id: uuid('reseller_id')
      .notNull()
      .references(() => resellers.id, { onDelete: 'cascade' }),
    prefix: text('prefix').notNull(),
    year: integer('year').notNull(),
    last: integer('last').notNull(),
  },
  (t) => [primaryKey({ columns: [t.reseller_id, t.prefix, t.year] })],
);
