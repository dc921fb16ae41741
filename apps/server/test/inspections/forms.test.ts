import { beforeAll, describe, expect, it } from 'vitest';
import { errorAt, fileApp } from '../helpers.ts';
import { makeInspectionForm, makeOrganization, makeUser, type MadeForm } from '../factories.ts';

// Inspection forms and their parts through the API: each type's CRUD, the nested include the
// editor reads, the structural rules (messages in French and English, with pointers), the 409 on
// deleting what other fields depend on, and another organization's user reaching none of it.

const t = fileApp();
let token: string;
let otherToken: string;

const FORMS = '/api/v1/inspection-forms';
const SECTIONS = '/api/v1/inspection-form-sections';
const FIELDS = '/api/v1/inspection-form-section-fields';
const NOTES = '/api/v1/inspection-form-notes';
const INCLUDE = 'include=sections.subSections.fields,multipliers,notes,reminders';

const to = (type: string, id: string | null) => ({ data: id ? { type, id } : null });
const doc = (type: string, attributes: Record<string, unknown>, relationships?: Record<string, unknown>, id?: string) => ({
  data: { type, ...(id ? { id } : {}), attributes, ...(relationships ? { relationships } : {}) },
});
const check = (yes = 5, no = 0) => [
  { option: 'yes', points: yes },
  { option: 'no', points: no },
];
const widget = [
  { option: 'good', points: 10 },
  { option: 'to_replace', points: 0 },
  { option: 'bad', points: 5 },
  { option: 'not_applicable', points: 10 },
];

/** POST a field in English and in French: both answers, for the messages of each language. */
async function both(method: 'POST' | 'PATCH', url: string, body: unknown) {
  const fr = await t.api(method, url, { token, body, headers: { 'accept-language': 'fr' } });
  const en = await t.api(method, url, { token, body, headers: { 'accept-language': 'en' } });
  return { fr, en };
}

/** A field document for the sub-section. */
const field = (sub: string, attributes: Record<string, unknown>, relationships: Record<string, unknown> = {}) =>
  doc('inspection-form-section-fields', attributes, { section: to('inspection-form-sections', sub), ...relationships });

beforeAll(async () => {
  const org = await makeOrganization(t);
  token = (await makeUser(t, org.id)).token;
  const other = await makeOrganization(t);
  otherToken = (await makeUser(t, other.id)).token;
});

describe('inspection forms: CRUD and the nested include', () => {
  let form: MadeForm;

  beforeAll(async () => {
    form = await makeInspectionForm(t, token, {
      name: 'Inspection pré-livraison',
      sections: [
        { name: 'Extérieur', subSections: [{ name: 'Carrosserie', fields: [{ name: 'Capot' }, { name: 'Toit', field_type: 'STATE_WIDGET', points_threshold: widget }] }, { name: 'Vitrage', fields: [{ name: 'Pare-brise' }] }] },
        { name: 'Intérieur', subSections: [{ name: 'Habitacle', fields: [{ name: 'Sièges' }] }] },
      ],
      notes: [
        { minimum_value: 0, maximum_value: 59, text: 'À reconditionner' },
        { minimum_value: 60, maximum_value: 100, text: 'Bon état' },
      ],
      reminders: [{ text: 'Photos prises' }, { text: 'Clés remises' }],
      multipliers: [{ type: 'points', field: 'odometer', operation: 'greater_than', value: '200000', multiplier: '0.9' }],
    });
  });

  it('answers the whole form in one read, each level in its order', async () => {
    const res = await t.api('GET', `${FORMS}/${form.id}?${INCLUDE}`, { token });
    expect(res.status).toBe(200);
    expect(res.body.data.attributes).toMatchObject({ name: 'Inspection pré-livraison', is_active: true, version: 0 });
    const included = (type: string, id: string) => res.body.included.find((r: any) => r.type === type && r.id === id);
    const sectionIds = res.body.data.relationships.sections.data.map((r: any) => r.id);
    // Top-level sections only, in order; their sub-sections and fields follow.
    expect(sectionIds).toEqual([form.ids['Extérieur'], form.ids['Intérieur']]);
    const exterior = included('inspection-form-sections', form.ids['Extérieur']);
    expect(exterior.relationships.subSections.data.map((r: any) => r.id)).toEqual([form.ids.Carrosserie, form.ids.Vitrage]);
    const body = included('inspection-form-sections', form.ids.Carrosserie);
    expect(body.attributes).toMatchObject({ name: 'Carrosserie', factor: '1', order_number: 0 });
    expect(included('inspection-form-sections', form.ids.Vitrage).attributes.order_number).toBe(1);
    expect(body.relationships.fields.data.map((r: any) => r.id)).toEqual([form.ids.Capot, form.ids.Toit]);
    expect(included('inspection-form-section-fields', form.ids.Toit).attributes).toMatchObject({ field_type: 'STATE_WIDGET', order_number: 1, points_threshold: widget });
    expect(res.body.data.relationships.reminders.data.map((r: any) => included('inspection-form-reminders', r.id).attributes)).toMatchObject([
      { text: 'Photos prises', order_number: 0 },
      { text: 'Clés remises', order_number: 1 },
    ]);
    expect(res.body.data.relationships.notes.data).toHaveLength(2);
    expect(included('inspection-form-multipliers', res.body.data.relationships.multipliers.data[0].id).attributes).toMatchObject({ field: 'odometer', multiplier: '0.9' });
  });

  it('lists, searches, filters and sorts', async () => {
    await makeInspectionForm(t, token, { name: 'Entretien saisonnier' });
    const search = await t.api('GET', `${FORMS}?filter[search]=saison&sort=name`, { token });
    expect(search.body.data.map((r: any) => r.attributes.name)).toEqual(['Entretien saisonnier']);
    const sorted = await t.api('GET', `${FORMS}?sort=-name`, { token });
    expect(sorted.body.data.map((r: any) => r.attributes.name)).toEqual(['Inspection pré-livraison', 'Entretien saisonnier']);
    const subs = await t.api('GET', `${SECTIONS}?filter[inspectionForm]=${form.id}&filter[top_level]=false&sort=name`, { token });
    expect(subs.body.data.map((r: any) => r.attributes.name)).toEqual(['Carrosserie', 'Habitacle', 'Vitrage']);
    const ofParent = await t.api('GET', `${SECTIONS}?filter[parent]=${form.ids['Extérieur']}`, { token });
    expect(ofParent.body.data.map((r: any) => r.id)).toEqual([form.ids.Carrosserie, form.ids.Vitrage]);
    const widgets = await t.api('GET', `${FIELDS}?filter[inspectionForm]=${form.id}&filter[field_type]=STATE_WIDGET`, { token });
    expect(widgets.body.data.map((r: any) => r.id)).toEqual([form.ids.Toit]);
    const ofSection = await t.api('GET', `${FIELDS}?filter[section]=${form.ids.Carrosserie}&sort=-order_number`, { token });
    expect(ofSection.body.data.map((r: any) => r.id)).toEqual([form.ids.Toit, form.ids.Capot]);
    expect((await t.api('GET', `${SECTIONS}?filter[top_level]=maybe`, { token })).status).toBe(400);
  });

  it('stamps a field with its sub-section’s form and the organization, and updates each type', async () => {
    const read = await t.api('GET', `${FIELDS}/${form.ids.Capot}?include=inspectionForm,section`, { token });
    expect(read.body.data.relationships.inspectionForm.data.id).toBe(form.id);
    const patched = await t.api('PATCH', `${FIELDS}/${form.ids.Capot}`, {
      token,
      body: doc('inspection-form-section-fields', { name: 'Capot et charnières', coefficient: '1.5', can_add_comment: true, icon: 'car' }, undefined, form.ids.Capot),
    });
    expect(patched.status).toBe(200);
    expect(patched.body.data.attributes).toMatchObject({ name: 'Capot et charnières', coefficient: '1.5', can_add_comment: true });
    const section = await t.api('PATCH', `${SECTIONS}/${form.ids['Extérieur']}`, {
      token,
      body: doc('inspection-form-sections', { name: 'Carrosserie extérieure', factor: 2.5, icon: 'car' }, undefined, form.ids['Extérieur']),
    });
    expect(section.body.data.attributes).toMatchObject({ name: 'Carrosserie extérieure', factor: '2.5' });
    const renamed = await t.api('PATCH', `${FORMS}/${form.id}`, { token, body: doc('inspection-forms', { description: 'Avant la livraison', is_active: false }, undefined, form.id) });
    expect(renamed.body.data.attributes).toMatchObject({ description: 'Avant la livraison', is_active: false });
    const negative = await t.api('PATCH', `${SECTIONS}/${form.ids.Carrosserie}`, {
      token,
      body: doc('inspection-form-sections', { factor: '-1' }, undefined, form.ids.Carrosserie),
      headers: { 'accept-language': 'en' },
    });
    expect(negative.status).toBe(422);
    expect(errorAt(negative, '/data/attributes/factor').detail).toBe('The value must be at least 0');
  });

  it('writes notes, reminders and multipliers at their own routes too, stamped from the form', async () => {
    const reminder = await t.api('POST', '/api/v1/inspection-form-reminders', {
      token,
      body: doc('inspection-form-reminders', { text: 'Carnet remis' }, { inspectionForm: to('inspection-forms', form.id) }),
    });
    expect(reminder.status).toBe(201);
    expect(reminder.body.data.attributes.order_number).toBe(2);
    const multiplier = await t.api('POST', '/api/v1/inspection-form-multipliers', {
      token,
      body: doc('inspection-form-multipliers', { type: 'repair_value', field: 'make', operation: 'contains', value: 'BMW', multiplier: '1.2' }, { inspectionForm: to('inspection-forms', form.id) }),
    });
    expect(multiplier.status).toBe(201);
    expect((await t.api('DELETE', `/api/v1/inspection-form-multipliers/${multiplier.body.data.id}`, { token })).status).toBe(204);
    const list = await t.api('GET', `/api/v1/inspection-form-reminders?filter[inspectionForm]=${form.id}&sort=order_number`, { token });
    expect(list.body.data.map((r: any) => r.attributes.text)).toEqual(['Photos prises', 'Clés remises', 'Carnet remis']);
  });

  it('deletes a form with everything in it', async () => {
    const gone = await makeInspectionForm(t, token);
    expect((await t.api('DELETE', `${FORMS}/${gone.id}`, { token })).status).toBe(204);
    expect((await t.api('GET', `${FIELDS}/${gone.ids.Capot}`, { token })).status).toBe(404);
    expect((await t.api('GET', `${SECTIONS}/${gone.ids.Carrosserie}`, { token })).status).toBe(404);
  });
});

describe('sections and sub-sections', () => {
  let form: MadeForm;
  let other: MadeForm;

  beforeAll(async () => {
    form = await makeInspectionForm(t, token);
    other = await makeInspectionForm(t, token);
  });

  it('puts a new one last among its siblings', async () => {
    const res = await t.api('POST', SECTIONS, {
      token,
      body: doc('inspection-form-sections', { name: 'Vitrage' }, { inspectionForm: to('inspection-forms', form.id), parent: to('inspection-form-sections', form.ids['Extérieur']) }),
    });
    expect(res.status).toBe(201);
    expect(res.body.data.attributes).toMatchObject({ order_number: 1, factor: '1' });
    const top = await t.api('POST', SECTIONS, { token, body: doc('inspection-form-sections', { name: 'Intérieur' }, { inspectionForm: to('inspection-forms', form.id) }) });
    expect(top.body.data.attributes.order_number).toBe(1);
  });

  it('refuses a third level and a parent of another form, in French and English', async () => {
    const nested = await both('POST', SECTIONS, {
      data: { type: 'inspection-form-sections', attributes: { name: 'Trop profond' }, relationships: { inspectionForm: to('inspection-forms', form.id), parent: to('inspection-form-sections', form.ids.Carrosserie) } },
    });
    expect(nested.fr.status).toBe(422);
    expect(errorAt(nested.fr, '/data/relationships/parent').detail).toBe('La section parente doit être une section principale (deux niveaux au plus)');
    expect(errorAt(nested.en, '/data/relationships/parent').detail).toBe('The parent section must be a top-level section (two levels at most)');
    const foreign = await both('POST', SECTIONS, {
      data: { type: 'inspection-form-sections', attributes: { name: 'Ailleurs' }, relationships: { inspectionForm: to('inspection-forms', form.id), parent: to('inspection-form-sections', other.ids['Extérieur']) } },
    });
    expect(errorAt(foreign.fr, '/data/relationships/parent').detail).toBe('La section parente doit appartenir au même formulaire');
    expect(errorAt(foreign.en, '/data/relationships/parent').detail).toBe('The parent section must belong to the same form');
  });
});

describe('fields: the form rules, with pointers, in French and English', () => {
  let form: MadeForm;
  let other: MadeForm;
  let sub: string;

  beforeAll(async () => {
    form = await makeInspectionForm(t, token, {
      sections: [{ name: 'Sous le capot', subSections: [{ name: 'Moteur', fields: [{ name: 'Fuite visible ?' }, { name: 'Bruit' }, { name: 'Courroies' }] }] }],
    });
    other = await makeInspectionForm(t, token);
    sub = form.ids.Moteur;
  });

  it('takes every field type with the options its type needs', async () => {
    const valid: [string, unknown[]][] = [
      ['CHECK', [{ option: 'yes', points: 3 }]],
      ['SELECT_SINGLE', [{ option: 'Huile', points: 0 }, { option: 'Aucune', points: 4 }]],
      ['SELECT_MULTIPLE', [{ option: 'ABS', points: 0 }, { option: 'Aucun', points: 6 }]],
      ['NUMBER', [{ option: '0-2', points: 0 }, { option: '3-12', points: 6 }]],
      ['RANGE_SLIDER', [{ option: '0-4.5', points: 0 }, { option: '5-10', points: '3' }]],
      ['TEXT', []],
      ...(['STATE_WIDGET', 'BATTERY_STATE_WIDGET', 'TIRE_STATE_WIDGET', 'GAS_BATTERY_STATE_WIDGET', 'DRUM_THICKNESS_WIDGET', 'PAD_THICKNESS_WIDGET'] as const).map(
        (type): [string, unknown[]] => [type, widget],
      ),
    ];
    for (const [field_type, points_threshold] of valid) {
      const res = await t.api('POST', FIELDS, { token, body: field(sub, { name: field_type, field_type, points_threshold }) });
      expect(res.status, `${field_type}: ${JSON.stringify(res.body.errors)}`).toBe(201);
    }
    const slider = await t.api('GET', `${FIELDS}?filter[field_type]=RANGE_SLIDER&filter[section]=${sub}`, { token });
    expect(slider.body.data[0].attributes.points_threshold).toEqual([{ option: '0-4.5', points: 0 }, { option: '5-10', points: 3 }]);
  });

  it('refuses options that do not fit the type', async () => {
    const cases: { attributes: Record<string, unknown>; pointer: string; fr: string; en: string }[] = [
      {
        attributes: { field_type: 'NUMBER', points_threshold: [{ option: 'beaucoup', points: 1 }] },
        pointer: '/data/attributes/points_threshold/0/option',
        fr: 'L’option « beaucoup » doit être une plage min-max (par exemple 1-10)',
        en: 'The option “beaucoup” must be a min-max range (for example 1-10)',
      },
      {
        attributes: { field_type: 'RANGE_SLIDER', points_threshold: [{ option: '0-5', points: 0 }, { option: '5-10', points: 3 }] },
        pointer: '/data/attributes/points_threshold/1/option',
        fr: 'La plage « 5-10 » chevauche la plage « 0-5 »',
        en: 'The range “5-10” overlaps the range “0-5”',
      },
      {
        attributes: { field_type: 'NUMBER', points_threshold: [{ option: '9-2', points: 0 }] },
        pointer: '/data/attributes/points_threshold/0/option',
        fr: 'Dans la plage « 9-2 », le minimum doit être inférieur ou égal au maximum',
        en: 'In the range “9-2”, the minimum must be less than or equal to the maximum',
      },
      {
        attributes: { field_type: 'TIRE_STATE_WIDGET', points_threshold: widget.slice(0, 3) },
        pointer: '/data/attributes/points_threshold',
        fr: 'Il manque l’option « not_applicable » et ses points',
        en: 'The option “not_applicable” and its points are missing',
      },
      {
        attributes: { field_type: 'PAD_THICKNESS_WIDGET', points_threshold: [...widget, { option: 'worn', points: 1 }] },
        pointer: '/data/attributes/points_threshold/4/option',
        fr: 'Les options de ce widget sont good, to_replace, bad et not_applicable (pas « worn »)',
        en: 'The options of this widget are good, to_replace, bad and not_applicable (not “worn”)',
      },
      {
        attributes: { field_type: 'CHECK', points_threshold: [{ option: 'yes', points: 1 }, { option: 'maybe', points: 0 }] },
        pointer: '/data/attributes/points_threshold/1/option',
        fr: 'Une case à cocher n’a que les options « yes » et « no » (pas « maybe »)',
        en: 'A checkbox only has the options “yes” and “no” (not “maybe”)',
      },
      {
        attributes: { field_type: 'CHECK', points_threshold: [{ option: 'no', points: 1 }] },
        pointer: '/data/attributes/points_threshold',
        fr: 'Une case à cocher doit avoir l’option « yes » avec ses points',
        en: 'A checkbox needs the option “yes” with its points',
      },
      {
        attributes: { field_type: 'SELECT_SINGLE', points_threshold: [{ option: 'Huile', points: -2 }] },
        pointer: '/data/attributes/points_threshold/0/points',
        fr: 'Les points doivent être un nombre positif ou nul',
        en: 'Points must be a number, zero or more',
      },
      {
        attributes: { field_type: 'SELECT_SINGLE', points_threshold: [] },
        pointer: '/data/attributes/points_threshold',
        fr: 'Ajoutez au moins une option avec ses points',
        en: 'Add at least one option with its points',
      },
      {
        attributes: { field_type: 'TEXT', points_threshold: [{ option: 'x', points: 1 }] },
        pointer: '/data/attributes/points_threshold',
        fr: 'Un champ texte ne donne pas de points : il n’a pas d’options',
        en: 'A text field gives no points: it has no options',
      },
      {
        attributes: { field_type: 'SELECT_SINGLE', points_threshold: [{ option: 'A', points: 'beaucoup' }] },
        pointer: '/data/attributes/points_threshold/0/points',
        fr: 'Le champ ne peut contenir que des chiffres',
        en: 'This field may only contain numbers',
      },
    ];
    for (const c of cases) {
      const { fr, en } = await both('POST', FIELDS, field(sub, { name: 'Refusé', ...c.attributes }));
      expect(fr.status, JSON.stringify(c.attributes)).toBe(422);
      expect(errorAt(fr, c.pointer)?.detail, `${c.pointer} ${JSON.stringify(fr.body.errors)}`).toBe(c.fr);
      expect(errorAt(en, c.pointer)?.detail).toBe(c.en);
    }
    const none = await t.api('GET', `${FIELDS}?filter[search]=Refusé`, { token });
    expect(none.body.data).toEqual([]);
  });

  it('puts a field in a sub-section of its form only', async () => {
    const top = await both('POST', FIELDS, field(form.ids['Sous le capot'], { name: 'Au mauvais niveau', field_type: 'CHECK', points_threshold: check() }));
    expect(errorAt(top.fr, '/data/relationships/section').detail).toBe('Un champ appartient à une sous-section, pas à une section principale');
    expect(errorAt(top.en, '/data/relationships/section').detail).toBe('A field belongs to a sub-section, not to a top-level section');
    const moved = await both('PATCH', `${FIELDS}/${form.ids.Bruit}`, {
      data: { type: 'inspection-form-section-fields', id: form.ids.Bruit, relationships: { section: to('inspection-form-sections', other.ids.Carrosserie) } },
    });
    expect(errorAt(moved.fr, '/data/relationships/section').detail).toBe('Un champ ne peut pas passer à une sous-section d’un autre formulaire');
    expect(errorAt(moved.en, '/data/relationships/section').detail).toBe('A field cannot move to a sub-section of another form');
  });

  it('points conditions at another field of the same form, without a cycle', async () => {
    const leak = form.ids['Fuite visible ?'];
    const kind = await t.api('POST', FIELDS, {
      token,
      body: field(sub, {
        name: 'Type de fuite',
        field_type: 'SELECT_SINGLE',
        points_threshold: [{ option: 'Huile', points: 2 }],
        conditional_field: true,
        conditions: [{ field: leak, operator: 'equals', value: 'yes' }],
        condition_relation: 'or',
      }),
    });
    expect(kind.status).toBe(201);
    expect(kind.body.data.attributes).toMatchObject({ conditional_field: true, condition_relation: 'or', conditions: [{ field: leak, operator: 'equals', value: 'yes' }] });
    const kindId = kind.body.data.id;

    const foreign = await both('POST', FIELDS, field(sub, { name: 'Ailleurs', field_type: 'TEXT', conditional_field: true, conditions: [{ field: other.ids.Capot, operator: 'equals', value: 'yes' }] }));
    expect(errorAt(foreign.fr, '/data/attributes/conditions/0/field').detail).toBe('La condition doit porter sur un autre champ du même formulaire');
    expect(errorAt(foreign.en, '/data/attributes/conditions/0/field').detail).toBe('The condition must be on another field of the same form');

    const self = await both('PATCH', `${FIELDS}/${leak}`, {
      data: { type: 'inspection-form-section-fields', id: leak, attributes: { conditional_field: true, conditions: [{ field: leak, operator: 'equals', value: 'yes' }] } },
    });
    expect(errorAt(self.fr, '/data/attributes/conditions/0/field').detail).toBe('Un champ ne peut pas dépendre de lui-même');
    expect(errorAt(self.en, '/data/attributes/conditions/0/field').detail).toBe('A field cannot depend on itself');

    // Fuite → Type de fuite → Fuite would loop.
    const cycle = await both('PATCH', `${FIELDS}/${leak}`, {
      data: {
        type: 'inspection-form-section-fields',
        id: leak,
        attributes: { conditional_field: true, conditions: [{ field: form.ids.Courroies, operator: 'equals', value: 'yes' }, { field: kindId, operator: 'equals', value: 'huile' }] },
      },
    });
    expect(errorAt(cycle.fr, '/data/attributes/conditions/1/field').detail).toBe('Cette condition crée une boucle : des champs dépendraient les uns des autres');
    expect(errorAt(cycle.en, '/data/attributes/conditions/1/field').detail).toBe('This condition makes a loop: fields would depend on each other');

    const number = await both('PATCH', `${FIELDS}/${form.ids.Bruit}`, {
      data: { type: 'inspection-form-section-fields', id: form.ids.Bruit, attributes: { conditional_field: true, conditions: [{ field: leak, operator: 'superior', value: 'beaucoup' }] } },
    });
    expect(errorAt(number.fr, '/data/attributes/conditions/0/value').detail).toBe('Pour « supérieur » ou « inférieur », la valeur doit être un nombre');
    expect(errorAt(number.en, '/data/attributes/conditions/0/value').detail).toBe('For “greater than” or “less than”, the value must be a number');

    const operator = await t.api('PATCH', `${FIELDS}/${form.ids.Bruit}`, {
      token,
      body: { data: { type: 'inspection-form-section-fields', id: form.ids.Bruit, attributes: { conditional_field: true, conditions: [{ field: leak, operator: 'like', value: 'x' }] } } },
    });
    expect(errorAt(operator, '/data/attributes/conditions/0/operator').detail).toBe('L’opérateur doit être equals, different, superior ou inferior');
    // Nothing of the refused writes was kept.
    const leakNow = await t.api('GET', `${FIELDS}/${leak}`, { token });
    expect(leakNow.body.data.attributes.conditions).toEqual([]);
  });

  it('copies a field of the same form only, never itself', async () => {
    const copy = await t.api('POST', FIELDS, { token, body: field(sub, { name: 'Bruit (copie)', field_type: 'CHECK', points_threshold: check(), is_copy: true }, { copiedField: to('inspection-form-section-fields', form.ids.Bruit) }) });
    expect(copy.status).toBe(201);
    expect(copy.body.data.relationships.copiedField.data.id).toBe(form.ids.Bruit);
    const foreign = await both('POST', FIELDS, field(sub, { name: 'Copie ailleurs', field_type: 'CHECK', points_threshold: check(), is_copy: true }, { copiedField: to('inspection-form-section-fields', other.ids.Capot) }));
    expect(errorAt(foreign.fr, '/data/relationships/copiedField').detail).toBe('Le champ copié doit être un autre champ du même formulaire');
    expect(errorAt(foreign.en, '/data/relationships/copiedField').detail).toBe('The copied field must be another field of the same form');
    const self = await both('PATCH', `${FIELDS}/${form.ids.Courroies}`, {
      data: { type: 'inspection-form-section-fields', id: form.ids.Courroies, attributes: { is_copy: true }, relationships: { copiedField: to('inspection-form-section-fields', form.ids.Courroies) } },
    });
    expect(errorAt(self.fr, '/data/relationships/copiedField').detail).toBe('Un champ ne peut pas être une copie de lui-même');
    expect(errorAt(self.en, '/data/relationships/copiedField').detail).toBe('A field cannot be a copy of itself');
    const missing = await both('POST', FIELDS, field(sub, { name: 'Copie de rien', field_type: 'CHECK', points_threshold: check(), is_copy: true }));
    expect(errorAt(missing.fr, '/data/relationships/copiedField').detail).toBe('Choisissez le champ copié');
    expect(errorAt(missing.en, '/data/relationships/copiedField').detail).toBe('Choose the copied field');
    // A field that is no longer a copy copies nothing.
    const uncopied = await t.api('PATCH', `${FIELDS}/${copy.body.data.id}`, { token, body: doc('inspection-form-section-fields', { is_copy: false }, undefined, copy.body.data.id) });
    expect(uncopied.body.data.relationships.copiedField.data).toBeNull();
  });

  it('refuses to delete a field or a section that other fields depend on, naming them', async () => {
    const f = await makeInspectionForm(t, token, {
      sections: [
        { name: 'A', subSections: [{ name: 'A1', fields: [{ name: 'Source' }, { name: 'Voisin' }] }] },
        { name: 'B', subSections: [{ name: 'B1', fields: [{ name: 'Lecteur' }, { name: 'Copieur' }] }] },
      ],
    });
    const patch = (id: string, attributes: Record<string, unknown>, relationships?: Record<string, unknown>) =>
      t.api('PATCH', `${FIELDS}/${id}`, { token, body: doc('inspection-form-section-fields', attributes, relationships, id) });
    expect((await patch(f.ids.Lecteur, { conditional_field: true, conditions: [{ field: f.ids.Source, operator: 'equals', value: 'yes' }] })).status).toBe(200);
    expect((await patch(f.ids.Copieur, { is_copy: true }, { copiedField: to('inspection-form-section-fields', f.ids.Source) })).status).toBe(200);

    const fr = await t.api('DELETE', `${FIELDS}/${f.ids.Source}`, { token, headers: { 'accept-language': 'fr' } });
    expect(fr.status).toBe(409);
    expect(fr.body.errors[0].detail).toBe('Ce champ ne peut pas être supprimé : d’autres champs en dépendent (condition ou copie) : Lecteur, Copieur.');
    const en = await t.api('DELETE', `${FIELDS}/${f.ids.Source}`, { token, headers: { 'accept-language': 'en' } });
    expect(en.body.errors[0].detail).toBe('This field cannot be deleted: other fields depend on it (condition or copy): Lecteur, Copieur.');
    const section = await t.api('DELETE', `${SECTIONS}/${f.ids.A}`, { token, headers: { 'accept-language': 'en' } });
    expect(section.status).toBe(409);
    expect(section.body.errors[0].detail).toContain(': Lecteur, Copieur.');
    // A field nothing depends on goes; a section whose fields are only read from inside it goes with them.
    expect((await t.api('DELETE', `${FIELDS}/${f.ids.Voisin}`, { token })).status).toBe(204);
    expect((await t.api('DELETE', `${SECTIONS}/${f.ids.B}`, { token })).status).toBe(204);
    expect((await t.api('GET', `${FIELDS}/${f.ids.Copieur}`, { token })).status).toBe(404);
    expect((await t.api('DELETE', `${FIELDS}/${f.ids.Source}`, { token })).status).toBe(204);
  });
});

describe('notes and multipliers', () => {
  it('refuses overlapping notes in the form’s document, pointing at the line', async () => {
    const form = await makeInspectionForm(t, token, { notes: [{ minimum_value: 0, maximum_value: 49, text: 'Faible' }] });
    const notes = (list: Record<string, unknown>[]) => ({ data: { type: 'inspection-forms', id: form.id, relationships: { notes: { data: list } } } });
    const { fr, en } = await both('PATCH', `${FORMS}/${form.id}`, notes([
      { type: 'inspection-form-notes', attributes: { minimum_value: 0, maximum_value: 60, text: 'Faible' } },
      { type: 'inspection-form-notes', attributes: { minimum_value: 60, maximum_value: 100, text: 'Bon' } },
    ]));
    expect(fr.status).toBe(422);
    expect(errorAt(fr, '/data/relationships/notes/data/1/attributes/minimum_value').detail).toBe('Cette plage chevauche celle d’un autre verdict du formulaire');
    expect(errorAt(en, '/data/relationships/notes/data/1/attributes/minimum_value').detail).toBe('This range overlaps another verdict’s range in the form');
    const reversed = await t.api('PATCH', `${FORMS}/${form.id}`, { token, body: notes([{ type: 'inspection-form-notes', attributes: { minimum_value: 80, maximum_value: 20, text: 'À l’envers' } }]) });
    expect(errorAt(reversed, '/data/relationships/notes/data/0/attributes/maximum_value').detail).toBe('Le maximum doit être supérieur ou égal au minimum');

    // Ranges moved past each other in one document: checked as the document leaves them.
    const read = await t.api('GET', `${FORMS}/${form.id}?include=notes`, { token });
    const low = read.body.data.relationships.notes.data[0].id;
    const swapped = await t.api('PATCH', `${FORMS}/${form.id}?include=notes`, {
      token,
      body: notes([
        { type: 'inspection-form-notes', id: low, attributes: { minimum_value: 51, maximum_value: 100, text: 'Bon' } },
        { type: 'inspection-form-notes', attributes: { minimum_value: 0, maximum_value: 50, text: 'Faible' } },
      ]),
    });
    expect(swapped.status).toBe(200);
  });

  it('refuses an overlapping note at the note’s own route', async () => {
    const form = await makeInspectionForm(t, token, { notes: [{ minimum_value: 0, maximum_value: 59, text: 'Faible' }] });
    const note = (attributes: Record<string, unknown>) => doc('inspection-form-notes', attributes, { inspectionForm: to('inspection-forms', form.id) });
    const { fr, en } = await both('POST', NOTES, note({ minimum_value: 50, maximum_value: 100, text: 'Bon' }));
    expect(fr.status).toBe(422);
    expect(errorAt(fr, '/data/attributes/minimum_value').detail).toBe('Cette plage chevauche celle d’un autre verdict du formulaire');
    expect(errorAt(en, '/data/attributes/minimum_value').detail).toBe('This range overlaps another verdict’s range in the form');
    const good = await t.api('POST', NOTES, { token, body: note({ minimum_value: 60, maximum_value: 100, text: 'Bon' }) });
    expect(good.status).toBe(201);
    const widened = await t.api('PATCH', `${NOTES}/${good.body.data.id}`, { token, body: doc('inspection-form-notes', { minimum_value: 59 }, undefined, good.body.data.id) });
    expect(errorAt(widened, '/data/attributes/minimum_value')).toBeTruthy();
    const narrowed = await t.api('PATCH', `${NOTES}/${good.body.data.id}`, { token, body: doc('inspection-form-notes', { minimum_value: 61 }, undefined, good.body.data.id) });
    expect(narrowed.status).toBe(200);
  });

  it('needs a number to compare greater or less with', async () => {
    const form = await makeInspectionForm(t, token);
    const { fr, en } = await both('PATCH', `${FORMS}/${form.id}`, {
      data: {
        type: 'inspection-forms',
        id: form.id,
        relationships: { multipliers: { data: [{ type: 'inspection-form-multipliers', attributes: { type: 'points', field: 'odometer', operation: 'greater_than', value: 'beaucoup', multiplier: '0.9' } }] } },
      },
    });
    expect(fr.status).toBe(422);
    expect(errorAt(fr, '/data/relationships/multipliers/data/0/attributes/value').detail).toBe('Pour « plus grand que » ou « plus petit que », la valeur doit être un nombre');
    expect(errorAt(en, '/data/relationships/multipliers/data/0/attributes/value').detail).toBe('For “greater than” or “less than”, the value must be a number');
  });
});

describe('another organization', () => {
  it('sees none of the form and cannot add to it', async () => {
    const form = await makeInspectionForm(t, token);
    expect((await t.api('GET', `${FORMS}/${form.id}`, { token: otherToken })).status).toBe(404);
    expect((await t.api('GET', `${FIELDS}/${form.ids.Capot}`, { token: otherToken })).status).toBe(404);
    expect((await t.api('GET', `${SECTIONS}?filter[inspectionForm]=${form.id}`, { token: otherToken })).body.data).toEqual([]);
    const section = await t.api('POST', SECTIONS, { token: otherToken, body: doc('inspection-form-sections', { name: 'Intrus' }, { inspectionForm: to('inspection-forms', form.id) }) });
    expect(section.status).toBe(422);
    expect(errorAt(section, '/data/relationships/inspectionForm')).toBeTruthy();
    const moved = await t.api('POST', FIELDS, { token: otherToken, body: field(form.ids.Carrosserie, { name: 'Intrus', field_type: 'TEXT' }) });
    expect(errorAt(moved, '/data/relationships/section')).toBeTruthy();
    expect((await t.api('DELETE', `${FIELDS}/${form.ids.Capot}`, { token: otherToken })).status).toBe(404);
    expect((await t.api('POST', `${FORMS}/${form.id}/duplicate`, { token: otherToken })).status).toBe(404);
  });

  it('needs the inspection forms permissions', async () => {
    const org = await makeOrganization(t);
    const reader = await makeUser(t, org.id, { permissions: ['view any inspection forms'] });
    expect((await t.api('GET', FORMS, { token: reader.token })).status).toBe(200);
    expect((await t.api('POST', FORMS, { token: reader.token, body: doc('inspection-forms', { name: 'Non' }) })).status).toBe(403);
    expect((await t.api('POST', SECTIONS, { token: reader.token, body: doc('inspection-form-sections', { name: 'Non' }) })).status).toBe(403);
  });
});
