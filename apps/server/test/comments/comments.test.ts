import { mentionMarkup, type Permission } from '@atelier/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../src/db/client.ts';
import { makeInspectionForm, makeOrganization, makeUser, makeVehicle, toOne, type MadeForm, type MadeUser } from '../factories.ts';
import { errorAt, createTestApp, type TestApp, uploadFile } from '../helpers.ts';

// Comments (issue 11): threads on inspections and their fields, mentions that notify, who may
// change what; and photos uploaded to an inspection's answers.

let t: TestApp;
let admin: MadeUser;
let writer: MadeUser;
let colleague: MadeUser;
let reader: MadeUser;
let blind: MadeUser;
let restricted: MadeUser;
let foreign: MadeUser;
let form: MadeForm;
let inspectionId: string;
let fieldId: string;
let otherInspectionId: string;
let foreignInspectionId: string;

const C = '/api/v1/comments';
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
const INSPECTOR: Permission[] = ['view any inspections', 'view inspections', 'edit inspections', 'view any users', 'view users'];
const COMMENTER: Permission[] = ['view any comments', 'view comments', 'create comments'];

const count = async (table: string) => rowsOf<{ n: number }>(await t.database.db.execute(sql`SELECT count(*)::int AS n FROM ${sql.identifier(table)}`))[0].n;
const mentionsOf = async (userId: string) =>
  rowsOf<{ subject_type: string; subject_id: string; data: Record<string, string>; causer_id: string }>(
    await t.database.db.execute(sql`SELECT subject_type, subject_id, data, causer_id FROM notifications WHERE user_id = ${userId} AND event = 'mentioned' ORDER BY created_at`),
  );

function comment(who: MadeUser, body: string, object: { type?: string; id?: string } = {}, replyTo?: string, lang = 'fr') {
  return t.api('POST', C, {
    token: who.token,
    headers: { 'accept-language': lang },
    body: {
      data: {
        type: 'comments',
        attributes: { object_type: object.type ?? 'inspections', object_id: object.id ?? inspectionId, body },
        ...(replyTo ? { relationships: { replyTo: toOne('comments', replyTo) } } : {}),
      },
    },
  });
}
const edit = (who: MadeUser, id: string, body: string) => t.api('PATCH', `${C}/${id}`, { token: who.token, body: { data: { type: 'comments', id, attributes: { body } } } });
const remove = (who: MadeUser, id: string) => t.api('DELETE', `${C}/${id}`, { token: who.token });

async function newInspection(who: MadeUser, vin: string, locations?: string[]) {
  const vehicle = await makeVehicle(t, who.token, { vin }, { locations });
  const res = await t.api('POST', '/api/v1/inspections', {
    token: who.token,
    body: { data: { type: 'inspections', relationships: { inspectionForm: toOne('inspection-forms', form.id), vehicle: toOne('vehicles', vehicle.id), ...(locations ? { allowedLocations: { data: locations.map((id) => ({ type: 'locations', id })) } } : {}) } } },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data.id as string;
}

beforeAll(async () => {
  t = await createTestApp();
  const org = await makeOrganization(t, { locations: ['Québec', 'Lévis'] });
  admin = await makeUser(t, org.id, { firstname: 'Alice', lastname: 'Admin' });
  writer = await makeUser(t, org.id, { firstname: 'Wanda', lastname: 'Writer', permissions: [...INSPECTOR, ...COMMENTER] });
  colleague = await makeUser(t, org.id, { firstname: 'Colin', lastname: 'Collègue', permissions: [...INSPECTOR, ...COMMENTER] });
  reader = await makeUser(t, org.id, { permissions: [...INSPECTOR, 'view any comments', 'view comments'] });
  blind = await makeUser(t, org.id, { permissions: COMMENTER });
  restricted = await makeUser(t, org.id, { permissions: [...INSPECTOR, ...COMMENTER], restrict_to_locations: true, location_ids: [org.locations['Lévis']] });
  const foreignOrg = await makeOrganization(t);
  foreign = await makeUser(t, foreignOrg.id, { firstname: 'Fanny', lastname: 'Ailleurs' });
  form = await makeInspectionForm(t, admin.token, {
    sections: [{ name: 'Freins', subSections: [{ name: 'Avant', fields: [{ name: 'Plaquettes', can_upload_image: true, can_add_comment: true }] }] }],
  });
  inspectionId = await newInspection(admin, '1HGCM82633A004352', [org.locations['Québec']]);
  otherInspectionId = await newInspection(admin, 'JH4KA7561PC008269');
  fieldId = rowsOf<{ id: string }>(await t.database.db.execute(sql`SELECT id FROM inspection_fields WHERE inspection_id = ${inspectionId}`))[0].id;
  const foreignForm = await makeInspectionForm(t, foreign.token);
  const foreignVehicle = await makeVehicle(t, foreign.token);
  const res = await t.api('POST', '/api/v1/inspections', {
    token: foreign.token,
    body: { data: { type: 'inspections', relationships: { inspectionForm: toOne('inspection-forms', foreignForm.id), vehicle: toOne('vehicles', foreignVehicle.id) } } },
  });
  foreignInspectionId = res.body.data.id;
});
afterAll(() => t?.close());

describe('comments', () => {
  it('a comment on an inspection: its author, its organization, its record included', async () => {
    const res = await comment(writer, 'Les plaquettes avant sont à 3 mm.');
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const id = res.body.data.id;
    const read = await t.api('GET', `${C}/${id}?include=owner,object,organization,replyTo`, { token: colleague.token });
    expect(read.status).toBe(200);
    expect(read.body.data.attributes).toMatchObject({ body: 'Les plaquettes avant sont à 3 mm.', object_type: 'inspections', object_id: inspectionId, edited_at: null, deleted_at: null });
    expect(read.body.data.relationships.owner.data).toEqual({ type: 'users', id: writer.id });
    expect(read.body.data.relationships.object.data).toEqual({ type: 'inspections', id: inspectionId });
    expect(read.body.data.relationships.replyTo.data).toBeNull();
    expect(read.body.included.map((r: any) => r.type).sort()).toEqual(['inspections', 'organizations', 'users']);
  });

  it('a thread: replies are one level deep, on the same record', async () => {
    const root = (await comment(writer, 'Bruit à l’avant ?')).body.data.id;
    const reply = await comment(colleague, 'Oui, côté gauche.', {}, root);
    expect(reply.status).toBe(201);
    expect(reply.body.data.relationships.replyTo.data.id).toBe(root);
    // Answering a reply joins the thread's top comment.
    const nested = await comment(writer, 'Merci.', {}, reply.body.data.id);
    expect(nested.body.data.relationships.replyTo.data.id).toBe(root);
    const list = await t.api('GET', `${C}?filter[replyTo]=${root}`, { token: writer.token });
    expect(list.body.meta.page.total).toBe(2);

    const elsewhere = await comment(writer, 'Ailleurs', { id: otherInspectionId }, root, 'en');
    expect(elsewhere.status).toBe(422);
    expect(errorAt(elsewhere, '/data/relationships/replyTo').detail).toBe('A reply must be about the same record as the comment it answers.');
  });

  it('lists a record’s comments by object and by author', async () => {
    const field = await comment(colleague, 'Photo floue, à reprendre.', { type: 'inspection-fields', id: fieldId });
    expect(field.status).toBe(201);
    const onField = await t.api('GET', `${C}?filter[object_type]=inspection-fields&filter[object_id]=${fieldId}&include=owner`, { token: writer.token });
    expect(onField.body.data.map((c: any) => c.id)).toEqual([field.body.data.id]);
    const onInspection = await t.api('GET', `${C}?filter[object_type]=inspections&filter[object_id]=${inspectionId}`, { token: writer.token });
    expect(onInspection.body.data.every((c: any) => c.attributes.object_id === inspectionId)).toBe(true);
    const people = await t.api('GET', `${C}?filter[object_id]=${fieldId}&add_data=mentionable`, { token: writer.token });
    expect(people.body.meta.mentionable).toContainEqual({ id: colleague.id, firstname: 'Colin', lastname: 'Collègue' });
    expect(people.body.meta.mentionable.some((u: any) => u.id === foreign.id)).toBe(false);
    const byColleague = await t.api('GET', `${C}?filter[owner]=${colleague.id}`, { token: writer.token });
    expect(byColleague.body.data.every((c: any) => c.relationships.owner.data.id === colleague.id)).toBe(true);
  });

  it('refuses bad input with translated 422s and writes nothing', async () => {
    const before = await count('comments');
    const blank = await comment(writer, '   ', {}, undefined, 'en');
    expect(blank.status).toBe(422);
    expect(errorAt(blank, '/data/attributes/body').detail).toBe('This field is required');
    const long = await comment(writer, 'x'.repeat(5001));
    expect(errorAt(long, '/data/attributes/body')).toBeTruthy();
    const type = await comment(writer, 'Salut', { type: 'vehicles' });
    expect(errorAt(type, '/data/attributes/object_type')).toBeTruthy();
    const proto = await comment(writer, 'Salut', { type: '__proto__' });
    expect(errorAt(proto, '/data/attributes/object_type')).toBeTruthy();
    const missing = await comment(writer, 'Salut', { id: '0190a0b0-0000-7000-8000-000000000999' });
    expect(missing.status).toBe(422);
    expect(errorAt(missing, '/data/attributes/object_id').detail).toBe("L’enregistrement commenté n’existe pas ou vous n’y avez pas accès.");
    // An id that is not one is said so, in French and English, on its member.
    expect(errorAt(await comment(writer, 'Salut', { id: 'x' }), '/data/attributes/object_id')).toMatchObject({ code: 'validation.uuid', detail: 'Cet identifiant n’est pas valide' });
    expect(errorAt(await comment(writer, 'Salut', { id: 'x' }, undefined, 'en'), '/data/attributes/object_id').detail).toBe('This is not a valid identifier');
    const tooMany = await comment(writer, Array.from({ length: 21 }, (_, i) => mentionMarkup('X', `0190a0b0-0000-7000-8000-${String(i).padStart(12, '0')}`)).join(' '));
    expect(errorAt(tooMany, '/data/attributes/body')).toBeTruthy();
    expect(await count('comments')).toBe(before);
  });

  it('mentions notify the organization’s users who see the record, once, never the author', async () => {
    const body = `${mentionMarkup('Colin Collègue', colleague.id)} ${mentionMarkup('Restreint', restricted.id)} ${mentionMarkup('Fanny', foreign.id)} ${mentionMarkup('Moi', writer.id)} regardez`;
    const res = await comment(writer, body);
    expect(res.status).toBe(201);
    // Named: the organization's people only.
    expect(res.body.data.relationships.mentionedUsers.data.map((u: any) => u.id).sort()).toEqual([colleague.id, restricted.id, writer.id].sort());
    const told = await mentionsOf(colleague.id);
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({ subject_type: 'inspections', subject_id: inspectionId, causer_id: writer.id });
    expect(told[0].data).toMatchObject({ causer_name: 'Wanda Writer', page_type: 'inspections', page_id: inspectionId, comment_id: res.body.data.id, excerpt: '@Colin Collègue @Restreint @Fanny @Moi regardez' });
    // The restricted user does not see the inspection's location; the other organization's never hears.
    expect(await mentionsOf(restricted.id)).toEqual([]);
    expect(await mentionsOf(foreign.id)).toEqual([]);
    expect(await mentionsOf(writer.id)).toEqual([]);
    // Seen through the API by the one told.
    const mine = await t.api('GET', '/api/v1/notifications?filter[event]=mentioned', { token: colleague.token });
    expect(mine.body.meta.page.total).toBe(1);

    // An edit tells only whom it newly names.
    const edited = await edit(writer, res.body.data.id, `${body} et ${mentionMarkup('Alice', admin.id)}`);
    expect(edited.status).toBe(200);
    expect(edited.body.data.attributes.edited_at).toBeTruthy();
    expect(await mentionsOf(colleague.id)).toHaveLength(1);
    expect(await mentionsOf(admin.id)).toHaveLength(1);
  });

  it('a mention on an answer names the inspection and its field', async () => {
    const res = await comment(writer, `${mentionMarkup('Colin', colleague.id)} voir ce champ`, { type: 'inspection-fields', id: fieldId });
    expect(res.status).toBe(201);
    const last = (await mentionsOf(colleague.id)).at(-1)!;
    expect(last.subject_type).toBe('inspection-fields');
    expect(last.data.page_id).toBe(inspectionId);
    expect(last.data.label).toMatch(/^I-\d{4}-\d{6} · Plaquettes$/);
  });

  it('permissions: reading needs comments and the record, writing too', async () => {
    const res = await comment(reader, 'Je ne peux pas écrire');
    expect(res.status).toBe(403);
    const listed = await t.api('GET', `${C}?filter[object_id]=${inspectionId}`, { token: reader.token });
    expect(listed.body.meta.page.total).toBeGreaterThan(0);
    // Without the right to see inspections, their comments do not exist.
    const blindList = await t.api('GET', C, { token: blind.token });
    expect(blindList.status).toBe(200);
    expect(blindList.body.meta.page.total).toBe(0);
    expect((await comment(blind, 'Aveugle')).status).toBe(422);
    // Restricted to another location: neither the inspection nor its comments.
    const restrictedList = await t.api('GET', `${C}?filter[object_id]=${inspectionId}`, { token: restricted.token });
    expect(restrictedList.body.meta.page.total).toBe(0);
    expect((await comment(restricted, 'Ailleurs')).status).toBe(422);
  });

  it('only its author changes a comment, unless allowed to change others’', async () => {
    const id = (await comment(writer, 'À moi')).body.data.id;
    const byOther = await edit(colleague, id, 'Changé');
    expect(byOther.status).toBe(403);
    expect(byOther.body.errors[0].detail).toBe('Seul l’auteur d’un commentaire peut le modifier ou le supprimer.');
    expect((await remove(colleague, id)).status).toBe(403);
    expect((await edit(reader, id, 'Changé')).status).toBe(403);
    const own = await edit(writer, id, 'À moi, corrigé');
    expect(own.status).toBe(200);
    expect(own.body.data.attributes.body).toBe('À moi, corrigé');
    // The administrator holds "edit comments" and "delete comments".
    expect((await edit(admin, id, 'Modéré')).status).toBe(200);
    expect((await remove(admin, id)).status).toBe(204);
    expect((await t.api('GET', `${C}/${id}`, { token: writer.token })).status).toBe(404);
  });

  it('deleting a comment with replies keeps the thread; its last reply takes it along', async () => {
    const root = (await comment(writer, 'Question')).body.data.id;
    const reply = (await comment(colleague, 'Réponse', {}, root)).body.data.id;
    expect((await remove(writer, root)).status).toBe(204);
    const kept = await t.api('GET', `${C}/${root}`, { token: colleague.token });
    expect(kept.status).toBe(200);
    expect(kept.body.data.attributes).toMatchObject({ body: '' });
    expect(kept.body.data.attributes.deleted_at).toBeTruthy();
    expect((await t.api('GET', `${C}/${reply}`, { token: colleague.token })).status).toBe(200);
    const changed = await edit(writer, root, 'Revenu');
    expect(changed.status).toBe(409);
    expect((await comment(colleague, 'Encore', {}, root)).status).toBe(422);
    expect((await remove(colleague, reply)).status).toBe(204);
    expect((await t.api('GET', `${C}/${root}`, { token: writer.token })).status).toBe(404);
  });

  it('another organization neither reads, lists, answers nor comments', async () => {
    const id = (await comment(writer, 'Interne')).body.data.id;
    expect((await t.api('GET', `${C}/${id}`, { token: foreign.token })).status).toBe(404);
    const list = await t.api('GET', `${C}?filter[object_id]=${inspectionId}`, { token: foreign.token });
    expect(list.body.meta.page.total).toBe(0);
    expect((await edit(foreign, id, 'Pirate')).status).toBe(404);
    expect((await remove(foreign, id)).status).toBe(404);
    const answer = await comment(foreign, 'Pirate', { id: foreignInspectionId }, id);
    expect(errorAt(answer, '/data/relationships/replyTo')).toBeTruthy();
    expect((await comment(foreign, 'Pirate', { id: inspectionId })).status).toBe(422);
    // Their own record is fine, and stays theirs.
    const own = await comment(foreign, 'Chez nous', { id: foreignInspectionId });
    expect(own.status).toBe(201);
    expect((await t.api('GET', `${C}/${own.body.data.id}`, { token: writer.token })).status).toBe(404);
  });
});

/** POST /uploads/{type}/{id}/images with one file, as a browser's FormData sends it. */
const upload = (path: string, token: string, content: Buffer, type = 'image/png') => uploadFile(t, path, token, { name: 'photo', type, content });

describe('photos of an inspection', () => {
  it('an answer takes photos while in progress, from its holder only, images only', async () => {
    const notStarted = await upload(`inspection-fields/${fieldId}/images`, admin.token, PNG);
    expect(notStarted.status).toBe(409);
    expect((await t.api('POST', `/api/v1/inspections/${inspectionId}/start`, { token: admin.token, body: {} })).status).toBe(200);

    const first = await upload(`inspection-fields/${fieldId}/images`, admin.token, PNG);
    expect(first.status).toBe(201);
    const second = await upload(`inspection-fields/${fieldId}/images`, admin.token, PNG);
    const field = await t.api('GET', `/api/v1/inspection-fields/${fieldId}`, { token: admin.token });
    expect(field.body.data.attributes.images).toEqual([first.body.url, second.body.url]);
    expect(field.body.data.attributes.touched).toBe(false);

    expect((await upload(`inspection-fields/${fieldId}/images`, writer.token, PNG)).status).toBe(403);
    expect((await upload(`inspection-fields/${fieldId}/images`, admin.token, PDF, 'application/pdf')).status).toBe(422);

    // Removing one: the list without it.
    const removed = await t.api('PATCH', `/api/v1/inspection-fields/${fieldId}`, {
      token: admin.token,
      body: { data: { type: 'inspection-fields', id: fieldId, attributes: { images: [second.body.url] } } },
    });
    expect(removed.body.data.attributes.images).toEqual([second.body.url]);
    const forged = await t.api('PATCH', `/api/v1/inspection-fields/${fieldId}`, {
      token: admin.token,
      body: { data: { type: 'inspection-fields', id: fieldId, attributes: { images: ['javascript:alert(1)'] } } },
    });
    expect(forged.status).toBe(422);
  });

  it('the inspection takes photos of its own until completed', async () => {
    const res = await upload(`inspections/${inspectionId}/images`, admin.token, PNG);
    expect(res.status).toBe(201);
    const read = await t.api('GET', `/api/v1/inspections/${inspectionId}`, { token: admin.token });
    expect(read.body.data.attributes.images).toEqual([res.body.url]);
    expect((await upload(`inspections/${inspectionId}/images`, reader.token, PNG)).status).toBe(201);
    expect((await upload(`inspections/${inspectionId}/images`, foreign.token, PNG)).status).toBe(404);
  });
});
