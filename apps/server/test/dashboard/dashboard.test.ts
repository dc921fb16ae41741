import { requestWorkflow } from '@atelier/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../src/db/client.ts';
import { createTestApp, type TestApp } from '../helpers.ts';
import { makeCustomer, makeOrganization, makeRequest, makeUser, type MadeOrganization } from '../factories.ts';

// What the dashboard reads: GET /requests/list/count, the types the server serves (/app-config)
// and the sentences of recent activity (GET /logs?add_data=subjects).

let t: TestApp;
let garage: MadeOrganization;
let riviere: MadeOrganization;
let inspectorId: string;
let manager: string;
let inspector: string;
let manager2: string;
const R = '/api/v1/requests';

const count = async (token: string, query = '') => {
  const res = await t.api('GET', `${R}/list/count${query}`, { token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.meta as { counts: Record<string, number>; total: number };
};
const listTotal = async (token: string, query: string) => (await t.api('GET', `${R}?page[size]=1&${query}`, { token })).body.meta.page.total as number;

/** A draft request of the garage for a VIN, at the given locations, created by the manager. */
const draft = async (vin: string, locations: string[]) =>
  (await makeRequest(t, manager, { vehicle_vin: vin }, { allowedLocations: { data: locations.map((id) => ({ type: 'locations', id })) } })).id;

beforeAll(async () => {
  t = await createTestApp();
  // A garage with two locations, its manager and an inspector restricted to Montréal; another
  // organization whose manager made one draft.
  garage = await makeOrganization(t, { locations: ['Montréal', 'Laval'] });
  riviere = await makeOrganization(t);
  manager = (await makeUser(t, garage.id)).token;
  ({ token: inspector, id: inspectorId } = await makeUser(t, garage.id, {
    firstname: 'Ivan',
    lastname: 'Tremblay',
    role: 'inspector',
    restrict_to_locations: true,
    location_ids: [garage.locations['Montréal']],
  }));
  manager2 = (await makeUser(t, riviere.id)).token;
  await makeRequest(t, manager2, { vehicle_vin: 'JH4KA7561PC008269' });
});
afterAll(() => t?.close());

describe('GET /requests/list/count', () => {
  it('answers every state with the number of requests in it, in one call', async () => {
    const before = await count(manager);
    expect(Object.keys(before.counts).sort()).toEqual([...requestWorkflow.states].sort());
    const id = await draft('1FTFW1ET5DFC10312', []);
    const assign = await t.api('POST', `${R}/${id}/assign`, { token: manager, body: { data: { type: 'users', id: inspectorId } } });
    expect(assign.status).toBe(200);
    await draft('1FTFW1ET5DFC10312', []);
    const after = await count(manager);
    expect(after.counts.draft).toBe(before.counts.draft + 1);
    expect(after.counts.assigned).toBe(before.counts.assigned + 1);
    expect(after.total).toBe(before.total + 2);
    // The same numbers as the list, state by state.
    for (const state of requestWorkflow.states) expect(after.counts[state]).toBe(await listTotal(manager, `filter[state]=${state}`));
  });

  it('never counts another organization’s requests', async () => {
    const own = rowsOf<{ state: string; n: number }>(
      await t.database.db.execute(
        sql`SELECT state, count(*)::int AS n FROM requests WHERE organization_id = ${garage.id} GROUP BY state`,
      ),
    );
    const counts = (await count(manager)).counts;
    for (const state of requestWorkflow.states) expect(counts[state]).toBe(own.find((r) => r.state === state)?.n ?? 0);
    // The other organization sees its one draft, not the garage's.
    expect((await count(manager2)).counts).toMatchObject({ draft: 1, assigned: 0 });
    // Asking for the other organization through the global filter finds nothing either.
    expect((await count(manager, `?filter[organization]=${riviere.id}`)).total).toBe(0);
  });

  it('counts only the locations of a restricted user, and follows the global location filter', async () => {
    const { Laval: laval, Montréal: montreal } = garage.locations;
    const inspectorBefore = await count(inspector);
    const managerBefore = await count(manager);
    await draft('5YJSA1E26HF000337', [laval]);
    expect((await count(manager)).counts.draft).toBe(managerBefore.counts.draft + 1);
    // The inspector is restricted to Montréal: a Laval request is not theirs to count.
    expect((await count(inspector)).counts.draft).toBe(inspectorBefore.counts.draft);
    await draft('5YJSA1E26HF000338', [montreal]);
    expect((await count(inspector)).counts.draft).toBe(inspectorBefore.counts.draft + 1);
    expect((await count(inspector)).total).toBe(await listTotal(inspector, ''));
    // filter[allowedLocations] narrows as on the list.
    const onlyLaval = await count(manager, `?filter[allowedLocations]=${laval}`);
    expect(onlyLaval.total).toBe(await listTotal(manager, `filter[allowedLocations]=${laval}`));
    expect(onlyLaval.total).toBeLessThan((await count(manager)).total);
  });

  it('takes the list’s filters, refuses unknown ones, and needs the right to list requests', async () => {
    const inspections = await count(manager, '?filter[type]=inspection');
    expect(inspections.total).toBe(await listTotal(manager, 'filter[type]=inspection'));
    expect((await t.api('GET', `${R}/list/count?filter[nope]=1`, { token: manager })).status).toBe(400);
    const nobody = await makeUser(t, garage.id, { permissions: ['view app vehicles'] });
    expect((await t.api('GET', `${R}/list/count`, { token: nobody.token })).status).toBe(403);
    expect((await t.api('GET', `${R}/list/count`)).status).toBe(401);
  });
});

describe('GET /app-config', () => {
  it('says which types the server serves and which answer /list/count', async () => {
    const res = await t.api('GET', '/api/v1/app-config');
    expect(res.body.resource_types).toEqual(expect.arrayContaining(['requests', 'vehicles', 'users', 'inspections', 'inspection-forms', 'estimations', 'repairs']));
    expect(res.body.list_counts).toEqual(expect.arrayContaining(['requests', 'inspections', 'estimations', 'repairs']));
  });
});

describe('GET /logs?add_data=subjects', () => {
  const subjects = async (query: string) => {
    const res = await t.api('GET', `/api/v1/logs?sort=-created_at&add_data=subjects&${query}`, { token: manager });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return { data: res.body.data as { id: string; attributes: Record<string, unknown> }[], subjects: res.body.meta.subjects };
  };

  it('names the subject of each entry and the assignee of an assignment', async () => {
    const id = await draft('1HGCM82633A009999', []);
    await t.api('POST', `${R}/${id}/assign`, { token: manager, body: { data: { type: 'users', id: inspectorId } } });
    const { data, subjects: s } = await subjects(`filter[subject_id]=${id}`);
    const assign = data.find((l) => l.attributes.event === 'assign')!;
    const created = data.find((l) => l.attributes.event === 'created')!;
    // A request is named by its code (D-2026-0004).
    const code = (await t.api('GET', `${R}/${id}`, { token: manager })).body.data.attributes.code;
    expect(code).toMatch(/^D-\d{4}-\d{4}$/);
    expect(s[assign.id]).toEqual({ label: code, visible: true, assignee: 'Ivan Tremblay' });
    expect(s[created.id]).toMatchObject({ label: code, visible: true });
  });

  it('names a deleted record by what the entry kept, and says it can no longer be opened', async () => {
    const { id } = await makeCustomer(t, manager, { firstname: 'Odile', lastname: 'Vanier' });
    expect((await t.api('DELETE', `/api/v1/customers/${id}`, { token: manager })).status).toBe(204);
    const { data, subjects: s } = await subjects(`filter[subject_id]=${id}`);
    expect(data.map((l) => l.attributes.event).sort()).toEqual(['created', 'deleted']);
    for (const l of data) expect(s[l.id]).toEqual({ label: 'Odile Vanier', visible: false });
  });
});
