import { sql } from 'drizzle-orm';
import type { Db } from './client.ts';
import { rowsOf } from './client.ts';

/**
 * The next code of an organization's records of a prefix this year (M-2026-000042), from the same
 * counters the database trigger `assign_record_code` keeps (codes.table.ts) for the types whose
 * migrations installed it; newer types take their number here, in the inserting transaction.
 */
export async function nextRecordCode(db: Db, organizationId: string, prefix: string, digits = 6): Promise<string> {
  const [row] = rowsOf<{ year: number; last: number }>(
    await db.execute(sql`
      INSERT INTO record_codes AS c (organization_id, prefix, year, last)
      VALUES (${organizationId}, ${prefix}, extract(year FROM now() AT TIME ZONE 'UTC')::int, 1)
      ON CONFLICT (organization_id, prefix, year) DO UPDATE SET last = c.last + 1
      RETURNING c.year, c.last`),
  );
  return `${prefix}-${row.year}-${String(row.last).padStart(digits, '0')}`;
}

/** The next code of a reseller's documents of a prefix this year (RF-2026-000007), numbered per reseller. */
export async function nextResellerCode(db: Db, resellerId: string, prefix: string, digits = 6): Promise<string> {
  const [row] = rowsOf<{ year: number; last: number }>(
    await db.execute(sql`
      INSERT INTO reseller_record_codes AS c (reseller_id, prefix, year, last)
      VALUES (${resellerId}, ${prefix}, extract(year FROM now() AT TIME ZONE 'UTC')::int, 1)
      ON CONFLICT (reseller_id, prefix, year) DO UPDATE SET last = c.last + 1
      RETURNING c.year, c.last`),
  );
  return `${prefix}-${row.year}-${String(row.last).padStart(digits, '0')}`;
}
