import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { hashToken } from '../../src/auth/tokens.ts';
import { makeOrganization, makeUser } from '../factories.ts';
import { fileApp, TEST_INSTANCES } from '../helpers.ts';

/*
 * The test apps' instances (ATELIER_TEST_INSTANCES, helpers.ts): CI runs the isolation, fuzz and
 * race tests with two apps over one PostgreSQL database. This file proves that such a run really
 * sends consecutive requests to different apps, each keeping its own sessions, so it cannot pass
 * on one instance by mistake. With one instance (the default) it checks the same of that one.
 */

// A minute of session cache: a loaded machine's slow requests never outlast it.
const t = fileApp({ SESSION_CACHE_SECONDS: '60' });

describe(`${TEST_INSTANCES} test instance(s)`, () => {
  /**
   * A session revoked behind every instance's back (no write through one, so none forgets what it
   * keeps): the instance that checked it just before still serves it from memory, the others ask
   * the database and refuse it. Consecutive requests: the one that cached it, then each other, then it again.
   */
  const statusesAfterRevoking = async (request: (token: string) => Promise<number>) => {
    const user = await makeUser(t, (await makeOrganization(t)).id);
    const statuses = [await request(user.token)];
    // direct write: a revocation no instance made, so that none of them forgets its cached sessions
    await t.database.db.execute(sql`UPDATE sessions SET revoked_at = now() WHERE token_hash = ${hashToken(user.token)}`);
    for (let i = 0; i < TEST_INSTANCES; i++) statuses.push(await request(user.token));
    return statuses;
  };
  const expected = [200, ...Array.from({ length: TEST_INSTANCES - 1 }, () => 401), 200];

  it('sends consecutive api() calls to the instances in turn, each with its own session cache', async () => {
    expect(await statusesAfterRevoking(async (token) => (await t.api('GET', '/api/v1/me', { token })).status)).toEqual(expected);
  });

  it('sends consecutive app.inject() calls to the instances in turn too', async () => {
    const me = async (token: string) => (await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: { authorization: `Bearer ${token}` } })).statusCode;
    expect(await statusesAfterRevoking(me)).toEqual(expected);
  });
});
