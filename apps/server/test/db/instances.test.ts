import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callbackReceiver, serverDatabase } from '../helpers.ts';
import { startS3 } from '../s3.ts';
import { api, killHard, login, startServer, type Server } from './processes.ts';

/*
 * Several instances over one PostgreSQL (issue 25): two real servers on one database, requests sent
 * to one then the other, as a load balancer does. What one instance does, the other sees: sessions,
 * rate limits, background jobs each run once, and a killed instance's import finished by the other.
 * Each has its own DATA_DIR: files are on one S3-compatible store (s3rver), as docs/deploy.md says.
 */

const MEDIA = 'application/vnd.api+json';
const receiver = callbackReceiver();

// Embedded mode is one process per DATA_DIR (durability.test.ts checks the lock): PostgreSQL only.
describe.skipIf(!process.env.DATABASE_URL)('two instances on one PostgreSQL', () => {
  let db: Awaited<ReturnType<typeof serverDatabase>>;
  let sql: pg.Client;
  let dataDir: string;
  let s3: Awaited<ReturnType<typeof startS3>>;
  let a: Server;
  let b: Server;
  const env = (instance: string) => ({
    ...s3.env,
    DATABASE_URL: db.url,
    DATA_DIR: join(dataDir, instance),
    SESSION_CACHE_SECONDS: '1',
    JOB_LEASE_SECONDS: '3',
    CALLBACKS_ALLOW_PRIVATE: 'true',
    CALLBACKS_BACKOFF_SECONDS: '0.3',
  });

  beforeAll(async () => {
    db = await serverDatabase('atelier_instances');
    dataDir = mkdtempSync(join(tmpdir(), 'atelier-instances-'));
    s3 = await startS3();
    // The first migrates and seeds; the second finds both done.
    a = await startServer(env('a'));
    b = await startServer(env('b'));
    sql = new pg.Client({ connectionString: db.url });
    await sql.connect();
  }, 300_000);
  afterAll(async () => {
    await sql?.end();
    for (const server of [a, b]) if (server) await killHard(server);
    await db?.drop();
    await s3?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('a session opened on one is honoured by the other, and its sign-out reaches the other within the cache time', async () => {
    const token = await login(a);
    expect((await api(b, token, 'GET', '/me')).status).toBe(200);
    const out = await fetch(`${a.url}/api/v1/logout`, { method: 'POST', headers: { authorization: `Bearer ${token}`, accept: MEDIA } });
    expect(out.status).toBeLessThan(300);
    await new Promise((r) => setTimeout(r, 1_200));
    expect((await api(b, token, 'GET', '/me')).status).toBe(401);
  });

  it('serves a photo uploaded through one instance through the other, with the same access rules', async () => {
    const token = await login(a);
    const other = await login(b, 'manager2@atelier.test');
    const made = await api(a, token, 'POST', '/files', { data: { type: 'files', attributes: { name: `photo-${Date.now()}.png` } } });
    expect(made.status).toBe(201);
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
    const form = new FormData();
    form.append('attachment', new Blob([png], { type: 'image/png' }), 'photo.png');
    const up = await fetch(`${a.url}/api/v1/uploads/files/${made.body.data.id}/attachment`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
    expect(up.status).toBe(201);
    const { url } = (await up.json()) as { url: string };
    const read = (server: Server, as: string) => fetch(`${server.url}${url}`, { headers: { authorization: `Bearer ${as}` } });
    const there = await read(b, token);
    expect(there.status).toBe(200);
    expect(Buffer.compare(Buffer.from(await there.arrayBuffer()), png)).toBe(0);
    // Another organization's manager, on either instance: as if it did not exist.
    expect((await read(b, other)).status).toBe(404);
    expect((await read(a, other)).status).toBe(404);
  });

  it('counts failed sign-ins of one account on both instances together', async () => {
    const attempt = (server: Server) =>
      fetch(`${server.url}/api/v1/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: MEDIA },
        body: JSON.stringify({ email: 'inspector@atelier.test', password: 'not-the-password' }),
      });
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push((await attempt(i % 2 === 0 ? a : b)).status);
    // Ten failures per account in 15 minutes, whichever instance saw them.
    expect(statuses.slice(0, 10).every((s) => s === 401 || s === 422)).toBe(true);
    expect(statuses.slice(10)).toEqual([429, 429]);
  });

  it('delivers each callback once while both instances’ workers look for them', async () => {
    const { rows: [org] } = await sql.query<{ id: string }>(`SELECT organization_id AS id FROM users WHERE email = 'manager@atelier.test'`);
    const url = `http://127.0.0.1:${receiver.port}/hooks`;
    const { rows } = await sql.query<{ id: string }>(
      `INSERT INTO callback_deliveries (id, organization_id, event, url, subject_type, subject_id, body, status, next_attempt_at)
       SELECT gen_random_uuid(), $1, 'repair.completed', $2, 'repairs', $1, '{"n":' || g || '}', 'pending', now()
         FROM generate_series(1, 30) g RETURNING id`,
      [org.id, url],
    );
    const ids = new Set(rows.map((r) => r.id));
    const until = Date.now() + 30_000;
    for (;;) {
      const { rows: [left] } = await sql.query<{ n: number }>(`SELECT count(*)::int AS n FROM callback_deliveries WHERE id = ANY($1) AND status <> 'delivered'`, [[...ids]]);
      if (left.n === 0 || Date.now() > until) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    const got = receiver.received.map((r) => String(r.headers['x-atelier-delivery'])).filter((id) => ids.has(id));
    expect(new Set(got).size).toBe(30);
    expect(got).toHaveLength(30);
  }, 60_000);

  it('finishes on the other instance an import whose instance was killed mid-run, every line once', async () => {
    const lines = 6_000;
    // 17 characters, none of I, O or Q.
    const vin = (n: number) => `MANYX${String(n).padStart(12, '0')}`;
    const csv = ['vin,make,model,year', ...Array.from({ length: lines }, (_, i) => `${vin(i)},Honda,Civic,2019`)].join('\n');
    const token = await login(a);
    const form = new FormData();
    form.append('model', 'vehicles');
    form.append('file', new Blob([csv], { type: 'text/csv' }), 'vehicles.csv');
    const up = await fetch(`${a.url}/api/v1/imports`, { method: 'POST', headers: { authorization: `Bearer ${token}`, accept: MEDIA }, body: form });
    const uploaded = (await up.json()) as { data: { id: string } };
    expect(up.status, JSON.stringify(uploaded)).toBe(201);
    const id = uploaded.data.id;
    const run = await api(a, token, 'POST', `/imports/${id}/run`);
    expect(run.status, JSON.stringify(run.body)).toBeLessThan(300);

    // Killed once some chunks are committed and before the end.
    let progress = 0;
    for (let i = 0; i < 600 && progress < 200; i++) {
      await new Promise((r) => setTimeout(r, 50));
      progress = (await sql.query<{ progress: number }>('SELECT progress FROM imports WHERE id = $1', [id])).rows[0].progress;
    }
    await killHard(a);
    expect(progress).toBeGreaterThan(0);
    expect(progress).toBeLessThan(lines);

    const tokenB = await login(b);
    const until = Date.now() + 120_000;
    let attributes: Record<string, unknown> = {};
    while (Date.now() < until) {
      attributes = (await api(b, tokenB, 'GET', `/imports/${id}`)).body.data.attributes;
      if (attributes.status === 'done' || attributes.status === 'failed') break;
      await new Promise((r) => setTimeout(r, 250));
    }
    expect(attributes).toMatchObject({ status: 'done', progress: lines, created_count: lines, failed_count: 0 });
    const { rows: [count] } = await sql.query<{ n: number; distinct: number }>(
      `SELECT count(*)::int AS n, count(DISTINCT vin)::int AS distinct FROM vehicles WHERE vin LIKE 'MANYX%'`,
    );
    expect(count).toEqual({ n: lines, distinct: lines });
  }, 240_000);
});
