import { sql } from 'drizzle-orm';
import { index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { LOCALES, type Locale } from '@atelier/domain';
import { at, id, oneOf, ownedBy } from '../../db/columns.ts';
import { organizationId, users } from '../admin/admin.table.ts';
import { inspections } from './inspections.table.ts';


/**
 * A public link to an inspection's report (issue 11, share). Only the SHA-256 of the link's
 * random token is kept: the token itself is shown once, to whoever made the link. A link is
 * active until it expires or is revoked.
 */
export const inspectionShares = pgTable(
  'inspection_shares',
  {
    id: id(),
    organization_id: organizationId(),
    inspection_id: ownedBy('inspection_id', () => inspections.id),
    /** Hex SHA-256 of the 32-byte token. */
    token_hash: text('token_hash').notNull().unique(),
    /** The language the report opens in (the customer's by default). */
    locale: text('locale').$type<Locale>().notNull(),
    expires_at: at('expires_at').notNull(),
    revoked_at: at('revoked_at'),
    created_by: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    created_at: at('created_at').notNull().default(sql`now()`),
  },
  (t) => [index('inspection_shares_inspection_idx').on(t.inspection_id), oneOf('inspection_shares_locale_check', t.locale, LOCALES)],
);
