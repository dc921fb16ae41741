import { sql } from 'drizzle-orm';
import { DEFAULT_ROLES } from '@atelier/domain';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { hashToken, SessionCache } from '../../src/auth/tokens.ts';
import { queryListeners, rowsOf } from '../../src/db/client.ts';
import { errorsByPointer, beforeTests, createTestApp, fileApp, type TestApp } from '../helpers.ts';
import { makeWorld } from '../factories.ts';

const t = fileApp();
const w = beforeTests(() => makeWorld(t));

const query = async <T = Record<string, unknown>>(text: ReturnType<typeof sql>) => rowsOf<T>(await t.database.db.execute(text));

let serial = 0;
/** A fresh user of the garage, created by the manager (each test gets its own limits and codes). */
async function newUser(opts: { password?: string | null } = {}) {
  const email = `user${++serial}-${Date.now()}@atelier.test`;
  const password = opts.password === undefined ? 'Secret-Pass-42' : opts.password;
  const res = await t.api('POST', '/api/v1/users', {
    token: w.manager.token,
    body: { data: { type: 'users', attributes: { firstname: 'Test', lastname: `User ${serial}`, email, locale: 'fr', ...(password ? { password } : {}) } } },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { id: res.body.data.id as string, email, password: password ?? '' };
}

const loginRaw = (email: string, password: string) => t.api('POST', '/api/v1/login', { body: { email, password } });
async function signIn(email: string, password: string) {
  const res = await loginRaw(email, password);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.access_token as string;
}
const me = (token: string) => t.api('GET', '/api/v1/me', { token });

/** The newest mail to an address and how many there are. */
async function lastMail(to: string) {
  const mails = await t.outbox(to);
  return { count: mails.length, mail: mails[0] };
}
const codeIn = (text: string) => /\b(\d{6})\b/.exec(text)?.[1] ?? '';
const linkIn = (text: string) => new URL(/(https?:\/\/\S+)/.exec(text)![1]);

// ---------------------------------------------------------------- two-factor

describe('two-factor authentication', () => {
  /** A user with two-factor on, whose login is waiting for a code. */
  async function pendingLogin() {
    const user = await newUser();
    const token = await signIn(user.email, user.password);
    const on = await t.api('POST', '/api/v1/me/toggle-two-fa', { token });
    expect(on.body.data.attributes.two_factor_enabled).toBe(true);
    const res = await loginRaw(user.email, user.password);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, two_factor: true });
    return { ...user, code: codeIn((await lastMail(user.email)).mail.text) };
  }
  const verify = (email: string, code: string, headers?: Record<string, string>) =>
    t.api('POST', '/api/v1/verify', { body: { email, code }, headers });

  it('is toggled by POST /me/toggle-two-fa, which dates each change', async () => {
    const user = await newUser();
    const token = await signIn(user.email, user.password);
    const on = await t.api('POST', '/api/v1/me/toggle-two-fa', { token });
    expect(on.status).toBe(200);
    expect(on.body.data.attributes).toMatchObject({ two_factor_enabled: true, two_factor_enabled_at: expect.any(String), two_factor_disabled_at: null });
    const off = await t.api('POST', '/api/v1/me/toggle-two-fa', { token, body: { current_password: user.password } });
    expect(off.body.data.attributes).toMatchObject({ two_factor_enabled: false, two_factor_disabled_at: expect.any(String) });
    expect(off.body.data.attributes.two_factor_enabled_at).toBe(on.body.data.attributes.two_factor_enabled_at);
    // Off again: login answers a token straight away.
    expect((await loginRaw(user.email, user.password)).body.access_token).toEqual(expect.any(String));
  });

  it('is turned off only with the current password, whose wrong guesses count against the login limit', async () => {
    const user = await newUser();
    const token = await signIn(user.email, user.password);
    expect((await t.api('POST', '/api/v1/me/toggle-two-fa', { token })).body.data.attributes.two_factor_enabled).toBe(true);
    const missing = await t.api('POST', '/api/v1/me/toggle-two-fa', { token });
    expect(missing.status).toBe(422);
    expect(missing.body.errors[0]).toMatchObject({ code: 'validation.required', source: { pointer: '/data/attributes/current_password' } });
    const wrong = await t.api('POST', '/api/v1/me/toggle-two-fa', { token, body: { data: { attributes: { current_password: 'not-it' } } } });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors[0]).toMatchObject({ code: 'auth.current_password_wrong', detail: 'Le mot de passe actuel est incorrect.' });
    const [still] = await query<{ on: boolean }>(sql`SELECT two_factor_enabled AS on FROM users WHERE id = ${user.id}`);
    expect(still.on).toBe(true);
    // Ten wrong guesses in all lock the account as ten failed logins would, even for the right password.
    for (let i = 0; i < 9; i++) await t.api('POST', '/api/v1/me/toggle-two-fa', { token, body: { current_password: `guess-${i}` } });
    expect((await t.api('POST', '/api/v1/me/toggle-two-fa', { token, body: { current_password: user.password } })).status).toBe(429);
  });

  it('asks for the e-mailed 6-digit code, which answers a token once', async () => {
    const user = await pendingLogin();
    const { mail } = await lastMail(user.email);
    expect(mail.subject).toBe('Votre code de vérification');
    expect(user.code).toMatch(/^\d{6}$/);
    const res = await t.api('POST', '/api/v1/verify', { body: { data: { email: user.email.toUpperCase(), code: user.code } } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ token_type: 'Bearer', access_token: expect.any(String) });
    expect((await me(res.body.access_token)).body.data.attributes.email).toBe(user.email);
    const again = await verify(user.email, user.code);
    expect(again.status).toBe(422);
    expect(again.body.errors[0].code).toBe('auth.verification_code_wrong');
  });

  it('refuses a wrong code with a translated 422 on the code field', async () => {
    const user = await pendingLogin();
    const wrongCode = user.code === '000000' ? '000001' : '000000';
    const fr = await verify(user.email, wrongCode);
    expect(fr.status).toBe(422);
    expect(fr.body.errors[0]).toMatchObject({
      status: '422',
      code: 'auth.verification_code_wrong',
      detail: 'Le code de vérification est incorrect.',
      source: { pointer: '/data/attributes/code' },
    });
    const en = await verify(user.email, wrongCode, { 'accept-language': 'en' });
    expect(en.body.errors[0].detail).toBe('The verification code is incorrect.');
    // A couple of typos do not burn the code.
    expect((await verify(user.email, user.code)).status).toBe(200);
  });

  it('refuses an expired code', async () => {
    const user = await pendingLogin();
    await query(sql`UPDATE one_time_codes SET expires_at = now() - interval '1 second' WHERE user_id = ${user.id} AND used_at IS NULL`);
    const res = await verify(user.email, user.code);
    expect(res.status).toBe(422);
    expect(res.body.errors[0]).toMatchObject({ code: 'auth.verification_code_expired', source: { pointer: '/data/attributes/code' } });
  });

  it('invalidates the code after 5 wrong attempts', async () => {
    const user = await pendingLogin();
    const wrongCode = user.code === '999999' ? '999998' : '999999';
    for (let i = 0; i < 5; i++) expect((await verify(user.email, wrongCode)).status).toBe(422);
    const res = await verify(user.email, user.code);
    expect(res.status).toBe(422);
    expect(res.body.errors[0].code).toBe('auth.verification_code_wrong');
  });

  it('resends a new code; the old one stops working', async () => {
    const user = await pendingLogin();
    const before = (await lastMail(user.email)).count;
    const res = await t.api('POST', '/api/v1/verify/resend', { body: { email: user.email } });
    expect(res.status).toBe(200);
    const { count, mail } = await lastMail(user.email);
    expect(count).toBe(before + 1);
    const fresh = codeIn(mail.text);
    expect(fresh).toMatch(/^\d{6}$/);
    if (fresh !== user.code) expect((await verify(user.email, user.code)).status).toBe(422);
    expect((await verify(user.email, fresh)).status).toBe(200);
  });

  it('sends no code to someone who did not pass the password step', async () => {
    const user = await newUser();
    await t.api('POST', '/api/v1/me/toggle-two-fa', { token: await signIn(user.email, user.password) });
    const res = await t.api('POST', '/api/v1/verify/resend', { body: { email: user.email } });
    expect(res.status).toBe(200);
    expect((await lastMail(user.email)).count).toBe(0);
  });

  it('dies with a password change: a pending code no longer works', async () => {
    const user = await pendingLogin();
    const res = await t.api('PATCH', `/api/v1/users/${user.id}`, {
      token: w.manager.token,
      body: { data: { type: 'users', id: user.id, attributes: { password: 'Other-Pass-77' } } },
    });
    expect(res.status).toBe(200);
    expect((await verify(user.email, user.code)).status).toBe(422);
  });
});

// ---------------------------------------------------------------- password reset and invitations

describe('password reset', () => {
  const forgot = (email: string, extra: Record<string, unknown> = {}) =>
    t.api('POST', '/api/v1/password-forgot', { body: { data: { email, ...extra } } });
  const reset = (attributes: Record<string, unknown>, headers?: Record<string, string>) =>
    t.api('POST', '/api/v1/password-reset', { body: { data: attributes }, headers });
  const mailCount = async () => Number((await query<{ n: number }>(sql`SELECT count(*)::int AS n FROM mail_outbox`))[0].n);

  /** Asks for a reset and returns the link's token. */
  async function resetToken(email: string) {
    expect((await forgot(email)).status).toBe(200);
    const link = linkIn((await lastMail(email)).mail.text);
    return link.searchParams.get('token')!;
  }

  it('answers the same for known and unknown e-mails, and mails only the known one', async () => {
    const user = await newUser();
    const total = await mailCount();
    const known = await forgot(user.email);
    const unknown = await forgot(`nobody-${Date.now()}@atelier.test`);
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(unknown.body).toEqual(known.body);
    expect(await mailCount()).toBe(total + 1);
    expect((await lastMail(user.email)).mail.subject).toBe('Réinitialisation de votre mot de passe');
  });

  it('mails a link to the reset page carrying the token and the e-mail', async () => {
    const user = await newUser();
    await forgot(user.email);
    const link = linkIn((await lastMail(user.email)).mail.text);
    expect(link.origin + link.pathname).toBe('http://atelier.test/password/reset');
    expect(link.searchParams.get('email')).toBe(user.email);
    expect(link.searchParams.get('token')!.length).toBeGreaterThanOrEqual(40);
  });

  it('never links to another origin (a redirect_url elsewhere is ignored)', async () => {
    const user = await newUser();
    await forgot(user.email, { redirect_url: 'https://evil.example/steal' });
    const link = linkIn((await lastMail(user.email)).mail.text);
    expect(link.origin).toBe('http://atelier.test');
    await forgot(user.email, { redirect_url: 'http://atelier.test/custom/reset' });
    expect(linkIn((await lastMail(user.email)).mail.text).pathname).toBe('/custom/reset');
  });

  it('refuses a weak password with one translated error per broken rule', async () => {
    const user = await newUser();
    const token = await resetToken(user.email);
    const fr = await reset({ email: user.email, token, password: 'abc' });
    expect(fr.status).toBe(422);
    expect(fr.body.errors.map((e: { code: string }) => e.code)).toEqual([
      'validation.password_min_length',
      'validation.password_digit',
      'validation.password_uppercase',
    ]);
    expect(fr.body.errors.every((e: { source: { pointer: string } }) => e.source.pointer === '/data/attributes/password')).toBe(true);
    expect(fr.body.errors[0].detail).toBe('Le mot de passe doit contenir au moins 8 caractères');
    const en = await reset({ email: user.email, token, password: 'ABCDEFGH1' }, { 'accept-language': 'en' });
    expect(en.body.errors.map((e: { detail: string }) => e.detail)).toEqual(['The password must contain at least one lowercase letter']);
    const mismatch = await reset({ email: user.email, token, password: 'Good-Pass-11', password_confirmation: 'Good-Pass-12' });
    expect(mismatch.body.errors[0]).toMatchObject({ code: 'validation.password_confirmation', source: { pointer: '/data/attributes/password_confirmation' } });
    // None of those used the link up.
    expect((await reset({ email: user.email, token, password: 'Good-Pass-11' })).status).toBe(200);
  });

  it('changes the password with the right token, ends every session, and works once', async () => {
    const user = await newUser();
    const session = await signIn(user.email, user.password);
    const token = await resetToken(user.email);
    const res = await reset({ email: user.email, token, password: 'Brand-New-Pass-9', password_confirmation: 'Brand-New-Pass-9' });
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    expect((await me(session)).status).toBe(401);
    expect((await loginRaw(user.email, user.password)).status).toBe(401);
    await signIn(user.email, 'Brand-New-Pass-9');
    const again = await reset({ email: user.email, token, password: 'Another-Pass-8' });
    expect(again.status).toBe(422);
    expect(again.body.errors[0]).toMatchObject({ code: 'auth.reset_invalid_token', source: { pointer: '/data/attributes/token' } });
  });

  it('refuses an expired link, a token of someone else, and a forged token', async () => {
    const user = await newUser();
    const other = await newUser();
    const token = await resetToken(user.email);
    const theirs = await reset({ email: other.email, token, password: 'Good-Pass-11' });
    expect(theirs.body.errors[0].code).toBe('auth.reset_invalid_token');
    const forged = await reset({ email: user.email, token: 'x'.repeat(43), password: 'Good-Pass-11' });
    expect(forged.body.errors[0].code).toBe('auth.reset_invalid_token');
    await query(sql`UPDATE one_time_codes SET expires_at = now() - interval '1 second' WHERE user_id = ${user.id} AND purpose = 'password_reset'`);
    const expired = await reset({ email: user.email, token, password: 'Good-Pass-11' }, { 'accept-language': 'en' });
    expect(expired.status).toBe(422);
    expect(expired.body.errors[0]).toMatchObject({ code: 'auth.reset_invalid_token', detail: 'The reset link is invalid or has expired.' });
  });

  it('a newer link replaces the older one', async () => {
    const user = await newUser();
    const first = await resetToken(user.email);
    const second = await resetToken(user.email);
    expect((await reset({ email: user.email, token: first, password: 'Good-Pass-11' })).status).toBe(422);
    expect((await reset({ email: user.email, token: second, password: 'Good-Pass-11' })).status).toBe(200);
  });

  it('lets an invited user set their password through the invitation link', async () => {
    const user = await newUser({ password: null });
    const invite = await t.api('POST', `/api/v1/users/${user.id}/invite`, {
      token: w.manager.token,
      body: { redirect_url: 'http://atelier.test/password/email' },
    });
    expect(invite.status).toBe(200);
    expect(invite.body.data.attributes.invited_at).toEqual(expect.any(String));
    const { mail } = await lastMail(user.email);
    expect(mail.text).toContain(w.garage.name);
    const link = linkIn(mail.text);
    expect(link.origin + link.pathname).toBe('http://atelier.test/password/email');
    expect(link.searchParams.get('email')).toBe(user.email);
    const res = await reset({ email: user.email, token: link.searchParams.get('token'), password: 'First-Pass-123' });
    expect(res.status).toBe(200);
    await signIn(user.email, 'First-Pass-123');
  });

  it('sends invitations only to this application, whatever redirect_url says', async () => {
    const user = await newUser({ password: null });
    await t.api('POST', `/api/v1/users/${user.id}/invite`, { token: w.manager.token, body: { redirect_url: 'https://evil.example/password/email' } });
    const link = linkIn((await lastMail(user.email)).mail.text);
    expect(link.origin + link.pathname).toBe('http://atelier.test/password/email');
  });
});

// ---------------------------------------------------------------- register

describe('register', () => {
  const register = (attributes: Record<string, unknown>, headers?: Record<string, string>) =>
    t.api('POST', '/api/v1/register', { body: { data: attributes }, headers });
  const valid = () => ({
    organization_name: 'Garage Neuf',
    firstname: 'Nora',
    lastname: 'Neuf',
    email: `owner-${Date.now()}@garage-neuf.test`,
    password: 'Owner-Pass-2026',
    password_confirmation: 'Owner-Pass-2026',
  });

  it('creates an organization, its owner with the administrator role, and the default roles', async () => {
    const body = valid();
    const res = await register(body, { 'accept-language': 'en' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ token_type: 'Bearer', access_token: expect.any(String) });
    const profile = await t.api('GET', '/api/v1/me?include=organization,roles', { token: res.body.access_token });
    expect(profile.status).toBe(200);
    const organization = profile.body.included.find((i: { type: string }) => i.type === 'organizations');
    expect(organization.attributes.name).toBe('Garage Neuf');
    const roleNames = profile.body.included.filter((i: { type: string }) => i.type === 'roles').map((r: any) => r.attributes.name);
    expect(roleNames).toEqual(['Administrator']);
    const [org] = await query<{ owner_id: string; roles: number }>(
      sql`SELECT o.owner_id, (SELECT count(*)::int FROM roles r WHERE r.organization_id = o.id) AS roles FROM organizations o WHERE o.id = ${organization.id}`,
    );
    expect(org).toEqual({ owner_id: profile.body.data.id, roles: DEFAULT_ROLES.length });
    // The owner can administer their organization at once.
    expect((await t.api('GET', '/api/v1/users', { token: res.body.access_token })).body.meta.page.total).toBe(1);
  });

  it('refuses an e-mail already used, whatever its case', async () => {
    const res = await register({ ...valid(), email: w.manager.email.toUpperCase() });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual([
      expect.objectContaining({ code: 'validation.unique', source: { pointer: '/data/attributes/email' }, detail: 'Cette valeur est déjà utilisée' }),
    ]);
  });

  it('reports every missing field and password rule at once', async () => {
    const res = await register({ email: 'bad', password: 'short' });
    expect(res.status).toBe(422);
    const pointers = res.body.errors.map((e: { source: { pointer: string } }) => e.source.pointer.split('/').pop());
    expect(new Set(pointers)).toEqual(new Set(['organization_name', 'firstname', 'lastname', 'email', 'password']));
  });
});

describe('register when turned off', () => {
  let closed: TestApp;
  beforeAll(async () => {
    closed = await createTestApp({ REGISTRATION_ENABLED: 'false' });
  });
  afterAll(() => closed?.close());

  it('answers 403 and creates nothing', async () => {
    const before = rowsOf<{ n: number }>(await closed.database.db.execute(sql`SELECT count(*)::int AS n FROM organizations`))[0].n;
    const res = await closed.api('POST', '/api/v1/register', {
      body: { data: { organization_name: 'X', firstname: 'A', lastname: 'B', email: 'x@x.test', password: 'Owner-Pass-2026' } },
    });
    expect(res.status).toBe(403);
    expect(res.body.errors[0].code).toBe('error.registration_disabled');
    expect((await closed.api('GET', '/api/v1/app-config')).body.registration_enabled).toBe(false);
    const after = rowsOf<{ n: number }>(await closed.database.db.execute(sql`SELECT count(*)::int AS n FROM organizations`))[0].n;
    expect(after).toBe(before);
  });
});

// ---------------------------------------------------------------- tokens and sessions

describe('tokens', () => {
  const setSession = (token: string, assignment: ReturnType<typeof sql>) =>
    query(sql`UPDATE sessions SET ${assignment} WHERE token_hash = ${hashToken(token)}`);

  it('stores only a hash of the token', async () => {
    const user = await newUser();
    const token = await signIn(user.email, user.password);
    const rows = await query<{ token_hash: string }>(sql`SELECT token_hash FROM sessions s JOIN users u ON u.id = s.user_id WHERE u.email = ${user.email}`);
    expect(rows).toEqual([{ token_hash: hashToken(token) }]);
  });

  it('expires after the idle timeout, and use keeps it alive', async () => {
    const user = await newUser();
    const idle = await signIn(user.email, user.password);
    const used = await signIn(user.email, user.password);
    const idleSeconds = t.config.tokenIdleTimeout;
    await setSession(idle, sql`last_used_at = now() - make_interval(secs => ${idleSeconds + 60})`);
    await setSession(used, sql`last_used_at = now() - make_interval(secs => ${idleSeconds - 300})`);
    const res = await me(idle);
    expect(res.status).toBe(401);
    expect(res.body.errors[0]).toMatchObject({ status: '401', code: 'error.unauthenticated' });
    expect((await me(used)).status).toBe(200);
    const [row] = await query<{ fresh: boolean }>(sql`SELECT last_used_at > now() - interval '1 minute' AS fresh FROM sessions WHERE token_hash = ${hashToken(used)}`);
    expect(row.fresh).toBe(true);
  });

  it('expires at the end of its absolute lifetime, however active', async () => {
    const user = await newUser();
    const token = await signIn(user.email, user.password);
    await setSession(token, sql`expires_at = now() - interval '1 second'`);
    expect((await me(token)).status).toBe(401);
  });

  it('ends every session of a deactivated user', async () => {
    const user = await newUser();
    const token = await signIn(user.email, user.password);
    // Used first, so that this instance holds the session in its cache.
    expect((await me(token)).status).toBe(200);
    const res = await t.api('GET', `/api/v1/users/${user.id}/deactivate`, { token: w.manager.token });
    expect(res.status).toBe(200);
    expect(res.body.data.attributes.active).toBe(false);
    expect((await me(token)).status).toBe(401);
    const [row] = await query<{ live: number }>(sql`SELECT count(*)::int AS live FROM sessions WHERE user_id = ${user.id} AND revoked_at IS NULL`);
    expect(row.live).toBe(0);
    const login = await loginRaw(user.email, user.password);
    expect(login.status).toBe(403);
    expect(login.body.errors[0].code).toBe('auth.inactive');
    // Reactivation does not bring old sessions back.
    await t.api('GET', `/api/v1/users/${user.id}/activate`, { token: w.manager.token });
    expect((await me(token)).status).toBe(401);
    await signIn(user.email, user.password);
  });

  it('changing one’s password through PATCH /me needs the current one and ends the other sessions', async () => {
    const user = await newUser();
    const current = await signIn(user.email, user.password);
    const other = await signIn(user.email, user.password);
    const change = (attributes: Record<string, unknown>) =>
      t.api('PATCH', '/api/v1/me', { token: current, body: { data: { type: 'users', attributes } } });

    const missing = await change({ password: 'Changed-Pass-5' });
    expect(missing.status).toBe(422);
    expect(missing.body.errors[0]).toMatchObject({ code: 'validation.required', source: { pointer: '/data/attributes/current_password' } });
    const wrong = await change({ password: 'Changed-Pass-5', current_password: 'not-it' });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors[0]).toMatchObject({ code: 'auth.current_password_wrong', detail: 'Le mot de passe actuel est incorrect.' });
    expect((await me(other)).status).toBe(200);

    const ok = await change({ password: 'Changed-Pass-5', password_confirmation: 'Changed-Pass-5', current_password: user.password });
    expect(ok.status).toBe(200);
    expect((await me(current)).status).toBe(200);
    expect((await me(other)).status).toBe(401);
    expect((await loginRaw(user.email, user.password)).status).toBe(401);
    await signIn(user.email, 'Changed-Pass-5');
  });

  it('keeps a checked session for SESSION_CACHE_SECONDS: a revocation made elsewhere lands within it', async () => {
    expect(t.config.sessionCacheSeconds).toBe(2);
    const user = await newUser();
    const token = await signIn(user.email, user.password);
    expect((await me(token)).status).toBe(200);
    // Revoked behind this instance's back, as another instance would: still served from memory ...
    await setSession(token, sql`revoked_at = now()`);
    expect((await me(token)).status).toBe(200);
    // ... until the cache's lifetime has passed.
    const now = Date.now();
    const clock = vi.spyOn(Date, 'now').mockReturnValue(now + 2_100);
    try {
      expect((await me(token)).status).toBe(401);
    } finally {
      clock.mockRestore();
    }
  });

  it('forgets cached sessions after any write on this instance', async () => {
    const user = await newUser();
    const token = await signIn(user.email, user.password);
    expect((await me(token)).status).toBe(200);
    await setSession(token, sql`revoked_at = now()`);
    const tag = await t.api('POST', '/api/v1/tags', { token: w.manager.token, body: { data: { type: 'tags', attributes: { name: `Cache ${Date.now()}` } } } });
    expect(tag.status, JSON.stringify(tag.body)).toBe(201);
    expect((await me(token)).status).toBe(401);
  });

  it('shares one session query between requests of one token arriving together', async () => {
    const user = await newUser();
    const token = await signIn(user.email, user.password);
    const sessionQueries: string[] = [];
    const listener = (q: string) => {
      if (q.includes('FROM sessions s')) sessionQueries.push(q);
    };
    t.forgetSessions();
    queryListeners.push(listener);
    try {
      const answers = await Promise.all(Array.from({ length: 6 }, () => me(token)));
      expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 200]);
    } finally {
      queryListeners.splice(queryListeners.indexOf(listener), 1);
    }
    expect(sessionQueries).toHaveLength(1);
  });

  it('does not keep what a session lookup read before a write that ended meanwhile', async () => {
    const user = await newUser();
    const token = await signIn(user.email, user.password);
    const { db } = t.database;
    const sessions = new SessionCache();
    // A lookup that has read the live session, then stalls (a slow event loop) ...
    let read!: () => void;
    let resume!: () => void;
    const hasRead = new Promise<void>((r) => (read = r));
    const stalled = new Promise<void>((r) => (resume = r));
    const slow = new Proxy(db, {
      get: (target, prop) =>
        prop === 'execute'
          ? async (query: Parameters<typeof db.execute>[0]) => {
              const result = await target.execute(query);
              read();
              await stalled;
              return result;
            }
          : Reflect.get(target, prop),
    });
    const before = sessions.actorFor(slow, token, t.config.tokenIdleTimeout, 2);
    await hasRead;
    // ... while a write revokes the session on this instance and forgets the cached ones.
    await setSession(token, sql`revoked_at = now()`);
    sessions.forget();
    resume();
    expect(await before).not.toBeNull();
    expect(await sessions.actorFor(db, token, t.config.tokenIdleTimeout, 2)).toBeNull();
  });

  it('logout answers 204 and the token is dead; logging out twice is a 401', async () => {
    const user = await newUser();
    const token = await signIn(user.email, user.password);
    expect((await t.api('POST', '/api/v1/logout', { token })).status).toBe(204);
    expect((await t.api('POST', '/api/v1/logout', { token })).status).toBe(401);
  });
});

// ---------------------------------------------------------------- the profile

describe('PATCH /me', () => {
  const patchMe = (token: string, data: Record<string, unknown>) => t.api('PATCH', '/api/v1/me?include=roles', { token, body: { data: { type: 'users', ...data } } });

  it('changes what a user owns and ignores roles, active, is_staff and location restriction', async () => {
    const token = w.inspector.token;
    const before = await t.api('GET', '/api/v1/me?include=roles', { token });
    const res = await patchMe(token, {
      attributes: { firstname: 'Inès', phone: '+1 514 555 0101', locale: 'en', is_staff: true, active: false, restrict_to_locations: false, roles: [] },
      relationships: { roles: { data: [] }, allowedLocations: { data: [] } },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.attributes).toMatchObject({
      firstname: 'Inès',
      phone: '+1 514 555 0101',
      locale: 'en',
      is_staff: false,
      active: true,
      restrict_to_locations: true,
    });
    expect(res.body.data.relationships.roles.data).toEqual(before.body.data.relationships.roles.data);
    expect(res.body.data.relationships.roles.data.length).toBeGreaterThan(0);
    const [row] = await query<{ n: number }>(sql`SELECT cardinality(location_ids) AS n FROM users WHERE id = ${w.inspector.id}`);
    expect(row.n).toBeGreaterThan(0);
  });

  it('validates the attributes it accepts', async () => {
    const user = await newUser();
    const token = await signIn(user.email, user.password);
    const res = await patchMe(token, { attributes: { firstname: '', email: 'not-an-email', locale: 'de' } });
    expect(res.status).toBe(422);
    const byPointer = errorsByPointer(res);
    expect(byPointer).toMatchObject({
      '/data/attributes/firstname': 'validation.required',
      '/data/attributes/email': 'validation.email',
      '/data/attributes/locale': 'validation.enum',
    });
    expect((await me(token)).body.data.attributes.firstname).toBe('Test');
  });

  it('needs the current password to change the e-mail (where reset links go)', async () => {
    const user = await newUser();
    const token = await signIn(user.email, user.password);
    const email = `moved-${Date.now()}@atelier.test`;
    const without = await patchMe(token, { attributes: { email } });
    expect(without.status).toBe(422);
    expect(without.body.errors[0].source.pointer).toBe('/data/attributes/current_password');
    const wrong = await patchMe(token, { attributes: { email, current_password: 'nope' } });
    expect(wrong.body.errors[0].code).toBe('auth.current_password_wrong');
    const taken = await patchMe(token, { attributes: { email: w.manager.email, current_password: user.password } });
    expect(taken.body.errors[0]).toMatchObject({ code: 'validation.unique', source: { pointer: '/data/attributes/email' } });
    const ok = await patchMe(token, { attributes: { email: email.toUpperCase(), current_password: user.password } });
    expect(ok.status).toBe(200);
    expect(ok.body.data.attributes.email).toBe(email);
    await signIn(email, user.password);
    // Same e-mail again (another case): nothing to confirm.
    expect((await patchMe(token, { attributes: { email: email.toUpperCase(), lastname: 'Moved' } })).status).toBe(200);
  });
});

// ---------------------------------------------------------------- public configuration

describe('GET /app-config', () => {
  it('is public and names Atelier by default, with the languages and CAD', async () => {
    const res = await t.api('GET', '/api/v1/app-config', { headers: { host: 'unknown.example' } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ app_name: 'Atelier', logo_url: null, languages: ['fr', 'en'], default_locale: 'fr', currency: 'CAD', currency_symbol: '$', barcode_scanner_license: null });
  });

  it('gives the deployment’s currency and barcode scanner licence from the environment (platform §3)', async () => {
    const deployed = await createTestApp({ CURRENCY: 'USD', CURRENCY_SYMBOL: 'US$', BARCODE_SCANNER_LICENSE: 'licence-2026-XYZ' });
    try {
      const res = await deployed.api('GET', '/api/v1/app-config');
      expect(res.body).toMatchObject({ currency: 'USD', currency_symbol: 'US$', barcode_scanner_license: 'licence-2026-XYZ' });
    } finally {
      await deployed.close();
    }
    await expect(createTestApp({ CURRENCY: 'dollars' })).rejects.toThrow(/CURRENCY/);
  });

  it('names the types whose rows belong to an organization (lists spanning organizations show it)', async () => {
    const res = await t.api('GET', '/api/v1/app-config');
    expect(res.body.organization_types).toEqual(expect.arrayContaining(['users', 'roles', 'locations', 'customers', 'contacts', 'vehicles', 'requests', 'suppliers', 'imports']));
    for (const type of ['organizations', 'resellers', 'permissions']) expect(res.body.organization_types).not.toContain(type);
  });

  it('brands the app for the reseller whose URL pattern matches the host', async () => {
    await query(sql`UPDATE resellers SET url_pattern = '*.garage-pro.test', app_name = 'Garage Pro', app_logo = 'https://cdn.garage-pro.test/logo.png' WHERE id = ${w.reseller.id}`);
    const branded = await t.api('GET', '/api/v1/app-config', { headers: { host: 'montreal.garage-pro.test:3000' } });
    expect(branded.body).toMatchObject({ app_name: 'Garage Pro', logo_url: 'https://cdn.garage-pro.test/logo.png', currency: 'CAD' });
    // The bare domain and look-alike hosts are not the reseller's.
    for (const host of ['garage-pro.test', 'evilgarage-pro.test', 'garage-pro.test.evil.example'])
      expect((await t.api('GET', '/api/v1/app-config', { headers: { host } })).body.app_name).toBe('Atelier');
    await query(sql`UPDATE resellers SET url_pattern = 'https://atelier.garage-pro.test/' WHERE id = ${w.reseller.id}`);
    expect((await t.api('GET', '/api/v1/app-config', { headers: { host: 'atelier.garage-pro.test' } })).body.app_name).toBe('Garage Pro');
  });
});
