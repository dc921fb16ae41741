import { inspectionWorkflow } from '@atelier/domain';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../src/db/client.ts';
import { makeInspectionForm, makeOrganization, makeUser, makeVehicle, nextVin, toOne, type MadeForm, type MadeUser } from '../factories.ts';
import { expectCountsLikeList, fileApp, statementsOf } from '../helpers.ts';

// Inspections (issue 11): made from a frozen version of their form, answered field by field by the
// user holding them, scored by the domain's engine, moved by the workflow actions.

const t = fileApp();
let admin: MadeUser;
let other: MadeUser;
let third: MadeUser;
let viewer: MadeUser;
let form: MadeForm;
const I = '/api/v1/inspections';
const F = '/api/v1/inspection-fields';

const widget = (good: number) => [
  { option: 'good', points: good },
  { option: 'to_replace', points: 0 },
  { option: 'bad', points: 0 },
  { option: 'not_applicable', points: 0 },
];
const one = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(await t.database.db.execute(query))[0];


/** A new inspection of the form (of a new vehicle unless one is given), as `who`. */
async function inspection(who: MadeUser = admin, vehicleId?: string, relationships: Record<string, unknown> = {}) {
  const vehicle = vehicleId ?? (await makeVehicle(t, who.token, { vin: nextVin() })).id;
  const res = await t.api('POST', `${I}?include=inspectionFields`, {
    token: who.token,
    body: { data: { type: 'inspections', attributes: { odometer: 50_000 }, relationships: { inspectionForm: toOne('inspection-forms', form.id), vehicle: toOne('vehicles', vehicle), ...relationships } } },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { id: res.body.data.id as string, vehicle, body: res.body };
}
/** The inspection's field answering the form field of that name. */
const fieldOf = async (inspectionId: string, name: string) =>
  (await one<{ id: string }>(sql`SELECT id FROM inspection_fields WHERE inspection_id = ${inspectionId} AND field_id = ${form.ids[name]}`)).id;
const act = (id: string, action: string, who: MadeUser = admin, body?: object, lang = 'fr') =>
  action === 'cancel'
    ? t.api('GET', `${I}/${id}/cancel`, { token: who.token, headers: { 'accept-language': lang } })
    : t.api('POST', `${I}/${id}/${action}`, { token: who.token, body, headers: { 'accept-language': lang } });
const answer = (fieldId: string, attributes: Record<string, unknown>, who: MadeUser = admin, query = '') =>
  t.api('PATCH', `${F}/${fieldId}${query}`, { token: who.token, body: { data: { type: 'inspection-fields', id: fieldId, attributes } } });
const stateOf = async (id: string) => (await one<{ state: string }>(sql`SELECT state FROM inspections WHERE id = ${id}`)).state;

beforeAll(async () => {
  const org = await makeOrganization(t);
  admin = await makeUser(t, org.id, { firstname: 'Alice', lastname: 'Admin' });
  other = await makeUser(t, org.id, { firstname: 'Olivier', lastname: 'Autre' });
  third = await makeUser(t, org.id, { firstname: 'Tina', lastname: 'Tierce' });
  viewer = await makeUser(t, org.id, { permissions: ['view module inspections', 'view any inspections', 'view inspections', 'edit inspections', 'view any vehicles', 'view vehicles', 'create vehicles'] });
  form = await makeInspectionForm(t, admin.token, {
    sections: [
      {
        name: 'Pneus',
        subSections: [
          {
            name: 'Avant',
            fields: [
              { name: 'Pneu AG', field_type: 'TIRE_STATE_WIDGET', points_threshold: widget(10) },
              { name: 'Pneu AD', field_type: 'TIRE_STATE_WIDGET', points_threshold: widget(10) },
            ],
          },
        ],
      },
      { name: 'Intérieur', subSections: [{ name: 'Commandes', fields: [{ name: 'Klaxon' }, { name: 'Remarque', field_type: 'TEXT', points_threshold: [] }] }] },
    ],
  });
});

describe('creating an inspection', () => {
  it('freezes the form and makes one untouched field per field, scored at once', async () => {
    const { body } = await inspection();
    expect(body.data.attributes).toMatchObject({ state: 'pending', form_version: 1, shared: false, touched_sections: [] });
    expect(body.data.attributes.code).toMatch(/^I-\d{4}-\d{6}$/);
    const fields = body.included.filter((i: any) => i.type === 'inspection-fields');
    expect(fields).toHaveLength(4);
    expect(fields.map((f: any) => f.relationships.inspectionFormSectionField.data.id)).toEqual(['Pneu AG', 'Pneu AD', 'Klaxon', 'Remarque'].map((n) => form.ids[n]));
    expect(fields.every((f: any) => f.attributes.touched === false)).toBe(true);
    const klaxon = fields.find((f: any) => f.relationships.inspectionFormSectionField.data.id === form.ids.Klaxon);
    expect(klaxon.attributes).toMatchObject({ points: '0', max_points: '5', score: 0 });
    // Nothing answered: tires 0/20, Klaxon 0/5 (the text counts nothing); two sections at 0.
    expect(body.data.attributes.vehicle_score).toBe(0);
    expect(body.data.attributes.score_data.sectionsScores[form.ids.Pneus]).toMatchObject({ score: 0, filled: false });
    const f = await t.api('GET', `/api/v1/inspection-forms/${form.id}`, { token: admin.token });
    expect(f.body.data.attributes).toMatchObject({ version: 1 });
    expect(f.body.data.attributes.inspections_count).toBeGreaterThanOrEqual(1);
  });

  it('keeps its fields and scores when the form is edited afterwards; a new inspection takes the new version', async () => {
    const { id } = await inspection();
    const before = await t.api('GET', `${I}/${id}?include=inspectionFields`, { token: admin.token });
    const patched = await t.api('PATCH', `/api/v1/inspection-form-section-fields/${form.ids.Klaxon}`, {
      token: admin.token,
      body: { data: { type: 'inspection-form-section-fields', id: form.ids.Klaxon, attributes: { points_threshold: [{ option: 'yes', points: 50 }, { option: 'no', points: 20 }] } } },
    });
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    const after = await t.api('GET', `${I}/${id}?include=inspectionFields`, { token: admin.token });
    expect(after.body.data.attributes.score_data).toEqual(before.body.data.attributes.score_data);
    expect(after.body.included).toEqual(before.body.included);
    // Answering it still scores by the frozen definition (yes: 5 of 5).
    await act(id, 'start');
    const res = await answer(await fieldOf(id, 'Klaxon'), { value: true });
    expect(res.body.data.attributes).toMatchObject({ points: '5', max_points: '5', score: 100 });
    const next = await inspection();
    expect(next.body.data.attributes.form_version).toBe(2);
    const klaxon = next.body.included.find((f: any) => f.relationships.inspectionFormSectionField.data.id === form.ids.Klaxon);
    expect(klaxon.attributes).toMatchObject({ points: '20', max_points: '50' });
    // Back to the definition the other tests expect.
    await t.api('PATCH', `/api/v1/inspection-form-section-fields/${form.ids.Klaxon}`, {
      token: admin.token,
      body: { data: { type: 'inspection-form-section-fields', id: form.ids.Klaxon, attributes: { points_threshold: [{ option: 'yes', points: 5 }, { option: 'no', points: 0 }] } } },
    });
  });

  it('refuses assignees without the permission to assign (403), and starts to do with them', async () => {
    const vehicle = (await makeVehicle(t, viewer.token, { vin: nextVin() })).id;
    const res = await t.api('POST', I, {
      token: viewer.token,
      body: { data: { type: 'inspections', relationships: { inspectionForm: toOne('inspection-forms', form.id), vehicle: toOne('vehicles', vehicle) } } },
    });
    expect(res.status).toBe(403);
    const { body } = await inspection(admin, undefined, { assignedToUsers: { data: [{ type: 'users', id: other.id }] } });
    expect(body.data.attributes.state).toBe('assigned');
  });
});

describe('answering', () => {
  let id: string;
  beforeAll(async () => {
    ({ id } = await inspection());
    expect((await act(id, 'start')).status).toBe(200);
  });

  it('marks the field touched, scores it and its inspection, and answers the sections’ scores on demand', async () => {
    const fieldId = await fieldOf(id, 'Klaxon');
    const res = await answer(fieldId, { value: true, comment: 'OK' }, admin, '?add_data=inspectionSectionScores');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.attributes).toMatchObject({ value: true, touched: true, points: '5', max_points: '5', score: 100, comment: 'OK' });
    // Klaxon 5/5, Remarque counts nothing: the section is 100, the tires 0 → 50.
    expect(res.body.meta.inspectionSectionScores[form.ids['Intérieur']]).toMatchObject({ score: 100 });
    const got = await t.api('GET', `${I}/${id}`, { token: admin.token });
    expect(got.body.data.attributes.vehicle_score).toBe(50);
    expect(got.body.data.attributes.touched_sections).toEqual([form.ids['Intérieur']]);
    const read = await t.api('GET', `${F}/${fieldId}?add_data=inspectionSectionScores`, { token: admin.token });
    expect(read.body.meta.inspectionSectionScores).toEqual(got.body.data.attributes.score_data.sectionsScores);
  });

  it('copies the first tire’s state and action to the other tire, keeping its own measures; a tire the inspector set otherwise keeps its answer', async () => {
    const first = await fieldOf(id, 'Pneu AG');
    const second = await fieldOf(id, 'Pneu AD');
    const secondNow = async () => (await t.api('GET', `${F}/${second}`, { token: admin.token })).body.data.attributes;
    await answer(first, { value: { value: 'good', depth: 8 } });
    expect(await secondNow()).toMatchObject({ value: { value: 'good' }, touched: true });
    // The second tire's own measure: it still says what the first says, so it follows it.
    await answer(second, { value: { value: 'good', depth: 7 } });
    const res = await answer(first, { value: { value: 'to_replace', depth: 2 }, action: 'replace' });
    expect(res.status).toBe(200);
    expect(await secondNow()).toMatchObject({ value: { value: 'to_replace', depth: 7 }, action: 'replace', touched: true, points: '0' });
    // The inspector sets the second tire otherwise: the first's next change leaves it as they set it.
    await answer(second, { value: { value: 'good', depth: 7 }, action: null });
    await answer(first, { value: { value: 'to_replace', depth: 1 }, action: 'repair' });
    expect(await secondNow()).toMatchObject({ value: { value: 'good', depth: 7 }, action: null, touched: true });
  });

  it('checks the value by the field type, in French and English', async () => {
    const klaxon = await fieldOf(id, 'Klaxon');
    const fr = await answer(klaxon, { value: 'peut-être' });
    expect(fr.status).toBe(422);
    expect(fr.body.errors[0]).toMatchObject({ detail: 'La valeur doit être oui ou non', source: { pointer: '/data/attributes/value' } });
    const en = await t.api('PATCH', `${F}/${klaxon}`, {
      token: admin.token,
      headers: { 'accept-language': 'en' },
      body: { data: { type: 'inspection-fields', id: klaxon, attributes: { value: { value: 'good' } } } },
    });
    expect(en.body.errors[0].detail).toBe('The value must be yes or no');
    const tire = await answer(await fieldOf(id, 'Pneu AG'), { value: { value: 'perfect' } });
    expect(tire.status).toBe(422);
    const na = await answer(klaxon, { not_applicable: true });
    expect(na.body.errors[0].detail).toBe('Ce champ ne peut pas être marqué non applicable');
  });

  it('is the holder’s: another user is refused (403 naming the holder) until they take it over', async () => {
    const klaxon = await fieldOf(id, 'Klaxon');
    const refused = await answer(klaxon, { value: false }, other);
    expect(refused.status).toBe(403);
    expect(refused.body.errors[0].detail).toContain('Alice Admin');
    expect((await act(id, 'take-over', admin)).status).toBe(409);
    const taken = await act(id, 'take-over', other);
    expect(taken.status).toBe(200);
    expect(taken.body.data.relationships.holder.data.id).toBe(other.id);
    expect((await answer(klaxon, { value: false }, other)).status).toBe(200);
    expect((await answer(klaxon, { value: true }, admin)).status).toBe(403);
    expect((await act(id, 'take-over', admin)).status).toBe(200);
  });

  it('refuses answers when the inspection is not in progress (409)', async () => {
    const { id: pending } = await inspection();
    const res = await answer(await fieldOf(pending, 'Klaxon'), { value: true });
    expect(res.status).toBe(409);
    expect(res.body.errors[0].detail).toContain('À assigner');
  });

  it('answers with the record as a GET reads it and the sections’ scores as stored, though it reads neither again', async () => {
    const tire = await fieldOf(id, 'Pneu AG');
    const res = await answer(tire, { value: { value: 'to_replace' }, comment: 'usé' }, admin, '?add_data=inspectionSectionScores&include=inspection');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const read = await t.api('GET', `${F}/${tire}?include=inspection`, { token: admin.token });
    expect(res.body.data).toEqual(read.body.data);
    expect(res.body.included).toEqual(read.body.included);
    const stored = await one<{ score_data: { sectionsScores: unknown } }>(sql`SELECT score_data FROM inspections WHERE id = ${id}`);
    expect(res.body.meta).toEqual({ inspectionSectionScores: stored.score_data.sectionsScores });
  });

  it('is written in 3 statements besides BEGIN and COMMIT, the holder’s session kept from the one before', async () => {
    const klaxon = await fieldOf(id, 'Klaxon');
    // The field and its inspection locked and read, with its answers and vehicle (the engine's
    // locked read and the type's lockedWith part); the answer with its points; the log with its
    // followers read and the inspection's scores written (the afterWrite hook's writes). The answer
    // is the row its UPDATE wrote and the sections' scores (add_data) those its scoring wrote:
    // neither read again. An answer forgets no cached session: the next one reads none.
    const statements = await statementsOf(async (attempt) => {
      const res = await answer(klaxon, { value: attempt % 2 === 0 }, admin, '?add_data=inspectionSectionScores');
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.data.attributes).toMatchObject({ value: attempt % 2 === 0, points: attempt % 2 === 0 ? '5' : '0' });
    });
    expect(statements).toBe(3);
  });
});

describe('taking over (the rule of every work record: admin/take-over.ts)', () => {
  const from = (holder: MadeUser) => ({ data: { type: 'inspections', relationships: { holder: toOne('users', holder.id) } } });
  const holderOf = async (id: string) => (await one<{ holder_id: string }>(sql`SELECT holder_id FROM inspections WHERE id = ${id}`)).holder_id;
  async function started() {
    const { id } = await inspection();
    expect((await act(id, 'start')).status).toBe(200);
    return id;
  }

  it('takes it over without a body, as the spec’s clients call it', async () => {
    const id = await started();
    const taken = await act(id, 'take-over', other);
    expect(taken.status, JSON.stringify(taken.body)).toBe(200);
    expect(await holderOf(id)).toBe(other.id);
  });

  it('refuses a take-over from a holder who no longer holds it (409 naming the holder now, fr and en), nothing changed', async () => {
    const id = await started();
    expect((await act(id, 'take-over', other)).status).toBe(200);
    const fr = await act(id, 'take-over', third, from(admin));
    expect(fr.status).toBe(409);
    expect(fr.body.errors[0].detail).toBe('Olivier Autre a pris cette inspection en charge entre-temps.');
    const en = await act(id, 'take-over', third, from(admin), 'en');
    expect(en.body.errors[0].detail).toBe('Olivier Autre took this inspection over in the meantime.');
    expect(await holderOf(id)).toBe(other.id);
    expect((await act(id, 'take-over', third, from(other))).status).toBe(200);
  });

  it('of two take-overs at once from the holder seen, one wins; the other is told who took it', async () => {
    const id = await started();
    const [a, b] = await Promise.all([act(id, 'take-over', other, from(admin)), act(id, 'take-over', third, from(admin))]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const [winner, lost] = a.status === 200 ? [other, b] : [third, a];
    expect(lost.body.errors[0].detail).toBe(`${winner.firstname} ${winner.lastname} a pris cette inspection en charge entre-temps.`);
    expect(await holderOf(id)).toBe(winner.id);
  });
});

describe('workflow', () => {
  it('completes with a signature and every visible field filled, then approves, shares and redoes', async () => {
    const { id } = await inspection();
    await act(id, 'start');
    const missing = await act(id, 'complete', admin, {});
    expect(missing.status).toBe(422);
    const details = missing.body.errors.map((e: any) => e.detail);
    expect(details).toContain('La signature est obligatoire');
    expect(details).toContain('Le champ Klaxon doit être renseigné');
    expect(details).toContain('Le champ Pneu AG doit être renseigné');
    const en = await act(id, 'complete', admin, {}, 'en');
    expect(en.body.errors.map((e: any) => e.detail)).toContain('A signature is required');
    expect(await stateOf(id)).toBe('in_progress');

    const sections = await t.api('POST', `${I}/${id}/set-section-good`, { token: admin.token, body: { section_id: form.ids.Pneus } });
    expect(sections.status).toBe(200);
    await answer(await fieldOf(id, 'Klaxon'), { value: true });
    await answer(await fieldOf(id, 'Remarque'), { value: 'Rien à signaler' });
    const done = await act(id, 'complete', admin, { signature: 'data:image/png;base64,AAAA' });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.data.attributes).toMatchObject({ state: 'completed', vehicle_score: 100, signature: 'data:image/png;base64,AAAA' });
    expect((await act(id, 'approve')).body.data.attributes.state).toBe('approved');
    expect((await act(id, 'share')).body.data.attributes.shared).toBe(true);
    const redo = await act(id, 'redo');
    expect(redo.status).toBe(200);
    expect(redo.body.data.id).not.toBe(id);
    expect(redo.body.data.attributes).toMatchObject({ state: 'draft', vehicle_score: 0 });
    expect(redo.body.data.relationships.vehicle.data).toEqual(done.body.data.relationships.vehicle.data);
    expect(await stateOf(id)).toBe('canceled');
  });

  it('needs only the required fields: a free text is optional unless its form says so; each missing field is named with its ids', async () => {
    const own = await makeInspectionForm(t, admin.token, {
      sections: [
        {
          name: 'Intérieur',
          name_en: 'Interior',
          subSections: [
            {
              name: 'Commandes',
              fields: [
                { name: 'Klaxon', name_en: 'Horn' },
                { name: 'Essuie-glaces', required: false },
                { name: 'Remarque', field_type: 'TEXT', points_threshold: [] },
                { name: 'Kilométrage noté', field_type: 'TEXT', points_threshold: [], required: true },
              ],
            },
          ],
        },
      ],
    });
    const read = async (name: string) => (await t.api('GET', `/api/v1/inspection-form-section-fields/${own.ids[name]}`, { token: admin.token })).body.data.attributes;
    expect(await read('Klaxon')).toMatchObject({ required: true, name_en: 'Horn' });
    expect((await read('Remarque')).required).toBe(false);
    expect((await read('Kilométrage noté')).required).toBe(true);
    const made = await t.api('POST', `${I}?include=inspectionFields`, { token: admin.token, body: { data: { type: 'inspections', relationships: { inspectionForm: toOne('inspection-forms', own.id) } } } });
    const id = made.body.data.id;
    const byField = Object.fromEntries(made.body.included.map((f: any) => [f.relationships.inspectionFormSectionField.data.id, f.id]));
    await act(id, 'start');
    const signed = { signature: 'data:image/png;base64,AAAA' };
    const fr = await act(id, 'complete', admin, signed);
    expect(fr.status).toBe(422);
    expect(fr.body.errors.map((e: any) => e.detail)).toEqual(['Le champ Klaxon doit être renseigné', 'Le champ Kilométrage noté doit être renseigné']);
    expect(fr.body.errors[0].meta).toEqual({ inspection_field_id: byField[own.ids.Klaxon], field_id: own.ids.Klaxon, section_id: own.ids['Intérieur'], sub_section_id: own.ids.Commandes });
    expect(fr.body.errors[0].source.pointer).toMatch(/^\/data\/relationships\/inspectionFields\/data\/\d+$/);
    // In English, the field's English label (the French one when it has none).
    const en = await act(id, 'complete', admin, signed, 'en');
    expect(en.body.errors.map((e: any) => e.detail)).toEqual([expect.stringContaining('Horn'), expect.stringContaining('Kilométrage noté')]);
    expect(await stateOf(id)).toBe('in_progress');
    await answer(byField[own.ids.Klaxon], { value: true });
    await answer(byField[own.ids['Kilométrage noté']], { value: '84 500' });
    expect((await act(id, 'complete', admin, signed)).status).toBe(200);
  });

  it('needs every reminder of the form ticked', async () => {
    const own = await makeInspectionForm(t, admin.token, { reminders: [{ text: 'Clés remises' }, { text: 'Photos prises' }] });
    const reminders = (await t.api('GET', `/api/v1/inspection-forms/${own.id}?include=reminders`, { token: admin.token })).body.data.relationships.reminders.data.map((r: any) => r.id);
    const made = await t.api('POST', I, { token: admin.token, body: { data: { type: 'inspections', relationships: { inspectionForm: toOne('inspection-forms', own.id) } } } });
    const id = made.body.data.id;
    await act(id, 'start');
    const field = (await one<{ id: string }>(sql`SELECT id FROM inspection_fields WHERE inspection_id = ${id}`)).id;
    await answer(field, { value: true });
    const complete = (checked: string[], lang = 'fr') =>
      act(id, 'complete', admin, { data: { type: 'inspections', id, attributes: { signature: 'data:image/png;base64,AAAA', checked_reminders: checked } } }, lang);
    const fr = await complete([reminders[0]]);
    expect(fr.status).toBe(422);
    expect(fr.body.errors).toEqual([expect.objectContaining({ detail: 'Vous devez cocher tous les éléments', source: { pointer: '/data/attributes/checked_reminders' } })]);
    expect((await complete([], 'en')).body.errors[0].detail).toBe('You must tick every item');
    // Options of another shape are refused at their pointer (one schema reads them and describes them in the contract).
    const odd = await act(id, 'complete', admin, { data: { type: 'inspections', id, attributes: { signature: 42, checked_reminders: reminders[0] } } }, 'en');
    expect(odd.status).toBe(422);
    expect(odd.body.errors.map((e: any) => e.source.pointer).sort()).toEqual(['/data/attributes/checked_reminders', '/data/attributes/signature']);
    expect((await one<{ state: string }>(sql`SELECT state FROM inspections WHERE id = ${id}`)).state).toBe('in_progress');
    expect((await complete(reminders)).status).toBe(200);
  });

  it('resets a section: its fields untouched again, the scores follow', async () => {
    const { id } = await inspection();
    await act(id, 'start');
    await t.api('POST', `${I}/${id}/set-section-good`, { token: admin.token, body: { section_id: form.ids.Pneus } });
    const res = await t.api('POST', `${I}/${id}/reset-section`, { token: admin.token, body: { section_id: form.ids.Pneus } });
    expect(res.status).toBe(200);
    expect(res.body.data.attributes.score_data.sectionsScores[form.ids.Pneus].score).toBe(0);
    const field = await one<{ touched: boolean; value: unknown }>(sql`SELECT touched, value FROM inspection_fields WHERE id = ${await fieldOf(id, 'Pneu AG')}`);
    expect(field).toEqual({ touched: false, value: null });
  });

  it('refuses what the state does not offer (409, translated, nothing changed)', async () => {
    const { id } = await inspection();
    const before = await t.api('GET', `${I}/${id}`, { token: admin.token });
    const fr = await act(id, 'approve');
    expect(fr.status).toBe(409);
    expect(fr.body.errors[0].detail).toBe('Cette inspection ne permet pas « Valider » dans l’état « À assigner ».');
    const en = await act(id, 'complete', admin, {}, 'en');
    expect(en.status).toBe(409);
    expect(en.body.errors[0].detail).toBe('This inspection does not allow “Complete” in the state “To assign”.');
    expect((await act(id, 'share')).status).toBe(409);
    const after = await t.api('GET', `${I}/${id}`, { token: admin.token });
    expect(after.body.data.attributes).toEqual(before.body.data.attributes);
    // GET, as the spec's clients call it; POST is accepted too.
    const canceled = await t.api('POST', `${I}/${id}/cancel`, { token: admin.token });
    expect(canceled.body.data.attributes.state).toBe('canceled');
    expect((await act(id, 'cancel')).status).toBe(409);
  });

  it('needs each action’s permission (403)', async () => {
    const { id } = await inspection();
    for (const action of ['start', 'approve', 'assign', 'redo']) expect((await act(id, action, viewer, {})).status, action).toBe(403);
    expect((await act(id, 'cancel', viewer)).status).toBe(403);
    expect(await stateOf(id)).toBe('pending');
  });

  it('lets only an assignee start an assigned inspection unless the user may assign', async () => {
    const starter = await makeUser(t, (await one<{ organization_id: string }>(sql`SELECT organization_id FROM users WHERE id = ${admin.id}`)).organization_id, {
      permissions: ['view any inspections', 'view inspections', 'start inspections'],
    });
    const { id } = await inspection(admin, undefined, { assignedToUsers: { data: [{ type: 'users', id: other.id }] } });
    expect((await act(id, 'start', starter)).status).toBe(403);
    expect((await act(id, 'start', other)).status).toBe(200);
  });
});

describe('every action from every state', () => {
  const CASES = inspectionWorkflow.states.flatMap((state) => inspectionWorkflow.actions.map((action) => [state, action, inspectionWorkflow.transition(state, action)] as const));
  const bodyOf = (action: string): object | undefined =>
    action === 'assign'
      ? { data: { relationships: { assignedToUsers: { data: [{ type: 'users', id: other.id }] } } } }
      : action === 'complete'
        ? { signature: 'data:image/png;base64,AAAA' }
        : action === 'reset_section' || action === 'set_section_good'
          ? { section_id: form.ids.Pneus }
          : undefined;

  it.each(CASES)('%s --%s--> %s', async (state, action, next) => {
    const { id } = await inspection();
    // The holder is the user acting, so that only the state decides (take-over: someone else holds it).
    const holder = action === 'take_over' ? other.id : admin.id;
    await t.database.db.execute(sql`UPDATE inspections SET state = ${state}, holder_id = ${holder} WHERE id = ${id}`);
    if (action === 'complete' && next) for (const name of ['Pneu AG', 'Pneu AD', 'Klaxon', 'Remarque'])
      await t.database.db.execute(sql`UPDATE inspection_fields SET touched = true WHERE id = ${await fieldOf(id, name)}`);
    const res = await act(id, inspectionWorkflow.route(action), admin, bodyOf(action) ?? {});
    if (!next) {
      expect(res.status).toBe(409);
      expect(await stateOf(id)).toBe(state);
    } else {
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(await stateOf(id)).toBe(next);
    }
  });
});

describe('one inspection in progress per vehicle', () => {
  it('is enforced by the database: of two starts at once, one is refused (409)', async () => {
    const a = await inspection();
    const b = await inspection(admin, a.vehicle);
    const [ra, rb] = await Promise.all([act(a.id, 'start'), act(b.id, 'start', admin, undefined, 'en')]);
    expect([ra.status, rb.status].sort()).toEqual([200, 409]);
    const refused = ra.status === 409 ? ra : rb;
    expect(refused.body.errors[0].detail).toBe(ra.status === 409 ? 'Une inspection est déjà en cours pour ce véhicule' : 'An inspection is already in progress for this vehicle');
    expect([await stateOf(a.id), await stateOf(b.id)].sort()).toEqual(['in_progress', 'pending']);
  });
});

describe('counts', () => {
  it('answers the count per state like the list', async () => {
    await expectCountsLikeList(t, I, inspectionWorkflow.states, admin.token);
  });

  it('counts a form’s inspections that are not canceled, and keeps a used form from deletion (409)', async () => {
    const own = await makeInspectionForm(t, admin.token);
    const make = () =>
      t.api('POST', I, { token: admin.token, body: { data: { type: 'inspections', relationships: { inspectionForm: toOne('inspection-forms', own.id) } } } });
    const first = await make();
    await make();
    const count = async () => (await t.api('GET', `/api/v1/inspection-forms/${own.id}`, { token: admin.token })).body.data.attributes.inspections_count;
    expect(await count()).toBe(2);
    await act(first.body.data.id, 'cancel');
    expect(await count()).toBe(1);
    const del = await t.api('DELETE', `/api/v1/inspection-forms/${own.id}`, { token: admin.token });
    expect(del.status).toBe(409);
  });
});
