import { LOCALES, type Locale } from '@atelier/domain';
import { sql } from 'drizzle-orm';
import { text, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { organizationId, userRef } from '../areas/admin/admin.table.ts';
import { at, id, oneOf } from './columns.ts';

// The tables of public links (a shared report, an estimate's approval, an invoice's page; no
// sign-in): only the SHA-256 of a link's random token is kept, the token itself shown once. A link
// is active until it expires or is revoked.

/** A public link's columns, beside the record it opens. */
export const publicLinkColumns = () => ({
  id: id(),
  organization_id: organizationId(),
  /** Hex SHA-256 of the 32-byte token. */
  token_hash: text('token_hash').notNull().unique(),
  /** The language the page opens in (the customer's by default). */
  locale: text('locale').$type<Locale>().notNull(),
  expires_at: at('expires_at').notNull(),
  revoked_at: at('revoked_at'),
  created_by: userRef('created_by'),
  created_at: at('created_at').notNull().default(sql`now()`),
});

/** A link's language is one of the known (a check named after its table). */
export const linkLocaleCheck = (table: string, t: { locale: AnyPgColumn }) => oneOf(`${table}_locale_check`, t.locale, LOCALES);
