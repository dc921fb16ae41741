import { describe, expect, it } from 'vitest';
import { makeCustomer, makeUser, makeVehicle, userWith, makeWorld, type MadeUser, type World } from '../factories.ts';
import { beforeTests, createTestApp, uploadFile, type TestApp } from '../helpers.ts';

// Files attached to a record (issue 24, "files of this record"): a file attached to a vehicle, a
// customer, a repair… exists only for whoever sees that record — its type's permissions, its
// organization, its locations — in lists, reads, includes and downloads, whoever manages access.

const pdf = (text: string) => Buffer.from(`%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\n% ${text}\ntrailer<</Root 1 0 R>>\n%%EOF\n`);

interface Ctx {
  t: TestApp;
  world: World;
  /** Sees files (and manages their access) but not vehicles. */
  filesOnly: MadeUser;
  /** Sees vehicles and files, restricted to Montréal. */
  montreal: MadeUser;
}

const w = beforeTests<Ctx>(
  async () => {
    const t = await createTestApp();
    const world = await makeWorld(t);
    const files = (['view any', 'view', 'create', 'edit'] as const).map((v) => `${v} files` as const);
    const filesOnly = await userWith(t, world.garage.id, 'files-only@record-files.test', ['view app file explorer', ...files, 'manage access files']);
    const montreal = await makeUser(t, world.garage.id, {
      email: 'montreal@record-files.test',
      permissions: ['view app file explorer', ...files, 'view any vehicles', 'view vehicles', 'view any customers', 'view customers'],
      restrict_to_locations: true,
      location_ids: [world.garage.montreal],
    });
    return { t, world, filesOnly, montreal };
  },
  (c) => c.t.close(),
);

const api = (method: string, url: string, as: MadeUser, body?: unknown) => w.t.api(method as 'GET', `/api/v1${url}`, { token: as.token, body });
const ids = (res: { body: { data: { id: string }[] } }) => res.body.data.map((d) => d.id);

/** A file attached to a record, with a content; its id and its download address. */
async function attach(type: string, id: string, name: string) {
  const made = await api('POST', '/files', w.world.manager, { data: { type: 'files', attributes: { name, object_type: type, object_id: id } } });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  const file = made.body.data.id as string;
  const up = await uploadFile(w.t, `files/${file}/attachment`, w.world.manager.token, { name, type: 'application/pdf', content: pdf(name) });
  expect(up.status).toBe(201);
  return { id: file, url: up.body.url as string };
}

const download = (url: string, as: MadeUser) => w.t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${as.token}` } });

describe('files attached to a record', () => {
  it('are seen only by whoever sees the record: its locations, in lists, reads, includes and downloads', async () => {
    const { manager } = w.world;
    const atLaval = (await makeVehicle(w.t, manager.token, {}, { locations: [w.world.garage.laval] })).id;
    const atMontreal = (await makeVehicle(w.t, manager.token, { vin: '2HGFC2F59JH000001' }, { locations: [w.world.garage.montreal] })).id;
    const hidden = await attach('vehicles', atLaval, 'laval.pdf');
    const seen = await attach('vehicles', atMontreal, 'montreal.pdf');

    const listed = ids(await api('GET', '/files?filter[object_type]=vehicles&page[size]=100', w.montreal));
    expect(listed).toContain(seen.id);
    expect(listed).not.toContain(hidden.id);
    expect((await api('GET', `/files?filter[object_id]=${atLaval}`, w.montreal)).body.meta.page.total).toBe(0);
    expect((await api('GET', `/files/${hidden.id}`, w.montreal)).status).toBe(404);
    expect((await download(hidden.url, w.montreal)).statusCode).toBe(404);
    expect((await download(seen.url, w.montreal)).statusCode).toBe(200);
    // Nor through a version of it.
    const versions = await api('GET', `/file-versions?include=file&page[size]=100`, w.montreal);
    expect(JSON.stringify(versions.body.included ?? [])).not.toContain(hidden.id);

    // The manager (both locations) sees both.
    expect(ids(await api('GET', '/files?filter[object_type]=vehicles&page[size]=100', manager))).toEqual(expect.arrayContaining([seen.id, hidden.id]));
  });

  it('are hidden from whoever may not view the record’s type, even with “manage access files”', async () => {
    const vehicle = (await makeVehicle(w.t, w.world.manager.token, { vin: '3FA6P0H72HR000002' })).id;
    const customer = (await makeCustomer(w.t, w.world.manager.token)).id;
    const ofVehicle = await attach('vehicles', vehicle, 'carte grise.pdf');
    const ofCustomer = await attach('customers', customer, 'permis.pdf');
    // A file of the explorer itself stays visible to them.
    const loose = await api('POST', '/files', w.world.manager, { data: { type: 'files', attributes: { name: 'libre.pdf' } } });

    const listed = ids(await api('GET', '/files?page[size]=100', w.filesOnly));
    expect(listed).toContain(loose.body.data.id);
    expect(listed).not.toContain(ofVehicle.id);
    expect(listed).not.toContain(ofCustomer.id);
    expect((await api('GET', `/files/${ofVehicle.id}`, w.filesOnly)).status).toBe(404);
    expect((await download(ofCustomer.url, w.filesOnly)).statusCode).toBe(404);
    // The one who may view customers sees the customer's file (customers carry no location here).
    expect((await api('GET', `/files/${ofCustomer.id}`, w.montreal)).status).toBe(200);
  });

  it('never reach another organization, by id, list or record filter', async () => {
    const vehicle = (await makeVehicle(w.t, w.world.manager.token, { vin: '1FTFW1ET5DF000003' })).id;
    const mine = await attach('vehicles', vehicle, 'facture.pdf');
    const other = w.world.manager2;
    expect((await api('GET', `/files/${mine.id}`, other)).status).toBe(404);
    expect((await api('GET', `/files?filter[object_id]=${vehicle}`, other)).body.meta.page.total).toBe(0);
    expect((await download(mine.url, other)).statusCode).toBe(404);
    const patched = await api('PATCH', `/files/${mine.id}`, other, { data: { type: 'files', id: mine.id, attributes: { name: 'volé.pdf' } } });
    expect(patched.status).toBe(404);
  });

  it('are attached to a repair or a customer the writer sees, and to nothing else (422, nothing written)', async () => {
    const customer = (await makeCustomer(w.t, w.world.manager.token)).id;
    const ofCustomer = await api('POST', '/files', w.world.manager, { data: { type: 'files', attributes: { name: 'contrat.pdf', object_type: 'customers', object_id: customer } } });
    expect(ofCustomer.status).toBe(201);
    const bad = await api('POST', '/files', w.world.manager, { data: { type: 'files', attributes: { name: 'x.pdf', object_type: 'repairs', object_id: customer } } });
    expect(bad.status).toBe(422);
    expect(bad.body.errors[0]).toMatchObject({ code: 'file.object_not_found', source: { pointer: '/data/attributes/object_id' } });
    expect((await api('GET', `/files?filter[search]=x.pdf`, w.world.manager)).body.meta.page.total).toBe(0);
  });
});
