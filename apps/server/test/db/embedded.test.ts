import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmbedded, withCommitConfirmed, type EmbeddedServer } from '../../src/db/embedded.ts';

// The embedded database's thread as the server uses it: node-postgres and Drizzle over the
// in-memory socket (embedded.ts), on a data directory of its own.
describe('the embedded database’s connection', () => {
  let dir: string;
  let server: EmbeddedServer;
  const fatal: string[] = [];
  const db = () => drizzle(server.pool);

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'atelier-embedded-'));
    server = await startEmbedded(join(dir, 'pglite'), (message) => fatal.push(message));
    await server.pool.query('CREATE TABLE notes (id int PRIMARY KEY, body text NOT NULL)');
    // Checked at COMMIT: the one way a COMMIT fails here.
    await server.pool.query('CREATE TABLE tickets (number int, CONSTRAINT one_each UNIQUE (number) DEFERRABLE INITIALLY DEFERRED)');
  }, 120_000);
  afterAll(async () => {
    await server?.close();
    rmSync(dir, { recursive: true, force: true });
    expect(fatal).toEqual([]);
  });

  const bodies = async () => (await server.pool.query<{ body: string }>('SELECT body FROM notes ORDER BY id')).rows.map((r) => r.body);

  it('sends a transaction’s begin with its first statement: one message for each statement and the commit', async () => {
    const before = server.messagesSent();
    await db().transaction(async (tx) => {
      await tx.execute(sql`INSERT INTO notes VALUES (1, 'un')`);
      await tx.execute(sql`INSERT INTO notes VALUES (2, 'deux')`);
    });
    expect(server.messagesSent() - before).toBe(3);
    expect(await bodies()).toEqual(['un', 'deux']);
  });

  it('runs the statements inside the transaction: a failure rolls back what came before it', async () => {
    await expect(
      db().transaction(async (tx) => {
        await tx.execute(sql`INSERT INTO notes VALUES (3, 'trois')`);
        await tx.execute(sql`INSERT INTO notes VALUES (1, 'doublon')`);
      }),
    ).rejects.toMatchObject({ cause: { code: '23505' } });
    expect(await bodies()).toEqual(['un', 'deux']);
  });

  it('reports a failure of the transaction’s first statement, then serves the next one', async () => {
    await expect(db().transaction(async (tx) => void (await tx.execute(sql`INSERT INTO nowhere VALUES (1)`)))).rejects.toMatchObject({ cause: { code: '42P01' } });
    // SET LOCAL holds only inside a transaction (outside one, PostgreSQL warns and forgets it).
    const inside = await db().transaction(async (tx) => {
      await tx.execute(sql`SET LOCAL statement_timeout = '123s'`);
      return (await tx.execute(sql`SHOW statement_timeout`)).rows[0];
    });
    expect(inside).toEqual({ statement_timeout: '123s' });
    expect((await server.pool.query('SHOW statement_timeout')).rows).toEqual([{ statement_timeout: '0' }]);
  });

  it('keeps savepoints, an empty transaction and transactions asked at once apart', async () => {
    await db().transaction(async (tx) => {
      await tx.execute(sql`INSERT INTO notes VALUES (4, 'quatre')`);
      await expect(tx.transaction(async (inner) => void (await inner.execute(sql`INSERT INTO notes VALUES (4, 'encore')`)))).rejects.toMatchObject({ cause: { code: '23505' } });
    });
    await db().transaction(async () => {});
    await Promise.all(Array.from({ length: 10 }, (_, i) => db().transaction(async (tx) => void (await tx.execute(sql`INSERT INTO notes VALUES (${10 + i}, ${`n${i}`})`)))));
    expect(await bodies()).toEqual(['un', 'deux', 'quatre', ...Array.from({ length: 10 }, (_, i) => `n${i}`)]);
    // No transaction left open: a statement is then its own, started as it runs (the embedded
    // database keeps no activity statistics to ask pg_stat_activity, db/pglite.ts).
    const { rows } = await server.pool.query('SELECT now() = statement_timestamp() AS alone');
    expect(rows).toEqual([{ alone: true }]);
  });

  describe('a COMMIT confirmed after the thread ran it (withCommitConfirmed)', () => {
    const numbers = async () => (await server.pool.query<{ number: number }>('SELECT number FROM tickets ORDER BY number')).rows.map((r) => r.number);
    const insert = (...values: number[]) =>
      db().transaction(async (tx) => {
        for (const n of values) await tx.execute(sql`INSERT INTO tickets VALUES (${n})`);
        return values.length;
      });

    it('resolves with the transaction’s result once committed, in as many messages', async () => {
      const before = server.messagesSent();
      expect(await withCommitConfirmed(() => insert(1, 2))).toBe(2);
      expect(server.messagesSent() - before).toBe(3);
      expect(await numbers()).toEqual([1, 2]);
    });

    it('rejects with PostgreSQL’s error when the COMMIT fails, nothing written, and the connection serves the next one', async () => {
      await expect(withCommitConfirmed(() => insert(3, 3))).rejects.toMatchObject({ code: '23505', message: expect.stringContaining('one_each') });
      expect(await numbers()).toEqual([1, 2]);
      // Outside it, the COMMIT's failure is the transaction's own, as on PostgreSQL.
      await expect(insert(4, 4)).rejects.toMatchObject({ cause: { code: '23505' } });
      expect(await withCommitConfirmed(() => insert(5))).toBe(1);
      expect(await numbers()).toEqual([1, 2, 5]);
    });

    it('keeps transactions asked at once in order, a failed COMMIT among them failing alone', async () => {
      const outcomes = await Promise.allSettled([10, 11, 11, 12].map((n, k) => withCommitConfirmed(() => insert(n, ...(k === 2 ? [10] : [])))));
      expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
      expect(await numbers()).toEqual([1, 2, 5, 10, 11, 12]);
    });
  });
});
