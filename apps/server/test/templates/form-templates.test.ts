import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeInspectionForm, makeOrganization, makeReseller, makeStartedInspection, makeUser, makeWorld, toOne, type MadeForm, type MadeUser, type World } from '../factories.ts';
import { apiCalls, createTestApp, type TestApp } from '../helpers.ts';

// Templates a reseller publishes (issue 27): a reseller publishes one of its organizations' forms
// as a template, an organization adopts it as a form of its own and adjusts it, a newer version is
// offered with what changed and taken without losing the organization's edits; inspections keep
// the version they were made from; resellers and organizations kept apart.

let t: TestApp;
let w: World;
let source: MadeForm;
let rivalManager: MadeUser;
let rivalReseller: Awaited<ReturnType<typeof makeReseller>>;

const { call, ok } = apiCalls(() => t);
const patch = (type: string, id: string, attributes: Record<string, unknown>) => ({ data: { type, id, attributes } });

/** The adopted form's fields by name: what the organization's inspectors will see. */
async function fieldsOf(as: { token: string }, formId: string) {
  const body = await ok('GET', `/inspection-form-section-fields?filter[inspectionForm]=${formId}&page[size]=100`, as);
  return new Map<string, any>(body.data.map((f: any) => [f.attributes.name, f.attributes]));
}

let templateId: string;
let adoptionId: string;
let adoptedFormId: string;

beforeAll(async () => {
  t = await createTestApp({}, { demo: false });
  w = await makeWorld(t);
  source = await makeInspectionForm(t, w.manager.token, {
    name: 'Inspection du réseau',
    sections: [
      { name: 'Freins', subSections: [{ name: 'Avant', fields: [{ name: 'Plaquettes' }, { name: 'Disques' }] }] },
      { name: 'Pneus', subSections: [{ name: 'Usure', fields: [{ name: 'Profondeur' }] }] },
    ],
    notes: [{ minimum_value: 0, maximum_value: 50, text: 'À surveiller' }],
  });
  rivalReseller = await makeReseller(t);
  const rivalOrg = await makeOrganization(t, { reseller_id: rivalReseller.id });
  rivalManager = await makeUser(t, rivalOrg.id);
});
afterAll(() => t?.close());

describe('publishing', () => {
  it('publishes a form of one of its organizations as version 1', async () => {
    const made = await ok(
      'POST',
      '/form-templates?include=versions',
      w.reseller.user,
      { data: { type: 'form-templates', attributes: { name: 'Inspection du réseau', description: 'Commun' }, relationships: { sourceForm: toOne('inspection-forms', source.id) } } },
      201,
    );
    templateId = made.data.id;
    expect(made.data.attributes.version).toBe(1);
    const version = made.included.find((r: any) => r.type === 'form-template-versions');
    expect(version.attributes.number).toBe(1);
    expect(version.attributes.structure.sections.map((s: any) => s.name)).toEqual(['Freins', 'Pneus']);
  });

  it('refuses a form that is not one of its organizations’, a missing source, and an unchanged form', async () => {
    const rivalForm = await makeInspectionForm(t, rivalManager.token);
    const res = await call('POST', '/form-templates', w.reseller.user, { data: { type: 'form-templates', attributes: { name: 'Volé' }, relationships: { sourceForm: toOne('inspection-forms', rivalForm.id) } } });
    expect(res.status).toBe(422);
    const missing = await call('POST', '/form-templates', w.reseller.user, { data: { type: 'form-templates', attributes: { name: 'Sans source' } } }, 'en');
    expect(missing.status).toBe(422);
    expect(missing.body.errors[0].detail).toBe('Choose the form to publish as a template.');
    const same = await call('POST', `/form-templates/${templateId}/publish`, w.reseller.user);
    expect(same.status).toBe(409);
    expect(same.body.errors[0].detail).toContain('version 1');
  });

  it('is not for organizations to publish, nor for another reseller to see', async () => {
    expect((await call('POST', `/form-templates/${templateId}/publish`, w.manager)).status).toBe(403);
    expect((await call('GET', `/form-templates/${templateId}`, rivalReseller.user)).status).toBe(404);
    expect((await call('GET', `/form-templates/${templateId}`, rivalManager)).status).toBe(404);
    expect((await call('GET', `/form-templates/${templateId}`, w.manager2)).status).toBe(404);
    expect((await call('POST', `/form-templates/${templateId}/adopt`, rivalManager)).status).toBe(404);
  });
});

describe('adopting and updating', () => {
  it('makes the latest version a form of the organization, which reads its reseller’s templates', async () => {
    const list = await ok('GET', '/form-templates', w.manager);
    expect(list.data.map((r: any) => r.id)).toContain(templateId);
    const adopted = await ok('POST', `/form-templates/${templateId}/adopt`, w.manager, undefined, 201);
    adoptedFormId = adopted.meta.inspection_form_id;
    adoptionId = adopted.meta.adoption_id;
    const fields = await fieldsOf(w.manager, adoptedFormId);
    expect([...fields.keys()].sort()).toEqual(['Disques', 'Plaquettes', 'Profondeur']);
    const adoption = await ok('GET', `/form-template-adoptions/${adoptionId}`, w.manager);
    expect(adoption.data.attributes.version).toBe(1);
    const notes = await ok('GET', `/inspection-forms/${adoptedFormId}?include=notes`, w.manager);
    expect(notes.included.map((n: any) => n.attributes.text)).toEqual(['À surveiller']);
    // A reseller's user adopts nothing: it has no organization to put the form in.
    expect((await call('POST', `/form-templates/${templateId}/adopt`, w.reseller.user, undefined, 'en')).status).toBe(422);
  });

  it('offers a newer version with what changed, and takes it keeping the organization’s own edits', async () => {
    // The organization adjusts its copy: the pads' coefficient, and a field of its own.
    const mine = await fieldsOf(w.manager, adoptedFormId);
    const padsId = (await ok('GET', `/inspection-form-section-fields?filter[inspectionForm]=${adoptedFormId}&filter[search]=Plaquettes`, w.manager)).data[0].id;
    await ok('PATCH', `/inspection-form-section-fields/${padsId}`, w.manager, patch('inspection-form-section-fields', padsId, { coefficient: '3' }));
    expect(mine.get('Plaquettes').coefficient).toBe('1');
    // An inspection made from the adopted form now keeps that version.
    const inspection = await makeStartedInspection(t, w.manager.token, adoptedFormId);

    // The reseller changes its source: the pads and the discs' coefficients, a new field, the tires' section gone.
    await ok('PATCH', `/inspection-form-section-fields/${source.ids.Plaquettes}`, w.reseller.user, patch('inspection-form-section-fields', source.ids.Plaquettes, { coefficient: '2' }));
    await ok('PATCH', `/inspection-form-section-fields/${source.ids.Disques}`, w.reseller.user, patch('inspection-form-section-fields', source.ids.Disques, { coefficient: '1,5' }));
    await ok('POST', '/inspection-form-section-fields', w.reseller.user, {
      data: { type: 'inspection-form-section-fields', attributes: { name: 'Étriers', field_type: 'CHECK', points_threshold: [{ option: 'yes', points: 5 }, { option: 'no', points: 0 }] }, relationships: { section: toOne('inspection-form-sections', source.ids.Avant) } },
    }, 201);
    await ok('DELETE', `/inspection-form-sections/${source.ids.Pneus}`, w.reseller.user, undefined, 204);
    const published = await ok('POST', `/form-templates/${templateId}/publish?include=versions`, w.reseller.user);
    expect(published.data.attributes.version).toBe(2);
    const v2 = published.included.find((r: any) => r.attributes.number === 2);
    expect(v2.attributes.changes.map((c: any) => `${c.kind} ${c.name}`)).toEqual(['changed Plaquettes', 'changed Disques', 'added Étriers', 'removed Pneus']);

    const offer = await ok('GET', `/form-template-adoptions/${adoptionId}/changes`, w.manager);
    expect(offer.meta).toMatchObject({ from: 1, to: 2 });
    expect(offer.meta.apply.map((c: any) => c.name)).toEqual(['Disques', 'Étriers', 'Pneus']);
    expect(offer.meta.kept).toMatchObject([{ name: 'Plaquettes', reason: 'changed_here' }]);

    // The version read must be the latest.
    expect((await call('POST', `/form-template-adoptions/${adoptionId}/accept`, w.manager, { data: { attributes: { version: 1 } } })).status).toBe(409);
    const taken = await ok('POST', `/form-template-adoptions/${adoptionId}/accept`, w.manager, { data: { attributes: { version: 2 } } });
    expect(taken.data.attributes.version).toBe(2);
    const after = await fieldsOf(w.manager, adoptedFormId);
    expect([...after.keys()].sort()).toEqual(['Disques', 'Plaquettes', 'Étriers']);
    expect(after.get('Plaquettes').coefficient).toBe('3'); // the organization's edit kept
    expect(after.get('Disques').coefficient).toBe('1.5'); // the template's change taken

    // The inspection made before still reads version 1 of the form (the tires included).
    const made = await ok('GET', `/inspections/${inspection}?include=inspectionFormVersion`, w.manager);
    const frozen = made.included.find((r: any) => r.type === 'inspection-form-versions');
    expect(frozen.attributes.structure.sections.map((s: any) => s.name)).toEqual(['Freins', 'Pneus']);

    // Nothing more to take.
    expect((await call('POST', `/form-template-adoptions/${adoptionId}/accept`, w.manager, { data: { attributes: { version: 2 } } })).status).toBe(409);
  });

  it('passes on a version, offered again when a newer one comes', async () => {
    await ok('PATCH', `/inspection-form-section-fields/${source.ids.Disques}`, w.reseller.user, patch('inspection-form-section-fields', source.ids.Disques, { coefficient: '2' }));
    await ok('POST', `/form-templates/${templateId}/publish`, w.reseller.user);
    const skipped = await ok('POST', `/form-template-adoptions/${adoptionId}/skip`, w.manager, { data: { attributes: { version: 3 } } });
    expect(skipped.data.attributes).toMatchObject({ version: 2, skipped_version: 3 });
    expect((await fieldsOf(w.manager, adoptedFormId)).get('Disques').coefficient).toBe('1.5');
  });

  it('keeps adoptions to their organization', async () => {
    expect((await call('GET', `/form-template-adoptions/${adoptionId}`, w.manager2)).status).toBe(404);
    expect((await call('POST', `/form-template-adoptions/${adoptionId}/accept`, rivalManager, { data: { attributes: { version: 3 } } })).status).toBe(404);
    expect((await ok('GET', '/form-template-adoptions', rivalManager)).data).toEqual([]);
  });
});

describe('publishing again', () => {
  it('publishes no version that changes nothing, even when the source’s rows were made again (a reminder’s new id)', async () => {
    const form = source.id;
    await ok('PATCH', `/inspection-forms/${form}`, w.reseller.user, { data: { type: 'inspection-forms', id: form, relationships: { reminders: { data: [{ type: 'inspection-form-reminders', attributes: { text: 'Casque' } }] } } } });
    const withReminder = await ok('POST', `/form-templates/${templateId}/publish`, w.reseller.user);
    const version = withReminder.data.attributes.version;
    // The same reminder made again: another row, the same form.
    await ok('PATCH', `/inspection-forms/${form}`, w.reseller.user, { data: { type: 'inspection-forms', id: form, relationships: { reminders: { data: [{ type: 'inspection-form-reminders', attributes: { text: 'Casque' } }] } } } });
    const again = await call('POST', `/form-templates/${templateId}/publish`, w.reseller.user);
    expect(again.status).toBe(409);
    expect(again.body.errors[0].code).toBe('template.unchanged');
    expect((await ok('GET', `/form-templates/${templateId}`, w.reseller.user)).data.attributes.version).toBe(version);
  });

  it('publishes nothing more of an organization moved to another reseller', async () => {
    const moved = await makeOrganization(t, { reseller_id: w.reseller.id });
    const owner = await makeUser(t, moved.id);
    const form = await makeInspectionForm(t, owner.token);
    const made = await ok('POST', '/form-templates', w.reseller.user, { data: { type: 'form-templates', attributes: { name: 'Partira' }, relationships: { sourceForm: toOne('inspection-forms', form.id) } } }, 201);
    await t.database.db.execute(sql`UPDATE organizations SET reseller_id = ${rivalReseller.id} WHERE id = ${moved.id}`);
    await ok('PATCH', `/inspection-form-section-fields/${form.ids.Capot}`, owner, patch('inspection-form-section-fields', form.ids.Capot, { coefficient: '2' }));
    const refused = await call('POST', `/form-templates/${made.data.id}/publish`, w.reseller.user);
    expect([refused.status, refused.body.errors[0].code]).toEqual([409, 'template.source_not_yours']);
  });
});

