import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, openMemoryDatabase, type Database } from '../../src/db/client.ts';
import { migrate, migrationsFolder } from '../../src/db/migrate.ts';
import { databaseBefore, serverDatabase } from '../helpers.ts';

/*
 * Instances starting together against one PostgreSQL server must not race on the migrations:
 * migrate() holds an advisory lock, so the first applies them and the others then find nothing
 * left to do. That scenario needs a PostgreSQL server: it is registered only with DATABASE_URL
 * (PGlite is one process and cannot be opened twice).
 */

const journalLength = () =>
  (JSON.parse(readFileSync(join(migrationsFolder(), 'meta/_journal.json'), 'utf8')) as { entries: unknown[] }).entries.length;

describe('migrations (embedded database)', () => {
  it('applies every committed migration once, and a second start applies nothing', async () => {
    const database = await openMemoryDatabase();
    try {
      await migrate(database);
      await migrate(database);
      const [{ applied }] = await database.raw<{ applied: number }>('SELECT count(*)::int AS applied FROM drizzle.__drizzle_migrations');
      expect(applied).toBe(journalLength());
    } finally {
      await database.close();
    }
    // A fresh embedded database starting twice: ~10 s alone, three times that on a busy machine.
  }, 120_000);
});

describe('migration 0003: request codes', () => {
  it('numbers the requests that exist per organization and year, then the new ones after them', async () => {
    // The migrations up to 0002, as a database in use had them.
    const database = await databaseBefore('0003');
    try {
      await database.raw(`INSERT INTO organizations (id, name) VALUES ('00000000-0000-7000-8000-000000000001', 'A'), ('00000000-0000-7000-8000-000000000002', 'B')`);
      await database.raw(`INSERT INTO requests (id, organization_id, type, vehicle_vin, created_at) VALUES
        (gen_random_uuid(), '00000000-0000-7000-8000-000000000001', 'repair', 'V1', '2025-12-31T23:00:00Z'),
        (gen_random_uuid(), '00000000-0000-7000-8000-000000000001', 'repair', 'V3', '2026-03-01T00:00:00Z'),
        (gen_random_uuid(), '00000000-0000-7000-8000-000000000001', 'repair', 'V2', '2026-01-01T00:00:00Z'),
        (gen_random_uuid(), '00000000-0000-7000-8000-000000000002', 'repair', 'V4', '2026-02-01T00:00:00Z')`);
      await migrate(database);
      const codes = await database.raw<{ vin: string; code: string }>('SELECT vehicle_vin AS vin, code FROM requests ORDER BY vehicle_vin');
      expect(codes).toEqual([
        { vin: 'V1', code: 'D-2025-0001' },
        { vin: 'V2', code: 'D-2026-0001' },
        { vin: 'V3', code: 'D-2026-0002' },
        { vin: 'V4', code: 'D-2026-0001' },
      ]);
      const [next] = await database.raw<{ code: string }>(
        `INSERT INTO requests (id, organization_id, type, vehicle_vin, created_at) VALUES (gen_random_uuid(), '00000000-0000-7000-8000-000000000001', 'repair', 'V5', '2026-06-01T00:00:00Z') RETURNING code`,
      );
      expect(next.code).toBe('D-2026-0003');
    } finally {
      await database.close();
    }
  });
});

if (process.env.DATABASE_URL) {
  describe('migrations under the advisory lock (PostgreSQL)', () => {
    const handles: Database[] = [];
    let db: Awaited<ReturnType<typeof serverDatabase>>;

    beforeAll(async () => {
      db = await serverDatabase('atelier_migrate');
      // Four instances, each with its own pool, as four servers starting at once would have.
      for (let i = 0; i < 4; i++) handles.push(await openDatabase({ databaseUrl: db.url, dataDir: '/tmp', databasePoolSize: 2 }));
    });
    afterAll(async () => {
      await Promise.all(handles.map((h) => h.close()));
      await db?.drop();
    });

    it('lets every instance migrate a fresh database at once, applying each migration exactly once', async () => {
      const results = await Promise.allSettled(handles.map((h) => migrate(h)));
      expect(results.map((r) => (r.status === 'rejected' ? String(r.reason) : 'ok'))).toEqual(['ok', 'ok', 'ok', 'ok']);

      const [{ applied }] = await handles[0].raw<{ applied: number }>('SELECT count(*)::int AS applied FROM drizzle.__drizzle_migrations');
      expect(applied).toBe(journalLength());
      // The schema is whole: the tables of the first and of the latest migrations answer.
      const [{ users }] = await handles[1].raw<{ users: number }>('SELECT count(*)::int AS users FROM users');
      expect(users).toBe(0);
      // Nothing is left holding the lock: a later start migrates (a no-op) without waiting.
      await expect(migrate(handles[2])).resolves.toBeUndefined();
      // This database's locks only: the other test files migrate their own databases on the same server meanwhile.
      const locks = await handles[3].raw<{ n: number }>(
        "SELECT count(*)::int AS n FROM pg_locks WHERE locktype = 'advisory' AND database = (SELECT oid FROM pg_database WHERE datname = current_database())",
      );
      expect(locks[0].n).toBe(0);
    });
  });
}
