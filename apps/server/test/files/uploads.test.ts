import { sql } from 'drizzle-orm';
import { crc32, deflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { downscale } from '../../src/reports/images.ts';
import { rowsOf } from '../../src/db/client.ts';
import { createTestApp, type TestApp, uploadFile, type UploadedFile } from '../helpers.ts';
import { makeOrganization, makeReseller, makeUser, makeVehicle, nextVin, type MadeUser } from '../factories.ts';
import { buildRegistry } from '../../src/app.ts';
import { AREAS } from '../../src/areas/index.ts';

// A 1×1 transparent PNG.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
const MAX = 4096;

/** A PNG chunk: length, type, data, CRC. */
const chunk = (type: string, data: Buffer) => {
  const body = Buffer.concat([Buffer.from(type), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
};
/** A pixel bomb: a few hundred bytes of PNG declaring width × height grey pixels (one line of them given). */
function pixelBomb(width = 50_000, height = 50_000) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 0, 0, 0, 0], 8);
  return Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), chunk('IHDR', header), chunk('IDAT', deflateSync(Buffer.alloc(width + 1))), chunk('IEND', Buffer.alloc(0))]);
}

let t: TestApp;
let organizationId: string;
let manager: string;
/** The manager and an inspector of one organization, the manager of another. */
let me: string;
let inspector: MadeUser;
let other: MadeUser;

beforeAll(async () => {
  t = await createTestApp({ UPLOAD_MAX_BYTES: String(MAX) });
  organizationId = (await makeOrganization(t)).id;
  ({ id: me, token: manager } = await makeUser(t, organizationId));
  inspector = await makeUser(t, organizationId, { role: 'inspector' });
  other = await makeUser(t, (await makeOrganization(t)).id);
});
afterAll(() => t?.close());

const upload = (path: string, token: string, file: UploadedFile, field?: string) => uploadFile(t, path, token, file, field);

const content = (url: string, token: string) =>
  t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });

const uploadCount = async () =>
  rowsOf<{ n: number }>(await t.database.db.execute(sql`SELECT count(*)::int AS n FROM uploads`))[0].n;

describe('uploads', () => {
  it('stores a PNG, sets the field to its url, logs the change and serves it back to the organization', async () => {
    const res = await upload(`users/${me}/profile_image`, manager, { name: 'me.png', type: 'image/png', content: PNG });
    expect(res.status).toBe(201);
    expect(res.body.url).toMatch(/^\/api\/v1\/uploads\/[0-9a-f-]{36}\/content$/);

    const user = await t.api('GET', `/api/v1/users/${me}`, { token: manager });
    expect(user.body.data.attributes.profile_image).toBe(res.body.url);
    const log = await t.api('GET', `/api/v1/logs?filter[subject_id]=${me}&filter[event]=updated`, { token: manager });
    expect(log.body.data[0].attributes.properties.attributes).toMatchObject({ profile_image: res.body.url });

    const [row] = rowsOf<{ path: string; mime: string; size: number; original_name: string }>(
      await t.database.db.execute(sql`SELECT path, mime, size, original_name FROM uploads WHERE record_id = ${me}`),
    );
    // The name on disk is the server's, under the record's organization.
    expect(row).toMatchObject({ mime: 'image/png', size: PNG.length, original_name: 'me.png' });
    expect(row.path).toMatch(new RegExp(`^uploads/${organizationId}/\\d{4}-\\d{2}/[0-9a-f-]{36}\\.png$`));

    const served = await content(res.body.url, manager);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.rawPayload.equals(PNG)).toBe(true);
    // A colleague who sees the user sees the picture.
    expect((await content(res.body.url, inspector.token)).statusCode).toBe(200);
  });

  it('hides a file from users of another organization (404)', async () => {
    const { body } = await upload(`users/${me}/profile_image`, manager, { name: 'a.png', type: 'image/png', content: PNG });
    const elsewhere = await content(body.url, other.token);
    expect(elsewhere.statusCode).toBe(404);
    expect(elsewhere.json().errors[0].code).toBe('error.not_found');
    expect((await content('/api/v1/uploads/not-an-id/content', manager)).statusCode).toBe(404);
  });

  it('checks the content, not the name: a text file named .png is refused, translated', async () => {
    const before = await uploadCount();
    const res = await upload(`users/${me}/profile_image`, manager, { name: 'evil.png', type: 'image/png', content: Buffer.from('<script>alert(1)</script>') });
    expect(res.status).toBe(422);
    expect(res.body.errors[0]).toMatchObject({ code: 'error.upload_type', detail: 'Ce type de fichier n’est pas accepté.' });
    expect(await uploadCount()).toBe(before);
  });

  it('refuses a pixel bomb by the size its header declares, translated, storing nothing; a report never decodes one', async () => {
    const bomb = pixelBomb();
    expect(bomb.length).toBeLessThan(MAX);
    const before = await uploadCount();
    const res = await upload(`users/${me}/profile_image`, manager, { name: 'photo.png', type: 'image/png', content: bomb });
    expect(res.status).toBe(422);
    expect(res.body.errors[0]).toMatchObject({
      code: 'error.upload_pixels',
      detail: 'L’image fait 50\u00a0000 × 50\u00a0000 pixels : au plus 50 millions de pixels sont acceptés.',
      source: { parameter: 'attachment' },
    });
    expect(await uploadCount()).toBe(before);
    // The PDFs' thumbnails (a signature's data URL takes this path too) refuse it before decoding.
    expect(await downscale(bomb, 360, false)).toBeNull();
    // An image within the limit, of the same making, is taken.
    const ok = await upload(`users/${me}/profile_image`, manager, { name: 'photo.png', type: 'image/png', content: pixelBomb(2000, 1) });
    expect(ok.status).toBe(201);
  });

  it('refuses a file over UPLOAD_MAX_BYTES with a translated 413', async () => {
    const big = Buffer.concat([PNG, Buffer.alloc(MAX)]);
    const res = await upload(`users/${me}/profile_image`, manager, { name: 'big.png', type: 'image/png', content: big });
    expect(res.status).toBe(413);
    expect(res.body.errors[0]).toMatchObject({ code: 'error.upload_too_large', detail: 'Le fichier dépasse la taille permise (4 Ko).' });
  });

  it("answers 404 for another organization's record, and 403 without the edit permission", async () => {
    expect((await upload(`users/${other.id}/profile_image`, manager, { name: 'x.png', type: 'image/png', content: PNG })).status).toBe(404);

    // The inspector may not edit users, but may always change their own picture.
    const refused = await upload(`users/${me}/profile_image`, inspector.token, { name: 'x.png', type: 'image/png', content: PNG });
    expect(refused.status).toBe(403);
    const own = await upload(`users/${inspector.id}/profile_image`, inspector.token, { name: 'x.png', type: 'image/png', content: PNG });
    expect(own.status).toBe(201);
  });

  it('accepts files only on declared fields and in the attachment part', async () => {
    const field = await upload(`users/${me}/firstname`, manager, { name: 'x.png', type: 'image/png', content: PNG });
    expect(field.status).toBe(422);
    expect(field.body.errors[0].code).toBe('error.upload_field');
    const part = await upload(`users/${me}/profile_image`, manager, { name: 'x.png', type: 'image/png', content: PNG }, 'file');
    expect(part.status).toBe(422);
    expect(part.body.errors[0].code).toBe('error.upload_missing');
    expect((await upload(`nothing/${me}/profile_image`, manager, { name: 'x.png', type: 'image/png', content: PNG })).status).toBe(404);
  });

  it("sets a reseller's logo, which only the reseller's side sees", async () => {
    const {
      id,
      user: { token: reseller },
    } = await makeReseller(t);
    const res = await upload(`resellers/${id}/app_logo`, reseller, { name: 'logo.png', type: 'image/png', content: PNG });
    expect(res.status).toBe(201);
    const [row] = rowsOf<{ path: string; reseller_id: string }>(await t.database.db.execute(sql`SELECT path, reseller_id FROM uploads WHERE record_id = ${id}`));
    expect(row).toMatchObject({ reseller_id: id });
    expect(row.path.startsWith('uploads/platform/')).toBe(true);
    expect((await content(res.body.url, reseller)).statusCode).toBe(200);
    expect((await content(res.body.url, manager)).statusCode).toBe(404);
  });
});

/**
 * An address of an upload names a file: a document may add one only of the record's organization,
 * uploaded for a record its writer sees; web addresses are refused (a tracking image in a
 * customer's report). Addresses the record already holds stay.
 */
describe('upload references', () => {
  let garage: { id: string; locations: Record<string, string> };
  let admin: MadeUser;
  let restricted: MadeUser;
  let ours: string;
  let hidden: string;
  const patchVehicle = (id: string, token: string, pictures: string[], lang = 'fr') =>
    t.api('PATCH', `/api/v1/vehicles/${id}`, { token, headers: { 'accept-language': lang }, body: { data: { type: 'vehicles', id, attributes: { pictures } } } });
  const picturesOf = async (id: string) =>
    rowsOf<{ p: string[] }>(await t.database.db.execute(sql`SELECT pictures AS p FROM vehicles WHERE id = ${id}`))[0].p;
  const vehicle = async (token: string) => (await makeVehicle(t, token, { vin: nextVin() })).id;

  beforeAll(async () => {
    garage = await makeOrganization(t, { locations: ['Montréal', 'Laval'] });
    admin = await makeUser(t, garage.id);
    restricted = await makeUser(t, garage.id, { restrict_to_locations: true, location_ids: [garage.locations['Montréal']] });
    const visible = await vehicle(admin.token);
    ours = (await upload(`vehicles/${visible}/pictures`, admin.token, { name: 'a.png', type: 'image/png', content: PNG })).body.url;
    const laval = await vehicle(admin.token);
    await t.database.db.execute(sql`UPDATE vehicles SET location_ids = ARRAY[${garage.locations['Laval']}]::uuid[] WHERE id = ${laval}`);
    hidden = (await upload(`vehicles/${laval}/pictures`, admin.token, { name: 'b.png', type: 'image/png', content: PNG })).body.url;
  });

  it('are checked on every attribute holding uploads', () => {
    const holding = [...buildRegistry(AREAS).values()].flatMap((def) => Object.entries(def.attributes).filter(([, a]) => a.uploads).map(([name]) => `${def.type}.${name}`));
    expect(holding).toEqual(
      expect.arrayContaining(['vehicles.pictures', 'users.profile_image', 'inspections.images', 'inspection-fields.images', 'estimation-items.images', 'resellers.app_logo']),
    );
  });

  it("refuses another organization's upload (422, translated), and nothing is written", async () => {
    const theirs = await vehicle(other.token);
    for (const [lang, detail] of [
      ['fr', 'Chaque fichier doit avoir été téléversé dans Atelier pour une fiche de cette organisation que vous pouvez voir (les adresses web ne sont pas acceptées)'],
      ['en', 'Each file must be one uploaded to Atelier for a record of this organization that you can see (web addresses are not accepted)'],
    ]) {
      const res = await patchVehicle(theirs, other.token, [ours], lang);
      expect(res.status).toBe(422);
      expect(res.body.errors[0]).toMatchObject({ code: 'validation.upload_reference', detail, source: { pointer: '/data/attributes/pictures' } });
    }
    expect(await picturesOf(theirs)).toEqual([]);
    const profile = await t.api('PATCH', `/api/v1/users/${other.id}`, { token: other.token, body: { data: { type: 'users', id: other.id, attributes: { profile_image: ours } } } });
    expect(profile.status).toBe(422);
    expect(profile.body.errors[0].source.pointer).toBe('/data/attributes/profile_image');
  });

  it('refuses to a restricted user the upload of a record of a location they do not see', async () => {
    const mine = await vehicle(restricted.token);
    const res = await patchVehicle(mine, restricted.token, [hidden]);
    expect(res.status).toBe(422);
    expect(res.body.errors[0].code).toBe('validation.upload_reference');
    expect(await picturesOf(mine)).toEqual([]);
  });

  it('refuses web addresses and unknown uploads, keeps the ones already stored, takes its own organization’s', async () => {
    const id = await vehicle(admin.token);
    for (const bad of ['https://tracker.example/pixel.png', '/api/v1/uploads/0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b/content']) {
      const res = await patchVehicle(id, admin.token, [bad]);
      expect(res.status, bad).toBe(422);
      expect(res.body.errors[0].code).toBe('validation.upload_reference');
    }
    const old = 'https://cdn.example/old-photo.jpg';
    await t.database.db.execute(sql`UPDATE vehicles SET pictures = ARRAY[${old}]::text[] WHERE id = ${id}`);
    const kept = await patchVehicle(id, admin.token, [old, ours]);
    expect(kept.status, JSON.stringify(kept.body)).toBe(200);
    expect(await picturesOf(id)).toEqual([old, ours]);
  });
});
