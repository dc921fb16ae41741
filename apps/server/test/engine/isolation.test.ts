import { getTableName, sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../src/db/client.ts';
import type { ResourceDefinition } from '../../src/jsonapi/define-resource.ts';
import { AREAS } from '../../src/areas/index.ts';
import { buildRegistry } from '../../src/app.ts';
import { keptTexts } from '../../src/jsonapi/select.ts';
import { hasLocations } from '../../src/access/tenancy.ts';
import { isCreateOnly } from '../../src/jsonapi/relationships.ts';
import { makeUser } from '../factories.ts';

/** The types of the app under test (every area's). */
const registry = buildRegistry(AREAS);
import { createTestApp, demoIds, TEST_INSTANCES, type TestApp } from '../helpers.ts';

/**
 * The generic tenant-isolation test: for EVERY registered type, a user of another tenant tries to
 * list, read, include, update, delete, act on and link to a record of Garage Démo, and the test
 * fails on any leak. A new type is covered without a new test; it only needs demo data of Garage
 * Démo and Autos Rivière (the test says so when it is missing). This is why this file reads the
 * demo rather than making its data with the factories: the demo holds a record of every type of
 * both organizations, and the test checks that it does.
 */

let t: TestApp;
let ids: Awaited<ReturnType<typeof demoIds>>;
const tokens: Record<string, string> = {};

type Tenant = 'Garage Démo' | 'Autos Rivière';

type Owned = Pick<ResourceDefinition, 'table' | 'tenancy'>;

/** Rows kept by a reseller, or owned by a parent, carry no organization_id: whose they are. */
const withoutOrganization = (def: Owned) => !def.tenancy.hasOrganization && (def.tenancy.kind === 'reseller' || def.tenancy.kind === 'owned');

/**
 * The tenant's rows of a table: its organization's; a reseller's row about no organization, one of
 * the organization's reseller; a child without organization_id, one of a parent that is the tenant's.
 */
function ownerClause(def: Owned, org: string): SQL {
  const parent = def.tenancy.parent;
  if (def.tenancy.kind === 'owned' && !def.tenancy.hasOrganization && parent)
    return sql`${sql.identifier(parent.foreignKey)} IN (SELECT id FROM ${sql.identifier(getTableName(parent.def.table))} WHERE ${ownerClause(parent.def, org)})`;
  if (def.tenancy.kind === 'reseller' && !def.tenancy.hasOrganization) return sql`reseller_id = (SELECT reseller_id FROM organizations WHERE id = ${org})`;
  return sql`organization_id = ${org}`;
}

/** Every id of every registered table that belongs to a tenant. */
async function tenantIds(tenant: Tenant): Promise<Set<string>> {
  const org = ids.organizations[tenant];
  const out = new Set<string>([org]);
  for (const def of registry.values()) {
    if (!def.tenancy.hasOrganization) continue;
    const rows = rowsOf<{ id: string }>(
      await t.database.db.execute(sql`SELECT id::text AS id FROM ${sql.identifier(getTableName(def.table))} WHERE organization_id = ${org}`),
    );
    rows.forEach((r) => out.add(r.id));
  }
  // A reseller's own rows (its catalogue, its packages, its tax groups' taxes) belong to its organizations' side.
  for (const def of registry.values()) {
    if (!withoutOrganization(def)) continue;
    const rows = rowsOf<{ id: string }>(await t.database.db.execute(sql`SELECT id::text AS id FROM ${sql.identifier(getTableName(def.table))} WHERE ${ownerClause(def, org)}`));
    rows.forEach((r) => out.add(r.id));
  }
  return out;
}

/** One record of the type belonging to the tenant, or null. */
async function recordOf(def: ResourceDefinition, tenant: Tenant): Promise<string | null> {
  const org = ids.organizations[tenant];
  if (def.tenancy.kind === 'global') return null; // shared reference data (the permission catalogue)
  if (def.tenancy.kind === 'organization-self') return org;
  if (def.tenancy.kind === 'reseller-self') {
    const [r] = rowsOf<{ id: string }>(await t.database.db.execute(sql`SELECT reseller_id::text AS id FROM organizations WHERE id = ${org}`));
    return r?.id ?? null;
  }
  const owner = ownerClause(def, org);
  const [row] = rowsOf<{ id: string }>(
    await t.database.db.execute(
      sql`SELECT id::text AS id FROM ${sql.identifier(getTableName(def.table))} WHERE ${owner} ORDER BY id LIMIT 1`,
    ),
  );
  return row?.id ?? null;
}

const types = () => [...registry.values()].filter((d) => d.tenancy.kind !== 'global');

beforeAll(async () => {
  t = await createTestApp({}, { demo: true });
  ids = await demoIds(t);
  for (const email of ['manager@atelier.test', 'manager2@atelier.test', 'reseller@atelier.test'])
    tokens[email] = await t.login(email);
  // Activity in both organizations, so logs and other derived records exist on each side.
  for (const [email, org] of [
    ['manager@atelier.test', 'Garage Démo'],
    ['manager2@atelier.test', 'Autos Rivière'],
  ] as const) {
    const id = ids.organizations[org];
    await t.api('PATCH', `/api/v1/organizations/${id}`, {
      token: tokens[email],
      body: { data: { type: 'organizations', id, attributes: { phone: '418 555-0100' } } },
    });
  }
});
afterAll(() => t?.close());

const NO_ACCESS = [403, 404];
const UUIDS = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;

describe.each([
  { who: 'manager2@atelier.test', victim: 'Garage Démo' as Tenant, own: 'Autos Rivière' as Tenant },
  { who: 'reseller@atelier.test', victim: 'Autos Rivière' as Tenant, own: 'Garage Démo' as Tenant },
])('$who cannot reach $victim', ({ who, victim, own }) => {
  it('has demo data of both organizations for every type', async () => {
    for (const def of types()) {
      expect(await recordOf(def, victim), `seed a ${victim} record of type ${def.type}`).toBeTruthy();
    }
  });

  it('cannot read, list, filter to or include the records', async () => {
    const token = tokens[who];
    const forbidden = await tenantIds(victim);
    for (const def of types()) {
      const id = await recordOf(def, victim);
      if (!id) continue;
      const base = `/api/v1/${def.type}`;
      const get = await t.api('GET', `${base}/${id}`, { token });
      expect(NO_ACCESS, `GET ${def.type}/${id}: ${get.status}`).toContain(get.status);

      // Every relationship to a type this app serves (one to an absent type is an unknown include: 400).
      const includes = Object.entries(def.relationships ?? {})
        .filter(([, r]) => r.kind === 'polymorphic' || registry.has(r.type))
        .map(([name]) => name)
        .join(',');
      for (const url of [
        `${base}?filter[with_ids]=${id}`,
        `${base}?filter[organization]=${ids.organizations[victim]}`,
        `${base}?page[size]=100${includes ? `&include=${includes}` : ''}`,
      ]) {
        const res = await t.api('GET', url, { token });
        if (res.status === 403) continue;
        expect(res.status, url).toBe(200);
        // Every id the answer holds, anywhere in it, against the victim's: one pass over the body
        // (looking each forbidden id up in the whole text made this test minutes long on a busy machine).
        const leaked = [...new Set(JSON.stringify(res.body).toLowerCase().match(UUIDS) ?? [])].filter((x) => forbidden.has(x));
        expect(leaked, `${url} leaks ${victim} records`).toEqual([]);
      }
    }
    // Every type, a dozen calls each: the time grows with the types served (an organization's manager's
    // lists with every include: 59 s alone with two instances beside the browser tests, 123 s once).
  }, 300_000);

  it('cannot update, delete or run actions on the records', async () => {
    const token = tokens[who];
    for (const def of types()) {
      const id = await recordOf(def, victim);
      if (!id) continue;
      const base = `/api/v1/${def.type}`;
      // A verb the type does not serve is a 405 for everyone, which says nothing of the record.
      const served = { update: true, delete: true, ...def.operations };
      const patch = await t.api('PATCH', `${base}/${id}`, { token, body: { data: { type: def.type, id, attributes: {} } } });
      expect(served.update ? NO_ACCESS : [405], `PATCH ${def.type}: ${patch.status}`).toContain(patch.status);
      const del = await t.api('DELETE', `${base}/${id}`, { token });
      expect(served.delete ? NO_ACCESS : [405], `DELETE ${def.type}: ${del.status}`).toContain(del.status);
      expect(await recordOf(def, victim), `${def.type} still there`).toBe(id);
      for (const [name, action] of Object.entries(def.actions ?? {})) {
        if (action.collection) continue;
        const path = (action.path ?? `:id/${name}`).replace(':id', id);
        const res = await t.api(action.method ?? 'POST', `${base}/${path}`, { token, body: action.method === 'GET' ? undefined : {} });
        expect(NO_ACCESS, `${action.method ?? 'POST'} ${def.type}/${path}: ${res.status}`).toContain(res.status);
      }
    }
  });

  it('cannot link its own records to the records', async () => {
    const token = tokens[who];
    for (const def of types()) {
      const mine = await recordOf(def, own);
      if (!mine) continue;
      for (const [name, rel] of Object.entries(def.relationships ?? {})) {
        if (rel.readOnly || isCreateOnly(rel)) continue;
        const target = registry.resource(rel.type);
        const theirs = await recordOf(target, victim);
        if (!theirs) continue;
        const linkage = { type: rel.type, id: theirs };
        const res = await t.api('PATCH', `/api/v1/${def.type}/${mine}`, {
          token,
          body: { data: { type: def.type, id: mine, relationships: { [name]: { data: rel.kind === 'belongsTo' ? linkage : [linkage] } } } },
        });
        expect([403, 404, 422], `PATCH ${def.type}.${name} -> ${victim} ${rel.type}: ${res.status}`).toContain(res.status);
      }
    }
  });
});

/**
 * Within an organization: a user restricted to Montréal, holding every permission, against one
 * record of every type whose rows carry locations, given to Laval only. Such a record does not
 * exist for them, whichever way they ask, and no document names it, not even in a relationship's
 * linkage (an id alone tells what exists: decisions.md).
 */
describe('a user restricted to locations', () => {
  const hidden = new Map<string, string>();
  let token: string;
  beforeAll(async () => {
    const garage = ids.organizations['Garage Démo'];
    const me = await makeUser(t, garage, { permissions: 'all', restrict_to_locations: true, location_ids: [ids.locations['Garage Démo Montréal']] });
    token = me.token;
    for (const def of types().filter((d) => hasLocations(d.table) && d.tenancy.kind !== 'personal')) {
      const table = sql.identifier(getTableName(def.table));
      const [row] = rowsOf<{ id: string }>(
        await t.database.db.execute(sql`SELECT id::text AS id FROM ${table} WHERE organization_id = ${garage} AND id <> ${me.id} ORDER BY id LIMIT 1`),
      );
      expect(row, `seed a Garage Démo record of type ${def.type}`).toBeTruthy();
      await t.database.db.execute(sql`UPDATE ${table} SET location_ids = ARRAY[${ids.locations['Garage Démo Laval']}]::uuid[] WHERE id = ${row.id}`);
      hidden.set(def.type, row.id);
    }
  });

  it('covers every type whose rows carry locations, roles included', () => {
    expect([...hidden.keys()]).toEqual(expect.arrayContaining(['roles', 'users', 'vehicles', 'inspections']));
  });

  it('cannot read, list, filter to, include, change or delete a record of another location', async () => {
    const laval = ids.locations['Garage Démo Laval'];
    for (const [type, id] of hidden) {
      const base = `/api/v1/${type}`;
      const def = registry.resource(type);
      const served = { get: true, update: true, delete: true, ...def.operations };
      for (const [method, verb, body] of [['GET', 'get'], ['PATCH', 'update', { data: { type, id, attributes: {} } }], ['DELETE', 'delete']] as const) {
        const res = await t.api(method, `${base}/${id}`, { token, body });
        // A verb the type does not serve is a 405 for everyone, which says nothing of the record.
        expect(res.status, `${method} ${type}/${id}`).toBe(served[verb] ? 404 : 405);
      }
      for (const url of [`${base}?filter[with_ids]=${id}`, `${base}?filter[allowedLocations]=${laval}`]) {
        const res = await t.api('GET', url, { token });
        expect(res.status, url).toBe(200);
        expect(res.body.data.map((r: { id: string }) => r.id), url).not.toContain(id);
      }
    }
  });

  it('finds no hidden record in any list, its includes or its linkage', async () => {
    const secret = new Set(hidden.values());
    for (const def of types()) {
      const includes = Object.entries(def.relationships ?? {})
        .filter(([, r]) => r.kind === 'polymorphic' || registry.has(r.type))
        .map(([name]) => name)
        .join(',');
      for (const url of [`/api/v1/${def.type}?page[size]=100`, `/api/v1/${def.type}?page[size]=100${includes ? `&include=${includes}` : ''}`]) {
        const res = await t.api('GET', url, { token });
        if (res.status === 403) continue;
        expect(res.status, url).toBe(200);
        const named: string[] = [];
        for (const object of [...res.body.data, ...(res.body.included ?? [])]) {
          if (secret.has(object.id)) named.push(`${object.type} ${object.id}`);
          for (const [name, r] of Object.entries((object.relationships ?? {}) as Record<string, { data: unknown }>))
            for (const linked of [r.data].flat() as ({ id: string } | null)[])
              if (linked && secret.has(linked.id)) named.push(`${object.type} ${object.id} ${name} → ${linked.id}`);
        }
        expect(named, url).toEqual([]);
      }
    }
  }, 120_000);

  it('reads and writes a visible record linking a hidden one without naming it', async () => {
    const customer = hidden.get('customers')!;
    const [vehicle] = rowsOf<{ id: string }>(
      await t.database.db.execute(
        sql`UPDATE vehicles SET customer_id = ${customer}, location_ids = '{}' WHERE id = (SELECT id FROM vehicles WHERE organization_id = ${ids.organizations['Garage Démo']} AND id <> ${hidden.get('vehicles')!} ORDER BY id LIMIT 1) RETURNING id::text AS id`,
      ),
    );
    const get = await t.api('GET', `/api/v1/vehicles/${vehicle.id}`, { token });
    expect(get.status).toBe(200);
    expect(get.body.data.relationships.customer.data).toBeNull();
    const patch = await t.api('PATCH', `/api/v1/vehicles/${vehicle.id}`, { token, body: { data: { type: 'vehicles', id: vehicle.id, attributes: { color: 'Rouge' } } } });
    expect(patch.status).toBe(200);
    expect(patch.body.data.relationships.customer.data).toBeNull();
    // The document sent back as read (no customer) keeps the link the reader does not see: others still do.
    const back = await t.api('PATCH', `/api/v1/vehicles/${vehicle.id}`, {
      token,
      body: { data: { type: 'vehicles', id: vehicle.id, relationships: { customer: { data: null } } } },
    });
    expect(back.status).toBe(200);
    const [row] = rowsOf<{ c: string }>(await t.database.db.execute(sql`SELECT customer_id::text AS c FROM vehicles WHERE id = ${vehicle.id}`));
    expect(row.c).toBe(customer);
  });
});

describe('the statement texts the engine keeps (select.ts)', () => {
  it('are shared by the tenants of one shape, hold none of their values, and give each its own rows', async () => {
    const url = '/api/v1/users?include=roles,organization&page[size]=25';
    const garage = await tenantIds('Garage Démo');
    const riviere = await tenantIds('Autos Rivière');
    const manager = tokens['manager@atelier.test'];
    const manager2 = tokens['manager2@atelier.test'];
    // Once on each instance: two apps of one process keep their texts apart (a shape names its registry).
    for (let i = 0; i < TEST_INSTANCES; i++) await t.api('GET', url, { token: manager });
    const kept = keptTexts().length;
    for (const [token, own, other] of [
      [manager2, riviere, garage],
      [manager, garage, riviere],
      [manager2, riviere, garage],
    ] as const) {
      const res = await t.api('GET', url, { token });
      expect(res.status).toBe(200);
      const body = JSON.stringify(res.body);
      expect([...other].filter((id) => body.includes(id)), 'rows of the other tenant').toEqual([]);
      expect(res.body.data.length).toBeGreaterThan(0);
      for (const user of res.body.data) expect(own.has(user.relationships.organization.data.id)).toBe(true);
    }
    // One text for the shape, whichever tenant asks; no kept text holds an id of either tenant.
    expect(keptTexts().length).toBe(kept);
    const texts = keptTexts().join('\n');
    expect([...garage, ...riviere].filter((id) => texts.includes(id))).toEqual([]);
  });
});
