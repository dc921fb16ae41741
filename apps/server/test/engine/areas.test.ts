import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, buildRegistry } from '../../src/app.ts';
import { defineArea } from '../../src/areas/area.ts';
import { adminArea } from '../../src/areas/admin/index.ts';
import { AREAS } from '../../src/areas/index.ts';
import { importsArea } from '../../src/areas/imports/index.ts';
import { requestsArea } from '../../src/areas/requests/index.ts';
import { vehiclesImport } from '../../src/areas/vehicles/vehicles.import.ts';
import { createTestApp, type TestApp } from '../helpers.ts';
import { makeWorld, type World } from '../factories.ts';

/**
 * Areas are explicit modules (issue 9 §5): an app serves the areas it is given and only those,
 * each app with its own registry, and reactions to writes come through the areas' hooks.
 */

let commits = 0;
/** An area with no type of its own, listening to the engine's commits. */
const listener = defineArea({ name: 'listener', resources: [], hooks: { afterCommit: () => void commits++ } });

let t: TestApp;
let w: World;
let admin: string;
let manager: string;

beforeAll(async () => {
  t = await createTestApp({}, { areas: [adminArea, listener] });
  w = await makeWorld(t);
  admin = w.admin.token;
  manager = w.manager.token;
});
afterAll(() => t?.close());

describe('an app built with one area', () => {
  it('serves that area’s types and routes, and no other', async () => {
    expect((await t.api('GET', '/api/v1/users', { token: admin })).status).toBe(200);
    for (const path of ['/api/v1/vehicles', '/api/v1/requests/list/count', '/api/v1/imports/models', '/api/v1/customers']) {
      const res = await t.api('GET', path, { token: admin });
      expect(res.status, path).toBe(404);
      expect(res.body.errors[0].code).toBe('error.route_not_found');
    }
    const config = (await t.app.inject({ method: 'GET', url: '/api/v1/app-config' })).json();
    expect(config.resource_types).toEqual([...adminArea.resources.map((d) => d.type)].sort());
    expect(config.list_counts).toEqual([]);
    const contract = (await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json();
    expect(Object.keys(contract.paths).some((p) => p.startsWith('/vehicles'))).toBe(false);
    expect(contract.components.schemas.vehicles).toBeUndefined();
  });

  it('shares no declaration with another app of the same process', async () => {
    const full = await buildApp({ config: t.config, database: t.database, webDist: null, logger: false });
    try {
      const res = await full.inject({ method: 'GET', url: '/api/v1/vehicles', headers: { authorization: `Bearer ${manager}` } });
      expect(res.statusCode).toBe(200);
    } finally {
      await full.close();
    }
    expect((await t.api('GET', '/api/v1/vehicles', { token: manager })).status).toBe(404);
  });

  it('runs the areas’ afterCommit hooks once a write commits, not when it is refused', async () => {
    const me = w.manager.id;
    const before = commits;
    const refused = await t.api('DELETE', `/api/v1/users/${me}`, { token: manager });
    expect(refused.status).toBe(403);
    expect(commits).toBe(before);
    const tag = await t.api('POST', '/api/v1/tags', { token: manager, body: { data: { type: 'tags', attributes: { name: 'Areas', color: 'red' } } } });
    expect(tag.status).toBe(201);
    expect(commits).toBe(before + 1);
  });
});

describe('the registry of an app', () => {
  it('refuses an area without the areas its relationships point to', () => {
    expect(() => buildRegistry([requestsArea])).toThrow(/requests\.organization points to organizations/);
  });

  it('offers the import models of the areas it is given, and refuses one whose type it does not serve', async () => {
    const withImports = await buildApp({ config: t.config, database: t.database, webDist: null, logger: false, areas: [adminArea, importsArea] });
    try {
      const res = await withImports.inject({ method: 'GET', url: '/api/v1/imports/models', headers: { authorization: `Bearer ${admin}` } });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toEqual([]);
    } finally {
      await withImports.close();
    }
    expect([...buildRegistry(AREAS).importModels.keys()].sort()).toEqual(['contacts', 'customers', 'suppliers', 'vehicle-sales', 'vehicles']);
    const stray = defineArea({ name: 'stray', resources: [], importModels: [vehiclesImport] });
    expect(() => buildRegistry([adminArea, stray])).toThrow('Import model vehicles writes vehicles, which no area given to the app declares');
  });

  it('refuses a type declared by two areas', () => {
    expect(() => buildRegistry([...AREAS, defineArea({ name: 'copy', resources: [adminArea.resources[0]] })])).toThrow('Resource type users declared twice');
  });
});
