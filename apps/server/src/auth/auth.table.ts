import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { at, id, ownedBy } from '../db/columns.ts';
import { users } from '../areas/admin/admin.table.ts';

/** Access tokens: only the SHA-256 of the random token is stored. */
export const sessions = pgTable(
  'sessions',
  {
    id: id(),
    user_id: ownedBy('user_id', () => users.id),
    token_hash: text('token_hash').notNull().unique(),
    created_at: at('created_at').notNull().defaultNow(),
    last_used_at: at('last_used_at').notNull().defaultNow(),
    expires_at: at('expires_at').notNull(),
    revoked_at: at('revoked_at'),
    ip: text('ip'),
    user_agent: text('user_agent'),
  },
  (t) => [index('sessions_user_idx').on(t.user_id)],
);

/** Two-factor codes, password-reset and invitation tokens (hashed, single use, expiring). */
export const oneTimeCodes = pgTable(
  'one_time_codes',
  {
    id: id(),
    user_id: ownedBy('user_id', () => users.id),
    purpose: text('purpose', { enum: ['two_factor', 'password_reset', 'invitation'] }).notNull(),
    code_hash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expires_at: at('expires_at').notNull(),
    used_at: at('used_at'),
    created_at: at('created_at').notNull().defaultNow(),
  },
  (t) => [index('one_time_codes_user_idx').on(t.user_id, t.purpose)],
);

/**
 * Rate-limit counters shared by every instance on one PostgreSQL server (rate-limiter-flexible's
 * Drizzle store: key, points, expire). The embedded database is one process: it counts in memory.
 */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  points: integer('points').notNull().default(0),
  expire: timestamp('expire', { withTimezone: true, mode: 'date' }),
});
