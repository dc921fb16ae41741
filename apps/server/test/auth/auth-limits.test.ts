import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { buildApp } from '../../src/app.ts';
import { purgeExpiredLimits } from '../../src/auth/rate-limit.ts';
import { rowsOf } from '../../src/db/client.ts';
import { beforeTests, fileApp } from '../helpers.ts';
import { makeWorld, PASSWORD } from '../factories.ts';

// Limits live in the app instance: this file gets its own app so they do not leak into other tests.
const t = fileApp();
const w = beforeTests(() => makeWorld(t));

/** A POST from a given client address (the limits count per IP and per account). */
async function from(ip: string, url: string, body: unknown, headers: Record<string, string> = {}) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/v1${url}`,
    remoteAddress: ip,
    headers: { 'content-type': 'application/json', ...headers },
    payload: JSON.stringify(body),
  });
  return { status: res.statusCode, body: res.json(), headers: res.headers };
}
const login = (ip: string, email: string, password: string, headers?: Record<string, string>) => from(ip, '/login', { email, password }, headers);

function expectTooMany(res: Awaited<ReturnType<typeof from>>) {
  expect(res.status).toBe(429);
  const seconds = Number(res.headers['retry-after']);
  expect(seconds).toBeGreaterThan(0);
  expect(res.body.errors[0]).toMatchObject({
    status: '429',
    code: 'error.too_many_requests',
    title: 'Trop de tentatives',
    detail: `Trop de tentatives. Réessayez dans ${seconds} secondes.`,
  });
}

describe('login limits', () => {
  it('locks an account after 10 failed logins, from any IP, even with the right password', async () => {
    const email = w.reseller.user.email;
    for (let i = 0; i < 10; i++) expect((await login('10.1.0.1', email, `wrong-${i}`)).status).toBe(401);
    expectTooMany(await login('10.1.0.1', email, PASSWORD));
    expectTooMany(await login('10.1.0.2', email, PASSWORD));
    const en = await login('10.1.0.3', email, PASSWORD, { 'accept-language': 'en' });
    expect(en.body.errors[0].detail).toMatch(/^Too many attempts\. Try again in \d+ seconds\.$/);
    // Other accounts are not affected.
    expect((await login('10.1.0.1', w.manager.email, PASSWORD)).status).toBe(200);
  });

  it('blocks an IP after 30 failed logins, whatever the accounts', async () => {
    for (let i = 0; i < 30; i++) expect((await login('10.2.0.1', `nobody${i}@atelier.test`, 'wrong')).status).toBe(401);
    expectTooMany(await login('10.2.0.1', w.manager.email, PASSWORD));
    expect((await login('10.2.0.2', w.manager.email, PASSWORD)).status).toBe(200);
  });

  it('does not let a client choose its IP with X-Forwarded-For', async () => {
    for (let i = 0; i < 30; i++)
      await login('10.5.0.1', `ghost${i}@atelier.test`, 'wrong', { 'x-forwarded-for': `192.0.2.${i}` });
    expectTooMany(await login('10.5.0.1', 'ghost@atelier.test', 'wrong', { 'x-forwarded-for': '198.51.100.7' }));
  });

  it('does not count successful logins (a whole dealership signs in from one IP)', async () => {
    for (let i = 0; i < 35; i++) expect((await login('10.3.0.1', w.manager2.email, PASSWORD)).status).toBe(200);
  });

  it('a successful login clears the account’s failures', async () => {
    const email = w.inspector.email;
    for (let i = 0; i < 9; i++) await login('10.4.0.1', email, 'wrong');
    expect((await login('10.4.0.1', email, PASSWORD)).status).toBe(200);
    for (let i = 0; i < 9; i++) await login('10.4.0.2', email, 'wrong');
    expect((await login('10.4.0.2', email, PASSWORD)).status).toBe(200);
  });
});

describe('verify limits', () => {
  it('stops code guessing for an account after 10 failures', async () => {
    const email = w.admin.email;
    for (let i = 0; i < 10; i++) expect((await from('10.5.0.1', '/verify', { email, code: '123456' })).status).toBe(422);
    expectTooMany(await from('10.5.0.2', '/verify', { email, code: '123456' }));
  });
});

describe('password-forgot limits', () => {
  it('allows 3 requests per e-mail, the same for known and unknown ones', async () => {
    for (const email of [w.manager.email, 'ghost@atelier.test']) {
      for (let i = 0; i < 3; i++) expect((await from(`10.6.0.${i}`, '/password-forgot', { data: { email } })).status).toBe(200);
      expectTooMany(await from('10.6.0.9', '/password-forgot', { data: { email } }));
    }
    expect((await t.outbox(w.manager.email)).length).toBe(3);
  });

  it('allows 10 requests per IP', async () => {
    for (let i = 0; i < 10; i++) expect((await from('10.7.0.1', '/password-forgot', { data: { email: `x${i}@atelier.test` } })).status).toBe(200);
    expectTooMany(await from('10.7.0.1', '/password-forgot', { data: { email: 'y@atelier.test' } }));
  });
});

describe('several instances', () => {
  // On a PostgreSQL server the counters are rows: a second instance refuses what the first counted.
  it.runIf(!!process.env.DATABASE_URL)('share the limits through the database', async () => {
    const other = await buildApp({ config: t.config, database: t.database, webDist: null, logger: false });
    await other.ready();
    try {
      const email = w.inspector.email;
      for (let i = 0; i < 10; i++) expect((await login('10.9.0.1', email, `wrong-${i}`)).status).toBe(401);
      const res = await other.inject({
        method: 'POST',
        url: '/api/v1/login',
        remoteAddress: '10.9.0.2',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ email, password: PASSWORD }),
      });
      expect(res.statusCode).toBe(429);
    } finally {
      await other.close();
    }
  });
});

describe('the counters’ purge', () => {
  it('deletes the counters expired for an hour or more, and keeps the others (one job across instances)', async () => {
    const db = t.database.db;
    // direct write: counters as rate-limiter-flexible stores them (on PostgreSQL; the embedded database counts in memory)
    await db.execute(sql`INSERT INTO rate_limits (key, points, expire) VALUES
      ('purge-old', 3, now() - interval '2 hours'), ('purge-recent', 3, now() - interval '10 minutes'), ('purge-live', 1, now() + interval '5 minutes')`);
    await purgeExpiredLimits(db);
    const keys = rowsOf<{ key: string }>(await db.execute(sql`SELECT key FROM rate_limits WHERE key LIKE 'purge-%' ORDER BY key`)).map((r) => r.key);
    expect(keys).toEqual(['purge-live', 'purge-recent']);
  });
});

