import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../src/db/client.ts';
import { migrate } from '../../src/db/migrate.ts';
import { makeInspectionForm, makeOrganization, makeUser, makeVehicle, nextVin, toOne, type MadeUser } from '../factories.ts';
import { beforeTests, databaseBefore, fileApp } from '../helpers.ts';

// What spec §3 names of an inspection beside its workflow: the tires' type and season (§9 codes),
// the approver, its points, and the sections' scores its fields answer on demand.

const t = fileApp();
/** An organization's admin, a user who may edit inspections but not assign them, and a form whose Fuite is shown only when Niveau is yes. */
const s = beforeTests(async () => {
  const org = await makeOrganization(t);
  const admin = await makeUser(t, org.id, { firstname: 'Alice', lastname: 'Admin' });
  const editor = await makeUser(t, org.id, { permissions: ['view module inspections', 'view any inspections', 'view inspections', 'create inspections', 'edit inspections'] });
  const form = await makeInspectionForm(t, admin.token, {
    sections: [
      { name: 'Moteur', subSections: [{ name: 'Huile', fields: [{ name: 'Niveau' }, { name: 'Fuite' }] }] },
      { name: 'Intérieur', subSections: [{ name: 'Commandes', fields: [{ name: 'Klaxon' }] }] },
    ],
  });
  const fuite = await t.api('PATCH', `/api/v1/inspection-form-section-fields/${form.ids.Fuite}`, {
    token: admin.token,
    body: { data: { type: 'inspection-form-section-fields', id: form.ids.Fuite, attributes: { conditional_field: true, conditions: [{ field: form.ids.Niveau, operator: 'equals', value: 'yes' }] } } },
  });
  expect(fuite.status, JSON.stringify(fuite.body)).toBe(200);
  return { admin, editor, form };
});
const I = '/api/v1/inspections';
const F = '/api/v1/inspection-fields';

async function inspection(relationships: Record<string, unknown> = {}, who: MadeUser = s.admin) {
  const vehicle = (await makeVehicle(t, s.admin.token, { vin: nextVin() })).id;
  return t.api('POST', I, {
    token: who.token,
    body: { data: { type: 'inspections', relationships: { inspectionForm: toOne('inspection-forms', s.form.id), vehicle: toOne('vehicles', vehicle), ...relationships } } },
  });
}
const patch = (id: string, body: { attributes?: object; relationships?: object }, who: MadeUser = s.admin, lang = 'fr', query = '') =>
  t.api('PATCH', `${I}/${id}${query}`, { token: who.token, headers: { 'accept-language': lang }, body: { data: { type: 'inspections', id, ...body } } });
const fieldOf = async (inspectionId: string, name: string) =>
  rowsOf<{ id: string }>(await t.database.db.execute(sql`SELECT id FROM inspection_fields WHERE inspection_id = ${inspectionId} AND field_id = ${s.form.ids[name]}`))[0].id;


describe('tire type and season', () => {
  it('are the codes of spec §9, stored as given', async () => {
    const id = (await inspection()).body.data.id;
    const res = await patch(id, { attributes: { tire_type: 'off_road', tire_season: 'four_seasons' } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.attributes).toMatchObject({ tire_type: 'off_road', tire_season: 'four_seasons' });
    const cleared = await patch(id, { attributes: { tire_type: null } });
    expect(cleared.body.data.attributes.tire_type).toBeNull();
  });

  it.each([
    ['fr', 'La valeur doit'],
    ['en', 'The value must be one of'],
  ])('refuse anything else (422, the enum message in %s), nothing stored', async (lang, message) => {
    const id = (await inspection()).body.data.id;
    const res = await patch(id, { attributes: { tire_type: 'banana', tire_season: 'Winter' } }, s.admin, lang);
    expect(res.status).toBe(422);
    const pointers = res.body.errors.map((e: any) => [e.code, e.source.pointer]);
    expect(pointers).toEqual(
      expect.arrayContaining([
        ['validation.enum', '/data/attributes/tire_type'],
        ['validation.enum', '/data/attributes/tire_season'],
      ]),
    );
    expect(res.body.errors[0].detail).toContain(message);
    const got = await t.api('GET', `${I}/${id}`, { token: s.admin.token });
    expect(got.body.data.attributes).toMatchObject({ tire_type: null, tire_season: null });
  });

  it('are kept to the codes by the database too', async () => {
    const id = (await inspection()).body.data.id;
    await expect(t.database.db.execute(sql`UPDATE inspections SET tire_season = 'banana' WHERE id = ${id}`)).rejects.toThrow();
  });
});

describe('approver', () => {
  it('is named by whoever may assign, at creation or later, and is includable and filterable', async () => {
    const made = await inspection({ approver: toOne('users', s.editor.id) });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const id = made.body.data.id;
    const got = await t.api('GET', `${I}/${id}?include=approver`, { token: s.admin.token });
    expect(got.body.data.relationships.approver.data).toEqual({ type: 'users', id: s.editor.id });
    expect(got.body.included).toEqual([expect.objectContaining({ type: 'users', id: s.editor.id })]);
    const changed = await patch(id, { relationships: { approver: toOne('users', s.admin.id) } });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    const list = await t.api('GET', `${I}?filter[approver]=${s.admin.id}`, { token: s.admin.token });
    expect(list.body.data.map((r: any) => r.id)).toContain(id);
    const others = await t.api('GET', `${I}?filter[approver]=${s.editor.id}`, { token: s.admin.token });
    expect(others.body.data.map((r: any) => r.id)).not.toContain(id);
  });

  it('is refused to whoever may edit but not assign (403, translated), other changes are not', async () => {
    const refusedAtCreation = await inspection({ approver: toOne('users', s.editor.id) }, s.editor);
    expect(refusedAtCreation.status).toBe(403);
    const id = (await inspection({ approver: toOne('users', s.admin.id) })).body.data.id;
    for (const [lang, text] of [
      ['fr', "Vous n'avez pas la permission de changer le responsable de l'approbation d'une inspection."],
      ['en', 'You do not have permission to change who approves an inspection.'],
    ]) {
      const res = await patch(id, { relationships: { approver: toOne('users', s.editor.id) } }, s.editor, lang);
      expect(res.status).toBe(403);
      expect(res.body.errors[0]).toMatchObject({ code: 'inspection.forbidden_approver', detail: text, source: { pointer: '/data/relationships/approver' } });
    }
    // The same approver given again, with another change: nothing to refuse.
    const same = await patch(id, { attributes: { odometer: 1234 }, relationships: { approver: toOne('users', s.admin.id) } }, s.editor);
    expect(same.status, JSON.stringify(same.body)).toBe(200);
  });

  it('is kept by the inspection a redo makes, as its assignees are', async () => {
    const id = (await inspection({ approver: toOne('users', s.editor.id) })).body.data.id;
    await t.database.db.execute(sql`UPDATE inspections SET state = 'completed' WHERE id = ${id}`);
    const redone = await t.api('POST', `${I}/${id}/redo?include=approver`, { token: s.admin.token });
    expect(redone.status, JSON.stringify(redone.body)).toBe(200);
    expect(redone.body.data.id).not.toBe(id);
    expect(redone.body.data.relationships.approver.data).toEqual({ type: 'users', id: s.editor.id });
  });

  it('does not approve by being named: approving keeps needing the approve permission', async () => {
    const id = (await inspection({ approver: toOne('users', s.editor.id) })).body.data.id;
    await t.database.db.execute(sql`UPDATE inspections SET state = 'completed' WHERE id = ${id}`);
    const res = await t.api('POST', `${I}/${id}/approve`, { token: s.editor.token });
    expect(res.status).toBe(403);
  });
});

describe('points', () => {
  it('sum the visible fields’ points beside their maximum, written with the scores', async () => {
    const made = await inspection();
    const id = made.body.data.id;
    // Niveau and Klaxon: 0 of 5 each; Fuite is hidden (Niveau is not yes).
    expect(made.body.data.attributes).toMatchObject({ points: '0', max_points: '10' });
    expect((await t.api('POST', `${I}/${id}/start`, { token: s.admin.token })).status).toBe(200);
    const klaxon = await fieldOf(id, 'Klaxon');
    const answered = await t.api('PATCH', `${F}/${klaxon}`, { token: s.admin.token, body: { data: { type: 'inspection-fields', id: klaxon, attributes: { value: true } } } });
    expect(answered.status).toBe(200);
    const list = await t.api('GET', `${I}?filter[vehicle]=${made.body.data.relationships.vehicle.data.id}`, { token: s.admin.token });
    expect(list.body.data[0].attributes).toMatchObject({ points: '5', max_points: '10' });
  });

  it('are read-only: what a client sends of them is not stored', async () => {
    const id = (await inspection()).body.data.id;
    const res = await patch(id, { attributes: { points: '99', max_points: '99' } });
    expect(res.body.data.attributes).toMatchObject({ points: '0', max_points: '10' });
  });
});

describe('add_data=inspectionSectionScores on a list', () => {
  let a: string;
  let b: string;
  beforeAll(async () => {
    a = (await inspection()).body.data.id;
    b = (await inspection()).body.data.id;
  });

  it('answers the inspection’s scores by section id when the list is of one inspection', async () => {
    const res = await t.api('GET', `${F}?filter[inspection]=${a}&add_data=inspectionSectionScores`, { token: s.admin.token });
    expect(res.status).toBe(200);
    const got = await t.api('GET', `${I}/${a}`, { token: s.admin.token });
    expect(res.body.meta.inspectionSectionScores).toEqual(got.body.data.attributes.score_data.sectionsScores);
    expect(Object.keys(res.body.meta.inspectionSectionScores)).toEqual([s.form.ids.Moteur, s.form.ids['Intérieur']]);
  });

  it.each([
    ['fr', 'filtrez la liste sur une inspection'],
    ['en', 'filter the list on one inspection'],
  ])('refuses records of several inspections (400 naming add_data, %s) rather than answering the first one’s', async (lang, text) => {
    const res = await t.api('GET', `${F}?filter[inspection]=${a},${b}&add_data=inspectionSectionScores&page[size]=100`, { token: s.admin.token, headers: { 'accept-language': lang } });
    expect(res.status).toBe(400);
    expect(res.body.errors[0]).toMatchObject({ code: 'inspection.section_scores_one_inspection', source: { parameter: 'add_data' } });
    expect(res.body.errors[0].detail).toContain(text);
    // Without the extra data, the same list answers.
    expect((await t.api('GET', `${F}?filter[inspection]=${a},${b}`, { token: s.admin.token })).status).toBe(200);
  });

  it('is documented in the OpenAPI', async () => {
    const res = await t.api('GET', '/api/v1/openapi.json');
    expect(JSON.stringify(res.body)).toContain('inspection.section_scores_one_inspection');
  });
});

describe('migration 0015', () => {
  it('turns a tire type or season that is a code or a label (fr or en, any case) into its code, anything else into null; gives the points of the inspections scored before', async () => {
    const database = await databaseBefore('0015');
    try {
      const org = '00000000-0000-7000-8000-000000000001';
      await database.raw(`INSERT INTO organizations (id, name) VALUES ('${org}', 'A')`);
      const [f] = await database.raw<{ id: string }>(`INSERT INTO inspection_forms (id, organization_id, name) VALUES (gen_random_uuid(), '${org}', 'F') RETURNING id`);
      const [v] = await database.raw<{ id: string }>(
        `INSERT INTO inspection_form_versions (id, organization_id, inspection_form_id, number, hash, structure) VALUES (gen_random_uuid(), '${org}', '${f.id}', 1, 'h', '{"sections":[]}') RETURNING id`,
      );
      // Two sections; the hidden sub-section b counts nothing.
      const scored = {
        vehicle_score: 60,
        note: null,
        sectionsScores: {
          s1: { score: 30, filled: false, visible: true, subSections: { a: { score: 30, points: 3, max: 10, filled: false, visible: true }, b: { score: 100, points: 5, max: 5, filled: true, visible: false } } },
          s2: { score: 63, filled: true, visible: true, subSections: { c: { score: 63, points: 2.5, max: 4, filled: true, visible: true } } },
        },
      };
      const rows: [string | null, string, object | null][] = [
        ['standard', 'Été', scored],
        [' Off-road ', 'winter', { vehicle_score: 100, note: null, sectionsScores: {} }],
        ['Tout-terrain', 'Hiver', null],
        ['SUPER SPORT', 'Quatre saisons', null],
        ['super_sport', 'four seasons', null],
        ['banana', 'Printemps', null],
        [null, 'summer', null],
      ];
      const text = (x: string | null) => (x === null ? 'NULL' : `'${x.replace(/'/g, "''")}'`);
      for (const [type, season, scores] of rows)
        await database.raw(
          `INSERT INTO inspections (id, organization_id, inspection_form_id, inspection_form_version_id, form_version, tire_type, tire_season, score_data)
           VALUES (gen_random_uuid(), '${org}', '${f.id}', '${v.id}', 1, ${text(type)}, ${text(season)}, ${scores ? `${text(JSON.stringify(scores))}::jsonb` : 'NULL'})`,
        );
      await migrate(database);
      const after = await database.raw<{ tire_type: string | null; tire_season: string | null; points: string | null; max_points: string | null }>(
        'SELECT tire_type, tire_season, points::text AS points, max_points::text AS max_points FROM inspections ORDER BY code',
      );
      expect(after.map((r) => [r.tire_type, r.tire_season])).toEqual([
        ['standard', 'summer'],
        ['off_road', 'winter'],
        ['off_road', 'winter'],
        ['super_sport', 'four_seasons'],
        ['super_sport', 'four_seasons'],
        [null, null],
        [null, 'summer'],
      ]);
      expect(after.slice(0, 3).map((r) => [r.points === null ? null : Number(r.points), r.max_points === null ? null : Number(r.max_points)])).toEqual([
        [5.5, 14],
        [0, 0],
        [null, null],
      ]);
    } finally {
      await database.close();
    }
  }, 120_000);
});
