import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deferredWork } from '../../src/areas/estimations/deferred-work.table.ts';
import { rowsOf } from '../../src/db/client.ts';
import { makeInspectionForm, makeOrganization, makeUser, makeVehicle, nextVin, type MadeForm, type MadeUser } from '../factories.ts';
import { createTestApp, type TestApp } from '../helpers.ts';
import { pdfPages } from '../reports/pdf-text.ts';
import { R, act, one, to } from './world.ts';

// One visit from the counter to the work order (issue 20 points 6 and 7): the request, its
// inspection, the estimate made from it and its repair read the same odometer, and each record
// follows its work to its end (request completed, inspection repaired, deferred work done).

let t: TestApp;
let orgId: string;
let admin: MadeUser;
let form: MadeForm;

const SIGNATURE = 'data:image/png;base64,AAAA';
const post = (url: string, body: object, who = admin) => t.api('POST', `/api/v1${url}`, { token: who.token, body });
const stateOf = async (table: 'requests' | 'inspections' | 'repairs' | 'deferred_work', id: string) =>
  (await one<{ state: string }>(t, sql`SELECT state FROM ${sql.raw(table)} WHERE id = ${id}`)).state;
const logsOf = async (type: string, id: string) =>
  rowsOf<{ event: string; properties: Record<string, any>; causer_id: string | null }>(
    await t.database.db.execute(sql`SELECT event, properties, causer_id FROM logs WHERE subject_type = ${type} AND subject_id = ${id} ORDER BY created_at, id`),
  );
const pdfText = async (url: string) => {
  const res = await t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: { authorization: `Bearer ${admin.token}`, 'accept-language': 'fr' } });
  expect(res.statusCode).toBe(200);
  return (await pdfPages(res.rawPayload)).join('\n');
};

beforeAll(async () => {
  t = await createTestApp();
  const org = await makeOrganization(t);
  orgId = org.id;
  admin = await makeUser(t, org.id, { firstname: 'Alice', lastname: 'Admin' });
  form = await makeInspectionForm(t, admin.token);
});
afterAll(() => t?.close());

/** An inspection asked for at the counter, read at `odometer`, made and completed through the API. */
async function inspectedVisit(vehicle: string, odometer: number, dueAt: string | null = null) {
  const request = await post('/requests', {
    data: { type: 'requests', attributes: { type: 'inspection', due_at: dueAt }, relationships: { vehicle: to('vehicles', vehicle), assignedTo: to('users', admin.id) } },
  });
  expect(request.status, JSON.stringify(request.body)).toBe(201);
  expect(request.body.data.attributes.state).toBe('assigned');
  const made = await post('/inspections', {
    data: { type: 'inspections', attributes: { odometer }, relationships: { inspectionForm: to('inspection-forms', form.id), request: to('requests', request.body.data.id) } },
  });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  const id = made.body.data.id as string;
  expect((await post(`/inspections/${id}/start`, {})).status).toBe(200);
  await t.database.db.execute(sql`UPDATE inspection_fields SET touched = true, score = 100 WHERE inspection_id = ${id}`);
  const done = await post(`/inspections/${id}/complete`, { signature: SIGNATURE });
  expect(done.status, JSON.stringify(done.body)).toBe(200);
  return { request: request.body.data.id as string, inspection: id };
}

describe('one visit', () => {
  it('completes the request when its inspection is completed, as a logged system transition', async () => {
    const vehicle = (await makeVehicle(t, admin.token, { vin: nextVin() })).id;
    const visit = await inspectedVisit(vehicle, 84_500);
    expect(await stateOf('requests', visit.request)).toBe('completed');
    const read = await t.api('GET', `/api/v1/requests/${visit.request}`, { token: admin.token });
    expect(read.body.data.attributes.state).toBe('completed');
    const [log] = (await logsOf('requests', visit.request)).filter((l) => l.event === 'complete');
    expect(log.properties).toMatchObject({ attributes: { state: 'completed' }, cause: { type: 'inspections', id: visit.inspection } });
    expect(log.causer_id).toBe(admin.id);
  });

  it('reads one odometer: the inspection raises the vehicle’s, the estimate and repair keep the visit’s, their PDFs print it', async () => {
    const vehicle = (await makeVehicle(t, admin.token, { vin: nextVin(), odometer: 80_000 })).id;
    const visit = await inspectedVisit(vehicle, 84_500);
    expect((await one<{ odometer: number }>(t, sql`SELECT odometer FROM vehicles WHERE id = ${vehicle}`)).odometer).toBe(84_500);
    const estimate = await post('/estimations', { data: { type: 'estimations', attributes: { type: 'customer' }, relationships: { inspection: to('inspections', visit.inspection) } } });
    expect(estimate.status, JSON.stringify(estimate.body)).toBe(201);
    expect(estimate.body.data.attributes.odometer).toBe(84_500);
    // The vehicle read later at another visit: this visit's documents keep their reading.
    const later = await t.api('PATCH', `/api/v1/vehicles/${vehicle}`, { token: admin.token, body: { data: { type: 'vehicles', id: vehicle, attributes: { odometer: 212_400 } } } });
    expect(later.status, JSON.stringify(later.body)).toBe(200);
    const id = estimate.body.data.id as string;
    const passed = await post(`/estimations/${id}/by-pass`, {});
    expect(passed.status, JSON.stringify(passed.body)).toBe(200);
    const repairId = passed.body.data.relationships.repair.data.id as string;
    const repair = await t.api('GET', `${R}/${repairId}`, { token: admin.token });
    expect(repair.body.data.attributes.odometer).toBe(84_500);
    for (const text of [await pdfText(`/estimations/${id}/report`), await pdfText(`/repairs/${repairId}/report`)]) {
      expect(text).toContain('84 500 km');
      expect(text).not.toContain('212 400');
    }
    // A lower reading (an older visit entered late) never moves the vehicle back.
    await inspectedVisit(vehicle, 70_000);
    expect((await one<{ odometer: number }>(t, sql`SELECT odometer FROM vehicles WHERE id = ${vehicle}`)).odometer).toBe(212_400);
  });

  it('repairs the inspection and does the deferred work offered again when the repair is completed; redone, the inspection is repairing again', async () => {
    const vehicle = (await makeVehicle(t, admin.token, { vin: nextVin() })).id;
    // Declined at an earlier visit.
    const [work] = await t.database.db
      .insert(deferredWork)
      .values({ organization_id: orgId, vehicle_id: vehicle, detail: 'Essuie-glaces', total: 4000, declined_at: new Date().toISOString() })
      .returning({ id: deferredWork.id });
    const visit = await inspectedVisit(vehicle, 30_000);
    const estimate = await post('/estimations', { data: { type: 'estimations', attributes: { type: 'customer' }, relationships: { inspection: to('inspections', visit.inspection) } } });
    const id = estimate.body.data.id as string;
    const offered = await post(`/estimations/${id}/deferred-work`, { data: [{ type: 'deferred-work', id: work.id }] });
    expect(offered.status, JSON.stringify(offered.body)).toBe(200);
    expect(await stateOf('deferred_work', work.id)).toBe('reoffered');
    const passed = await post(`/estimations/${id}/by-pass`, {});
    const repairId = passed.body.data.relationships.repair.data.id as string;
    expect(await stateOf('inspections', visit.inspection)).toBe('repairing');
    for (const action of ['assign', 'start']) {
      const res = await act(t, repairId, action, admin, action === 'assign' ? { data: { relationships: { assignedToUsers: { data: [{ type: 'users', id: admin.id }] } } } } : {});
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
    const completed = await act(t, repairId, 'complete', admin, {});
    expect(completed.status, JSON.stringify(completed.body)).toBe(200);
    expect(await stateOf('inspections', visit.inspection)).toBe('repaired');
    expect(await stateOf('deferred_work', work.id)).toBe('done');
    const inspectionRead = await t.api('GET', `/api/v1/inspections/${visit.inspection}`, { token: admin.token });
    expect(inspectionRead.body.data.attributes.state).toBe('repaired');
    expect(inspectionRead.body.data.attributes.available_actions).toEqual(expect.arrayContaining(['redo', 'share']));
    const cause = { type: 'repairs', id: repairId };
    expect((await logsOf('inspections', visit.inspection)).find((l) => l.event === 'repaired')?.properties).toMatchObject({ attributes: { state: 'repaired' }, cause });
    expect((await logsOf('deferred-work', work.id)).find((l) => l.event === 'done')?.properties).toMatchObject({ attributes: { state: 'done' }, cause });
    const work_ = await t.api('GET', `/api/v1/deferred-work/${work.id}`, { token: admin.token });
    expect(work_.body.data.attributes.state).toBe('done');
    // Sent back to be redone: the work is not finished, its inspection is repairing again.
    expect((await act(t, repairId, 'redo', admin)).status).toBe(200);
    expect(await stateOf('inspections', visit.inspection)).toBe('repairing');
  });

  it('keeps one promise per visit: the repair is promised when its request was due, a typed time is its own, and late work is listed as such', async () => {
    const past = new Date(Date.now() - 3_600_000).toISOString();
    const vehicle = (await makeVehicle(t, admin.token, { vin: nextVin() })).id;
    const visit = await inspectedVisit(vehicle, 12_000, past);
    const estimate = await post('/estimations', { data: { type: 'estimations', attributes: { type: 'customer' }, relationships: { inspection: to('inspections', visit.inspection) } } });
    const passed = await post(`/estimations/${estimate.body.data.id}/by-pass`, {});
    expect(passed.status, JSON.stringify(passed.body)).toBe(200);
    const repairId = passed.body.data.relationships.repair.data.id as string;
    const read = async () => (await t.api('GET', `${R}/${repairId}`, { token: admin.token })).body.data.attributes;
    expect(Date.parse((await read()).promised_at)).toBe(Date.parse(past));
    const lateIds = async (type: string, late: string) =>
      ((await t.api('GET', `/api/v1/${type}?filter[late]=${late}&page[size]=100`, { token: admin.token })).body.data as { id: string }[]).map((r) => r.id);
    // Open and past its time: late; its request is completed (the inspection is done), so it is not.
    expect(await lateIds('repairs', 'true')).toContain(repairId);
    expect(await lateIds('repairs', 'false')).not.toContain(repairId);
    expect(await lateIds('requests', 'true')).not.toContain(visit.request);
    // A time typed on the repair is its own; the next day, it is no longer late.
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString();
    const typed = await t.api('PATCH', `${R}/${repairId}`, { token: admin.token, body: { data: { type: 'repairs', id: repairId, attributes: { promised_at: tomorrow } } } });
    expect(typed.status, JSON.stringify(typed.body)).toBe(200);
    expect(await lateIds('repairs', 'true')).not.toContain(repairId);
    // Late again, then completed: the work is done, the promise moot.
    await t.api('PATCH', `${R}/${repairId}`, { token: admin.token, body: { data: { type: 'repairs', id: repairId, attributes: { promised_at: past } } } });
    for (const action of ['assign', 'start', 'complete']) {
      const res = await act(t, repairId, action, admin, action === 'assign' ? { data: { relationships: { assignedToUsers: { data: [{ type: 'users', id: admin.id }] } } } } : {});
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
    expect(await lateIds('repairs', 'true')).not.toContain(repairId);
    expect(await lateIds('repairs', 'false')).toContain(repairId);
    // An open request past its due time is late.
    const open = await post('/requests', { data: { type: 'requests', attributes: { type: 'repair', due_at: past }, relationships: { vehicle: to('vehicles', vehicle) } } });
    expect(await lateIds('requests', 'true')).toContain(open.body.data.id);
    // A bad value is a 400 naming the filter, not a 500.
    const bad = await t.api('GET', '/api/v1/repairs?filter[late]=maybe', { token: admin.token });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].source).toEqual({ parameter: 'filter[late]' });
  });
});
