import { describe, expect, it } from 'vitest';
import { beforeTests, fileApp } from '../helpers.ts';
import { makeWorld, PASSWORD } from '../factories.ts';

const t = fileApp();
const w = beforeTests(() => makeWorld(t));

describe('login', () => {
  it('answers a bearer token for the right password', async () => {
    const res = await t.api('POST', '/api/v1/login', { body: { email: w.manager.email, password: PASSWORD } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ token_type: 'Bearer', expires_in: expect.any(Number) });
    expect(res.body.access_token.length).toBeGreaterThanOrEqual(40);
  });

  it('accepts the body wrapped in data, and the e-mail in any case', async () => {
    const res = await t.api('POST', '/api/v1/login', { body: { data: { email: w.manager.email.toUpperCase(), password: PASSWORD } } });
    expect(res.status).toBe(200);
  });

  it('refuses a wrong password with a translated JSON:API 401', async () => {
    const res = await t.api('POST', '/api/v1/login', { body: { email: w.manager2.email, password: 'nope' } });
    expect(res.status).toBe(401);
    expect(res.body.errors[0]).toMatchObject({ status: '401', code: 'auth.invalid_credentials', detail: 'Courriel ou mot de passe incorrect.' });
  });

  it('checks the e-mail format', async () => {
    const res = await t.api('POST', '/api/v1/login', { body: { email: 'nope', password: 'x' }, headers: { 'accept-language': 'en' } });
    expect(res.status).toBe(422);
    expect(res.body.errors[0]).toMatchObject({ detail: 'This field must contain a valid email', source: { pointer: '/data/attributes/email' } });
  });

  it('needs a token for the API and answers 401 as JSON:API', async () => {
    const res = await t.api('GET', '/api/v1/users');
    expect(res.status).toBe(401);
    expect(res.body.errors[0]).toMatchObject({ status: '401', title: 'Non autorisé', detail: "Veuillez vous connecter à l'application." });
    const bad = await t.api('GET', '/api/v1/users', { token: 'forged' });
    expect(bad.status).toBe(401);
  });

  it('revokes the token on logout', async () => {
    const res = await t.api('POST', '/api/v1/login', { body: { email: w.inspector.email, password: PASSWORD } });
    const token = res.body.access_token;
    expect((await t.api('GET', '/api/v1/me', { token })).status).toBe(200);
    expect((await t.api('POST', '/api/v1/logout', { token })).status).toBe(204);
    expect((await t.api('GET', '/api/v1/me', { token })).status).toBe(401);
  });
});

describe('me', () => {
  it('reads the profile with the spec includes', async () => {
    const token = w.inspector.token;
    const res = await t.api(
      'GET',
      '/api/v1/me?include=roles,roles.permissions,organization,reseller,allowedLocations,allowedLocations.organization&ignore_location_filter=true',
      { token },
    );
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ type: 'users', attributes: { email: w.inspector.email, restrict_to_locations: true } });
    expect(res.body.data.attributes.password_hash).toBeUndefined();
    const types = res.body.included.map((i: { type: string }) => i.type);
    expect(types).toContain('roles');
    expect(types).toContain('permissions');
    expect(types).toContain('organizations');
    expect(types).toContain('locations');
    const names = res.body.included.filter((i: { type: string }) => i.type === 'permissions').map((p: any) => p.attributes.name);
    expect(names).toContain('start inspections');
    expect(names).not.toContain('view any users');
  });
});
