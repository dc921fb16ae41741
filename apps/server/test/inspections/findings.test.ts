import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../src/db/client.ts';
import { makeInspectionForm, makeOrganization, makeStartedInspection, makeUser, toOne, type MadeForm, type MadeUser } from '../factories.ts';
import { createTestApp, type TestApp } from '../helpers.ts';

// Issue 20 points 1 and 4: "all good" fills only what nobody answered (and is undone through the
// answer path); a failing answer is a finding without an action; a safety-critical field failing
// caps the verdict and comes first.

let t: TestApp;
let admin: MadeUser;
let form: MadeForm;
const I = '/api/v1/inspections';
const F = '/api/v1/inspection-fields';
const widget = (good: number, bad: number) => [
  { option: 'good', points: good },
  { option: 'to_replace', points: 0 },
  { option: 'bad', points: bad },
  { option: 'not_applicable', points: good },
];
const check = (good: 'yes' | 'no' = 'yes') => [
  { option: 'yes', points: good === 'yes' ? 5 : 0 },
  { option: 'no', points: good === 'yes' ? 0 : 5 },
];

beforeAll(async () => {
  t = await createTestApp();
  const org = await makeOrganization(t);
  admin = await makeUser(t, org.id);
  form = await makeInspectionForm(t, admin.token, {
    sections: [
      {
        name: 'Carrosserie',
        subSections: [
          {
            name: 'Haut',
            fields: [
              { name: 'Toit', field_type: 'STATE_WIDGET', points_threshold: widget(10, 5), can_add_comment: true },
              { name: 'Pare-brise', field_type: 'SELECT_SINGLE', points_threshold: [{ option: 'Intact', points: 6 }, { option: 'Fissuré', points: 0 }] },
              { name: 'Rouille', points_threshold: check('no') },
              { name: 'Antenne', enable_na: true },
              { name: 'Essuie-glaces' },
              { name: 'Note', field_type: 'TEXT', points_threshold: [] },
            ],
          },
        ],
      },
      {
        name: 'Freins',
        subSections: [
          {
            name: 'Avant',
            fields: [
              { name: 'Plaquettes', field_type: 'PAD_THICKNESS_WIDGET', points_threshold: widget(10, 4), safety_critical: true },
              { name: 'Klaxon', coefficient: '18' },
            ],
          },
        ],
      },
    ],
    notes: [
      { minimum_value: 0, maximum_value: 79, text: 'Bon état' },
      { minimum_value: 80, maximum_value: 100, text: 'Excellent état' },
    ],
  });
});
afterAll(() => t?.close());

const started = () => makeStartedInspection(t, admin.token, form.id);
const fieldOf = async (id: string, name: string) =>
  rowsOf<{ id: string; value: unknown; action: string | null; comment: string | null; touched: boolean; not_applicable: boolean }>(
    await t.database.db.execute(sql`SELECT id, value, action, comment, touched, not_applicable FROM inspection_fields WHERE inspection_id = ${id} AND field_id = ${form.ids[name]}`),
  )[0];
async function answer(id: string, name: string, attributes: Record<string, unknown>) {
  const fieldId = (await fieldOf(id, name)).id;
  const res = await t.api('PATCH', `${F}/${fieldId}`, { token: admin.token, body: { data: { type: 'inspection-fields', id: fieldId, attributes } } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res;
}
const setGood = (id: string, section: string) => t.api('POST', `${I}/${id}/set-section-good`, { token: admin.token, body: { section_id: form.ids[section] } });
const scoreOf = async (id: string) => (await t.api('GET', `${I}/${id}`, { token: admin.token })).body.data.attributes;

/** The roof to replace (with its action and comment), the windshield cracked, rust found, the antenna N/A. */
async function findingsGiven(id: string) {
  await answer(id, 'Toit', { value: { value: 'to_replace' }, action: 'replace', comment: 'Tôle percée' });
  await answer(id, 'Pare-brise', { value: 'Fissuré' });
  await answer(id, 'Rouille', { value: true });
  await answer(id, 'Antenne', { not_applicable: true });
}

describe('set-section-good (point 1)', () => {
  it('fills only the untouched visible fields: answers, their actions and comments, and N/A stay', async () => {
    const id = await started();
    await findingsGiven(id);
    const before = await Promise.all(['Toit', 'Pare-brise', 'Rouille', 'Antenne'].map((n) => fieldOf(id, n)));
    const res = await setGood(id, 'Carrosserie');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await Promise.all(['Toit', 'Pare-brise', 'Rouille', 'Antenne'].map((n) => fieldOf(id, n)))).toEqual(before);
    expect(await fieldOf(id, 'Toit')).toMatchObject({ value: { value: 'to_replace' }, action: 'replace', comment: 'Tôle percée', touched: true });
    expect(await fieldOf(id, 'Antenne')).toMatchObject({ not_applicable: true, touched: true });
    // The wipers nobody answered are good now; a text is never invented.
    expect(await fieldOf(id, 'Essuie-glaces')).toMatchObject({ value: true, touched: true });
    expect(await fieldOf(id, 'Note')).toMatchObject({ value: null, touched: false });
  });

  it('is undone through the answer path: an emptied answer is unanswered again, and the scores follow', async () => {
    const id = await started();
    await findingsGiven(id);
    const before = (await scoreOf(id)).score_data.sectionsScores[form.ids.Carrosserie];
    await setGood(id, 'Carrosserie');
    expect((await scoreOf(id)).score_data.sectionsScores[form.ids.Carrosserie].score).toBeGreaterThan(before.score);
    const undone = await answer(id, 'Essuie-glaces', { value: null, action: null, not_applicable: false });
    expect(undone.body.data.attributes).toMatchObject({ touched: false, value: null });
    expect((await scoreOf(id)).score_data.sectionsScores[form.ids.Carrosserie]).toEqual(before);
  });

  it('reset-section clears every answer of the section', async () => {
    const id = await started();
    await findingsGiven(id);
    expect((await t.api('POST', `${I}/${id}/reset-section`, { token: admin.token, body: { section_id: form.ids.Carrosserie } })).status).toBe(200);
    expect(await fieldOf(id, 'Toit')).toMatchObject({ value: null, action: null, touched: false });
  });
});

/** Every field answered, the inspection completed; `findings` gives the body's findings first. */
async function completed(findings: boolean) {
  const id = await started();
  if (findings) await findingsGiven(id);
  await setGood(id, 'Carrosserie');
  await answer(id, 'Note', { value: 'RAS' });
  // The pads "bad" (4 of 10: failing), no action picked; the horn works.
  await answer(id, 'Plaquettes', { value: { value: 'bad', thickness_mm: 2 } });
  await answer(id, 'Klaxon', { value: true });
  const done = await t.api('POST', `${I}/${id}/complete`, { token: admin.token, body: { signature: 'data:image/png;base64,AAAA' } });
  expect(done.status, JSON.stringify(done.body)).toBe(200);
  return { id, attributes: done.body.data.attributes };
}

describe('findings (point 4)', () => {
  it('a failing safety-critical field caps the verdict: no "Excellent état" with 2 mm pads', async () => {
    const { attributes } = await completed(false);
    // Without the cap: Carrosserie 100, Freins (4 + 90) / 100 = 94, the vehicle 97 "Excellent état".
    expect(attributes).toMatchObject({ vehicle_score: 79, score_data: expect.objectContaining({ vehicle_score: 79, note: 'Bon état' }) });
  });

  it('the report’s recommended work lists every finding, with or without an action, the critical one first', async () => {
    const { id } = await completed(true);
    const share = await t.api('POST', `${I}/${id}/share`, { token: admin.token, body: { locale: 'fr' } });
    expect(share.status, JSON.stringify(share.body)).toBe(200);
    const summary = await t.api('GET', `/api/v1/public/inspection-reports/${share.body.meta.share.token}/summary`);
    expect(summary.status).toBe(200);
    expect(summary.body.work).toEqual([
      {
        urgency: 'urgent',
        items: [
          expect.objectContaining({ section: 'Freins', field: 'Plaquettes', action: 'repair', critical: true, comment: null, answer: 'Mauvais' }),
          expect.objectContaining({ section: 'Carrosserie', field: 'Toit', action: 'replace', critical: false, comment: 'Tôle percée', answer: 'À remplacer' }),
          expect.objectContaining({ section: 'Carrosserie', field: 'Pare-brise', action: 'verify', critical: false, comment: null }),
          expect.objectContaining({ section: 'Carrosserie', field: 'Rouille', action: 'verify', critical: false, comment: null }),
        ],
      },
    ]);
    const pdf = await t.api('GET', `${I}/${id}/report`, { token: admin.token });
    expect(pdf.status).toBe(200);
  });

  it('the estimate drafted from the inspection gets one item per finding, even without an action', async () => {
    const { id } = await completed(true);
    const res = await t.api('POST', '/api/v1/estimations?include=items', {
      token: admin.token,
      body: { data: { type: 'estimations', attributes: { type: 'customer' }, relationships: { inspection: toOne('inspections', id) } } },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const items = res.body.included.filter((i: any) => i.type === 'estimation-items').map((i: any) => [i.attributes.detail, i.attributes.condition, i.attributes.urgency]);
    expect(items).toEqual([
      ['Toit — Tôle percée', 'to_replace', 'urgent'],
      ['Pare-brise', 'to_verify', 'urgent'],
      ['Rouille', 'to_verify', 'urgent'],
      ['Plaquettes', 'to_repair', 'urgent'],
    ]);
  });

  it('takes safety_critical on a form field and keeps it in the form’s frozen version', async () => {
    const res = await t.api('GET', `/api/v1/inspection-form-section-fields/${form.ids.Plaquettes}`, { token: admin.token });
    expect(res.body.data.attributes.safety_critical).toBe(true);
    const other = await t.api('GET', `/api/v1/inspection-form-section-fields/${form.ids.Klaxon}`, { token: admin.token });
    expect(other.body.data.attributes.safety_critical).toBe(false);
  });
});
