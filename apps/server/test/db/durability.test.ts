import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverDatabase, withEmbeddedDatabase } from '../helpers.ts';
import { api, killHard, login, runToExit, startServer } from './processes.ts';

/*
 * Crash durability, on the real server process: write through the API, kill -9 the server,
 * start it again on the same data, and the acknowledged writes are there.
 *
 * The server runs from src/main.ts through tsx rather than from apps/server/dist: a test must
 * exercise the code of this checkout, and a dist/ left from an older build would silently test
 * old code (building here would also race the browser tests' build). The bundle is the same
 * source put through esbuild; the browser tests run the built one.
 *
 * Embedded mode runs on PGlite in a temporary DATA_DIR (npm test); PostgreSQL mode runs when
 * DATABASE_URL is set (CI's second pass), on a fresh database of that server.
 */

/**
 * The scenario for one driver: 20 tags and a user created one after another, each acknowledged
 * (201), then kill -9 at once (no graceful shutdown, no checkpoint), restart, read them back.
 */
async function writeKillRestartRead(env: Record<string, string | undefined>) {
  const marker = `durable-${randomBytes(4).toString('hex')}`;
  const first = await startServer(env);
  const written: string[] = [];
  let userEmail = '';
  try {
    const token = await login(first);
    for (let i = 0; i < 20; i++) {
      const res = await api(first, token, 'POST', '/tags', { data: { type: 'tags', attributes: { name: `${marker}-${i}` } } });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      written.push(res.body.data.id);
    }
    userEmail = `${marker}@atelier.test`;
    const user = await api(first, token, 'POST', '/users', {
      data: { type: 'users', attributes: { email: userEmail, firstname: 'Durable', lastname: 'Écriture', password: 'Durable-2026x', password_confirmation: 'Durable-2026x' } },
    });
    expect(user.status, JSON.stringify(user.body)).toBe(201);
  } finally {
    await killHard(first);
  }
  expect(first.child.signalCode).toBe('SIGKILL');

  const second = await startServer(env);
  try {
    const token = await login(second);
    const list = await api(second, token, 'GET', `/tags?filter[search]=${marker}&page[size]=50`);
    expect(list.status).toBe(200);
    expect(list.body.meta.page.total).toBe(20);
    expect(list.body.data.map((t: { id: string }) => t.id).sort()).toEqual([...written].sort());
    // The user written last is there, and can sign in with the password it was given.
    const users = await api(second, token, 'GET', `/users?filter[search]=${encodeURIComponent(userEmail)}`);
    expect(users.body.data.map((u: { attributes: { email: string } }) => u.attributes.email)).toEqual([userEmail]);
    const res = await fetch(`${second.url}/api/v1/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: userEmail, password: 'Durable-2026x' }),
    });
    expect(res.status).toBe(200);
  } finally {
    await killHard(second);
  }
}

/**
 * SIGTERM with a drain period: readiness answers 503 at once (a load balancer stops sending) while
 * requests are still served, then the server exits cleanly.
 */
async function drainThenStop(env: Record<string, string | undefined>) {
  const server = await startServer({ ...env, SHUTDOWN_DRAIN_SECONDS: '3' });
  const exited = new Promise<number | null>((r) => server.child.once('exit', (code) => r(code)));
  try {
    const ready = await fetch(`${server.url}/api/v1/ready`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: 'ready', checks: { database: 'ok', migrations: 'ok', storage: 'ok', accepting: 'ok' } });
    server.child.kill('SIGTERM');
    let draining: Response | undefined;
    for (let i = 0; i < 40 && draining?.status !== 503; i++) {
      await new Promise((r) => setTimeout(r, 50));
      draining = await fetch(`${server.url}/api/v1/ready`);
    }
    expect(draining?.status).toBe(503);
    expect(((await draining!.json()) as { checks: { accepting: string } }).checks.accepting).toBe('failed');
    // Still serving while it drains: a signed-in read succeeds.
    const token = await login(server);
    expect((await api(server, token, 'GET', '/tags?page[size]=1')).status).toBe(200);
    expect(await exited).toBe(0);
  } finally {
    await killHard(server);
  }
}

// Each pass registers the scenario of its own driver only (nothing is reported as skipped).
if (!process.env.DATABASE_URL) {
  describe('embedded database (PGlite): crash durability and the data directory lock', () => {
    let dataDir: string;
    beforeAll(() => {
      dataDir = mkdtempSync(join(tmpdir(), 'atelier-durability-'));
    });
    afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

    it('keeps acknowledged writes through kill -9 and restart (and takes over the stale lock)', async () => {
      await writeKillRestartRead({ DATA_DIR: dataDir, DATABASE_URL: '' });
    }, 400_000);

    it('flushes every commit to disk before it answers: fsync on, one real fsync per commit', () =>
      // PGlite's own default is fsync off with a file system that cannot fsync (db/pglite.ts).
      withEmbeddedDatabase('atelier-fsync-', async (database) => {
        expect((await database.raw<{ fsync: string }>('SHOW fsync'))[0].fsync).toBe('on');
        expect((await database.raw<{ wal_sync_method: string }>('SHOW wal_sync_method'))[0].wal_sync_method).toBe('fsync');
        await database.raw('CREATE TABLE durable_probe (n int)');
        // Each commit answered once its flush is done.
        for (let n = 0; n < 5; n++) {
          const before = await database.fsyncCount!();
          await database.raw('INSERT INTO durable_probe VALUES ($1)', [n]);
          expect((await database.fsyncCount!()) - before).toBeGreaterThanOrEqual(1);
        }
      }), 200_000);

    it('runs a small PostgreSQL: 16 MB of shared buffers, written in the data directory it made, no activity statistics', () =>
      // PGlite's initdb default (128 MB) was resident from the start (db/pglite.ts).
      withEmbeddedDatabase('atelier-buffers-', async (database, dir) => {
        expect((await database.raw<{ shared_buffers: string }>('SHOW shared_buffers'))[0].shared_buffers).toBe('16MB');
        expect(readFileSync(join(dir, 'pglite', 'postgresql.conf'), 'utf8')).toMatch(/^shared_buffers = 16MB/m);
        // Nothing reads activity statistics in single-user PostgreSQL: not counted (db/pglite.ts).
        expect((await database.raw<{ track_counts: string }>('SHOW track_counts'))[0].track_counts).toBe('off');
        expect((await database.raw<{ track_activities: string }>('SHOW track_activities'))[0].track_activities).toBe('off');
      }), 200_000);

    it('refuses a second server on the same DATA_DIR with a clear message, and the first keeps serving', async () => {
      const first = await startServer({ DATA_DIR: dataDir, DATABASE_URL: '' });
      try {
        const lock = JSON.parse(readFileSync(join(dataDir, 'atelier.lock'), 'utf8'));
        expect(lock.pid).toBe(first.child.pid);

        const second = await runToExit({ DATA_DIR: dataDir, DATABASE_URL: '' });
        expect(second.code).toBe(1);
        expect(second.output).toContain(`The data directory ${dataDir} is in use by another Atelier server (pid ${first.child.pid}`);
        expect(second.output).not.toMatch(/RuntimeError|Aborted/);

        // The refused start touched nothing: the first server still answers from its database.
        const token = await login(first);
        const tags = await api(first, token, 'GET', '/tags?page[size]=1');
        expect(tags.status).toBe(200);
        expect(existsSync(join(dataDir, 'atelier.lock'))).toBe(true);
      } finally {
        // A graceful stop releases the lock file.
        first.child.kill('SIGTERM');
        await new Promise((r) => first.child.once('exit', r));
      }
      expect(existsSync(join(dataDir, 'atelier.lock'))).toBe(false);
    }, 300_000);

    it('drains on SIGTERM: not ready at once, still serving, then a clean exit', async () => {
      await drainThenStop({ DATA_DIR: dataDir, DATABASE_URL: '' });
      expect(existsSync(join(dataDir, 'atelier.lock'))).toBe(false);
    }, 300_000);
  });
}

if (process.env.DATABASE_URL) {
  describe('PostgreSQL server: crash durability', () => {
    let db: Awaited<ReturnType<typeof serverDatabase>>;
    beforeAll(async () => {
      db = await serverDatabase('atelier_durability');
    });
    afterAll(() => db?.drop());

    it('keeps acknowledged writes through kill -9 and restart', async () => {
      await writeKillRestartRead({ DATABASE_URL: db.url, DATA_DIR: mkdtempSync(join(tmpdir(), 'atelier-durability-')) });
    }, 300_000);

    it('drains on SIGTERM: not ready at once, still serving, then a clean exit', async () => {
      await drainThenStop({ DATABASE_URL: db.url, DATA_DIR: mkdtempSync(join(tmpdir(), 'atelier-durability-')) });
    }, 300_000);
  });
}
