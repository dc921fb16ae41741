import type { Permission } from '@atelier/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../src/db/client.ts';
import { makeInspectionForm, makeOrganization, makeUser, makeVehicle, nextVin, toOne, type MadeForm, type MadeUser } from '../factories.ts';
import { createTestApp, type TestApp } from '../helpers.ts';

// What the inspection screen reads (issue 11): the frozen version of the form, the actions the
// user may really do, the previous visit's answers, and the list's filters.

let t: TestApp;
let admin: MadeUser;
let inspector: MadeUser;
let colleague: MadeUser;
let roleMember: MadeUser;
let reader: MadeUser;
let form: MadeForm;
const I = '/api/v1/inspections';
const INSPECTOR: Permission[] = ['view module inspections', 'view any inspections', 'view inspections', 'edit inspections', 'start inspections', 'complete inspections', 'take over inspections'];
const one = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(await t.database.db.execute(query))[0];


async function inspection(vehicle?: string, relationships: Record<string, unknown> = {}) {
  const v = vehicle ?? (await makeVehicle(t, admin.token, { vin: nextVin() })).id;
  const res = await t.api('POST', I, {
    token: admin.token,
    body: { data: { type: 'inspections', attributes: { odometer: 40_000 }, relationships: { inspectionForm: toOne('inspection-forms', form.id), vehicle: toOne('vehicles', v), ...relationships } } },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { id: res.body.data.id as string, vehicle: v };
}
const act = (id: string, action: string, who: MadeUser, body?: object) => t.api('POST', `${I}/${id}/${action}`, { token: who.token, body });
const fieldOf = async (inspectionId: string, name: string) =>
  (await one<{ id: string }>(sql`SELECT id FROM inspection_fields WHERE inspection_id = ${inspectionId} AND field_id = ${form.ids[name]}`)).id;
const answer = (fieldId: string, attributes: Record<string, unknown>, who: MadeUser = admin) =>
  t.api('PATCH', `/api/v1/inspection-fields/${fieldId}`, { token: who.token, body: { data: { type: 'inspection-fields', id: fieldId, attributes } } });
const actionsOf = async (id: string, who: MadeUser) => (await t.api('GET', `${I}/${id}`, { token: who.token })).body.data.attributes.available_actions;

/** An inspection carried to its end: started, both fields answered, signed. */
async function completed(vehicle: string, depth: number, horn: boolean) {
  const { id } = await inspection(vehicle);
  expect((await act(id, 'start', admin)).status).toBe(200);
  expect((await answer(await fieldOf(id, 'Pneu AG'), { value: { value: depth > 4 ? 'good' : 'to_replace', depth_mm: depth } })).status).toBe(200);
  expect((await answer(await fieldOf(id, 'Klaxon'), { value: horn })).status).toBe(200);
  const read = await t.api('GET', `${I}/${id}?include=inspectionFormVersion`, { token: admin.token });
  const reminders = read.body.included[0].attributes.structure.reminders.map((r: any) => r.id);
  const done = await act(id, 'complete', admin, { data: { type: 'inspections', id, attributes: { signature: 'data:image/png;base64,AAAA', checked_reminders: reminders } } });
  expect(done.status, JSON.stringify(done.body)).toBe(200);
  return id;
}

beforeAll(async () => {
  t = await createTestApp();
  const org = await makeOrganization(t);
  admin = await makeUser(t, org.id, { firstname: 'Alice', lastname: 'Admin' });
  inspector = await makeUser(t, org.id, { firstname: 'Ines', lastname: 'Inspectrice', permissions: INSPECTOR });
  colleague = await makeUser(t, org.id, { firstname: 'Carl', lastname: 'Collègue', permissions: INSPECTOR });
  roleMember = await makeUser(t, org.id, { permissions: INSPECTOR });
  reader = await makeUser(t, org.id, { permissions: ['view module inspections', 'view any inspections', 'view inspections'] });
  form = await makeInspectionForm(t, admin.token, {
    reminders: [{ text: 'Clés rendues' }],
    notes: [{ minimum_value: 0, maximum_value: 100, text: 'Vu' }],
    sections: [
      {
        name: 'Pneus',
        subSections: [
          {
            name: 'Avant',
            fields: [
              {
                name: 'Pneu AG',
                field_type: 'TIRE_STATE_WIDGET',
                points_threshold: [
                  { option: 'good', points: 10 },
                  { option: 'to_replace', points: 0 },
                  { option: 'bad', points: 0 },
                  { option: 'not_applicable', points: 0 },
                ],
              },
              { name: 'Klaxon' },
            ],
          },
        ],
      },
    ],
  });
});
afterAll(() => t?.close());

describe('the frozen version of the form', () => {
  it('is served with the inspection, and editing the live form changes neither it nor the scores', async () => {
    const { id } = await inspection();
    const read = () => t.api('GET', `${I}/${id}?include=inspectionFormVersion,inspectionFields`, { token: inspector.token });
    const before = await read();
    expect(before.status).toBe(200);
    const version = before.body.included.find((r: any) => r.type === 'inspection-form-versions');
    expect(before.body.data.relationships.inspectionFormVersion.data).toEqual({ type: 'inspection-form-versions', id: version.id });
    const structure = version.attributes.structure;
    expect(structure.sections[0]).toMatchObject({ name: 'Pneus', subSections: [{ name: 'Avant', fields: [{ name: 'Pneu AG', field_type: 'TIRE_STATE_WIDGET' }, { name: 'Klaxon' }] }] });
    expect(structure.reminders).toEqual([expect.objectContaining({ text: 'Clés rendues' })]);
    expect(structure.notes).toEqual([{ minimum_value: 0, maximum_value: 100, text: 'Vu', text_en: null }]);

    // The live form changes: a field renamed and rescored, a section added.
    const edited = await t.api('PATCH', `/api/v1/inspection-form-section-fields/${form.ids.Klaxon}`, {
      token: admin.token,
      body: { data: { type: 'inspection-form-section-fields', id: form.ids.Klaxon, attributes: { name: 'Avertisseur', points_threshold: [{ option: 'yes', points: 40 }, { option: 'no', points: 10 }] } } },
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    const after = await read();
    expect(after.body.included).toEqual(before.body.included);
    expect(after.body.data.attributes.score_data).toEqual(before.body.data.attributes.score_data);
    // The version is its own read-only resource too.
    const direct = await t.api('GET', `/api/v1/inspection-form-versions/${version.id}`, { token: inspector.token });
    expect(direct.body.data.attributes.structure).toEqual(structure);
    const patch = await t.api('PATCH', `/api/v1/inspection-form-versions/${version.id}`, { token: admin.token, body: { data: { type: 'inspection-form-versions', id: version.id, attributes: {} } } });
    expect(patch.status).toBe(405); // versions are read only: not served (issue 28 §3)
    await t.api('PATCH', `/api/v1/inspection-form-section-fields/${form.ids.Klaxon}`, {
      token: admin.token,
      body: { data: { type: 'inspection-form-section-fields', id: form.ids.Klaxon, attributes: { name: 'Klaxon', points_threshold: [{ option: 'yes', points: 5 }, { option: 'no', points: 0 }] } } },
    });
  });

  it('is not readable without a right to inspections or forms', async () => {
    const org = await makeOrganization(t);
    const stranger = await makeUser(t, org.id, { permissions: ['view any vehicles'] });
    expect((await t.api('GET', '/api/v1/inspection-form-versions', { token: stranger.token })).status).toBe(403);
  });
});

describe('available actions follow the user asking', () => {
  it('per role and record policy, before and during the work', async () => {
    const roleId = (await one<{ role_id: string }>(sql`SELECT role_id FROM user_roles WHERE user_id = ${roleMember.id}`)).role_id;
    const { id } = await inspection(undefined, { assignedToUsers: { data: [{ type: 'users', id: inspector.id }] } });
    expect(await actionsOf(id, admin)).toEqual(['assign', 'start', 'cancel']);
    expect(await actionsOf(id, inspector)).toEqual(['start']);
    // Not an assignee: the server would refuse the start (403), so it is not offered.
    expect(await actionsOf(id, colleague)).toEqual([]);
    expect((await act(id, 'start', colleague)).status).toBe(403);
    expect(await actionsOf(id, reader)).toEqual([]);

    // Assigned to a role: its members may start it.
    const byRole = await inspection(undefined, { assignedToRoles: { data: [{ type: 'roles', id: roleId }] } });
    expect(await actionsOf(byRole.id, roleMember)).toEqual(['start']);
    expect(await actionsOf(byRole.id, colleague)).toEqual([]);

    expect((await act(id, 'start', inspector)).status).toBe(200);
    expect(await actionsOf(id, inspector)).toEqual(['complete', 'reset_section', 'set_section_good']);
    expect(await actionsOf(id, colleague)).toEqual(['take_over']);
    expect(await actionsOf(id, admin)).toEqual(['take_over', 'cancel']);
    expect(await actionsOf(id, reader)).toEqual([]);
    // Each offered action succeeds: the colleague takes it over, and the roles swap.
    expect((await act(id, 'take-over', colleague)).status).toBe(200);
    expect(await actionsOf(id, colleague)).toEqual(['complete', 'reset_section', 'set_section_good']);
    expect(await actionsOf(id, inspector)).toEqual(['take_over']);
    // Lists answer the same, per record.
    const list = await t.api('GET', `${I}?filter[with_ids]=${id},${byRole.id}&sort=created_at`, { token: colleague.token });
    expect(list.body.data.map((r: any) => r.attributes.available_actions)).toEqual([['complete', 'reset_section', 'set_section_good'], []]);
  });
});

describe('the previous inspection', () => {
  it('is the last one carried to its end on the vehicle with the form, with its answers', async () => {
    const vehicle = (await makeVehicle(t, admin.token, { vin: nextVin() })).id;
    const fresh = await inspection(vehicle);
    const none = await t.api('GET', `${I}/${fresh.id}?add_data=previousInspection`, { token: inspector.token });
    expect(none.status).toBe(200);
    expect(none.body.meta.previousInspection).toEqual({ [fresh.id]: null });

    const first = await completed(vehicle, 8, true);
    const second = await completed(vehicle, 3, false);
    // One canceled and one of another vehicle do not count.
    const canceled = await inspection(vehicle);
    expect((await t.api('GET', `${I}/${canceled.id}/cancel`, { token: admin.token })).status).toBe(200);
    await completed((await makeVehicle(t, admin.token, { vin: nextVin() })).id, 9, true);

    const res = await t.api('GET', `${I}/${fresh.id}?add_data=previousInspection`, { token: inspector.token });
    const previous = res.body.meta.previousInspection[fresh.id];
    expect(previous).toMatchObject({ id: second, state: 'completed', odometer: 40_000 });
    expect(previous.code).toMatch(/^I-\d{4}-\d{6}$/);
    expect(previous.fields[form.ids['Pneu AG']]).toMatchObject({ value: { value: 'to_replace', depth_mm: 3 } });
    expect(previous.fields[form.ids.Klaxon]).toMatchObject({ value: false });
    // The second's own reference is the first (completed before it).
    const ofSecond = await t.api('GET', `${I}?filter[with_ids]=${second},${first}&add_data=previousInspection`, { token: inspector.token });
    expect(ofSecond.body.meta.previousInspection[second]).toMatchObject({ id: first });
    expect(ofSecond.body.meta.previousInspection[first]).toBeNull();
  });
});

describe('list filters', () => {
  it('by score bounds, creation dates and inspector; a bad value is a 400', async () => {
    const assigned = await inspection(undefined, { assignedToUsers: { data: [{ type: 'users', id: colleague.id }] } });
    const list = async (query: string) => {
      const res = await t.api('GET', `${I}?page[size]=100&${query}`, { token: admin.token });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.data.map((r: any) => r.id) as string[];
    };
    const all = await list('');
    const scores = new Map((await t.api('GET', `${I}?page[size]=100`, { token: admin.token })).body.data.map((r: any) => [r.id, r.attributes.vehicle_score]));
    const between = await list('filter[vehicle_score_min]=50&filter[vehicle_score_max]=100');
    expect(between.length).toBeGreaterThan(0);
    expect(between.every((id) => (scores.get(id) as number) >= 50)).toBe(true);
    expect(between.length).toBeLessThan(all.length);
    expect(await list('filter[vehicle_score_max]=-1')).toEqual([]);

    const today = new Date().toISOString().slice(0, 10);
    expect((await list(`filter[created_from]=${today}&filter[created_to]=${today}`)).sort()).toEqual([...all].sort());
    expect(await list('filter[created_to]=2020-01-01')).toEqual([]);
    expect(await list(`filter[created_from]=${new Date(Date.now() + 60_000).toISOString()}`)).toEqual([]);

    expect(await list(`filter[inspector]=${colleague.id}`)).toContain(assigned.id);
    expect(await list(`filter[inspector]=${reader.id}`)).toEqual([]);

    for (const bad of ['filter[vehicle_score_min]=abc', 'filter[created_from]=2026-02-30', 'filter[created_to]=hier', 'filter[inspector]=nope']) {
      const res = await t.api('GET', `${I}?${bad}`, { token: admin.token });
      expect(res.status, bad).toBe(400);
      expect(res.body.errors[0].source.parameter).toBe(bad.split('=')[0]);
    }
  });
});
