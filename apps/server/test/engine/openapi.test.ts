import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Contract } from '../contract.ts';
import { createTestApp, type TestApp } from '../helpers.ts';

let t: TestApp;
let doc: any;

beforeAll(async () => {
  t = await createTestApp();
  doc = (await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json();
});
afterAll(() => t?.close());

describe('the API contract (GET /api/v1/openapi.json)', () => {
  it('answers without a token, as JSON', async () => {
    const res = await t.api('GET', '/api/v1/openapi.json');
    expect(res.status).toBe(200);
    expect(String(res.headers['content-type'])).toMatch(/^application\/json/);
    expect(res.body.openapi).toBe('3.1.0');
  });

  it('is a valid OpenAPI 3.1 document', async () => {
    const result = await new Validator().validate(structuredClone(doc));
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('describes every route the server registered', () => {
    expect(t.app.apiContract().undescribed).toEqual([]);
    // A few of each kind: resources, actions, hand-written routes.
    for (const [path, method] of [
      ['/users', 'get'],
      ['/users/{id}', 'patch'],
      ['/users/{id}/activate', 'get'],
      ['/requests/{id}/assign', 'post'],
      ['/requests/list/count', 'get'],
      ['/notifications/mark-as-read', 'post'],
      ['/login', 'post'],
      ['/me', 'get'],
      ['/uploads/{resource}/{id}/{field}', 'post'],
      ['/imports/{id}/run', 'get'],
      ['/vehicles/get-by-vin/{vin}', 'get'],
    ])
      expect(doc.paths[path]?.[method], `${method} ${path}`).toBeDefined();
  });

  it('states what the declarations know: formats, enums, lengths, required, read-only, write-only', () => {
    const users = doc.components.schemas.users.properties.attributes.properties;
    expect(users.email).toMatchObject({ type: 'string', format: 'email', maxLength: 254 });
    expect(users.firstname.maxLength).toBeLessThanOrEqual(255);
    expect(users.password).toBeUndefined(); // never answered
    expect(users.created_at).toMatchObject({ format: 'date-time', readOnly: true });
    const create = doc.components.schemas['users.create'].properties.data.properties.attributes;
    expect(create.required).toEqual(expect.arrayContaining(['firstname', 'lastname', 'email']));
    expect(create.properties.password.writeOnly).toBe(true);
    expect(create.properties.created_at).toBeUndefined();
    const requests = doc.components.schemas.requests.properties.attributes.properties;
    expect(requests.state.enum).toEqual(expect.arrayContaining(['draft', 'assigned', 'completed']));
    const contacts = doc.components.schemas.contacts.properties.attributes.properties;
    expect(contacts.birthday).toMatchObject({ format: 'date' });
    const products = doc.components.schemas['supplier-products'].properties.attributes.properties;
    expect(products.cost).toMatchObject({ type: ['integer', 'null'], minimum: 0, description: expect.stringContaining('cents') });
    expect(doc.components.schemas.users.properties.relationships.properties.roles.properties.data.type).toBe('array');
  });

  it('lists parameters with their bounds: include, fields, filters, sorts, pages', () => {
    const params = Object.fromEntries(doc.paths['/users'].get.parameters.map((p: any) => [p.name, p]));
    expect(params['page[number]'].schema).toMatchObject({ minimum: 1, maximum: 100_000 });
    expect(params['page[size]'].schema).toMatchObject({ minimum: 1, maximum: 1_000_000 });
    expect(params['filter[search]']).toBeDefined();
    expect(params['filter[with_ids]']).toBeDefined();
    expect(params.include.description).toContain('roles');
    expect(params.fields.style).toBe('deepObject');
    expect(new RegExp(params.sort.schema.pattern).test('-created_at,email')).toBe(true);
    expect(new RegExp(params.sort.schema.pattern).test('password')).toBe(false);
  });

  it('declares bearer security, public routes without it, and JSON:API error documents', () => {
    expect(doc.components.securitySchemes.bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.security).toEqual([{ bearer: [] }]);
    expect(doc.paths['/login'].post.security).toEqual([]);
    expect(doc.paths['/users'].get.security).toBeUndefined();
    const create = doc.paths['/users'].post.responses;
    for (const status of ['400', '401', '403', '413', '415', '422']) expect(create[status].$ref).toBe(`#/components/responses/error${status}`);
    expect(doc.paths['/login'].post.responses['429'].$ref).toBe('#/components/responses/error429');
  });
});

describe('the contract check of the API tests', () => {
  const check = (method: string, url: string, status: number, body: unknown, type = 'application/vnd.api+json') =>
    new Contract(doc).check(method, url, { status, headers: { 'content-type': type }, body, raw: JSON.stringify(body) });

  it('refuses a status the document does not declare for the path', () => {
    expect(() => check('DELETE', '/api/v1/users/1', 200, { jsonapi: { version: '1.1' } })).toThrow(/status 200 is not declared/);
  });

  it('refuses a body off its schema, naming the place', () => {
    expect(() => check('GET', '/api/v1/users', 200, { jsonapi: { version: '1.1' }, data: [{ type: 'users', id: 1 }], meta: {} })).toThrow(
      /does not match.*\/data\/0/,
    );
  });

  it('refuses a path the document does not have, unless it is the router’s 404', () => {
    expect(() => check('GET', '/api/v1/nowhere', 200, {})).toThrow(/no path/);
    expect(() =>
      check('GET', '/api/v1/nowhere', 404, { errors: [{ status: '404', code: 'error.route_not_found', title: 'Not found', detail: 'No route' }] }),
    ).not.toThrow();
  });

  it('refuses a content type the response does not declare', () => {
    expect(() => check('GET', '/api/v1/health', 200, { status: 'ok', database: 'pglite' }, 'text/html')).toThrow(/content type text\/html/);
  });
});

describe('the API reference (GET /api/docs)', () => {
  it('is an HTML page whose assets are served by the application, pointing at the contract', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    const refs = [...page.body.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]);
    expect(refs.length).toBeGreaterThanOrEqual(3);
    for (const ref of refs) {
      expect(ref, 'a local asset').toMatch(/^\/api\/docs\//);
      const asset = await t.app.inject({ method: 'GET', url: ref });
      expect(asset.statusCode, ref).toBe(200);
      expect(asset.body.length, ref).toBeGreaterThan(0);
    }
    const init = await t.app.inject({ method: 'GET', url: '/api/docs/init.js' });
    expect(init.body).toContain("url: '/api/v1/openapi.json'");
    expect(init.body).toContain('validatorUrl: null');
    expect(page.body).not.toMatch(/https?:\/\//);
  });
});
