import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { callbackDeliveries } from '../../src/areas/settings/settings.table.ts';
import { beforeTests, fileApp } from '../helpers.ts';
import { createKit } from '../kit.ts';

// Operations: readiness, the request id, Prometheus metrics (issue 25).

const dataDir = mkdtempSync(join(tmpdir(), 'atelier-ops-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
const TOKEN = 'metrics-token-for-the-tests-0123';
const t = fileApp({ DATA_DIR: dataDir, METRICS_TOKEN: TOKEN });
const kit = beforeTests(() => createKit(t, { name: 'Garage Ops' }));

describe('readiness', () => {
  it('is ready with its database, its migrations and a writable data folder', async () => {
    const res = await t.api('GET', '/api/v1/ready');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ready', checks: { database: 'ok', migrations: 'ok', storage: 'ok', accepting: 'ok' } });
  });
});

describe('the request id', () => {
  it('answers a fresh id, or the caller’s when it is a plain token, never a hostile one', async () => {
    const fresh = await t.api('GET', '/api/v1/health');
    expect(fresh.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const again = await t.api('GET', '/api/v1/health');
    expect(again.headers['x-request-id']).not.toBe(fresh.headers['x-request-id']);
    const given = await t.api('GET', '/api/v1/health', { headers: { 'x-request-id': 'lb-7f3a.42:1' } });
    expect(given.headers['x-request-id']).toBe('lb-7f3a.42:1');
    for (const hostile of ['<script>alert(1)</script>', 'a'.repeat(65), 'two words', '']) {
      const res = await t.api('GET', '/api/v1/health', { headers: { 'x-request-id': hostile } });
      expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    }
    // Errors carry it too (the one a user quotes).
    const refused = await t.api('GET', '/api/v1/users', { headers: { 'x-request-id': 'support-ticket-9' } });
    expect(refused.status).toBe(401);
    expect(refused.headers['x-request-id']).toBe('support-ticket-9');
  });
});

describe('metrics', () => {
  const scrape = (authorization?: string) =>
    t.app.inject({ method: 'GET', url: '/metrics', headers: authorization === undefined ? {} : { authorization } });

  it('are refused without the token, or with another', async () => {
    for (const authorization of [undefined, 'Bearer wrong', `Bearer ${TOKEN}x`, TOKEN, `Basic ${TOKEN}`]) {
      const res = await scrape(authorization);
      expect(res.statusCode).toBe(401);
      expect(res.body).not.toContain('atelier_');
    }
  });

  it('count requests by route pattern, never by the raw address', async () => {
    const vehicle = await kit.make('vehicles');
    for (let i = 0; i < 3; i++) expect((await t.api('GET', `/api/v1/vehicles/${vehicle.id}`, { token: kit.admin.token })).status).toBe(200);
    await t.api('GET', '/api/v1/vehicles/not-an-id-at-all', { token: kit.admin.token });
    // Outside the API's paths (the contract check of t.app would refuse the call itself).
    await t.app.inject({ method: 'GET', url: '/no-such-thing/at/all' });
    const res = await scrape(`Bearer ${TOKEN}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const count = new RegExp(`atelier_http_request_duration_seconds_count\\{method="GET",route="/api/v1/vehicles/:id",status="200"\\} (\\d+)`).exec(res.body);
    expect(Number(count?.[1])).toBeGreaterThanOrEqual(3);
    expect(res.body).toContain('route="/api/v1/vehicles/:id",status="404"');
    expect(res.body).not.toContain(vehicle.id);
    expect(res.body).not.toContain('no-such-thing');
    expect(res.body).toMatch(/atelier_process_resident_memory_bytes \d+/);
    expect(res.body).toMatch(/atelier_nodejs_eventloop_lag_seconds \d/);
  });

  it('say how many jobs wait in each queue', async () => {
    const depth = async (queue: string) => {
      const m = new RegExp(`atelier_job_queue_depth\\{queue="${queue}"\\} (\\d+)`).exec((await scrape(`Bearer ${TOKEN}`)).body);
      return Number(m?.[1]);
    };
    expect(await depth('imports')).toBe(0);
    const before = await depth('callbacks');
    // A delivery waiting for its next attempt is a job in the queue.
    const id = kit.organization.id;
    await t.database.db.insert(callbackDeliveries).values({ organization_id: id, event: 'repair.completed', url: 'https://example.test/hook', subject_type: 'repairs', subject_id: id, body: '{}', next_attempt_at: new Date(Date.now() + 3_600_000).toISOString() });
    expect(await depth('callbacks')).toBe(before + 1);
  });

  it('say how many jobs of the job queue wait or run, by queue', async () => {
    const jobs = async (queue: string) => {
      const m = new RegExp(`atelier_jobs\\{queue="${queue.replace('.', '\\.')}"\\} (\\d+)`).exec((await scrape(`Bearer ${TOKEN}`)).body);
      return m ? Number(m[1]) : null;
    };
    // The timers always have their next run waiting.
    expect(await jobs('mail.send')).toBeGreaterThanOrEqual(1);
    expect(await jobs('imports.run')).toBe(0);
  });

  it('report the PostgreSQL pool where there is one', async () => {
    const body = (await scrape(`Bearer ${TOKEN}`)).body;
    if (t.database.driver === 'pg') expect(body).toMatch(/atelier_db_pool_connections\{state="total"\} [1-9]/);
    else expect(body).not.toMatch(/atelier_db_pool_connections\{/);
  });
});

describe('readiness, when a part fails', () => {
  it('says which, with 503: the schema behind the code, then shutdown begun', async () => {
    // Another instance has not applied the newest migration yet.
    const [newest] = (await t.database.raw<{ id: number; created_at: string }>('SELECT id, created_at FROM drizzle.__drizzle_migrations ORDER BY created_at DESC LIMIT 1'));
    await t.database.raw('UPDATE drizzle.__drizzle_migrations SET created_at = created_at - 1 WHERE id = $1', [newest.id]);
    const behind = await t.api('GET', '/api/v1/ready');
    expect(behind.status).toBe(503);
    expect(behind.body).toEqual({ status: 'not_ready', checks: { database: 'ok', migrations: 'failed', storage: 'ok', accepting: 'ok' } });
    await t.database.raw('UPDATE drizzle.__drizzle_migrations SET created_at = $1 WHERE id = $2', [newest.created_at, newest.id]);
    expect((await t.api('GET', '/api/v1/ready')).status).toBe(200);

    t.app.startDraining();
    const draining = await t.api('GET', '/api/v1/ready');
    expect(draining.status).toBe(503);
    expect(draining.body.checks).toEqual({ database: 'ok', migrations: 'ok', storage: 'ok', accepting: 'failed' });
    // Still serving while it drains.
    expect((await t.api('GET', '/api/v1/health')).status).toBe(200);
  });
});
