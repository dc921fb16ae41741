import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../src/db/client.ts';
import { buildApp } from '../../src/app.ts';
import { createTestApp, type TestApp } from '../helpers.ts';
import { makeOrganization, makeUser, userWith, type MadeOrganization } from '../factories.ts';

/**
 * What a hostile client sends (issue 8): self-granted access, malformed strings, prototype names,
 * impossible dates and pages, framework errors that must still be JSON:API documents, client ids.
 * Every refusal is a 4xx JSON:API error with a translated detail, and nothing is written.
 */

let t: TestApp;
let manager: string;
let garage: MadeOrganization;

beforeAll(async () => {
  t = await createTestApp();
  // An organization with two locations and its manager (every permission, both locations).
  garage = await makeOrganization(t, { locations: ['Montréal', 'Laval'] });
  manager = (await makeUser(t, garage.id, { location_ids: Object.values(garage.locations) })).token;
});
afterAll(() => t?.close());

const doc = (type: string, attributes: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({ data: { type, attributes, ...extra } });

/** A JSON:API error document: every error with status, code, a translated title and detail. */
function expectErrorDocument(res: { status: number; body: any; headers: Record<string, unknown> }, status: number) {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(String(res.headers['content-type'])).toContain('application/vnd.api+json');
  expect(Array.isArray(res.body?.errors)).toBe(true);
  for (const e of res.body.errors) {
    expect(e.status).toBe(String(status));
    expect(typeof e.code).toBe('string');
    expect(e.title).toBeTruthy();
    expect(e.detail).toBeTruthy();
    expect(e.detail).not.toBe(e.code);
  }
  return res.body.errors as { code: string; detail: string; source?: { pointer?: string; parameter?: string } }[];
}

async function count(table: string) {
  const [row] = rowsOf<{ n: number }>(await t.database.db.execute(sql.raw(`SELECT count(*)::int AS n FROM ${table}`)));
  return row.n;
}

describe('no one widens their own access', () => {
  let laval: string;
  let montreal: string;
  beforeAll(() => {
    laval = garage.locations['Laval'];
    montreal = garage.locations['Montréal'];
    expect(laval && montreal).toBeTruthy();
  });

  it('a restricted user with "edit users" cannot lift their own restriction, nor anyone else’s', async () => {
    const me = await userWith(t, garage.id, 'restricted-editor@garage.test', ['view any users', 'view users', 'edit users', 'create users'], {
      restrict_to_locations: true,
      location_ids: [laval],
    });
    const lift = await t.api('PATCH', `/api/v1/users/${me.id}`, {
      token: me.token,
      body: { data: { type: 'users', id: me.id, attributes: { restrict_to_locations: false } } },
    });
    const [e] = expectErrorDocument(lift, 403);
    expect(e.source?.pointer).toBe('/data/attributes/restrict_to_locations');
    const [row] = rowsOf<{ r: boolean }>(await t.database.db.execute(sql`SELECT restrict_to_locations AS r FROM users WHERE id = ${me.id}`));
    expect(row.r).toBe(true);

    // Sending the unchanged value back (a whole record) is fine.
    const same = await t.api('PATCH', `/api/v1/users/${me.id}`, {
      token: me.token,
      body: { data: { type: 'users', id: me.id, attributes: { restrict_to_locations: true, firstname: 'Réal' } } },
    });
    expect(same.status).toBe(200);

    // A colleague of the same location cannot be unrestricted by a restricted user either.
    const colleague = await userWith(t, garage.id, 'restricted-colleague@garage.test', ['view any users'], {
      restrict_to_locations: true,
      location_ids: [laval],
    });
    const other = await t.api('PATCH', `/api/v1/users/${colleague.id}`, {
      token: me.token,
      body: { data: { type: 'users', id: colleague.id, attributes: { restrict_to_locations: false } } },
    });
    expectErrorDocument(other, 403);

    // Nor created unrestricted: a restricted user's new users are restricted.
    const created = await t.api('POST', '/api/v1/users', {
      token: me.token,
      body: doc('users', { firstname: 'Nouveau', lastname: 'Laval', email: 'nouveau-laval@garage.test' }),
    });
    expect(created.status).toBe(201);
    expect(created.body.data.attributes.restrict_to_locations).toBe(true);
    const refused = await t.api('POST', '/api/v1/users', {
      token: me.token,
      body: doc('users', { firstname: 'Libre', lastname: 'Laval', email: 'libre-laval@garage.test', restrict_to_locations: false }),
    });
    expectErrorDocument(refused, 403);
  });

  it('a user cannot change their own roles or allowed locations, even with every permission', async () => {
    const me = (await t.api('GET', '/api/v1/me?include=roles', { token: manager })).body.data;
    const roleIds = me.relationships.roles.data.map((r: { id: string }) => r.id);
    const roles = await t.api('GET', '/api/v1/roles?page[size]=100', { token: manager });
    const extra = roles.body.data.find((r: { id: string }) => !roleIds.includes(r.id));
    const addRole = await t.api('PATCH', `/api/v1/users/${me.id}`, {
      token: manager,
      body: { data: { type: 'users', id: me.id, relationships: { roles: { data: [...roleIds, extra.id].map((id: string) => ({ type: 'roles', id })) } } } },
    });
    const [e] = expectErrorDocument(addRole, 403);
    expect(e.source?.pointer).toBe('/data/relationships/roles');

    const locations = await t.api('PATCH', `/api/v1/users/${me.id}`, {
      token: manager,
      body: { data: { type: 'users', id: me.id, relationships: { allowedLocations: { data: [{ type: 'locations', id: montreal }] } } } },
    });
    const [l] = expectErrorDocument(locations, 403);
    expect(l.source?.pointer).toBe('/data/relationships/allowedLocations');

    // The same roles sent back unchanged are accepted.
    const same = await t.api('PATCH', `/api/v1/users/${me.id}`, {
      token: manager,
      body: { data: { type: 'users', id: me.id, relationships: { roles: { data: roleIds.map((id: string) => ({ type: 'roles', id })) } } } },
    });
    expect(same.status).toBe(200);
  });

  it('a user cannot add to a role they hold a permission they do not hold', async () => {
    const me = await userWith(t, garage.id, 'role-editor@garage.test', ['view any roles', 'view roles', 'edit roles']);
    const [role] = rowsOf<{ id: string }>(await t.database.db.execute(sql`SELECT role_id AS id FROM user_roles WHERE user_id = ${me.id}`));
    const [perm] = rowsOf<{ id: number }>(await t.database.db.execute(sql`SELECT id FROM permissions WHERE name = 'delete users'`));
    const [own] = rowsOf<{ id: number }>(await t.database.db.execute(sql`SELECT id FROM permissions WHERE name = 'edit roles'`));
    const res = await t.api('PATCH', `/api/v1/roles/${role.id}`, {
      token: me.token,
      body: { data: { type: 'roles', id: role.id, relationships: { permissions: { data: [{ type: 'permissions', id: String(own.id) }, { type: 'permissions', id: String(perm.id) }] } } } },
    });
    expect(res.status).toBe(422);
    const [n] = rowsOf<{ n: number }>(await t.database.db.execute(sql`SELECT count(*)::int AS n FROM role_permissions WHERE role_id = ${role.id} AND permission_id = ${perm.id}`));
    expect(n.n).toBe(0);
  });
});

describe('malformed strings and names', () => {
  it('refuses a NUL character or a lone surrogate in any string attribute, with a pointer, writing nothing', async () => {
    const before = await count('customers');
    for (const bad of ['Jean\u0000', 'Jean\ud800', '\udc00x']) {
      const res = await t.api('POST', '/api/v1/customers', { token: manager, body: doc('customers', { type: 'individual', firstname: bad, lastname: 'Tremblay' }) });
      const [e] = expectErrorDocument(res, 422);
      expect(e.source?.pointer).toBe('/data/attributes/firstname');
      expect(e.code).toBe('validation.invalid_characters');
    }
    expect(await count('customers')).toBe(before);
  });

  it('refuses them in a nested value and in an attribute name too', async () => {
    const res = await t.api('POST', '/api/v1/contacts', {
      token: manager,
      body: doc('contacts', { firstname: 'Léa', lastname: 'Roy', phones: [{ number: '514 555 0101', type: 'MOBILE', extension: '1\u0000' }] }),
    });
    const [e] = expectErrorDocument(res, 422);
    expect(e.source?.pointer).toBe('/data/attributes/phones/0/extension');
    const named = await t.api('POST', '/api/v1/contacts', { token: manager, body: doc('contacts', { ['first\u0000name']: 'x' }) });
    expectErrorDocument(named, 422);
  });

  it('refuses them in a query parameter with a 400 naming it', async () => {
    const res = await t.api('GET', `/api/v1/customers?filter[search]=a%00b`, { token: manager });
    const [e] = expectErrorDocument(res, 400);
    expect(e.source?.parameter).toBe('filter[search]');
    expectErrorDocument(await t.api('GET', `/api/v1/customers?filter[a%00]=1`, { token: manager }), 400);
    // Not UTF-8 once decoded: read as the replacement character, a search like another.
    for (const bad of ['%ED%A0%80', '%uD800', '%FF', '%']) {
      const odd = await t.api('GET', `/api/v1/customers?filter[search]=a${bad}b`, { token: manager });
      expect(odd.status, bad).toBeLessThan(500);
    }
  });

  it('answers attributes and filters named after Object members as unknown ones', async () => {
    for (const name of ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf']) {
      const body = JSON.parse(`{"data":{"type":"customers","attributes":{"type":"individual","firstname":"A","lastname":"B","${name}":"1"}}}`);
      const post = await t.api('POST', '/api/v1/customers', { token: manager, body });
      const [e] = expectErrorDocument(post, 422);
      expect(e.code).toBe('validation.unknown_attribute');
      expect(e.source?.pointer).toBe(`/data/attributes/${name}`);

      const rel = JSON.parse(`{"data":{"type":"customers","attributes":{"type":"individual","firstname":"A","lastname":"B"},"relationships":{"${name}":{"data":null}}}}`);
      expectErrorDocument(await t.api('POST', '/api/v1/customers', { token: manager, body: rel }), 422);

      const list = await t.api('GET', `/api/v1/customers?filter[${name}]=1`, { token: manager });
      const [f] = expectErrorDocument(list, 400);
      expect(f.code).toBe('error.invalid_filter');
      // A declared filter's value named after an Object member is a value like another.
      const value = await t.api('GET', `/api/v1/contacts?filter[contactable_type]=${name}`, { token: manager });
      expect(value.status).toBe(200);
      expect(value.body.data).toEqual([]);
      for (const q of [`include=${name}`, `sort=${name}`, `add_data=${name}`, `fields[${name}]=id`])
        expectErrorDocument(await t.api('GET', `/api/v1/customers?${q}`, { token: manager }), 400);
    }
  });

  it('refuses a mapping of an import that is not an object, or that names Object members', async () => {
    const boundary = '----hostile';
    const payload = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="model"\r\n\r\ncustomers\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="c.csv"\r\nContent-Type: text/csv\r\n\r\nPrénom;Nom\r\nJean;Roy\r\n` +
        `\r\n--${boundary}--\r\n`,
    );
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/imports',
      headers: { authorization: `Bearer ${manager}`, accept: 'application/vnd.api+json', 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().data.id;
    const patch = (mapping: unknown) => t.api('PATCH', `/api/v1/imports/${id}`, { token: manager, body: { data: { type: 'imports', id, attributes: { mapping } } } });
    for (const mapping of [null, '', '   ', 12, [], 'x']) {
      const [e] = expectErrorDocument(await patch(mapping), 422);
      expect(e.source?.pointer).toBe('/data/attributes/mapping');
    }
    for (const field of ['constructor', '__proto__', 'toString']) {
      const [e] = expectErrorDocument(await patch({ Prénom: field, Nom: 'lastname' }), 422);
      expect(e.code).toBe('import.mapping_field');
    }
    expect((await patch({ Prénom: 'firstname', Nom: 'lastname' })).status).toBe(200);
  });
});

describe('pages, dates and ids', () => {
  it('bounds page numbers and sizes', async () => {
    for (const q of ['page[number]=1e300', 'page[number]=99999999999999999999', 'page[number]=0', 'page[size]=1e300', 'page[size]=-1', 'page[number]=1.5', 'page[number]=%20'])
      expectErrorDocument(await t.api('GET', `/api/v1/customers?${q}`, { token: manager }), 400);
    const ok = await t.api('GET', '/api/v1/customers?page[size]=999999&page[number]=1', { token: manager });
    expect(ok.status).toBe(200);
    expect(ok.body.meta.page.size).toBe(100);
  });

  it('accepts ISO 8601 calendar dates only, within years 1900 to 2200', async () => {
    const before = await count('contacts');
    for (const birthday of ['2026-02-30', '1899-12-31', '2201-01-01', '12', '2026-13-01', '2026-1-1', '01/02/2026'] as const) {
      const res = await t.api('POST', '/api/v1/contacts', { token: manager, body: doc('contacts', { firstname: 'Léa', lastname: 'Dates', birthday }) });
      const [e] = expectErrorDocument(res, 422);
      expect(e.source?.pointer).toBe('/data/attributes/birthday');
    }
    expect(await count('contacts')).toBe(before);
    const good = await t.api('POST', '/api/v1/contacts', { token: manager, body: doc('contacts', { firstname: 'Léa', lastname: 'Dates', birthday: '2000-02-29' }) });
    expect(good.status).toBe(201);
    expect(good.body.data.attributes.birthday).toBe('2000-02-29');
  });

  it('accepts ISO 8601 date-times only, real ones, within years 1900 to 2200', async () => {
    const before = await count('requests');
    const bad = ['0000-01-01T00:00:00Z', '+275760-09-13T00:00:00Z', '12', '-1', "' OR '1'='1", '2026-02-30T10:00:00Z', '2026-02-30', '2026-11-23T25:00:00Z', 'Mon, 23 Nov 2026 10:00:00 GMT', '2026-11-23T10:00:00+25:00'];
    for (const due_at of bad) {
      const res = await t.api('POST', '/api/v1/requests', { token: manager, body: doc('requests', { type: 'inspection', vehicle_vin: '5YJ3E1EA7KF317001', due_at }) });
      const [e] = expectErrorDocument(res, 422);
      expect(e.source?.pointer, due_at).toBe('/data/attributes/due_at');
      expect(e.code).toBe('validation.datetime');
    }
    expect(await count('requests')).toBe(before);
    for (const [due_at, stored] of [
      ['2031-05-01T14:00:00-04:00', '2031-05-01T18:00:00.000Z'],
      ['2031-05-01T14:00Z', '2031-05-01T14:00:00.000Z'],
      ['2031-05-01T14:00:00.123456Z', '2031-05-01T14:00:00.123Z'],
      ['2031-05-01', '2031-05-01T00:00:00.000Z'],
    ]) {
      const res = await t.api('POST', '/api/v1/requests', { token: manager, body: doc('requests', { type: 'inspection', vehicle_vin: '5YJ3E1EA7KF317001', due_at }) });
      expect(res.status, due_at).toBe(201);
      expect(res.body.data.attributes.due_at).toBe(stored);
    }
  });

  it('refuses a client-generated id on create with 403, writing nothing', async () => {
    const before = await count('customers');
    const res = await t.api('POST', '/api/v1/customers', {
      token: manager,
      body: { data: { type: 'customers', id: '0190f3a4-1b2c-7d3e-8f40-123456789abc', attributes: { type: 'individual', firstname: 'A', lastname: 'B' } } },
    });
    const [e] = expectErrorDocument(res, 403);
    expect(e.source?.pointer).toBe('/data/id');
    expect(await count('customers')).toBe(before);
  });

  it('refuses a write whose query is wrong (an unknown include) before writing anything', async () => {
    // The query shapes the answer only, but a 400 after the commit would have the client retry a write that was made.
    const before = await count('customers');
    const create = await t.api('POST', '/api/v1/customers?include=nowhere', { token: manager, body: doc('customers', { type: 'individual', firstname: 'Anne', lastname: 'Query' }) });
    expect(expectErrorDocument(create, 400)[0].source?.parameter).toBe('include');
    expect(await count('customers')).toBe(before);

    const made = await t.api('POST', '/api/v1/customers', { token: manager, body: doc('customers', { type: 'individual', firstname: 'Anne', lastname: 'Query' }) });
    expect(made.status).toBe(201);
    const id = made.body.data.id;
    const patch = await t.api('PATCH', `/api/v1/customers/${id}?include=nowhere`, { token: manager, body: { data: { type: 'customers', id, attributes: { lastname: 'Changed' } } } });
    expectErrorDocument(patch, 400);
    expect((await t.api('GET', `/api/v1/customers/${id}`, { token: manager })).body.data.attributes.lastname).toBe('Query');

    const colleague = await makeUser(t, garage.id);
    const act = await t.api('POST', `/api/v1/users/${colleague.id}/deactivate?include=nowhere`, { token: manager });
    expectErrorDocument(act, 400);
    expect((await t.api('GET', `/api/v1/users/${colleague.id}`, { token: manager })).body.data.attributes.active).toBe(true);

    // A collection action says first that the user may not (403), then what is wrong in the query (400).
    const reader = await makeUser(t, garage.id, { permissions: ['view any purchases orders'] });
    const reorder = (token: string) => t.api('POST', '/api/v1/purchases-orders/reorder?include=nowhere', { token, body: { warehouse: '0190f3a4-1b2c-7d3e-8f40-123456789abc' } });
    expectErrorDocument(await reorder(reader.token), 403);
    expectErrorDocument(await reorder(manager), 400);
  });

  it('filters permissions by ids (integer keys)', async () => {
    const all = await t.api('GET', '/api/v1/permissions?page[size]=3', { token: manager });
    const wanted = all.body.data.slice(0, 2).map((p: { id: string }) => p.id);
    const res = await t.api('GET', `/api/v1/permissions?filter[with_ids]=${wanted.join(',')}`, { token: manager });
    expect(res.status).toBe(200);
    expect(res.body.data.map((p: { id: string }) => p.id).sort()).toEqual([...wanted].sort());
    expectErrorDocument(await t.api('GET', '/api/v1/permissions?filter[with_ids]=0190f3a4-1b2c-7d3e-8f40-123456789abc', { token: manager }), 400);
    expectErrorDocument(await t.api('GET', '/api/v1/customers?filter[with_ids]=12', { token: manager }), 400);
  });
});

describe('every error is a JSON:API document, the framework’s too', () => {
  it('414, 404, 400, 413, 415, 405 and 406', async () => {
    expectErrorDocument(await t.api('GET', `/api/v1/customers/${'1'.repeat(400)}`, { token: manager }), 414);
    expectErrorDocument(await t.api('GET', `/api/v1/nothing-here`, { token: manager }), 404);
    expectErrorDocument(await t.api('GET', `/nothing-here`, { token: manager }), 404);
    expectErrorDocument(await t.api('POST', '/api/v1/customers', { token: manager, body: '{"data":' }), 400);
    expectErrorDocument(await t.api('POST', '/api/v1/customers', { token: manager, body: 'x'.repeat(3 * 1024 * 1024) }), 413);
    expectErrorDocument(await t.api('POST', '/api/v1/customers', { token: manager, body: 'a=b', headers: { 'content-type': 'text/plain' } }), 415);
    expectErrorDocument(await t.api('POST', '/api/v1/customers', { token: manager, body: '<a/>', headers: { 'content-type': 'application/xml' } }), 415);
    expectErrorDocument(await t.api('GET', '/api/v1/customers', { token: manager, headers: { accept: 'text/html' } }), 406);
    const english = await t.api('GET', `/api/v1/customers/${'1'.repeat(400)}`, { token: manager, headers: { 'accept-language': 'en' } });
    expect(expectErrorDocument(english, 414)[0].detail).toMatch(/long/i);
  });

  it('a record action without an id (an empty segment) is a 404, not a 500', async () => {
    expectErrorDocument(await t.api('GET', '/api/v1/requests//cancel', { token: manager }), 404);
    expectErrorDocument(await t.api('POST', '/api/v1/requests//assign', { token: manager, body: {} }), 404);
  });

  it('outside the API too: a missing asset or a non-GET path of the web app', async () => {
    const dist = mkdtempSync(join(tmpdir(), 'atelier-dist-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Atelier</title>');
    const app = await buildApp({ config: t.config, database: t.database, webDist: dist, logger: false });
    try {
      const page = await app.inject({ method: 'GET', url: '/vehicles/requests?id=1' });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('Atelier');
      // No other site may frame the app's pages (clickjacking); the embeddable frame says its own.
      expect(page.headers['content-security-policy']).toBe("frame-ancestors 'self'");
      expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
      const embed = await app.inject({ method: 'GET', url: '/embed/vehicle-estimate?key=unknown' });
      expect(embed.headers['content-security-policy']).toBe("frame-ancestors 'self'");
      expect(embed.headers['x-frame-options']).toBeUndefined();
      for (const [method, url] of [['GET', '/assets/missing.js'], ['POST', '/vehicles/requests'], ['DELETE', '/dashboard']] as const) {
        const res = await app.inject({ method, url });
        expect(res.statusCode, url).toBe(404);
        expect(res.headers['content-type']).toContain('application/vnd.api+json');
        expect(res.json().errors[0].detail).toBe("La ressource n'existe pas.");
      }
    } finally {
      await app.close();
    }
  });
});
