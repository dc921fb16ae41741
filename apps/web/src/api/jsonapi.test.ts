import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, configureClient, request, urlOf } from './client.ts';
import {
  ApiError,
  buildQuery,
  errorMessage,
  errorsOfBody,
  fieldOfPointer,
  type JsonApiDocument,
} from './jsonapi.ts';
import { deserialize, serialize } from './documents.ts';

describe('buildQuery', () => {
  it('writes page, sort, filters, include and fields in the JSON:API shape', () => {
    expect(
      buildQuery({
        page: { number: 2, size: 10 },
        sort: ['-created_at', 'name'],
        filter: { search: 'dupont', active: true, roles: ['1', '2'] },
        include: ['roles', 'roles.permissions'],
        fields: { organizations: ['name'] },
      }),
    ).toBe(
      'page[number]=2&page[size]=10&sort=-created_at,name&filter[search]=dupont&filter[active]=true' +
        '&filter[roles]=1,2&include=roles,roles.permissions&fields[organizations]=name',
    );
  });

  it('leaves out empty filters and encodes values but not commas', () => {
    expect(buildQuery({ filter: { a: '', b: undefined, c: null, d: [], e: 'x&y=z' } })).toBe('filter[e]=x%26y%3Dz');
    expect(buildQuery({ extra: { ignore_location_filter: true } })).toBe('ignore_location_filter=true');
    expect(buildQuery({})).toBe('');
  });
});

describe('global request rules', () => {
  afterEach(() => configureClient({ globalOrganization: () => null, globalLocations: () => [] }));

  it('adds filter[organization] and filter[allowedLocations] to GET calls only', () => {
    configureClient({ globalOrganization: () => 'org1', globalLocations: () => ['3', '5'] });
    expect(urlOf('/users', { params: { page: { number: 1 } } })).toBe(
      '/api/v1/users?page[number]=1&filter[organization]=org1&filter[allowedLocations]=3,5',
    );
    expect(urlOf('/users', { method: 'POST' })).toBe('/api/v1/users');
    expect(urlOf('/me', { global: false })).toBe('/api/v1/me');
  });

  it('keeps an explicit filter of the screen', () => {
    configureClient({ globalOrganization: () => 'org1', globalLocations: () => [] });
    expect(urlOf('/locations', { params: { filter: { organization: 'org2' } } })).toBe(
      '/api/v1/locations?filter[organization]=org2',
    );
  });
});

describe('deserialize', () => {
  const doc: JsonApiDocument = {
    data: [
      {
        type: 'users',
        id: '1',
        attributes: { firstname: 'Anne', restrict_to_locations: true },
        relationships: {
          roles: { data: [{ type: 'roles', id: '7' }] },
          organization: { data: { type: 'organizations', id: '9' } },
          reseller: { data: null },
          allowedLocations: {},
        },
      },
    ],
    included: [
      {
        type: 'roles',
        id: '7',
        attributes: { name: 'Inspecteur' },
        relationships: { permissions: { data: [{ type: 'permissions', id: '11' }] } },
      },
      { type: 'permissions', id: '11', attributes: { name: 'view app crm' } },
      { type: 'organizations', id: '9', attributes: { name: 'Garage Démo' } },
    ],
    meta: { page: { total: 1 } },
  };

  it('flattens attributes and resolves nested includes', () => {
    const [user] = deserialize(doc) as Record<string, any>[];
    expect(user.firstname).toBe('Anne');
    expect(user.restrict_to_locations).toBe(true);
    expect(user.organization.name).toBe('Garage Démo');
    expect(user.roles[0].name).toBe('Inspecteur');
    expect(user.roles[0].permissions[0].name).toBe('view app crm');
    expect(user.reseller).toBeNull();
    expect('allowedLocations' in user).toBe(false);
  });

  it('turns numeric ids of linkage into strings', () => {
    const one = deserialize({
      data: { type: 'roles', id: 'r1', relationships: { permissions: { data: [{ type: 'permissions', id: 1 as unknown as string }] } } },
      included: [{ type: 'permissions', id: '1', attributes: { name: 'view app crm' } }],
    }) as Record<string, any>;
    expect(one.permissions[0]).toEqual({ id: '1', type: 'permissions', name: 'view app crm' });
  });

  it('handles a single resource, null data and cycles', () => {
    expect(deserialize({ data: null })).toBeNull();
    const one = deserialize({
      data: { type: 'a', id: '1', relationships: { b: { data: { type: 'b', id: '2' } } } },
      included: [{ type: 'b', id: '2', relationships: { a: { data: { type: 'a', id: '1' } } } }],
    }) as Record<string, any>;
    expect(one.b.a).toBe(one);
  });
});

describe('serialize', () => {
  it('writes attributes and relationships from ids', () => {
    expect(
      serialize({
        type: 'users',
        id: '4',
        attributes: { firstname: 'Luc' },
        relationships: {
          roles: { type: 'roles', value: ['1', '2'] },
          organization: { type: 'organizations', value: null },
          reseller: { type: 'resellers', value: '5' },
        },
      }),
    ).toEqual({
      data: {
        type: 'users',
        id: '4',
        attributes: { firstname: 'Luc' },
        relationships: {
          roles: { data: [{ type: 'roles', id: '1' }, { type: 'roles', id: '2' }] },
          organization: { data: null },
          reseller: { data: { type: 'resellers', id: '5' } },
        },
      },
    });
  });
});

describe('error mapping', () => {
  it('maps pointers to field names', () => {
    expect(fieldOfPointer('/data/attributes/email')).toBe('email');
    expect(fieldOfPointer('/data/relationships/allowedLocations/data/0')).toBe('allowedLocations');
    expect(fieldOfPointer('/data')).toBeNull();
    expect(fieldOfPointer(undefined)).toBeNull();
    expect(fieldOfPointer('email')).toBe('email');
  });

  it('collects field errors and general errors', () => {
    const err = new ApiError(422, [
      { status: '422', detail: 'Ce champ est obligatoire', source: { pointer: '/data/attributes/firstname' } },
      { status: '422', detail: 'second', source: { pointer: '/data/attributes/firstname' } },
      { status: '422', detail: 'Le champ doit contenir un email valide', source: { pointer: '/data/attributes/email' } },
      { status: '422', title: 'Invalid' },
    ]);
    expect(err.fieldErrors).toEqual({ firstname: 'Ce champ est obligatoire', email: 'Le champ doit contenir un email valide' });
    expect(err.generalErrors).toHaveLength(1);
  });

  it('reads bodies that are not JSON:API', () => {
    expect(errorsOfBody(500, { message: 'boom' })).toEqual([{ status: '500', detail: 'boom' }]);
    expect(errorsOfBody(502, null)).toEqual([{ status: '502' }]);
  });

  it('shows the last detail, else title, translated under ERRORS when a key exists', () => {
    const tr = (k: string) => ({ PAGE_NOT_ALLOWED: 'Page interdite', SOMETHING_WENT_WRONG: 'Oups' })[k] ?? null;
    expect(errorMessage([{ detail: 'a' }, { detail: 'PAGE_NOT_ALLOWED' }], tr)).toBe('Page interdite');
    expect(errorMessage([{ title: 'Forbidden' }], tr)).toBe('Forbidden');
    expect(errorMessage([{ status: '500' }], tr)).toBe('Oups');
    expect(errorMessage([], () => null)).toBe('Something went wrong');
  });
});

describe('request', () => {
  afterEach(() => configureClient({ token: () => null, onUnauthorized: () => {} }));

  const respond = (status: number, body: unknown, headers: Record<string, string> = {}) =>
    vi.fn(async () => new Response(body === null ? null : JSON.stringify(body), { status, headers }));

  it('sends the JSON:API media type, the locale and the bearer token', async () => {
    configureClient({ token: () => 'tok', locale: () => 'en' });
    const f = respond(200, { data: [], meta: { page: { total: 0 } } });
    const res = await api.list('users', { page: { number: 1, size: 10 } }, { fetchImpl: f as typeof fetch });
    expect(res).toEqual({ data: [], total: 0, meta: { page: { total: 0 } } });
    const [url, init] = f.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/v1/users?page[number]=1&page[size]=10');
    const h = init.headers as Record<string, string>;
    expect(h.Accept).toBe('application/vnd.api+json');
    expect(h['Accept-Language']).toBe('en');
    expect(h.Authorization).toBe('Bearer tok');
    configureClient({ locale: () => 'fr' });
  });

  it('logs out on a 401, except when told not to', async () => {
    const onUnauthorized = vi.fn();
    configureClient({ onUnauthorized });
    const f = respond(401, { errors: [{ status: '401', title: 'Unauthorized' }] });
    await expect(request('/me', { fetchImpl: f as typeof fetch })).rejects.toBeInstanceOf(ApiError);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    await expect(request('/login', { method: 'POST', body: {}, ignoreUnauthorized: true, fetchImpl: f as typeof fetch })).rejects.toThrow();
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('reads Retry-After of a 429 and resolves null on 204', async () => {
    const f = respond(429, { errors: [{ status: '429', detail: 'Trop de tentatives' }] }, { 'Retry-After': '30' });
    const err = (await request('/login', { method: 'POST', body: {}, fetchImpl: f as typeof fetch }).catch((e) => e)) as ApiError;
    expect(err.retryAfter).toBe(30);
    expect(err.message).toBe('Trop de tentatives');
    const g = respond(204, null);
    expect(await request('/logout', { method: 'POST', fetchImpl: g as typeof fetch })).toBeNull();
  });
});
