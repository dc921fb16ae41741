import { sql } from 'drizzle-orm';
import { check, text, timestamp, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { v7 as uuidv7 } from 'uuid';

/**
 * Primary keys are UUIDv7: time-ordered (index-friendly like a sequence), yet globally unique,
 * so rows can move between shards (Citus) or be created offline without coordination.
 */
export const id = () => uuid('id').primaryKey().$defaultFn(() => uuidv7());

export const timestamps = () => ({
  created_at: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  updated_at: timestamp('updated_at', { withTimezone: true, mode: 'string' })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date().toISOString()),
});

/**
 * The locations a row belongs to, as an array (GIN-indexed): scoping a restricted user is one
 * `&&` test, and reading the relationship costs no join.
 */
export const locationIds = () =>
  uuid('location_ids')
    .array()
    .notNull()
    .default(sql`'{}'::uuid[]`);

export const tagIds = () =>
  uuid('tag_ids')
    .array()
    .notNull()
    .default(sql`'{}'::uuid[]`);

export const newId = () => uuidv7();

/** How to reach a place or a company: organizations, locations, customers, suppliers. */
export const contactColumns = () => ({
  email: text('email'),
  phone: text('phone'),
  address: text('address'),
  city: text('city'),
  province: text('province'),
  postal_code: text('postal_code'),
});

/** A check constraint keeping a column to the values of a domain enumeration (NULL passes). */
export const oneOf = (name: string, column: AnyPgColumn, values: readonly (string | number)[]) =>
  check(
    name,
    sql`${column} IN (${sql.raw(values.map((v) => (typeof v === 'number' ? String(v) : `'${v.replace(/'/g, "''")}'`)).join(', '))})`,
  );
