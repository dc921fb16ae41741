import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../src/db/client.ts';
import { makeInspectionForm, makeOrganization, makeUser, makeVehicle, nextVin, type MadeForm, type MadeUser } from '../factories.ts';
import { createTestApp, type TestApp } from '../helpers.ts';
import { makeTaxGroup, setOption, to } from '../repairs/world.ts';

// Canned jobs (issue 27): a named job of parts and labour, added to an estimate in one step, or
// drafted from the inspection's finding one of its triggers names, priced from the inventory.

let t: TestApp;
let orgId: string;
let admin: MadeUser;
let other: MadeUser;
let form: MadeForm;
let product: string;
let qc: string;

const J = '/api/v1/canned-jobs';
const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, body?: object, who = admin, lang = 'fr') =>
  t.api(method, `/api/v1${url}`, { token: who.token, body, headers: { 'accept-language': lang } });

/** A canned job with its lines and triggers in one document. */
async function makeJob(attributes: Record<string, unknown>, lines: Record<string, unknown>[], triggers: { field: string; value: string }[] = [], who = admin) {
  const res = await t.api('POST', J, {
    token: who.token,
    body: {
      data: {
        type: 'canned-jobs',
        attributes,
        relationships: {
          items: { data: lines.map(({ product: p, ...a }) => ({ type: 'canned-job-items', attributes: a, ...(p ? { relationships: { product: to('products', String(p)) } } : {}) })) },
          triggers: { data: triggers.map((tr) => ({ type: 'canned-job-triggers', attributes: { value: tr.value }, relationships: { inspectionFormSectionField: to('inspection-form-section-fields', tr.field) } })) },
        },
      },
    },
  });
  return res;
}

const itemsOf = async (estimation: string) =>
  rowsOf<Record<string, any>>(await t.database.db.execute(sql`SELECT detail, part, part_number, product_id, quantity, unit_price, time, hourly_rate, parts_total, labour_total, subtotal, total, inspection_field_id FROM estimation_items WHERE estimation_id = ${estimation} ORDER BY position`));

beforeAll(async () => {
  t = await createTestApp();
  const org = await makeOrganization(t);
  orgId = org.id;
  admin = await makeUser(t, org.id, { firstname: 'Alice', lastname: 'Admin' });
  other = await makeUser(t, (await makeOrganization(t)).id);
  qc = (await makeTaxGroup(t, admin, 'Québec', [{ code: 'TPS', rate: '5', type: 'percentage' }, { code: 'TVQ', rate: '9.975', type: 'percentage' }])).id;
  await setOption(t, admin, orgId, 'estimations.default_tax_group', qc);
  await setOption(t, admin, orgId, 'estimations.default_hourly_rate', 12000);
  const made = await call('POST', '/products', { data: { type: 'products', attributes: { sku: 'PF-AV-1', name: 'Plaquettes avant céramique', part_number: 'PF123', selling_price: 8950 } } });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  product = made.body.data.id;
  form = await makeInspectionForm(t, admin.token, { sections: [{ name: 'Freins', subSections: [{ name: 'Avant', fields: [{ name: 'Plaquettes avant' }, { name: 'Disques avant' }] }] }] });
});
afterAll(() => t?.close());

describe('canned jobs', () => {
  it('are written with their lines and triggers in one document, named once per organization, and kept to it', async () => {
    const res = await makeJob({ name: 'Plaquettes avant : remplacement', code: 'FREIN-AV' }, [{ detail: 'Remplacer les plaquettes', product, time: '1.2' }], [{ field: form.ids['Plaquettes avant']!, value: 'false' }]);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data.attributes).toMatchObject({ name: 'Plaquettes avant : remplacement', code: 'FREIN-AV', active: true });
    const read = await call('GET', `/canned-jobs/${res.body.data.id}?include=items,triggers`);
    expect(read.body.included.map((i: any) => i.type).sort()).toEqual(['canned-job-items', 'canned-job-triggers']);
    // The same name in other letters: refused on the name, in the user's language.
    const twice = await makeJob({ name: 'PLAQUETTES AVANT : REMPLACEMENT' }, []);
    expect(twice.status).toBe(422);
    expect(twice.body.errors[0]).toMatchObject({ source: { pointer: '/data/attributes/name' }, detail: 'Un travail type porte déjà ce nom' });
    // Another organization neither sees nor uses it.
    expect((await call('GET', `/canned-jobs/${res.body.data.id}`, undefined, other)).status).toBe(404);
    expect((await call('GET', '/canned-jobs', undefined, other)).body.data).toEqual([]);
  });

  it('refuses a trigger naming an answer its field cannot give, saying which it can, in the user’s language; nothing is written', async () => {
    const field = form.ids['Disques avant']!; // a check box: "true" or "false"
    const bad = await makeJob({ name: 'Disques avant : remplacement' }, [{ detail: 'Remplacer les disques' }], [{ field, value: 'Mauvais' }]);
    expect(bad.status).toBe(422);
    expect(bad.body.errors[0]).toMatchObject({
      source: { pointer: '/data/relationships/triggers/data/0/attributes/value' },
      detail: 'Ce champ ne donne pas la réponse « Mauvais » : choisissez parmi true, false',
    });
    expect((await call('GET', '/canned-jobs?filter[search]=Disques')).body.data).toEqual([]);
    // Any case of an answer it gives is one.
    const good = await makeJob({ name: 'Disques avant : remplacement' }, [{ detail: 'Remplacer les disques' }], [{ field, value: 'FALSE' }]);
    expect(good.status, JSON.stringify(good.body)).toBe(201);
    // At the trigger's own route too, in English.
    const [trigger] = (await call('GET', `/canned-job-triggers?filter[cannedJob]=${good.body.data.id}`)).body.data;
    const patched = await call('PATCH', `/canned-job-triggers/${trigger.id}`, { data: { type: 'canned-job-triggers', id: trigger.id, attributes: { value: 'worn' } } }, admin, 'en');
    expect(patched.status).toBe(422);
    expect(patched.body.errors[0]).toMatchObject({ source: { pointer: '/data/attributes/value' }, detail: 'This field never answers “worn”: choose among true, false' });
    expect((await call('DELETE', `/canned-jobs/${good.body.data.id}`)).status).toBe(204); // the draft below finds no job for the discs
  });

  it('adds a job to an estimate in one step: its lines priced from the inventory, the settings’ rate and taxes', async () => {
    const job = (await makeJob({ name: 'Plaquettes et disques', code: 'PD' }, [{ detail: 'Plaquettes', product, time: '1.5' }, { detail: 'Disques', part: 'Disque', unit_price: 7500, quantity: '2' }])).body.data.id;
    const vehicle = (await makeVehicle(t, admin.token, { vin: nextVin() })).id;
    const est = await call('POST', '/estimations', { data: { type: 'estimations', attributes: { type: 'customer' }, relationships: { vehicle: to('vehicles', vehicle) } } });
    expect(est.status, JSON.stringify(est.body)).toBe(201);
    const id = est.body.data.id;
    const added = await call('POST', `/estimations/${id}/canned-job`, { data: { type: 'canned-jobs', id: job } });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    const items = await itemsOf(id);
    expect(items.map((i) => [i.detail, i.part, i.part_number, i.unit_price, Number(i.quantity), i.time === null ? null : Number(i.time), i.hourly_rate])).toEqual([
      ['Plaquettes', 'Plaquettes avant céramique', 'PF123', 8950, 1, 1.5, 12000],
      ['Disques', 'Disque', null, 7500, 2, null, 12000],
    ]);
    // 89.50 + 1.5 h × 120.00 = 269.50; 2 × 75.00 = 150.00: 419.50 before taxes (5 % + 9.975 %, each part and labour rounded apart, as invoiced).
    const estimate = (await call('GET', `/estimations/${id}`)).body.data.attributes;
    expect(estimate).toMatchObject({ parts_total: 23950, labour_total: 18000, subtotal: 41950, total: 48233 });
    const [log] = rowsOf<{ properties: any }>(await t.database.db.execute(sql`SELECT properties FROM logs WHERE subject_id = ${id} AND event = 'canned-job'`));
    expect(log.properties.attributes).toMatchObject({ canned_job: 'Plaquettes et disques' });
    expect(log.properties.attributes.items).toHaveLength(2);
  });

  it('refuses, with a message naming it, a job that is not there, not the organization’s, inactive or empty; nothing is added', async () => {
    const vehicle = (await makeVehicle(t, admin.token, { vin: nextVin() })).id;
    const id = (await call('POST', '/estimations', { data: { type: 'estimations', attributes: { type: 'customer' }, relationships: { vehicle: to('vehicles', vehicle) } } })).body.data.id;
    const inactive = (await makeJob({ name: 'Ancien', active: false }, [{ detail: 'x' }])).body.data.id;
    const empty = (await makeJob({ name: 'Vide' }, [])).body.data.id;
    const foreign = (await makeJob({ name: 'Ailleurs' }, [{ detail: 'x' }], [], other)).body.data.id;
    const cases: [unknown, string][] = [
      [{}, 'Choisissez le travail type à ajouter.'],
      [{ data: { type: 'canned-jobs', id: 'nope' } }, "L'enregistrement lié nope n'existe pas ou vous n'y avez pas accès"],
      [{ data: { type: 'canned-jobs', id: foreign } }, `L'enregistrement lié ${foreign} n'existe pas ou vous n'y avez pas accès`],
      [{ data: { type: 'canned-jobs', id: inactive } }, 'Le travail type « Ancien » n’est plus actif'],
      [{ data: { type: 'canned-jobs', id: empty } }, 'Le travail type « Vide » n’a aucune ligne'],
    ];
    for (const [body, detail] of cases) {
      const res = await call('POST', `/estimations/${id}/canned-job`, body as object);
      expect(res.status, JSON.stringify(res.body)).toBe(422);
      expect(res.body.errors[0].detail).toBe(detail);
    }
    expect(await itemsOf(id)).toEqual([]);
    const en = await call('POST', `/estimations/${id}/canned-job`, { data: { type: 'canned-jobs', id: inactive } }, admin, 'en');
    expect(en.body.errors[0].detail).toBe('The canned job “Ancien” is no longer active');
  });

  it('drafts the estimate of an inspection with the job its finding calls for, and an empty line for the other findings', async () => {
    const vehicle = (await makeVehicle(t, admin.token, { vin: nextVin() })).id;
    const made = await call('POST', '/inspections', { data: { type: 'inspections', relationships: { inspectionForm: to('inspection-forms', form.id), vehicle: to('vehicles', vehicle) } } });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const inspection = made.body.data.id;
    expect((await call('POST', `/inspections/${inspection}/start`, {})).status).toBe(200);
    const fields = rowsOf<{ id: string; field_id: string }>(await t.database.db.execute(sql`SELECT id, field_id FROM inspection_fields WHERE inspection_id = ${inspection}`));
    for (const f of fields) {
      const res = await call('PATCH', `/inspection-fields/${f.id}`, { data: { type: 'inspection-fields', id: f.id, attributes: { value: false } } });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
    expect((await call('POST', `/inspections/${inspection}/complete`, { signature: 'data:image/png;base64,AAAA' })).status).toBe(200);
    const est = await call('POST', '/estimations', { data: { type: 'estimations', attributes: { type: 'customer' }, relationships: { inspection: to('inspections', inspection) } } });
    expect(est.status, JSON.stringify(est.body)).toBe(201);
    const items = await itemsOf(est.body.data.id);
    const pads = fields.find((f) => f.field_id === form.ids['Plaquettes avant'])!.id;
    const discs = fields.find((f) => f.field_id === form.ids['Disques avant'])!.id;
    expect(items.map((i) => [i.inspection_field_id, i.detail, i.part, i.unit_price, i.time === null ? null : Number(i.time)])).toEqual([
      [pads, 'Remplacer les plaquettes', 'Plaquettes avant céramique', 8950, 1.2],
      [discs, expect.stringContaining('Disques avant'), null, null, null],
    ]);
    // Priced as the job says: 89.50 + 1.2 h × 120.00 = 233.50 before taxes.
    expect(items[0]).toMatchObject({ parts_total: 8950, labour_total: 14400, subtotal: 23350 });
  });
});
