import { formProblems, type InspectionFormInput } from '@atelier/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formStructure, freezeVersion, formVersion } from '../../src/areas/inspections/versions.ts';
import { DEMO_FORMS, writeDemoForm } from '../../src/areas/inspections/demo.ts';
import { errorAt, createTestApp, type TestApp } from '../helpers.ts';
import { makeInspectionForm, makeOrganization, makeUser, type MadeForm } from '../factories.ts';
import { createKit } from '../kit.ts';

// The form's workflow calls: the editor's reorder, duplicate, and versions (what inspections will
// be made from); and the demo forms, which the rules must accept.

let t: TestApp;
let token: string;

const FORMS = '/api/v1/inspection-forms';
const FIELDS = '/api/v1/inspection-form-section-fields';
const INCLUDE = 'include=sections.subSections.fields,multipliers,notes,reminders';
const to = (type: string, id: string | null) => ({ data: id ? { type, id } : null });

/** The form's tree as the API answers it: section names, sub-section names, field names, in order. */
async function tree(id: string, as = token) {
  const res = await t.api('GET', `${FORMS}/${id}?${INCLUDE}`, { token: as });
  const byId = new Map<string, any>((res.body.included ?? []).map((r: any) => [`${r.type}:${r.id}`, r]));
  const get = (type: string, rid: string) => byId.get(`${type}:${rid}`);
  return {
    res,
    get,
    names: res.body.data.relationships.sections.data.map((s: any) => {
      const section = get('inspection-form-sections', s.id);
      return [
        section.attributes.name,
        section.relationships.subSections.data.map((b: any) => {
          const sub = get('inspection-form-sections', b.id);
          return [sub.attributes.name, sub.relationships.fields.data.map((f: any) => get('inspection-form-section-fields', f.id).attributes.name)];
        }),
      ];
    }),
  };
}

/** The scoring engine's input from a form read with INCLUDE. */
function scoringInput(read: Awaited<ReturnType<typeof tree>>): InspectionFormInput {
  const { res, get } = read;
  const field = (id: string) => {
    const f = get('inspection-form-section-fields', id);
    return { id, ...f.attributes, copiedField: f.relationships.copiedField.data?.id ?? null };
  };
  return {
    sections: res.body.data.relationships.sections.data.map((s: any) => {
      const section = get('inspection-form-sections', s.id);
      return {
        id: s.id,
        factor: section.attributes.factor,
        subSections: section.relationships.subSections.data.map((b: any) => {
          const sub = get('inspection-form-sections', b.id);
          return { id: b.id, factor: sub.attributes.factor, fields: sub.relationships.fields.data.map((f: any) => field(f.id)) };
        }),
      };
    }),
    notes: res.body.data.relationships.notes.data.map((n: any) => get('inspection-form-notes', n.id).attributes),
    multipliers: res.body.data.relationships.multipliers.data.map((m: any) => get('inspection-form-multipliers', m.id).attributes),
  };
}

const SPEC = {
  sections: [
    { name: 'Extérieur', subSections: [{ name: 'Carrosserie', fields: [{ name: 'Capot' }, { name: 'Toit' }] }, { name: 'Vitrage', fields: [{ name: 'Pare-brise' }] }] },
    { name: 'Intérieur', subSections: [{ name: 'Habitacle', fields: [{ name: 'Sièges' }] }] },
  ],
};

beforeAll(async () => {
  t = await createTestApp();
  const org = await makeOrganization(t);
  token = (await makeUser(t, org.id)).token;
});
afterAll(() => t?.close());

describe('POST /inspection-forms/{id}/reorder', () => {
  let form: MadeForm;
  beforeAll(async () => {
    form = await makeInspectionForm(t, token, SPEC);
  });
  const order = (sections: [string, [string, string[]][]][]) => ({
    sections: sections.map(([s, subs]) => ({ id: form.ids[s], subSections: subs.map(([b, fields]) => ({ id: form.ids[b], fields: fields.map((f) => form.ids[f]) })) })),
  });

  it('orders sections, moves a sub-section to another section and a field to another sub-section, in one call', async () => {
    const res = await t.api('POST', `${FORMS}/${form.id}/reorder?${INCLUDE}`, {
      token,
      body: order([
        ['Intérieur', [['Habitacle', ['Sièges', 'Toit']], ['Vitrage', ['Pare-brise']]]],
        ['Extérieur', [['Carrosserie', ['Capot']]]],
      ]),
    });
    expect(res.status).toBe(200);
    expect(res.body.data.id).toBe(form.id);
    expect((await tree(form.id)).names).toEqual([
      ['Intérieur', [['Habitacle', ['Sièges', 'Toit']], ['Vitrage', ['Pare-brise']]]],
      ['Extérieur', [['Carrosserie', ['Capot']]]],
    ]);
    const toit = await t.api('GET', `${FIELDS}/${form.ids.Toit}`, { token });
    expect(toit.body.data.relationships.section.data.id).toBe(form.ids.Habitacle);
    expect(toit.body.data.attributes.order_number).toBe(1);
  });

  it('refuses an order that is not the whole form, once each, in French and English', async () => {
    const before = (await tree(form.id)).names;
    const bad = async (body: unknown, pointer: string, fr: string, en: string) => {
      const resFr = await t.api('POST', `${FORMS}/${form.id}/reorder`, { token, body, headers: { 'accept-language': 'fr' } });
      const resEn = await t.api('POST', `${FORMS}/${form.id}/reorder`, { token, body, headers: { 'accept-language': 'en' } });
      expect(resFr.status).toBe(422);
      expect(errorAt(resFr, pointer)?.detail, JSON.stringify(resFr.body)).toBe(fr);
      expect(errorAt(resEn, pointer)?.detail).toBe(en);
    };
    await bad(
      order([['Extérieur', [['Carrosserie', ['Capot', 'Toit', 'Pare-brise', 'Sièges']], ['Vitrage', []], ['Habitacle', []]]]]),
      '/sections',
      'L’ordre doit nommer toutes les sections, sous-sections et tous les champs du formulaire (1 manquants)',
      'The order must name every section, sub-section and field of the form (1 missing)',
    );
    await bad(
      order([['Extérieur', [['Carrosserie', ['Capot', 'Capot']]]]]),
      '/sections/0/subSections/0/fields/1',
      `${form.ids.Capot} figure plus d’une fois`,
      `${form.ids.Capot} is listed more than once`,
    );
    // A sub-section is not a section: two levels stay two levels.
    await bad(
      order([['Carrosserie', []]]),
      '/sections/0',
      `${form.ids.Carrosserie} n’est pas un élément de ce niveau du formulaire`,
      `${form.ids.Carrosserie} is not an item of this level of the form`,
    );
    const stranger = await makeInspectionForm(t, token);
    await bad(
      { sections: [{ id: form.ids['Extérieur'], subSections: [{ id: form.ids.Carrosserie, fields: [stranger.ids.Capot] }] }] },
      '/sections/0/subSections/0/fields/0',
      `${stranger.ids.Capot} n’est pas un élément de ce niveau du formulaire`,
      `${stranger.ids.Capot} is not an item of this level of the form`,
    );
    await bad({ sections: 'tout' }, '/sections', 'Le champ doit être une liste', 'This field must be a list');
    expect((await tree(form.id)).names).toEqual(before);
  });

  it('needs the permission to edit forms', async () => {
    const org = await makeOrganization(t);
    const reader = await makeUser(t, org.id, { permissions: ['view any inspection forms'] });
    const theirs = await makeInspectionForm(t, (await makeUser(t, org.id)).token);
    expect((await t.api('POST', `${FORMS}/${theirs.id}/reorder`, { token: reader.token, body: { sections: [] } })).status).toBe(403);
  });
});

describe('GET /inspection-forms/{id}/duplicate', () => {
  let form: MadeForm;
  beforeAll(async () => {
    form = await makeInspectionForm(t, token, {
      ...SPEC,
      name: 'Pré-livraison',
      notes: [{ minimum_value: 0, maximum_value: 100, text: 'Verdict' }],
      reminders: [{ text: 'Photos' }],
      multipliers: [{ type: 'points', field: 'odometer', operation: 'greater_than', value: '200000', multiplier: '0.9' }],
    });
    await t.api('PATCH', `${FIELDS}/${form.ids.Toit}`, {
      token,
      body: { data: { type: 'inspection-form-section-fields', id: form.ids.Toit, attributes: { conditional_field: true, conditions: [{ field: form.ids.Capot, operator: 'equals', value: 'yes' }] } } },
    });
    await t.api('PATCH', `${FIELDS}/${form.ids.Sièges}`, {
      token,
      body: { data: { type: 'inspection-form-section-fields', id: form.ids.Sièges, attributes: { is_copy: true }, relationships: { copiedField: to('inspection-form-section-fields', form.ids.Capot) } } },
    });
  });

  it('copies the whole form, conditions and copies re-pointed to the copied fields', async () => {
    const res = await t.api('GET', `${FORMS}/${form.id}/duplicate?${INCLUDE}`, { token, headers: { 'accept-language': 'fr' } });
    expect(res.status).toBe(201);
    const copyId = res.body.data.id;
    expect(copyId).not.toBe(form.id);
    expect(res.body.data.attributes).toMatchObject({ name: 'Pré-livraison (copie)', version: 0 });
    const original = await tree(form.id);
    const copy = await tree(copyId);
    expect(copy.names).toEqual(original.names);
    const input = scoringInput(copy);
    const fields = input.sections.flatMap((s) => s.subSections.flatMap((b) => b.fields)) as any[];
    const originalIds = new Set(Object.values(form.ids));
    expect(fields.some((f) => originalIds.has(f.id))).toBe(false);
    const byName = new Map(fields.map((f) => [f.name, f]));
    expect(byName.get('Toit').conditions).toEqual([{ field: byName.get('Capot').id, operator: 'equals', value: 'yes' }]);
    expect(byName.get('Sièges').copiedField).toBe(byName.get('Capot').id);
    expect(input.notes).toMatchObject([{ minimum_value: 0, maximum_value: 100, text: 'Verdict' }]);
    expect(input.multipliers).toMatchObject([{ field: 'odometer', multiplier: '0.9' }]);
    expect(copy.res.body.data.relationships.reminders.data).toHaveLength(1);
    expect(formProblems(input)).toEqual([]);

    // The copy is its own: changing it leaves the original as it was.
    await t.api('DELETE', `${FIELDS}/${byName.get('Pare-brise').id}`, { token });
    expect((await tree(form.id)).names).toEqual(original.names);
  });

  it('names the copy in the request’s language, within the name’s length; POST works too', async () => {
    const long = await makeInspectionForm(t, token, { name: 'x'.repeat(150), sections: [] });
    const en = await t.api('POST', `${FORMS}/${long.id}/duplicate`, { token, headers: { 'accept-language': 'en' } });
    expect(en.status).toBe(201);
    expect(en.body.data.attributes.name).toBe(`${'x'.repeat(143)} (copy)`);
  });

  it('needs the permission to create forms', async () => {
    const org = await makeOrganization(t);
    const editor = await makeUser(t, org.id, { permissions: ['view any inspection forms', 'edit inspection forms'] });
    const theirs = await makeInspectionForm(t, (await makeUser(t, org.id)).token);
    expect((await t.api('GET', `${FORMS}/${theirs.id}/duplicate`, { token: editor.token })).status).toBe(403);
  });
});

describe('versions', () => {
  it('freezes the structure once per change; an old version stays as it was', async () => {
    const form = await makeInspectionForm(t, token, { ...SPEC, notes: [{ minimum_value: 0, maximum_value: 100, text: 'Verdict' }] });
    const db = t.database.db;
    const v1 = await db.transaction((tx) => freezeVersion(tx, form.id));
    expect(v1.number).toBe(1);
    expect(v1.structure.sections.map((s) => s.name)).toEqual(['Extérieur', 'Intérieur']);
    expect(v1.structure.sections[0].subSections[0].fields.map((f) => f.name)).toEqual(['Capot', 'Toit']);
    expect(v1.structure.notes).toEqual([{ minimum_value: 0, maximum_value: 100, text: 'Verdict', text_en: null }]);
    // The frozen structure is the scoring engine's input as is.
    expect(formProblems(v1.structure)).toEqual([]);
    // A field's members in the order versions were always hashed in (a form's versions keep their hash; jsonb reads them back in its own order).
    expect(Object.keys((await formStructure(db, form.id)).sections[0].subSections[0].fields[0])).toEqual([
      'id', 'name', 'name_en', 'field_type', 'points_threshold', 'order_number', 'can_upload_image', 'can_add_comment', 'enable_na',
      'required', 'is_copy', 'copiedField', 'icon', 'coefficient', 'conditional_field', 'conditions', 'condition_relation',
    ]);

    // Nothing changed: the same version.
    const again = await db.transaction((tx) => freezeVersion(tx, form.id));
    expect(again.id).toBe(v1.id);
    expect((await t.api('GET', `${FORMS}/${form.id}`, { token })).body.data.attributes.version).toBe(1);

    // A change of points, then of order: a new version each time something changed.
    const patched = await t.api('PATCH', `${FIELDS}/${form.ids.Capot}`, {
      token,
      body: { data: { type: 'inspection-form-section-fields', id: form.ids.Capot, attributes: { name: 'Capot avant', points_threshold: [{ option: 'yes', points: 8 }] } } },
    });
    expect(patched.status).toBe(200);
    const v2 = await db.transaction((tx) => freezeVersion(tx, form.id));
    expect(v2.number).toBe(2);
    expect(v2.structure.sections[0].subSections[0].fields[0]).toMatchObject({ id: form.ids.Capot, name: 'Capot avant', points_threshold: [{ option: 'yes', points: 8 }] });
    expect((await t.api('GET', `${FORMS}/${form.id}`, { token })).body.data.attributes.version).toBe(2);

    // Version 1 keeps the definitions inspections were made with, even once the field is gone.
    await t.api('DELETE', `${FIELDS}/${form.ids.Capot}`, { token });
    const old = await formVersion(db, form.id, 1);
    expect(old!.structure).toEqual(v1.structure);
    expect(old!.structure.sections[0].subSections[0].fields[0]).toMatchObject({ id: form.ids.Capot, name: 'Capot', points_threshold: [{ option: 'yes', points: 5 }, { option: 'no', points: 0 }] });
    const v3 = await db.transaction((tx) => freezeVersion(tx, form.id));
    expect(v3.number).toBe(3);
    expect(v3.structure.sections[0].subSections[0].fields.map((f) => f.name)).toEqual(['Toit']);
  });

  it('are not copied with the form', async () => {
    const form = await makeInspectionForm(t, token);
    await t.database.db.transaction((tx) => freezeVersion(tx, form.id));
    const copy = await t.api('GET', `${FORMS}/${form.id}/duplicate`, { token });
    expect(copy.body.data.attributes.version).toBe(0);
  });
});

describe('the demo forms', () => {
  it('are accepted by the form rules: Garage Démo’s 100-point inspection and seasonal maintenance', async () => {
    const garage = await createKit(t);
    for (const form of [DEMO_FORMS.preDelivery, DEMO_FORMS.seasonal]) await writeDemoForm(t.database.db, garage.organization.id, form);
    const manager = garage.admin.token;
    const list = await t.api('GET', `${FORMS}?sort=name`, { token: manager });
    expect(list.body.data.map((r: any) => r.attributes.name)).toEqual(['Entretien saisonnier', 'Inspection pré-livraison 100 points']);
    const counts: number[] = [];
    for (const f of list.body.data) {
      const read = await tree(f.id, manager);
      const input = scoringInput(read);
      expect(formProblems(input), f.attributes.name).toEqual([]);
      const fields = input.sections.flatMap((s) => s.subSections.flatMap((b) => b.fields)) as any[];
      counts.push(fields.length);
      expect(fields.some((x) => x.conditions.length > 0)).toBe(true);
      expect(input.notes!.length).toBeGreaterThanOrEqual(3);
      expect(read.res.body.data.relationships.reminders.data.length).toBeGreaterThanOrEqual(2);
    }
    expect(counts[1]).toBe(100);
    const seasonal = scoringInput(await tree(list.body.data[0].id, manager));
    const tires = seasonal.sections[0].subSections[0].fields.filter((x) => x.field_type === 'TIRE_STATE_WIDGET');
    expect(tires).toHaveLength(4);
  });
});
