import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '../../src/db/client.ts';
import { makeInspectionForm, makeOrganization, makeUser, makeVehicle, nextVin } from '../factories.ts';
import { beforeTests, callbackReceiver, fileApp } from '../helpers.ts';
import { E, act, estimate, itemsOf, one, to } from './helpers.ts';

// An estimate drafted from a completed inspection; one piece of work in progress per vehicle
// across inspections and estimations; the callbacks of pending approval and approval.

const t = fileApp({ CALLBACKS_ALLOW_PRIVATE: 'true', CALLBACKS_BACKOFF_SECONDS: '0.3' });
const receiver = callbackReceiver();
const { received } = receiver;

const widget = [
  { option: 'good', points: 10 },
  { option: 'to_replace', points: 0 },
  { option: 'bad', points: 0 },
  { option: 'not_applicable', points: 0 },
];
const PHOTO = '/api/v1/uploads/0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b/content';

/** A new inspection of a new vehicle (unless one is given), as the API makes it. */
async function inspection(vehicleId?: string) {
  const vehicle = vehicleId ?? (await makeVehicle(t, s.admin.token, { vin: nextVin() })).id;
  const res = await t.api('POST', '/api/v1/inspections', {
    token: s.admin.token,
    body: { data: { type: 'inspections', attributes: { odometer: 50_000 }, relationships: { inspectionForm: to('inspection-forms', s.form.id), vehicle: to('vehicles', vehicle) } } },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { id: res.body.data.id as string, vehicle };
}

/** A completed inspection: the tire to replace (worn, photographed), the horn to monitor, the note without action. */
async function completedInspection() {
  const made = await inspection();
  const answer = (name: string, values: ReturnType<typeof sql>) =>
    t.database.db.execute(sql`UPDATE inspection_fields SET touched = true, ${values} WHERE inspection_id = ${made.id} AND field_id = ${s.form.ids[name]}`);
  await answer('Pneu AG', sql`action = 'replace', comment = 'Usure avancée', images = ${JSON.stringify([PHOTO])}::jsonb, score = 20`);
  await answer('Klaxon', sql`action = 'monitor', value = 'true'::jsonb, score = 100`);
  await answer('Remarque', sql`comment = 'RAS'`);
  await t.database.db.execute(sql`UPDATE inspections SET state = 'completed', location_ids = ${`{${s.location}}`}::uuid[] WHERE id = ${made.id}`);
  return made;
}

async function setOption(name: string, value: unknown) {
  const [{ id }] = rowsOf<{ id: string }>(await t.database.db.execute(sql`SELECT id FROM options WHERE organization_id = ${s.orgId} AND name = ${name}`));
  const res = await t.api('PATCH', `/api/v1/options/${id}`, { token: s.admin.token, body: { data: { type: 'options', id, attributes: { value } } } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

async function delivered(event: string, subjectId: string, timeoutMs = 15_000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const got = received.find((r) => r.headers['x-atelier-event'] === event && JSON.parse(r.body).data.id === subjectId);
    if (got) return JSON.parse(got.body);
    if (Date.now() > until) throw new Error(`${event} of ${subjectId} never delivered`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** An organization with its Laval location, its admin, and a form of a tire, a horn and a note (repairs cost more past 10 000 km). */
const s = beforeTests(async () => {
  const org = await makeOrganization(t, { locations: ['Laval'] });
  const admin = await makeUser(t, org.id, { firstname: 'Alice', lastname: 'Admin' });
  const form = await makeInspectionForm(t, admin.token, {
    sections: [
      { name: 'Pneus', subSections: [{ name: 'Avant', fields: [{ name: 'Pneu AG', field_type: 'TIRE_STATE_WIDGET', points_threshold: widget }] }] },
      { name: 'Intérieur', subSections: [{ name: 'Commandes', fields: [{ name: 'Klaxon' }, { name: 'Remarque', field_type: 'TEXT', points_threshold: [] }] }] },
    ],
    // A vehicle past 10 000 km costs a quarter more an hour to repair.
    multipliers: [{ type: 'repair_value', field: 'odometer', operation: 'greater_than', value: '10000', multiplier: '1.25' }],
  });
  return { orgId: org.id, location: org.locations.Laval, admin, form };
});

describe('an estimate from an inspection', () => {
  it('drafts one item per finding with an action: detail, condition, urgency, photos, the rate times the form’s multiplier', async () => {
    const ins = await completedInspection();
    const res = await t.api('POST', `${E}?include=items,inspection`, {
      token: s.admin.token,
      body: { data: { type: 'estimations', attributes: { type: 'customer' }, relationships: { inspection: to('inspections', ins.id) } } },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data.relationships.vehicle.data.id).toBe(ins.vehicle);
    expect(res.body.data.attributes.repair_value_multiplier).toBe('1.25');
    expect(res.body.data.relationships.allowedLocations.data.map((l: { id: string }) => l.id)).toEqual([s.location]);
    const items = itemsOf(res.body).map((i: any) => ({ ...i.attributes, field: i.relationships.inspectionField.data?.id }));
    expect(items).toHaveLength(2);
    const fieldId = async (name: string) =>
      (await one<{ id: string }>(t, sql`SELECT id FROM inspection_fields WHERE inspection_id = ${ins.id} AND field_id = ${s.form.ids[name]}`)).id;
    expect(items[0]).toMatchObject({ detail: 'Pneu AG — Usure avancée', condition: 'to_replace', urgency: 'urgent', images: [PHOTO], quantity: '1', hourly_rate: 15_000, position: 0, field: await fieldId('Pneu AG') });
    expect(items[1]).toMatchObject({ detail: 'Klaxon', condition: 'to_monitor', urgency: 'monitor', images: [], hourly_rate: 15_000, position: 1 });
    // The inspection knows its estimate; a second one is refused while this one lives.
    const seen = await t.api('GET', `/api/v1/inspections/${ins.id}`, { token: s.admin.token });
    expect(seen.body.data.relationships.estimation.data.id).toBe(res.body.data.id);
    const again = await t.api('POST', E, {
      token: s.admin.token,
      body: { data: { type: 'estimations', attributes: { type: 'customer' }, relationships: { inspection: to('inspections', ins.id) } } },
      headers: { 'accept-language': 'en' },
    });
    expect(again.status).toBe(409);
    expect(again.body.errors[0]).toMatchObject({ source: { pointer: '/data/relationships/inspection' }, detail: `This inspection already has its estimate (${res.body.data.attributes.code}).` });
    // Canceled, it makes room for a new one.
    await act(t, res.body.data.id, 'cancel', s.admin);
    const third = await t.api('POST', E, { token: s.admin.token, body: { data: { type: 'estimations', attributes: { type: 'customer' }, relationships: { inspection: to('inspections', ins.id) } } } });
    expect(third.status).toBe(201);
  });

  it('is made only from a finished inspection (409, nothing written)', async () => {
    const ins = await inspection();
    const before = (await one<{ n: number }>(t, sql`SELECT count(*)::int AS n FROM estimations`)).n;
    const res = await t.api('POST', E, { token: s.admin.token, body: { data: { type: 'estimations', attributes: { type: 'customer' }, relationships: { inspection: to('inspections', ins.id) } } } });
    expect(res.status).toBe(409);
    expect(res.body.errors[0].detail).toBe('Une estimation se fait à partir d’une inspection complétée (celle-ci est « À assigner »).');
    expect((await one<{ n: number }>(t, sql`SELECT count(*)::int AS n FROM estimations`)).n).toBe(before);
  });
});

describe('the repair of an estimate from an inspection', () => {
  it('puts the inspection in repair, and back where it was when the approval is redone', async () => {
    const ins = await completedInspection();
    const made = await t.api('POST', E, { token: s.admin.token, body: { data: { type: 'estimations', attributes: { type: 'customer' }, relationships: { inspection: to('inspections', ins.id) } } } });
    expect(made.status).toBe(201);
    const id = made.body.data.id as string;
    expect((await act(t, id, 'by-pass', s.admin)).status).toBe(200);
    const stateOfInspection = async () => (await one<{ state: string }>(t, sql`SELECT state FROM inspections WHERE id = ${ins.id}`)).state;
    expect(await stateOfInspection()).toBe('repairing');
    const repair = await one<{ id: string; inspection_id: string }>(t, sql`SELECT r.id, r.inspection_id FROM repairs r JOIN estimations e ON e.repair_id = r.id WHERE e.id = ${id}`);
    expect(repair.inspection_id).toBe(ins.id);
    const seen = await t.api('GET', `/api/v1/inspections/${ins.id}?include=repair`, { token: s.admin.token });
    expect(seen.body.data.relationships.repair.data.id).toBe(repair.id);
    expect((await act(t, id, 'redo-approve', s.admin)).status).toBe(200);
    expect(await stateOfInspection()).toBe('completed');
    expect((await t.api('GET', `/api/v1/inspections/${ins.id}`, { token: s.admin.token })).body.data.relationships.repair.data).toBeNull();
  });
});

describe('redoing the inspection', () => {
  it('cancels the estimate made from it', async () => {
    const ins = await completedInspection();
    const made = await t.api('POST', E, { token: s.admin.token, body: { data: { type: 'estimations', attributes: { type: 'customer' }, relationships: { inspection: to('inspections', ins.id) } } } });
    expect(made.status).toBe(201);
    const redo = await t.api('POST', `/api/v1/inspections/${ins.id}/redo`, { token: s.admin.token, body: {} });
    expect(redo.status, JSON.stringify(redo.body)).toBe(200);
    const after = await t.api('GET', `${E}/${made.body.data.id}`, { token: s.admin.token });
    expect(after.body.data.attributes.state).toBe('canceled');
    expect(after.body.data.relationships.canceledBy.data.id).toBe(s.admin.id);
  });

  it('cancels the approved estimate and the repair it opened; a repair whose work is done keeps both', async () => {
    const make = async () => {
      const ins = await completedInspection();
      const made = await t.api('POST', E, { token: s.admin.token, body: { data: { type: 'estimations', attributes: { type: 'customer' }, relationships: { inspection: to('inspections', ins.id) } } } });
      const id = made.body.data.id as string;
      expect((await act(t, id, 'by-pass', s.admin)).status).toBe(200);
      const { repair_id } = await one<{ repair_id: string }>(t, sql`SELECT repair_id FROM estimations WHERE id = ${id}`);
      return { ins, id, repair_id };
    };
    const live = await make();
    expect((await t.api('POST', `/api/v1/inspections/${live.ins.id}/redo`, { token: s.admin.token, body: {} })).status).toBe(200);
    expect(await one(t, sql`SELECT state FROM estimations WHERE id = ${live.id}`)).toEqual({ state: 'canceled' });
    expect(await one(t, sql`SELECT state FROM repairs WHERE id = ${live.repair_id}`)).toEqual({ state: 'canceled' });

    const done = await make();
    await t.database.db.execute(sql`UPDATE repairs SET state = 'completed' WHERE id = ${done.repair_id}`);
    expect((await t.api('POST', `/api/v1/inspections/${done.ins.id}/redo`, { token: s.admin.token, body: {} })).status).toBe(200);
    expect(await one(t, sql`SELECT state FROM estimations WHERE id = ${done.id}`)).toEqual({ state: 'approved' });
    expect(await one(t, sql`SELECT state FROM repairs WHERE id = ${done.repair_id}`)).toEqual({ state: 'completed' });
  });
});

describe('one inspection or estimation in progress per vehicle', () => {
  it('refuses an estimate’s start while an inspection of the vehicle is in progress, and the other way round (fr, en)', async () => {
    const ins = await inspection();
    expect((await t.api('POST', `/api/v1/inspections/${ins.id}/start`, { token: s.admin.token, body: {} })).status).toBe(200);
    const { id } = await estimate(t, s.admin, { vehicle: ins.vehicle });
    const refused = await act(t, id, 'start-components', s.admin);
    expect(refused.status).toBe(409);
    expect(refused.body.errors[0].detail).toBe('Une inspection est déjà en cours pour ce véhicule');
    expect(await one<{ state: string }>(t, sql`SELECT state FROM estimations WHERE id = ${id}`)).toEqual({ state: 'pending' });
    await t.api('GET', `/api/v1/inspections/${ins.id}/cancel`, { token: s.admin.token });
    expect((await act(t, id, 'start-components', s.admin)).status).toBe(200);
    const next = await inspection(ins.vehicle);
    const fr = await t.api('POST', `/api/v1/inspections/${next.id}/start`, { token: s.admin.token, body: {} });
    expect(fr.status).toBe(409);
    expect(fr.body.errors[0].detail).toBe('Une estimation est déjà en cours pour ce véhicule');
    const en = await t.api('POST', `/api/v1/inspections/${next.id}/start`, { token: s.admin.token, body: {}, headers: { 'accept-language': 'en' } });
    expect(en.body.errors[0].detail).toBe('An estimate is already in progress for this vehicle');
  });
});

describe('callbacks', () => {
  it('sends the estimate when it goes to approval and when it is approved', async () => {
    await setOption('estimations.callback_url_pending_approval', `http://127.0.0.1:${receiver.port}/pending`);
    await setOption('estimations.callback_url_approved', `http://127.0.0.1:${receiver.port}/approved`);
    const { id } = await estimate(t, s.admin);
    for (const route of ['start-components', 'start-times', 'end-components']) expect((await act(t, id, route, s.admin)).status, route).toBe(200);
    expect(received.some((r) => r.headers['x-atelier-event'] === 'estimation.pending_approval' && r.body.includes(id))).toBe(false);
    await act(t, id, 'end-times', s.admin);
    const pending = await delivered('estimation.pending_approval', id);
    expect(pending.data).toMatchObject({ type: 'estimations', id, attributes: { state: 'completed' } });
    await act(t, id, 'valid', s.admin);
    const approved = await delivered('estimation.approved', id);
    expect(approved.data.attributes.state).toBe('approved');
    expect(approved.meta.event).toBe('estimation.approved');
  });
});
