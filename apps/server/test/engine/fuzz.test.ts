import { getTableName, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../src/db/client.ts';
import type { Attribute } from '../../src/jsonapi/attributes.ts';
import type { ResourceDefinition } from '../../src/jsonapi/define-resource.ts';
import { AREAS } from '../../src/areas/index.ts';
import { buildRegistry } from '../../src/app.ts';

/** The types of the app under test (every area's). */
const registry = buildRegistry(AREAS);
import { createTestApp, type TestApp } from '../helpers.ts';
import { userWith } from '../factories.ts';

/**
 * Hostile input over every registered type, from its own declaration: documents built from the
 * declared attributes and relationships (plausible values, hostile strings, numbers past every
 * limit, prototype names, nested junk), random query strings, action bodies. Whatever comes, the
 * server answers no 5xx, every error is a JSON:API error document with a translated detail, and a
 * refused request writes nothing (the type's rows, its join tables and the activity log are
 * unchanged). A new type is fuzzed without a new test.
 *
 * `npm test` runs FUZZ_RUNS (default 12) cases per property and type; `npm run fuzz` runs 300.
 */

const RUNS = Number(process.env.FUZZ_RUNS ?? 12);

let t: TestApp;
const tokens: Record<string, string> = {};
/**
 * Ids of Garage Démo records per type, for relationships and PATCH targets. Like the isolation
 * test, this file reads the demo on purpose: it holds a record of every registered type, so a new
 * type is fuzzed without a factory of its own.
 */
const known = new Map<string, string[]>();
let managerId: string;
let organizationId: string;

const HOSTILE = [
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udfffy',
  'constructor',
  '__proto__',
  'toString',
  'hasOwnProperty',
  "' OR '1'='1",
  "'; DROP TABLE users; --",
  '🚗💨',
  'é'.repeat(300),
  'x'.repeat(20_001),
  '   ',
  '',
  '2026-02-30',
  '0000-01-01T00:00:00Z',
  '+275760-09-13T00:00:00Z',
  '12',
  '-1',
  '1e300',
  'NaN',
  'true',
  'null',
  '{}',
  '<img src=x onerror=alert(1)>',
  '../../../etc/passwd',
  '%00',
  '\\',
  '"',
  'ABC123',
  '5YJ3E1EA7KF317001',
];

const scalar = fc.oneof(
  fc.constantFrom(...HOSTILE),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.integer(),
  fc.double(),
  fc.constantFrom(2 ** 53, -(2 ** 63), 1e300, -0, 0.5, 99999999999),
  fc.boolean(),
  fc.constant(null),
);
const KEYS = fc.oneof(fc.constantFrom('__proto__', 'constructor', 'toString', 'value', 'number', 'type', 'id', 'data'), fc.string({ maxLength: 8 }));
const json: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    scalar,
    fc.array(tie('value'), { maxLength: 3 }),
    fc.dictionary(KEYS, tie('value'), { maxKeys: 3 }),
  ),
})).value;

const isoDate = fc.date({ min: new Date('1700-01-01'), max: new Date('2400-01-01'), noInvalidDate: true });

/** Values a client would send for the attribute's kind, often valid, sometimes just past a limit. */
function plausible(a: Attribute): fc.Arbitrary<unknown> {
  switch (a.kind) {
    case 'enum':
      return fc.constantFrom(...(a.values ?? ['x']));
    case 'integer':
    case 'money':
      return fc.oneof(fc.integer({ min: 0, max: 300_000 }), fc.integer(), fc.nat().map(String));
    case 'decimal':
      return fc.oneof(fc.double({ min: -1e6, max: 1e6, noNaN: true }), fc.double({ noNaN: true }).map(String));
    case 'boolean':
      return fc.oneof(fc.boolean(), fc.constantFrom('true', 'false', '1', '0', 'oui'));
    case 'email':
      return fc.emailAddress();
    case 'date':
      return isoDate.map((d) => d.toISOString().slice(0, 10));
    case 'datetime':
      return isoDate.map((d) => d.toISOString());
    case 'phone':
      return fc.stringMatching(/^\+?[0-9 ().-]{5,22}$/);
    case 'url':
      return fc.webUrl();
    default:
      return fc.string({ maxLength: 60 });
  }
}

const writableAttributes = (def: ResourceDefinition) => Object.entries(def.attributes).filter(([, a]) => !a.readOnly);

function relationshipValue(type: string, toOne: boolean): fc.Arbitrary<unknown> {
  const ids = known.get(type) ?? [];
  const ref = fc.oneof(
    ...(ids.length ? [fc.constantFrom(...ids).map((id) => ({ type, id }))] : []),
    fc.uuid().map((id) => ({ type, id })),
    fc.record({ type: fc.oneof(fc.constant(type), fc.string({ maxLength: 10 })), id: scalar }),
  );
  return fc.oneof(
    toOne ? fc.record({ data: fc.oneof(ref, fc.constant(null)) }) : fc.record({ data: fc.array(ref, { maxLength: 3 }) }),
    json,
  );
}

/**
 * The lines of a child collection: resource objects of the child type, new (no id) or naming a
 * line (of any parent, or none), in any order, with hostile values mixed in.
 */
function childrenValue(type: string): fc.Arbitrary<unknown> {
  const child = registry.find(type)!;
  const ids = known.get(type) ?? [];
  const id = fc.oneof(fc.constant(undefined), ...(ids.length ? [fc.constantFrom(...ids)] : []), fc.uuid(), scalar);
  const item = fc.tuple(id, objectOf(child, false)).map(([i, o]) => (i === undefined ? o : { ...(o as object), id: i }));
  return fc.oneof({ weight: 4, arbitrary: fc.record({ data: fc.array(fc.oneof({ weight: 5, arbitrary: item }, { weight: 1, arbitrary: json }), { maxLength: 4 }) }) }, { weight: 1, arbitrary: json });
}

/** A JSON:API document for the type, mostly well formed, with hostile values and names mixed in. */
function documentOf(def: ResourceDefinition, id?: string): fc.Arbitrary<unknown> {
  return fc.oneof({ weight: 12, arbitrary: fc.record({ data: objectOf(def, true, id) }) }, { weight: 1, arbitrary: json });
}

/** A resource object of the type (a line of a child collection does not nest further). */
function objectOf(def: ResourceDefinition, nest: boolean, id?: string): fc.Arbitrary<unknown> {
  const attributes = fc.record(
    Object.fromEntries(writableAttributes(def).map(([name, a]) => [name, fc.oneof({ weight: 3, arbitrary: plausible(a) }, { weight: 1, arbitrary: json })])),
    { requiredKeys: [] },
  );
  const junk = fc.dictionary(fc.constantFrom('constructor', '__proto__', 'toString', 'hasOwnProperty', 'nope', 'id', 'a\u0000'), json, { maxKeys: 2 });
  const relationships = fc.record(
    Object.fromEntries(
      Object.entries(def.relationships ?? {})
        .filter(([, rel]) => nest || rel.kind !== 'ownsMany')
        .map(([name, rel]) => [name, rel.kind === 'ownsMany' ? childrenValue(rel.type) : relationshipValue(rel.type, rel.kind === 'belongsTo')]),
    ),
    { requiredKeys: [] },
  );
  return fc.record(
    {
      type: fc.oneof({ weight: 9, arbitrary: fc.constant(def.type) }, { weight: 1, arbitrary: scalar }),
      id: id ? fc.oneof({ weight: 9, arbitrary: fc.constant(id) }, { weight: 1, arbitrary: scalar }) : scalar,
      attributes: fc.oneof({ weight: 9, arbitrary: fc.tuple(attributes, junk).map(([a, j]) => ({ ...a, ...j })) }, { weight: 1, arbitrary: json }),
      relationships: fc.oneof({ weight: 4, arbitrary: relationships }, { weight: 1, arbitrary: json }),
    },
    { requiredKeys: ['type', 'attributes'] },
  );
}

const word = fc.oneof(fc.constantFrom(...HOSTILE.filter((h) => h.length < 100)), fc.string({ maxLength: 12 }));
/** A query string over the type's declared filters, sorts and relationships, and names it does not declare. */
function queryOf(def: ResourceDefinition): fc.Arbitrary<string> {
  const names = (xs: string[]) => fc.oneof(fc.constantFrom(...(xs.length ? xs : ['x'])), word);
  const filters = Object.keys(def.filters ?? {}).concat(['with_ids', 'organization', 'allowedLocations']);
  const sorts = (def.sorts ?? []).map((s) => (typeof s === 'string' ? s : s.name));
  const rels = Object.keys(def.relationships ?? {});
  const param = fc.oneof(
    fc.tuple(names(filters), word).map(([f, v]) => [`filter[${f}]`, v]),
    fc.array(fc.tuple(fc.constantFrom('', '-'), names(sorts)), { minLength: 1, maxLength: 3 }).map((s) => ['sort', s.map(([d, n]) => d + n).join(',')]),
    fc.array(names(rels), { minLength: 1, maxLength: 3 }).map((r) => ['include', r.join(',')]),
    fc.tuple(fc.constantFrom('number', 'size', 'offset'), fc.oneof(word, fc.integer().map(String), fc.constantFrom('1e300', '99999999999999999999'))).map(([k, v]) => [`page[${k}]`, v]),
    fc.tuple(fc.oneof(fc.constant(def.type), word), word).map(([ty, f]) => [`fields[${ty}]`, f]),
    fc.tuple(word, word),
  );
  // A URL carries UTF-8: a lone surrogate travels as its replacement character, or as raw bytes.
  const encode = (s: string) => encodeURIComponent(s.replace(/[\ud800-\udfff]/g, (c) => (c < '\udc00' ? '\ufffd' : ''))).replace(/%EF%BF%BD/g, '%ED%A0%80');
  return fc.array(param, { maxLength: 4 }).map((ps) => ps.map(([k, v]) => `${encode(k)}=${encode(v)}`).join('&'));
}

/** What a refused request must leave untouched: the type's rows, its join tables and lines, the activity log. */
async function fingerprint(def: ResourceDefinition): Promise<string> {
  const tables = [getTableName(def.table), 'logs'];
  for (const rel of Object.values(def.relationships ?? {})) {
    if (rel.kind === 'manyToMany') tables.push(getTableName(rel.through));
    if (rel.kind === 'ownsMany') tables.push(getTableName(registry.find(rel.type)!.table));
  }
  // A line written at its own route changes its parent (derived values) and is logged there.
  if (def.tenancy.parent) tables.push(getTableName(def.tenancy.parent.def.table));
  const parts: string[] = [];
  for (const table of tables) {
    const [row] = rowsOf<{ n: string; h: string | null }>(
      await t.database.db.execute(sql`SELECT count(*)::text AS n, md5(string_agg(x::text, ',' ORDER BY x::text)) AS h FROM ${sql.identifier(table)} x`),
    );
    parts.push(`${table}:${row.n}:${row.h}`);
  }
  return parts.join('|');
}

/** No 5xx; an error is a JSON:API error document, translated; a success is a document. */
function checkAnswer(what: string, res: { status: number; body: any; headers: Record<string, unknown> }, opts: { plainSuccess?: boolean } = {}) {
  expect(res.status, `${what} -> ${res.status} ${JSON.stringify(res.body)?.slice(0, 300)}`).toBeLessThan(500);
  if (res.status === 204 || (opts.plainSuccess && res.status < 400)) return;
  expect(String(res.headers['content-type']), what).toContain('application/vnd.api+json');
  if (res.status >= 400) {
    expect(Array.isArray(res.body?.errors), `${what}: ${JSON.stringify(res.body)?.slice(0, 300)}`).toBe(true);
    for (const e of res.body.errors) {
      expect(e.status, what).toBe(String(res.status));
      expect(typeof e.detail === 'string' && e.detail !== e.code, `${what}: untranslated ${e.code}`).toBe(true);
    }
  } else expect(res.body && ('data' in res.body || 'meta' in res.body), what).toBe(true);
}

/** The demo account that may write the type: Garage Démo's manager, else the platform admin. */
function tokenFor(def: ResourceDefinition) {
  const orgType = def.tenancy.kind === 'organization' || def.tenancy.kind === 'owner' || def.tenancy.kind === 'personal' || def.tenancy.kind === 'owned' || def.tenancy.kind === 'attached';
  return orgType ? tokens.manager : tokens.admin;
}

beforeAll(async () => {
  t = await createTestApp({}, { demo: true });
  tokens.manager = await t.login('manager@atelier.test');
  tokens.admin = await t.login('admin@atelier.test');
  const [me] = rowsOf<{ id: string; org: string }>(await t.database.db.execute(sql`SELECT id, organization_id AS org FROM users WHERE email = 'manager@atelier.test'`));
  managerId = me.id;
  organizationId = me.org;
  for (const def of registry.values()) {
    const cols = def.table as unknown as Record<string, unknown>;
    const where = 'organization_id' in cols ? sql` WHERE organization_id = ${me.org}` : sql``;
    const rows = rowsOf<{ id: string }>(await t.database.db.execute(sql`SELECT id::text AS id FROM ${def.table}${where} ORDER BY id LIMIT 4`));
    // The manager's own account is not a target: a valid PATCH could lock the test out.
    known.set(def.type, rows.map((r) => r.id).filter((id) => id !== managerId));
  }
}, 120_000);
afterAll(() => t?.close());

const types = () => [...registry.values()];

describe('fuzz: every declared type answers hostile input without a 5xx or a partial write', () => {
  it.each(types().map((d) => [d.type, d] as const))('%s', async (_type, def) => {
    const token = tokenFor(def);
    const base = `/api/v1/${def.type}`;
    const ops = { list: true, get: true, create: true, update: true, delete: true, ...def.operations };
    const target = known.get(def.type)?.[0];

    await fc.assert(
      fc.asyncProperty(queryOf(def), async (query) => {
        checkAnswer(`GET ${base}?${query}`, await t.api('GET', `${base}?${query}`, { token }));
      }),
      { numRuns: RUNS },
    );

    if (ops.create)
      await fc.assert(
        fc.asyncProperty(documentOf(def), async (body) => {
          const before = await fingerprint(def);
          const res = await t.api('POST', base, { token, body: JSON.stringify(body) });
          checkAnswer(`POST ${base} ${JSON.stringify(body)?.slice(0, 300)}`, res);
          if (res.status >= 400) expect(await fingerprint(def), `POST ${base} refused (${res.status}) but wrote`).toBe(before);
        }),
        { numRuns: RUNS },
      );

    if (ops.update && target)
      await fc.assert(
        fc.asyncProperty(documentOf(def, target), async (body) => {
          const before = await fingerprint(def);
          const res = await t.api('PATCH', `${base}/${target}`, { token, body: JSON.stringify(body) });
          checkAnswer(`PATCH ${base}/${target} ${JSON.stringify(body)?.slice(0, 300)}`, res);
          if (res.status >= 400) expect(await fingerprint(def), `PATCH ${base} refused (${res.status}) but wrote`).toBe(before);
        }),
        { numRuns: RUNS },
      );

    for (const [name, action] of Object.entries(def.actions ?? {})) {
      if (action.method === 'GET' || (!action.collection && !target)) continue;
      const path = `${base}/${(action.path ?? (action.collection ? name : `:id/${name}`)).replace(':id', target ?? '')}`;
      await fc.assert(
        fc.asyncProperty(fc.oneof(json, documentOf(def, target)), async (body) => {
          const before = await fingerprint(def);
          const res = await t.api('POST', path, { token, body: JSON.stringify(body) });
          checkAnswer(`POST ${path} ${JSON.stringify(body)?.slice(0, 300)}`, res);
          if (res.status >= 400) expect(await fingerprint(def), `POST ${path} refused (${res.status}) but wrote`).toBe(before);
        }),
        { numRuns: Math.max(3, Math.ceil(RUNS / 3)) },
      );
    }
  });

  it('the hand-written routes: authentication, profile, paths with hostile segments', async () => {
    const self = await userWith(t, organizationId, 'fuzz-self@garage.test', ['view any users']);
    const field = fc.oneof({ weight: 2, arbitrary: fc.oneof(fc.emailAddress(), fc.string({ maxLength: 20 }), fc.constantFrom('Demo-Atelier-2026', '123456')) }, { weight: 1, arbitrary: json });
    const names = ['email', 'password', 'password_confirmation', 'current_password', 'code', 'token', 'organization_name', 'firstname', 'lastname', 'locale', 'phone', 'redirect_url', 'constructor', '__proto__'];
    const flat = fc.dictionary(fc.constantFrom(...names), field, { maxKeys: 5 });
    const body = fc.oneof(flat, flat.map((attributes) => ({ data: { type: 'users', attributes } })), flat.map((attributes) => ({ data: attributes })), json);
    const routes: [string, string, string | undefined][] = [
      ['POST', '/api/v1/login', undefined],
      ['POST', '/api/v1/verify', undefined],
      ['POST', '/api/v1/verify/resend', undefined],
      ['POST', '/api/v1/register', undefined],
      ['POST', '/api/v1/password-forgot', undefined],
      ['POST', '/api/v1/password-reset', undefined],
      ['PATCH', '/api/v1/me', self.token],
      ['POST', '/api/v1/me/toggle-two-fa', self.token],
    ];
    for (const [method, url, token] of routes)
      await fc.assert(
        fc.asyncProperty(body, async (b) => checkAnswer(`${method} ${url} ${JSON.stringify(b)?.slice(0, 200)}`, await t.api(method as 'POST', url, { token, body: JSON.stringify(b) }), { plainSuccess: !token })),
        { numRuns: RUNS },
      );
    const segment = fc.oneof(fc.uuid(), fc.constantFrom('0', '-1', '1e300', '%00', '%ED%A0%80', '..%2F..%2Fetc', 'constructor', 'a'.repeat(99), '5YJ3E1EA7KF317001'), fc.string({ maxLength: 20 }).map(encodeURIComponent));
    const paths = [
      ...types().map((d) => `/api/v1/${d.type}/`),
      '/api/v1/vehicles/get-by-vin/',
      '/api/v1/uploads/',
      '/api/v1/imports/',
    ];
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...paths), segment, fc.constantFrom('', '/content', '/run-dry', '/errors.csv', '/cancel'), async (path, seg, tail) => {
        const url = `${path}${seg}${path.includes('get-by-vin') ? '' : tail}`;
        // A file or a CSV answers in its own type.
        checkAnswer(`GET ${url}`, await t.api('GET', url, { token: tokens.manager }), { plainSuccess: /content|errors\.csv/.test(url) });
      }),
      { numRuns: RUNS * 10 },
    );
  });

  it('a body nested a hundred thousand levels deep is a 400, not a crash', async () => {
    const deep = '['.repeat(100_000) + ']'.repeat(100_000);
    const res = await t.api('POST', '/api/v1/customers', { token: tokens.manager, body: `{"data":{"type":"customers","attributes":{"firstname":${deep}}}}` });
    checkAnswer('deep body', res);
    expect(res.status).toBe(400);
  });
});
