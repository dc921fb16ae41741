import type { Permission } from '@atelier/domain';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '../../src/db/client.ts';
import { makeOrganization, makeUser, makeVehicle, type MadeUser } from '../factories.ts';
import { beforeTests, createTestApp, uploadFile, type TestApp } from '../helpers.ts';

// The file explorer's folders and files (issue 24): names unique in their folder (422 naming the
// name, also between two requests at once), moves that would loop refused, a folder's deletion
// counted first, access restricted by roles and users down the tree in lists, includes and
// downloads, system folders, contents uploaded with the uploads' checks and their versions.

const MAX = 64 * 1024;
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
const pdf = (text: string) => Buffer.from(`%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\n% ${text}\ntrailer<</Root 1 0 R>>\n%%EOF\n`);

/** Reads and writes the explorer without managing access or system folders. */
const WORKER: Permission[] = [
  'view app file explorer',
  ...(['files', 'folders'] as const).flatMap((s) => (['view any', 'view', 'create', 'edit', 'delete'] as const).map((v) => `${v} ${s}` as Permission)),
];

interface World {
  t: TestApp;
  org: string;
  manager: MadeUser;
  worker: MadeUser;
  /** A worker holding the `trusted` role beside the worker's permissions. */
  trusted: MadeUser;
  trustedRole: string;
  outsider: MadeUser;
}

const w = beforeTests<World>(
  async () => {
    const t = await createTestApp({ UPLOAD_MAX_BYTES: String(MAX) });
    const org = (await makeOrganization(t)).id;
    const manager = await makeUser(t, org, { role: 'manager' });
    const worker = await makeUser(t, org, { permissions: WORKER });
    const trusted = await makeUser(t, org, { permissions: WORKER });
    const [{ role }] = rowsOf<{ role: string }>(await t.database.db.execute(sql`SELECT role_id::text AS role FROM user_roles WHERE user_id = ${trusted.id}`));
    const outsider = await makeUser(t, (await makeOrganization(t)).id, { role: 'manager' });
    return { t, org, manager, worker, trusted, trustedRole: role, outsider };
  },
  (world) => world.t.close(),
);

const api = (method: string, url: string, as: MadeUser, body?: unknown, locale = 'fr') =>
  w.t.api(method as 'GET', `/api/v1${url}`, { token: as.token, body, headers: { 'accept-language': locale } });

const link = (type: string, id: string | null) => ({ data: id ? { type, id } : null });
const links = (type: string, ids: string[]) => ({ data: ids.map((id) => ({ type, id })) });

async function folder(name: string, parent: string | null = null, as: MadeUser = w.manager, extra: Record<string, unknown> = {}) {
  const res = await api('POST', '/folders', as, { data: { type: 'folders', attributes: { name }, relationships: { parent: link('folders', parent), ...extra } } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data.id as string;
}

async function file(name: string, folderId: string | null, as: MadeUser = w.manager, extra: Record<string, unknown> = {}) {
  const res = await api('POST', '/files', as, { data: { type: 'files', attributes: { name }, relationships: { folder: link('folders', folderId), ...extra } } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data.id as string;
}

const upload = (id: string, as: MadeUser, name: string, content: Buffer, type = 'application/pdf') => uploadFile(w.t, `files/${id}/attachment`, as.token, { name, type, content });
const download = (url: string, as: MadeUser) => w.t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${as.token}` } });
const ids = (res: { body: { data: { id: string }[] } }) => res.body.data.map((d) => d.id);

describe('names', () => {
  it('answers a clash in the same folder, whatever the case, with a 422 naming the name, in French and English', async () => {
    const parent = await folder('Factures');
    await folder('Mars', parent);
    for (const [locale, text] of [['fr', '« mars »'], ['en', '“mars”']]) {
      const res = await api('POST', '/folders', w.manager, { data: { type: 'folders', attributes: { name: 'mars' }, relationships: { parent: link('folders', parent) } } }, locale);
      expect(res.status).toBe(422);
      expect(res.body.errors[0]).toMatchObject({ code: 'folder.name_taken', source: { pointer: '/data/attributes/name' } });
      expect(res.body.errors[0].detail).toContain(text);
    }
    await file('devis.pdf', parent);
    const clash = await api('POST', '/files', w.manager, { data: { type: 'files', attributes: { name: 'DEVIS.pdf' }, relationships: { folder: link('folders', parent) } } });
    expect(clash.status).toBe(422);
    expect(clash.body.errors[0]).toMatchObject({ code: 'file.name_taken', detail: 'Un fichier nommé « DEVIS.pdf » existe déjà à cet endroit.' });
    // Nor may a file and a folder share a name in a folder.
    const beside = await api('POST', '/files', w.manager, { data: { type: 'files', attributes: { name: 'MARS' }, relationships: { folder: link('folders', parent) } } });
    expect(beside.body.errors[0]).toMatchObject({ code: 'folder.name_taken', detail: 'Un dossier nommé « MARS » existe déjà à cet endroit.' });
    const under = await api('POST', '/folders', w.manager, { data: { type: 'folders', attributes: { name: 'devis.PDF' }, relationships: { parent: link('folders', parent) } } });
    expect(under.body.errors[0]).toMatchObject({ code: 'file.name_taken', source: { pointer: '/data/attributes/name' } });
    // The same name in another folder, or another organization, is no clash.
    await folder('Mars');
    await folder('Factures', null, w.outsider);
  });

  it('refuses a rename or a move into a clash, and keeps the record as it was', async () => {
    const a = await folder('Rename A');
    const b = await folder('Rename B');
    const rename = await api('PATCH', `/folders/${b}`, w.manager, { data: { type: 'folders', id: b, attributes: { name: 'rename a' } } });
    expect(rename.status).toBe(422);
    expect(rename.body.errors[0].detail).toContain('rename a');
    const inA = await file('photo.jpg', a);
    await file('photo.jpg', b);
    const inB = await file('other.jpg', b);
    const move = await api('PATCH', `/files/${inA}`, w.manager, { data: { type: 'files', id: inA, relationships: { folder: link('folders', b) } } });
    expect(move.status).toBe(422);
    expect(move.body.errors[0]).toMatchObject({ code: 'file.name_taken', detail: 'Un fichier nommé « photo.jpg » existe déjà à cet endroit.' });
    expect((await api('GET', `/files/${inA}?include=folder`, w.manager)).body.data.relationships.folder.data.id).toBe(a);
    const moved = await api('PATCH', `/files/${inB}`, w.manager, { data: { type: 'files', id: inB, relationships: { folder: link('folders', a) } } });
    expect(moved.status).toBe(200);
  });

  it('refuses names that are not one path segment', async () => {
    for (const [name, code] of [['a/b', 'file.name_separator'], ['x\\y', 'file.name_separator'], ['..', 'file.name_dots'], ['   ', 'validation.required']]) {
      const res = await api('POST', '/folders', w.manager, { data: { type: 'folders', attributes: { name } } });
      expect(res.status, name).toBe(422);
      expect(res.body.errors[0].code).toBe(code);
    }
  });

  it('lets one of two simultaneous creations of a name through and answers the other a 422, not a 500', async () => {
    const parent = await folder('Concurrence');
    const body = (name: string) => ({ data: { type: 'folders', attributes: { name }, relationships: { parent: link('folders', parent) } } });
    const fileBody = (name: string) => ({ data: { type: 'files', attributes: { name }, relationships: { folder: link('folders', parent) } } });
    const answers = await Promise.all([api('POST', '/folders', w.manager, body('Même')), api('POST', '/folders', w.worker, body('même')), api('POST', '/files', w.manager, fileBody('x.pdf')), api('POST', '/files', w.worker, fileBody('X.PDF'))]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 201, 422, 422]);
    const list = await api('GET', `/folders?filter[parent]=${parent}`, w.manager);
    expect(list.body.meta.page.total).toBe(1);
  });
});

describe('the tree', () => {
  it('refuses to move a folder into itself or below itself', async () => {
    const top = await folder('Arbre');
    const child = await folder('Branche', top);
    const leaf = await folder('Feuille', child);
    for (const target of [top, child, leaf]) {
      const res = await api('PATCH', `/folders/${top}`, w.manager, { data: { type: 'folders', id: top, relationships: { parent: link('folders', target) } } }, 'en');
      expect(res.status).toBe(422);
      expect(res.body.errors[0]).toMatchObject({ code: 'folder.cycle', source: { pointer: '/data/relationships/parent' } });
      expect(res.body.errors[0].detail).toContain('Arbre');
    }
    const back = await api('PATCH', `/folders/${leaf}`, w.manager, { data: { type: 'folders', id: leaf, relationships: { parent: link('folders', null) } } });
    expect(back.status).toBe(200);
  });

  it('takes two crossed moves at once one after the other: the second would make a loop and is refused', async () => {
    const a = await folder('Croisé A');
    const b = await folder('Croisé B');
    const into = (id: string, parent: string, as: MadeUser) => api('PATCH', `/folders/${id}`, as, { data: { type: 'folders', id, relationships: { parent: link('folders', parent) } } });
    const answers = await Promise.all([into(a, b, w.manager), into(b, a, w.worker)]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 422]);
    expect(answers.find((r) => r.status === 422)!.body.errors[0].code).toBe('folder.cycle');
  });

  it('lists the top and a folder’s content, and gives the path above a folder for the breadcrumbs', async () => {
    const top = await folder('Chemin');
    const mid = await folder('Milieu', top);
    const low = await folder('Bas', mid);
    await file('Chemin.pdf', null);
    const res = await api('GET', `/folders/${low}?add_data=path&include=parent`, w.manager);
    expect(res.body.meta.path[low]).toEqual([{ id: top, name: 'Chemin' }, { id: mid, name: 'Milieu' }]);
    const roots = await api('GET', '/folders?filter[parent]=root&page[size]=100', w.manager);
    expect(ids(roots)).toContain(top);
    expect(ids(roots)).not.toContain(mid);
    // The spec's own reads (platform §7) answer with every relationship they name.
    const spec = await api('GET', `/folders/${top}?include=organization,parent,tags,allowedLocations,files,subfolders,roles,users,subfolders.organization,files.organization`, w.manager);
    expect(spec.status).toBe(200);
    expect(spec.body.data.relationships.subfolders.data).toEqual([{ type: 'folders', id: mid }]);
    const inMid = await file('plan.pdf', mid);
    const fileSpec = await api('GET', `/files/${inMid}?include=organization,object,tags,allowedLocations,roles,users,folder`, w.manager);
    expect(fileSpec.status).toBe(200);
    expect(fileSpec.body.included.map((i: { type: string }) => i.type).sort()).toEqual(['folders', 'organizations']);
    const rootFiles = await api('GET', '/files?filter[folder]=root&filter[search]=chemin', w.manager);
    expect(rootFiles.body.data.map((d: { attributes: { name: string } }) => d.attributes.name)).toEqual(['Chemin.pdf']);
  });

  it('counts what a folder holds, all levels, and deleting it deletes all of it', async () => {
    const top = await folder('À supprimer');
    const child = await folder('Enfant', top);
    await folder('Petit-enfant', child);
    await file('a.pdf', top);
    await file('b.pdf', child);
    const inChild = await file('c.pdf', child);
    const counted = await api('GET', `/folders/${top}?add_data=contents`, w.manager);
    expect(counted.body.meta.contents[top]).toEqual({ folders: 2, files: 3, hidden: 0, system: 0 });
    expect((await api('DELETE', `/folders/${top}`, w.manager)).status).toBe(204);
    expect((await api('GET', `/folders/${child}`, w.manager)).status).toBe(404);
    expect((await api('GET', `/files/${inChild}`, w.manager)).status).toBe(404);
  });
});

describe('access', () => {
  it('hides a folder restricted to a role, and all below it, from whoever lacks the role, in lists, includes, reads and downloads', async () => {
    const open = await folder('Ouvert');
    const secret = await folder('Direction', open, w.manager, { roles: links('roles', [w.trustedRole]) });
    const below = await folder('Paie', secret);
    const pay = await file('paie.pdf', below);
    expect((await upload(pay, w.manager, 'paie.pdf', pdf('paie'))).status).toBe(201);
    const url = (await api('GET', `/files/${pay}`, w.manager)).body.data.attributes.attachment as string;

    // The worker (no such role) sees neither the folder, nor what it holds, nor its file.
    const listed = await api('GET', '/folders?page[size]=100', w.worker);
    expect(ids(listed)).toContain(open);
    expect(ids(listed)).not.toContain(secret);
    expect(ids(listed)).not.toContain(below);
    expect(ids(await api('GET', '/files?page[size]=100', w.worker))).not.toContain(pay);
    for (const path of [`/folders/${secret}`, `/folders/${below}`, `/files/${pay}`]) expect((await api('GET', path, w.worker)).status, path).toBe(404);
    const included = await api('GET', `/folders/${open}?include=subfolders`, w.worker);
    expect(included.body.data.relationships.subfolders.data).toEqual([]);
    expect(included.body.included ?? []).toEqual([]);
    expect((await download(url, w.worker)).statusCode).toBe(404);
    // Nor may it put anything there.
    const into = await api('POST', '/files', w.worker, { data: { type: 'files', attributes: { name: 'x.pdf' }, relationships: { folder: link('folders', secret) } } });
    expect(into.status).toBe(422);

    // The role's holder, and the manager (manage access), see all of it.
    for (const who of [w.trusted, w.manager]) {
      expect(ids(await api('GET', '/folders?page[size]=100', who))).toEqual(expect.arrayContaining([secret, below]));
      expect((await api('GET', `/folders/${open}?include=subfolders`, who)).body.data.relationships.subfolders.data).toEqual([{ type: 'folders', id: secret }]);
      const got = await download(url, who);
      expect(got.statusCode).toBe(200);
      expect(got.body).toContain('paie');
    }
  });

  it('hides a file restricted to a user from everyone else but access managers', async () => {
    const mine = await file('perso.pdf', null, w.manager, { users: links('users', [w.trusted.id]) });
    expect((await api('GET', `/files/${mine}`, w.trusted)).status).toBe(200);
    expect((await api('GET', `/files/${mine}`, w.worker)).status).toBe(404);
    expect((await api('GET', `/files/${mine}`, w.manager)).status).toBe(200);
    expect((await api('GET', `/files/${mine}`, w.outsider)).status).toBe(404);
  });

  it('lets only access managers restrict a file or folder', async () => {
    const res = await api('POST', '/folders', w.worker, { data: { type: 'folders', attributes: { name: 'Le mien' }, relationships: { roles: links('roles', [w.trustedRole]) } } }, 'en');
    expect(res.status).toBe(403);
    expect(res.body.errors[0]).toMatchObject({ code: 'folder.manage_access', source: { pointer: '/data/relationships/roles' } });
    const f = await file('libre.pdf', null, w.worker);
    const patch = await api('PATCH', `/files/${f}`, w.worker, { data: { type: 'files', id: f, relationships: { users: links('users', [w.worker.id]) } } });
    expect(patch.status).toBe(403);
    expect(patch.body.errors[0].code).toBe('file.manage_access');
  });

  it('refuses to delete a folder holding what the deleter does not see (409), and says how much', async () => {
    const top = await folder('Partagé');
    await folder('Caché', top, w.manager, { roles: links('roles', [w.trustedRole]) });
    await file('caché.pdf', top, w.manager, { users: links('users', [w.trusted.id]) });
    const counted = await api('GET', `/folders/${top}?add_data=contents`, w.worker);
    expect(counted.body.meta.contents[top]).toMatchObject({ folders: 1, files: 1, hidden: 2 });
    const res = await api('DELETE', `/folders/${top}`, w.worker);
    expect(res.status).toBe(409);
    expect(res.body.errors[0]).toMatchObject({ code: 'folder.holds_hidden' });
    expect((await api('GET', `/folders/${top}`, w.worker)).status).toBe(200);
  });

  it('keeps one organization’s files and folders from another', async () => {
    const f = await folder('Privé');
    const list = await api('GET', '/folders?page[size]=100', w.outsider);
    expect(ids(list)).not.toContain(f);
    expect((await api('PATCH', `/folders/${f}`, w.outsider, { data: { type: 'folders', id: f, attributes: { name: 'Volé' } } })).status).toBe(404);
    const into = await api('POST', '/folders', w.outsider, { data: { type: 'folders', attributes: { name: 'Intrus' }, relationships: { parent: link('folders', f) } } });
    expect(into.status).toBe(422);
  });
});

describe('system folders', () => {
  it('are made, changed and deleted only with “manage system folders”, and their parents too', async () => {
    const refused = await api('POST', '/folders', w.worker, { data: { type: 'folders', attributes: { name: 'Système', system: true } } });
    expect(refused.status).toBe(403);
    expect(refused.body.errors[0].code).toBe('folder.system_forbidden');
    const parent = await folder('Contient système', null, w.worker);
    const system = await folder('Procédures', parent, w.manager, {});
    expect((await api('PATCH', `/folders/${system}`, w.manager, { data: { type: 'folders', id: system, attributes: { system: true } } })).status).toBe(200);
    for (const [method, url, body] of [
      ['PATCH', `/folders/${system}`, { data: { type: 'folders', id: system, attributes: { name: 'Renommé' } } }],
      ['DELETE', `/folders/${system}`, undefined],
      ['DELETE', `/folders/${parent}`, undefined],
    ] as const) {
      const res = await api(method, url, w.worker, body);
      expect(res.status, `${method} ${url}`).toBe(403);
      expect(res.body.errors[0].code).toBe('folder.system_forbidden');
    }
    // What it holds is worked on as usual.
    await file('procédure.pdf', system, w.worker);
    expect((await api('PATCH', `/folders/${system}`, w.manager, { data: { type: 'folders', id: system, attributes: { name: 'Renommé' } } })).status).toBe(200);
    expect((await api('DELETE', `/folders/${parent}`, w.manager)).status).toBe(204);
  });
});

describe('contents and versions', () => {
  it('uploads a content, replaces it keeping the former as a version (who, when), and downloads each', async () => {
    const f = await file('devis.pdf', null, w.worker);
    const first = await upload(f, w.worker, 'devis.pdf', pdf('first'));
    expect(first.status).toBe(201);
    const read = (await api('GET', `/files/${f}`, w.worker)).body.data.attributes;
    expect(read).toMatchObject({ mime: 'application/pdf', size: pdf('first').length, attachment: first.body.url });
    expect((await upload(f, w.trusted, 'devis v2.pdf', pdf('second version'))).status).toBe(201);
    const res = await api('GET', `/files/${f}?include=versions,versions.replacedBy`, w.worker);
    expect(res.body.data.attributes.size).toBe(pdf('second version').length);
    const [version] = res.body.included.filter((i: { type: string }) => i.type === 'file-versions');
    expect(version.attributes).toMatchObject({ name: 'devis.pdf', size: pdf('first').length, mime: 'application/pdf', attachment: first.body.url });
    expect(version.relationships.replacedBy.data.id).toBe(w.trusted.id);
    const listed = await api('GET', `/file-versions?filter[file]=${f}`, w.worker);
    expect(listed.body.meta.page.total).toBe(1);
    expect((await download(version.attributes.attachment, w.worker)).body).toContain('first');
    expect((await download(res.body.data.attributes.attachment, w.worker)).body).toContain('second version');
    // Versions follow the file's access.
    expect((await api('GET', `/file-versions?filter[file]=${f}`, w.outsider)).body.meta.page.total).toBe(0);
  });

  it('refuses a disguised file and an oversized one, and keeps the content it had', async () => {
    const f = await file('image.png', null);
    expect((await upload(f, w.manager, 'image.png', PNG, 'image/png')).status).toBe(201);
    const disguised = await upload(f, w.manager, 'facture.pdf', Buffer.from('MZ\x90\x00 not a pdf at all'));
    expect(disguised.status).toBe(422);
    expect(disguised.body.errors[0].code).toBe('error.upload_type');
    const big = await upload(f, w.manager, 'gros.pdf', Buffer.concat([pdf('big'), Buffer.alloc(MAX)]));
    expect(big.status).toBe(413);
    const after = await api('GET', `/files/${f}?include=versions`, w.manager);
    expect(after.body.data.attributes).toMatchObject({ mime: 'image/png', size: PNG.length });
    expect(after.body.data.relationships.versions.data).toEqual([]);
  });

  it('takes as content only an upload made for that file', async () => {
    const a = await file('a.png', null);
    const b = await file('b.png', null);
    const up = await upload(a, w.manager, 'a.png', PNG, 'image/png');
    const res = await api('PATCH', `/files/${b}`, w.manager, { data: { type: 'files', id: b, attributes: { attachment: up.body.url } } });
    expect(res.status).toBe(422);
    expect(res.body.errors[0]).toMatchObject({ code: 'validation.upload_reference', source: { pointer: '/data/attributes/attachment' } });
  });

  it('attaches a file to a record the writer sees, and lists a record’s files', async () => {
    const vehicle = (await makeVehicle(w.t, w.manager.token)).id;
    const attached = await api('POST', '/files', w.manager, { data: { type: 'files', attributes: { name: 'carte grise.pdf', object_type: 'vehicles', object_id: vehicle } } });
    expect(attached.status, JSON.stringify(attached.body)).toBe(201);
    const listed = await api('GET', `/files?filter[object_type]=vehicles&filter[object_id]=${vehicle}&include=object`, w.manager);
    expect(ids(listed)).toEqual([attached.body.data.id]);
    const foreign = await api('POST', '/files', w.outsider, { data: { type: 'files', attributes: { name: 'x.pdf', object_type: 'vehicles', object_id: vehicle } } });
    expect(foreign.status).toBe(422);
    expect(foreign.body.errors[0].code).toBe('file.object_not_found');
  });
});
