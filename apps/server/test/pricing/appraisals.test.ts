import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../src/db/client.ts';
import { insertSales } from '../../src/areas/pricing/demo.ts';
import { createTestApp, type TestApp } from '../helpers.ts';
import { makeInspectionForm, makeVehicle, makeWorld, nextVin, type MadeForm, type World } from '../factories.ts';
import { setOption, to } from '../repairs/world.ts';

// Appraisals (issue 27, "the trade-in loop"): every estimate of the screen, the API and the frame
// is kept, with its inputs, answer, steps and who asked; an inspected vehicle's reconditioning
// (its estimate, else its findings' canned jobs) is taken off the offer line by line; the frame's
// answer shows no margin; one organization never sees another's.

let t: TestApp;
let w: World;
let form: MadeForm;
const JSON_HEADERS = { 'content-type': 'application/json' };
const A = '/api/v1/appraisals';
const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
const sale = (organization_id: string, price: number) => ({ organization_id, year: 2021, make: 'Toyota', model: 'RAV4', series: 'LE', kind: 'sale', price, sold_on: day(10), kilometers: 60_000, province: 'QC', condition: 'good', days_on_market: 20 });
const body = { year: 2021, make: 'Toyota', model: 'RAV4', series: 'LE', kilometers: 60_000, province: 'QC', status: 'good', desired_profit: 1000 };

const estimate = (payload: object, headers: Record<string, string>, token?: string) => t.api('POST', '/api/v1/estimations/vehicle-price', { token, body: payload, headers: { ...JSON_HEADERS, ...headers } });
const appraisalRows = (organizationId: string) =>
  t.database.db.execute(sql`SELECT * FROM appraisals WHERE organization_id = ${organizationId} ORDER BY created_at, id`).then((r) => rowsOf<Record<string, any>>(r));
const call = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) => t.api(method, `/api/v1${url}`, { token: w.manager.token, body: payload });

/** A vehicle of the garage with a completed inspection whose front pads (and discs) were found worn. */
async function inspectedVehicle() {
  const vin = nextVin();
  const vehicle = (await makeVehicle(t, w.manager.token, { vin })).id;
  const made = await call('POST', '/inspections', { data: { type: 'inspections', relationships: { inspectionForm: to('inspection-forms', form.id), vehicle: to('vehicles', vehicle) } } });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  const inspection = made.body.data.id as string;
  expect((await call('POST', `/inspections/${inspection}/start`, {})).status).toBe(200);
  const fields = rowsOf<{ id: string }>(await t.database.db.execute(sql`SELECT id FROM inspection_fields WHERE inspection_id = ${inspection}`));
  for (const f of fields) expect((await call('PATCH', `/inspection-fields/${f.id}`, { data: { type: 'inspection-fields', id: f.id, attributes: { value: false } } })).status).toBe(200);
  expect((await call('POST', `/inspections/${inspection}/complete`, { signature: 'data:image/png;base64,AAAA' })).status).toBe(200);
  return { vin, vehicle, inspection };
}

beforeAll(async () => {
  t = await createTestApp();
  w = await makeWorld(t);
  await insertSales(t.database.db, [...[29_000, 30_000, 31_000].map((d) => sale(w.garage.id, d * 100)), ...[9_000, 9_000, 9_000].map((d) => sale(w.other.id, d * 100))]);
  await setOption(t, w.manager, w.garage.id, 'estimations.default_hourly_rate', 12_000);
  form = await makeInspectionForm(t, w.manager.token, { sections: [{ name: 'Freins', subSections: [{ name: 'Avant', fields: [{ name: 'Plaquettes avant' }, { name: 'Disques avant' }] }] }] });
  // The pads' finding calls for this job: 89.50 of parts and 1.2 h at the shop's 120.00 = 233.50.
  const job = await call('POST', '/canned-jobs', {
    data: {
      type: 'canned-jobs',
      attributes: { name: 'Plaquettes avant : remplacement' },
      relationships: {
        items: { data: [{ type: 'canned-job-items', attributes: { detail: 'Remplacer les plaquettes', part: 'Plaquettes', quantity: '1', unit_price: 8950, time: '1.2' } }] },
        triggers: { data: [{ type: 'canned-job-triggers', attributes: { value: 'false' }, relationships: { inspectionFormSectionField: to('inspection-form-section-fields', form.ids['Plaquettes avant']!) } }] },
      },
    },
  });
  expect(job.status, JSON.stringify(job.body)).toBe(201);
}, 120_000);
afterAll(() => t?.close());

describe('appraisals kept from every source', () => {
  it('keeps the screen’s estimate with its inputs, answer, steps and user, in the transaction of its request log', async () => {
    const res = await estimate(body, {}, w.manager.token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const a = res.body.data.attributes;
    expect(a.appraisal).toEqual({ id: expect.any(String), vehicle_id: null, inspection: null, reconditioning: { origin: 'none', cents: 0 } });
    const read = await t.api('GET', `${A}/${a.appraisal.id}?include=user`, { token: w.manager.token });
    expect(read.status).toBe(200);
    expect(read.body.data.attributes).toMatchObject({
      source: 'screen',
      make: 'Toyota',
      model: 'RAV4',
      year: 2021,
      mileage: 60_000,
      province: 'QC',
      condition: 'good',
      desired_profit: 1000,
      offer: a.offer.amount,
      market_retail: a.offer.market_retail,
      range_low: a.ess.official_price.low,
      range_high: a.ess.official_price.high,
      steps: a.offer.steps,
      reconditioning_origin: 'none',
      reconditioning_cents: 0,
    });
    expect(read.body.data.relationships.user.data.id).toBe(w.manager.id);
    const [log] = rowsOf<{ n: number }>(await t.database.db.execute(sql`SELECT count(*)::int AS n FROM request_logs WHERE organization_id = ${w.garage.id} AND http_status_code = 200`));
    expect(log.n).toBe((await appraisalRows(w.garage.id)).length);
  });

  it('keeps nothing of an estimate that is refused or has no price', async () => {
    const before = (await appraisalRows(w.garage.id)).length;
    for (const [locale, detail] of [
      ['fr', 'Ce champ est obligatoire'],
      ['en', 'This field is required'],
    ]) {
      const bad = await estimate({ ...body, kilometers: undefined }, { 'accept-language': locale }, w.manager.token);
      expect(bad.status).toBe(422);
      expect(bad.body.errors[0].source.pointer).toBe('/kilometers');
      expect(bad.body.errors[0].detail).toBe(detail);
    }
    expect((await estimate({ ...body, make: 'Lada', model: 'Niva' }, {}, w.manager.token)).status).toBe(404);
    expect(await appraisalRows(w.garage.id)).toHaveLength(before);
  });

  it('keeps the API’s estimate with the key’s hint', async () => {
    const secret = (await call('POST', '/estimate-vehicle-keys/secret')).body.data.attributes.secret as string;
    const res = await estimate(body, { 'x-api-key': secret });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const [row] = (await appraisalRows(w.garage.id)).filter((r) => r.id === res.body.data.attributes.appraisal.id);
    expect(row).toMatchObject({ source: 'api', key_hint: secret.slice(-4), user_id: null, offer: res.body.data.attributes.offer.amount });
    const listed = await t.api('GET', `${A}?filter[source]=api`, { token: w.manager.token });
    expect(listed.body.data.map((r: { id: string }) => r.id)).toEqual([row!.id]);
    expect(listed.body.meta.page.total).toBe(1);
  });

  it('keeps the worst price by VIN as one appraisal of the lowest offer, on the vehicle of the VIN', async () => {
    const vin = nextVin();
    const vehicle = (await makeVehicle(t, w.manager.token, { vin, make: 'Toyota', model: 'RAV4', model_year: 2021 })).id;
    const res = await t.api('GET', `/api/v1/vehicles/get-worst-price-by-vin/${vin}?kilometers=60000&province=QC`, { token: w.manager.token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const kept = (await appraisalRows(w.garage.id)).filter((r) => r.vin === vin);
    expect(kept).toHaveLength(1);
    expect(kept[0]).toMatchObject({ id: res.body.data.attributes.appraisal.id, source: 'screen', vehicle_id: vehicle, offer: Math.min(...res.body.meta.candidates.map((c: { offer: number }) => c.offer)) });
  });

  it('keeps the frame’s estimate and the lead’s, and the frame’s answer shows no margin, no step, no id of ours', async () => {
    expect((await call('POST', '/estimate-vehicle-allow-domains', { data: { type: 'estimate-vehicle-allow-domains', attributes: { domain: 'www.garage-test.ca' } } })).status).toBe(201);
    expect((await call('PATCH', '/estimate-vehicle-frame-settings', { data: { type: 'estimate-vehicle-frame-settings', attributes: { desired_profit: 2345, aggression_percentage: 7, damage_cost: 400 } } })).status).toBe(200);
    const key = (await call('GET', '/estimate-vehicle-keys')).body.data.attributes.public_key as string;
    const { desired_profit: _margin, ...visitor } = body;
    const res = await t.api('POST', `/api/v1/public/embed/vehicle-price?key=${encodeURIComponent(key)}`, { body: visitor, headers: { ...JSON_HEADERS, origin: 'https://www.garage-test.ca' } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const [row] = (await appraisalRows(w.garage.id)).filter((r) => r.source === 'frame');
    expect(row).toMatchObject({ host: 'www.garage-test.ca', desired_profit: 2345, damage_cost: 400, offer: res.body.data.attributes.offer });
    expect(Object.keys(res.body.data.attributes).sort()).toEqual(['display', 'high', 'low', 'mileage', 'offer', 'province', 'status', 'vehicle']);
    const text = JSON.stringify(res.body);
    for (const secret of ['desired_profit', 'aggression', 'damage_cost', 'market_retail', 'steps', 'appraisal', 'reconditioning', row!.id, w.garage.id, '2345', '2 345']) expect(text).not.toContain(secret);
    const lead = await t.api('POST', `/api/v1/public/embed/leads?key=${encodeURIComponent(key)}`, {
      body: { ...visitor, name: 'Paul Visiteur', email: 'paul@example.com', consent: true },
      headers: { ...JSON_HEADERS, origin: 'https://www.garage-test.ca' },
    });
    expect(lead.status, JSON.stringify(lead.body)).toBe(201);
    const kept = (await appraisalRows(w.garage.id)).filter((r) => r.lead_id === lead.body.data.id);
    expect(kept).toHaveLength(1);
    expect(kept[0]).toMatchObject({ source: 'frame', host: 'www.garage-test.ca' });
    expect(JSON.stringify(lead.body)).not.toContain(kept[0]!.id);
  });
});

describe('reconditioning from an inspection', () => {
  it('takes the findings’ canned jobs when the inspection has no estimate, as a step of the offer, and links the inspection', async () => {
    const { vin, vehicle, inspection } = await inspectedVehicle();
    const res = await estimate({ ...body, vin }, { 'accept-language': 'en' }, w.manager.token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const a = res.body.data.attributes;
    expect(a.appraisal).toMatchObject({ vehicle_id: vehicle, inspection: { id: inspection }, reconditioning: { origin: 'canned_jobs', cents: 23_350 } });
    const steps = a.offer.steps.map((s: any) => [s.code, s.amount, s.label]);
    expect(steps.slice(-2)).toEqual([
      ['reconditioning', -234, 'Plaquettes avant : remplacement'],
      ['offer', a.offer.amount, undefined],
    ]);
    const read = await t.api('GET', `${A}/${a.appraisal.id}?include=inspection,vehicle`, { token: w.manager.token });
    expect(read.body.data.attributes).toMatchObject({ reconditioning_origin: 'canned_jobs', reconditioning_cents: 23_350, vin });
    expect(read.body.data.relationships.inspection.data.id).toBe(inspection);
    expect(read.body.data.relationships.vehicle.data.id).toBe(vehicle);
    // Listed on the vehicle, and found by its VIN.
    const onVehicle = await t.api('GET', `${A}?filter[vehicle]=${vehicle}`, { token: w.manager.token });
    expect(onVehicle.body.data.map((r: { id: string }) => r.id)).toEqual([a.appraisal.id]);
    const byVin = await t.api('GET', `${A}?filter[search]=${vin.slice(-8).toLowerCase()}`, { token: w.manager.token });
    expect(byVin.body.data.map((r: { id: string }) => r.id)).toEqual([a.appraisal.id]);
  });

  it('takes the inspection’s estimate, item by item with its taxes, when it has one', async () => {
    const { vin, inspection } = await inspectedVehicle();
    const made = await call('POST', '/estimations', { data: { type: 'estimations', attributes: { type: 'customer' }, relationships: { inspection: to('inspections', inspection) } } });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const items = rowsOf<{ detail: string; total: number }>(await t.database.db.execute(sql`SELECT detail, total FROM estimation_items WHERE estimation_id = ${made.body.data.id} AND total <> 0 ORDER BY position`));
    expect(items.length).toBeGreaterThan(0);
    const res = await estimate({ ...body, vin }, {}, w.manager.token);
    const a = res.body.data.attributes;
    expect(a.appraisal.reconditioning).toEqual({ origin: 'inspection_estimate', cents: items.reduce((s, i) => s + i.total, 0) });
    expect(a.offer.steps.filter((s: any) => s.code === 'reconditioning').map((s: any) => [s.label, s.amount])).toEqual(items.map((i) => [i.detail, -Math.round(i.total / 100)]));
  });
});

describe('the appraisals list', () => {
  it('is read only, filtered by date, and never shows one organization’s appraisals to another', async () => {
    const mine = await t.api('GET', A, { token: w.manager.token });
    expect(mine.body.meta.page.total).toBe((await appraisalRows(w.garage.id)).length);
    const theirs = await t.api('GET', A, { token: w.manager2.token });
    expect(theirs.body.data).toEqual([]);
    expect((await t.api('GET', `${A}/${mine.body.data[0].id}`, { token: w.manager2.token })).status).toBe(404);
    expect((await t.api('GET', `${A}?filter[created_from]=${day(-1)}`, { token: w.manager.token })).body.data).toEqual([]);
    expect((await t.api('GET', `${A}?filter[created_from]=${day(1)}`, { token: w.manager.token })).body.meta.page.total).toBe(mine.body.meta.page.total);
    for (const [locale, detail] of [
      ['fr', 'La valeur du filtre created_from est invalide.'],
      ['en', 'The value of the filter created_from is invalid.'],
    ]) {
      const bad = await t.api('GET', `${A}?filter[created_from]=hier`, { token: w.manager.token, headers: { 'accept-language': locale } });
      expect(bad.status).toBe(400);
      expect(bad.body.errors[0].detail).toBe(detail);
    }
    const written = await t.api('POST', A, { token: w.manager.token, body: { data: { type: 'appraisals', attributes: { offer: 1 } } } });
    expect(written.status).toBeGreaterThanOrEqual(400);
    expect(written.status).toBeLessThan(500);
  });
});
