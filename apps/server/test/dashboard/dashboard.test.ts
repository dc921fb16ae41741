import { REQUEST_STATES } from '@atelier/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../src/db/client.ts';
import { createTestApp, demoIds, userWith, type TestApp } from '../helpers.ts';

// What the dashboard reads: GET /requests/list/count, the types the server serves (/app-config)
// and the sentences of recent activity (GET /logs?add_data=subjects).

let t: TestApp;
let ids: Awaited<ReturnType<typeof demoIds>>;
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

/** A draft request of Garage Démo for a VIN, at the given locations, created by the manager. */
async function draft(vin: string, locations: string[]) {
  const res = await t.api('POST', R, {
    token: manager,
    body: {
      data: {
        type: 'requests',
        attributes: { type: 'inspection', vehicle_vin: vin },
        relationships: { allowedLocations: { data: locations.map((id) => ({ type: 'locations', id })) } },
      },
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data.id as string;
}

beforeAll(async () => {
  t = await createTestApp();
  ids = await demoIds(t);
  manager = await t.login('manager@atelier.test');
  inspector = await t.login('inspector@atelier.test');
  manager2 = await t.login('manager2@atelier.test');
});
afterAll(() => t?.close());

describe('GET /requests/list/count', () => {
  it('answers every state with the number of requests in it, in one call', async () => {
    const before = await count(manager);
    expect(Object.keys(before.counts).sort()).toEqual([...REQUEST_STATES].sort());
    const id = await draft('1FTFW1ET5DFC10312', []);
    const assign = await t.api('POST', `${R}/${id}/assign`, { token: manager, body: { data: { type: 'users', id: ids.users['inspector@atelier.test'] } } });
    expect(assign.status).toBe(200);
    await draft('1FTFW1ET5DFC10312', []);
    const after = await count(manager);
    expect(after.counts.draft).toBe(before.counts.draft + 1);
    expect(after.counts.assigned).toBe(before.counts.assigned + 1);
    expect(after.total).toBe(before.total + 2);
    // The same numbers as the list, state by state.
    for (const state of REQUEST_STATES) expect(after.counts[state]).toBe(await listTotal(manager, `filter[state]=${state}`));
  });

  it('never counts another organization’s requests', async () => {
    const own = rowsOf<{ state: string; n: number }>(
      await t.database.db.execute(
        sql`SELECT state, count(*)::int AS n FROM requests WHERE organization_id = ${ids.organizations['Garage Démo']} GROUP BY state`,
      ),
    );
    const counts = (await count(manager)).counts;
    for (const state of REQUEST_STATES) expect(counts[state]).toBe(own.find((r) => r.state === state)?.n ?? 0);
    // Autos Rivière sees its one draft, not Garage Démo's.
    expect((await count(manager2)).counts).toMatchObject({ draft: 1, assigned: 0 });
    // Asking for the other organization through the global filter finds nothing either.
    expect((await count(manager, `?filter[organization]=${ids.organizations['Autos Rivière']}`)).total).toBe(0);
  });

  it('counts only the locations of a restricted user, and follows the global location filter', async () => {
    const laval = ids.locations['Garage Démo Laval'];
    const montreal = ids.locations['Garage Démo Montréal'];
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
    const nobody = await userWith(t, 'Garage Démo', 'no-requests@atelier.test', ['view app vehicles']);
    expect((await t.api('GET', `${R}/list/count`, { token: nobody.token })).status).toBe(403);
    expect((await t.api('GET', `${R}/list/count`)).status).toBe(401);
  });
});

describe('GET /app-config', () => {
  it('says which types the server serves and which answer /list/count', async () => {
    const res = await t.api('GET', '/api/v1/app-config');
    expect(res.body.resource_types).toEqual(expect.arrayContaining(['requests', 'vehicles', 'users']));
    expect(res.body.list_counts).toContain('requests');
    // Not served yet: the dashboard shows no card for them.
    for (const type of ['inspections', 'estimations', 'repairs']) {
      expect(res.body.resource_types).not.toContain(type);
      expect(res.body.list_counts).not.toContain(type);
    }
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
    await t.api('POST', `${R}/${id}/assign`, { token: manager, body: { data: { type: 'users', id: ids.users['inspector@atelier.test'] } } });
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
    const created = await t.api('POST', '/api/v1/customers', {
      token: manager,
      body: { data: { type: 'customers', attributes: { type: 'individual', firstname: 'Odile', lastname: 'Vanier' } } },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.data.id;
    expect((await t.api('DELETE', `/api/v1/customers/${id}`, { token: manager })).status).toBe(204);
    const { data, subjects: s } = await subjects(`filter[subject_id]=${id}`);
    expect(data.map((l) => l.attributes.event).sort()).toEqual(['created', 'deleted']);
    for (const l of data) expect(s[l.id]).toEqual({ label: 'Odile Vanier', visible: false });
  });
});
