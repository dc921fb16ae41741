import { sql } from 'drizzle-orm';
import type { Db } from './client.ts';
import { rowsOf } from './client.ts';

/**
 * The next code of an organization's records of a prefix this year (M-2026-000042), from the same
 * counters the database trigger `assign_record_code` keeps (codes.table.ts) for the types whose
 * migrations installed it; newer types take their number here, in the inserting transaction.
 */
export function nextRecordCode(db: Db, organizationId: string, prefix: string, digits = 6): Promise<string> {
  return nextCode(db, { counters: 'record_codes', owner: 'organization_id', id: organizationId }, prefix, digits);
}

/** The next code of a reseller's documents of a prefix this year (RF-2026-000007), numbered per reseller. */
export function nextResellerCode(db: Db, resellerId: string, prefix: string, digits = 6): Promise<string> {
  return nextCode(db, { counters: 'reseller_record_codes', owner: 'reseller_id', id: resellerId }, prefix, digits);
}

/** Both kinds of counters are one row per owner, prefix and year, taken and raised in one statement. */
async function nextCode(db: Db, of: { counters: string; owner: string; id: string }, prefix: string, digits: number): Promise<string> {
  const owner = sql.identifier(of.owner);
  const [row] = rowsOf<{ year: number; last: number }>(
    await db.execute(sql`
      INSERT INTO ${sql.identifier(of.counters)} AS c (${owner}, prefix, year, last)
      VALUES (${of.id}, ${prefix}, extract(year FROM now() AT TIME ZONE 'UTC')::int, 1)
      ON CONFLICT (${owner}, prefix, year) DO UPDATE SET last = c.last + 1
      RETURNING c.year, c.last`),
  );
  return `${prefix}-${row.year}-${String(row.last).padStart(digits, '0')}`;
}
