import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '../../src/db/client.ts';
import { makeInspectionForm, makeOrganization, makeStartedInspection, makeUser, toOne } from '../factories.ts';
import { beforeTests, fileApp } from '../helpers.ts';

// Issue 20 point 4, the last part: a form designer marks an option as a finding (failing: true) or
// not (false); unmarked (null), the default rule decides. The report, the shared page and the
// estimate drafted from the inspection follow the marks of the version the inspection was made from.

const t = fileApp();
const I = '/api/v1/inspections';
const FIELDS = '/api/v1/inspection-form-section-fields';
/** "Oui" is worth 3 of 4 points, yet a visible leak is a finding. */
const leak = (failing: boolean | null) => [{ option: 'yes', points: 3, failing }, { option: 'no', points: 4 }];
/** A light scratch is worth 1 of 4 points, and is no finding (cosmetic). */
const paint = (failing: boolean | null) => [{ option: 'Impeccable', points: 4 }, { option: 'Rayure légère', points: 1, failing }, { option: 'Rouille', points: 0 }];

/** An organization's admin and a form: a leak marked a finding, a light scratch marked none, the horn unmarked. */
const s = beforeTests(async () => {
  const org = await makeOrganization(t);
  const admin = await makeUser(t, org.id);
  const form = await makeInspectionForm(t, admin.token, {
    sections: [
      {
        name: 'Mécanique',
        subSections: [
          {
            name: 'Moteur',
            fields: [
              { name: 'Fuite visible ?', points_threshold: leak(true) },
              { name: 'Peinture', field_type: 'SELECT_SINGLE', points_threshold: paint(false) },
              { name: 'Klaxon' },
            ],
          },
        ],
      },
    ],
  });
  return { admin, form };
});

const patchOptions = (name: string, points_threshold: unknown) =>
  t.api('PATCH', `${FIELDS}/${s.form.ids[name]}`, { token: s.admin.token, body: { data: { type: 'inspection-form-section-fields', id: s.form.ids[name], attributes: { points_threshold } } } });

/** An inspection of the form as it is now: a leak, a light scratch, the horn working; completed. */
async function completed() {
  const id = await makeStartedInspection(t, s.admin.token, s.form.id);
  for (const [name, value] of [['Fuite visible ?', true], ['Peinture', 'Rayure légère'], ['Klaxon', true]] as const) {
    const [field] = rowsOf<{ id: string }>(await t.database.db.execute(sql`SELECT id FROM inspection_fields WHERE inspection_id = ${id} AND field_id = ${s.form.ids[name]}`));
    const res = await t.api('PATCH', `/api/v1/inspection-fields/${field.id}`, { token: s.admin.token, body: { data: { type: 'inspection-fields', id: field.id, attributes: { value } } } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  }
  const done = await t.api('POST', `${I}/${id}/complete`, { token: s.admin.token, body: { signature: 'data:image/png;base64,AAAA' } });
  expect(done.status, JSON.stringify(done.body)).toBe(200);
  return id;
}

/** The fields the shared page lists as recommended work, with their actions. */
async function sharedWork(id: string) {
  const share = await t.api('POST', `${I}/${id}/share`, { token: s.admin.token, body: { locale: 'fr' } });
  expect(share.status, JSON.stringify(share.body)).toBe(200);
  const summary = await t.api('GET', `/api/v1/public/inspection-reports/${share.body.meta.share.token}/summary`);
  expect(summary.status).toBe(200);
  return summary.body.work.flatMap((g: any) => g.items.map((i: any) => [i.field, i.action]));
}

/** The items of an estimate drafted from the inspection: detail and condition. */
async function draftedItems(id: string) {
  const res = await t.api('POST', '/api/v1/estimations?include=items', {
    token: s.admin.token,
    body: { data: { type: 'estimations', attributes: { type: 'customer' }, relationships: { inspection: toOne('inspections', id) } } },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.included.filter((i: any) => i.type === 'estimation-items').map((i: any) => [i.attributes.detail, i.attributes.condition]);
}

describe('options marked failing or not', () => {
  it('stores the mark of each option and answers it; an option left unmarked has none', async () => {
    const res = await t.api('GET', `${FIELDS}/${s.form.ids['Fuite visible ?']}`, { token: s.admin.token });
    expect(res.body.data.attributes.points_threshold).toEqual([{ option: 'yes', points: 3, failing: true }, { option: 'no', points: 4 }]);
    // null is the default rule: nothing is stored.
    const none = await patchOptions('Klaxon', [{ option: 'yes', points: 5, failing: null }, { option: 'no', points: 0 }]);
    expect(none.status, JSON.stringify(none.body)).toBe(200);
    expect(none.body.data.attributes.points_threshold).toEqual([{ option: 'yes', points: 5 }, { option: 'no', points: 0 }]);
  });

  it('refuses a mark that is not true, false or null, naming the option', async () => {
    const res = await patchOptions('Klaxon', [{ option: 'yes', points: 5, failing: 'oui' }]);
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual([expect.objectContaining({ code: 'validation.boolean', source: { pointer: '/data/attributes/points_threshold/0/failing' } })]);
  });

  it('gives a finding for an option marked failing and none for one marked not failing: the report, the shared page and the drafted estimate agree', async () => {
    const id = await completed();
    expect(await sharedWork(id)).toEqual([['Fuite visible ?', 'verify']]);
    expect((await t.api('GET', `${I}/${id}/report`, { token: s.admin.token })).status).toBe(200);
    expect(await draftedItems(id)).toEqual([['Fuite visible ?', 'to_verify']]);
  });

  it('keeps the marks of the version an inspection was made from when the form changes', async () => {
    const before = await completed();
    // Now the leak is judged by its points (3 of 4: no finding), the scratch is a finding.
    expect((await patchOptions('Fuite visible ?', leak(null))).status).toBe(200);
    expect((await patchOptions('Peinture', paint(true))).status).toBe(200);
    const after = await completed();
    expect(await sharedWork(after)).toEqual([['Peinture', 'verify']]);
    expect(await sharedWork(before)).toEqual([['Fuite visible ?', 'verify']]);
    expect(await draftedItems(before)).toEqual([['Fuite visible ?', 'to_verify']]);
    expect(await draftedItems(after)).toEqual([['Peinture', 'to_verify']]);
  });
});
