import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import pg from 'pg';
import { openDatabase, openMemoryDatabase, type Database } from '../../src/db/client.ts';
import { serverDatabase } from '../helpers.ts';

// A PostgreSQL server drops connections (restart, failover, an administrator): the server must
// not crash on an idle one, and must go on answering. PostgreSQL only.
describe.runIf(!!process.env.DATABASE_URL)('connections dropped by the PostgreSQL server', () => {
  let db: Awaited<ReturnType<typeof serverDatabase>>;
  let database: Database;
  beforeAll(async () => {
    db = await serverDatabase('atelier_conn');
    database = await openDatabase({ databaseUrl: db.url, dataDir: '/tmp', databasePoolSize: 3 });
  });
  afterAll(async () => {
    await database?.close();
    await db?.drop();
  });

  it('survive: the idle connection is reported, the next query opens a new one', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      // Three connections, idle in the pool afterwards.
      await Promise.all([1, 2, 3].map(() => database.raw('SELECT pg_sleep(0.05)')));
      const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await admin.connect();
      let terminated = 0;
      try {
        const name = new URL(db.url).pathname.slice(1);
        [{ n: terminated }] = (await admin.query('SELECT count(pg_terminate_backend(pid))::int AS n FROM pg_stat_activity WHERE datname = $1', [name])).rows;
        expect(terminated).toBeGreaterThan(0);
      } finally {
        await admin.end();
      }
      // Each idle connection learns of its end from its own socket: wait until every one has.
      for (let i = 0; i < 200 && logged.mock.calls.length < terminated; i++) await new Promise((r) => setTimeout(r, 25));
      expect(logged.mock.calls).toHaveLength(terminated);
      expect(String(logged.mock.calls[0]?.[0])).toMatch(/PostgreSQL closed an idle connection/);
      const [{ ok }] = await database.raw<{ ok: number }>('SELECT 1 AS ok');
      expect(ok).toBe(1);
    } finally {
      logged.mockRestore();
    }
  });
});

// The embedded database runs statements on the server's own thread: between two of them the
// event loop must get its turn, or requests arriving under load wait unread in their sockets.
describe('the embedded database under load', () => {
  it('lets the server read new requests between two queued statements', async () => {
    const database = await openMemoryDatabase();
    try {
      await database.raw('SELECT 1');
      const order: string[] = [];
      const statements = Array.from({ length: 20 }, (_, i) => database.raw('SELECT generate_series(1, 2000)').then(() => order.push(`statement ${i}`)));
      setImmediate(() => order.push('I/O'));
      await Promise.all(statements);
      expect(order.indexOf('I/O')).toBeGreaterThanOrEqual(0);
      expect(order.indexOf('I/O')).toBeLessThan(19);
    } finally {
      await database.close();
    }
  });
});
