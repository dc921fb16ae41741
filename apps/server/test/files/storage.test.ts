import { mkdtempSync, rmSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { rowsOf } from '../../src/db/client.ts';
import { readiness } from '../../src/ops/readiness.ts';
import { LocalStorage, readAll, S3Storage, type RangeAsked, type Storage } from '../../src/storage/storage.ts';
import { moveToStore } from '../../src/storage/to-store.ts';
import { makeOrganization, makeUser, type MadeUser } from '../factories.ts';
import { createTestApp, uploadFile, type TestApp } from '../helpers.ts';
import { startS3 } from '../s3.ts';

// Files on an S3-compatible store or in the data folder (issue 25): one contract for both, and the
// API over a local S3 server (s3rver): the same checks before anything is kept, downloads streamed
// under the records' access, contents deleted with their files, the move from the folder.

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
const MAX = 4096;
const dirs: string[] = [];
const tempDir = (name: string) => {
  const dir = mkdtempSync(join(tmpdir(), `atelier-${name}-`));
  dirs.push(dir);
  return dir;
};

let s3: Awaited<ReturnType<typeof startS3>>;
let env: Record<string, string>;

beforeAll(async () => {
  s3 = await startS3();
  env = s3.env;
});
afterAll(async () => {
  await s3?.stop();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const s3Storage = () => new S3Storage(loadConfig(env).s3!);

describe.each([
  ['the data folder', () => new LocalStorage(tempDir('local')) as Storage],
  ['the S3 store', () => s3Storage()],
])('the storage contract on %s', (_, make) => {
  it('keeps, reads back as a stream with its length, lists, and deletes', async () => {
    const storage = make();
    const key = `uploads/${crypto.randomUUID()}/2026-11/a.png`;
    await storage.put(key, PNG, { type: 'image/png', length: PNG.length });
    expect(await storage.head(key)).toMatchObject({ key, length: PNG.length });
    const got = await storage.get(key);
    expect(got).toMatchObject({ length: PNG.length, size: PNG.length, range: null });
    expect(Buffer.compare(await readAll(storage, key) as Buffer, PNG)).toBe(0);
    got?.body?.destroy();
    const listed = [];
    for await (const o of storage.list(key.slice(0, key.lastIndexOf('/') + 1))) listed.push(o.key);
    expect(listed).toEqual([key]);
    // From a stream as well.
    const streamed = `imports/${crypto.randomUUID()}/b.csv`;
    await storage.put(streamed, Readable.from([Buffer.from('a;b\n'), Buffer.from('1;2\n')]), { type: 'text/csv', length: 8 });
    expect((await readAll(storage, streamed))?.toString()).toBe('a;b\n1;2\n');
    await storage.delete(key);
    await storage.delete(key);
    expect(await storage.head(key)).toBeNull();
    expect(await storage.get(key)).toBeNull();
    await storage.ping();
  });

  it('reads a byte range only (a video seeked, Safari’s 206)', async () => {
    const storage = make();
    const key = `uploads/${crypto.randomUUID()}/2026-11/v.mp4`;
    const body = Buffer.from(Array.from({ length: 1000 }, (_, i) => i % 251));
    await storage.put(key, body, { type: 'video/mp4', length: body.length });
    const read = async (asked: RangeAsked) => {
      const part = await storage.get(key, asked);
      const chunks: Buffer[] = [];
      if (part?.body) for await (const c of part.body) chunks.push(c as Buffer);
      return { ...part, body: Buffer.concat(chunks) };
    };
    // One read answers the bytes asked with the file's size (no separate size request).
    const part = await read({ start: 10, end: 19 });
    expect(part).toMatchObject({ length: 10, size: 1000, range: { start: 10, end: 19 } });
    expect(part.body.equals(body.subarray(10, 20))).toBe(true);
    expect(await read({ start: 990, end: null })).toMatchObject({ length: 10, size: 1000, range: { start: 990, end: 999 } });
    expect(await read({ start: 995, end: 5000 })).toMatchObject({ length: 5, size: 1000, range: { start: 995, end: 999 } });
    const tail = await read({ suffix: 100 });
    expect(tail).toMatchObject({ length: 100, size: 1000, range: { start: 900, end: 999 } });
    expect(tail.body.equals(body.subarray(900))).toBe(true);
    expect(await read({ start: 1000, end: null })).toMatchObject({ length: 0, size: 1000, range: 'unsatisfiable' });
    expect(await read({ suffix: 0 })).toMatchObject({ length: 0, size: 1000, range: 'unsatisfiable' });
    await storage.delete(key);
    expect(await storage.get(key, { start: 0, end: 1 })).toBeNull();
  });

  it('refuses contents of another length than announced, and keys outside its prefixes', async () => {
    const storage = make();
    const key = `uploads/${crypto.randomUUID()}/c.png`;
    await expect(storage.put(key, PNG, { type: 'image/png', length: PNG.length + 10 })).rejects.toThrow();
    expect(await storage.head(key)).toBeNull();
    for (const bad of ['../etc/passwd', 'uploads/../../x', 'other/x', 'uploads//x', 'uploads/a\\b'])
      await expect(storage.put(bad, PNG, { type: 'image/png', length: PNG.length })).rejects.toThrow(/Not a storage key/);
  });
});

describe('the configuration', () => {
  it('stops at a half-configured store, naming what is missing; none keeps the data folder', () => {
    expect(() => loadConfig({ S3_BUCKET: 'b', S3_REGION: 'r' })).toThrow(/S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY/);
    expect(loadConfig({}).s3).toBeNull();
    expect(loadConfig({ ...env }).s3).toMatchObject({ bucket: 'atelier', forcePathStyle: true });
  });
});

describe('the API on the S3 store', () => {
  let t: TestApp;
  let manager: MadeUser;
  let outsider: MadeUser;
  let storage: Storage;

  beforeAll(async () => {
    t = await createTestApp({ ...env, DATA_DIR: tempDir('s3-app'), UPLOAD_MAX_BYTES: String(MAX) });
    manager = await makeUser(t, (await makeOrganization(t)).id, { role: 'manager' });
    outsider = await makeUser(t, (await makeOrganization(t)).id, { role: 'manager' });
    storage = s3Storage();
  });
  afterAll(() => t?.close());

  const newFile = async (name: string) => {
    const res = await t.api('POST', '/api/v1/files', { token: manager.token, body: { data: { type: 'files', attributes: { name } } } });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return (res.body as { data: { id: string } }).data.id;
  };
  const pathOf = async (url: string) =>
    rowsOf<{ path: string }>(await t.database.db.execute(sql`SELECT path FROM uploads WHERE id = ${url.split('/')[4]}`))[0]?.path;
  const keys = async () => {
    const found: string[] = [];
    for await (const o of storage.list('uploads/')) found.push(o.key);
    return found;
  };
  const download = (url: string, as: MadeUser) => t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${as.token}` } });

  it('keeps an uploaded photo in the bucket, serves it to its organization only, and deletes it with its file', async () => {
    const id = await newFile('photo.png');
    const up = await uploadFile(t, `files/${id}/attachment`, manager.token, { name: 'photo.png', type: 'image/png', content: PNG });
    expect(up.status).toBe(201);
    const path = await pathOf(up.body.url);
    expect(await storage.head(path)).toMatchObject({ length: PNG.length });
    // Nothing in the data folder.
    expect(await new LocalStorage(t.config.dataDir).head(path)).toBeNull();

    const mine = await download(up.body.url, manager);
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.headers['content-type']).toBe('image/png');
    expect(Number(mine.headers['content-length'])).toBe(PNG.length);
    expect(Buffer.compare(mine.rawPayload, PNG)).toBe(0);
    expect((await download(up.body.url, outsider)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: up.body.url })).statusCode).toBe(401);

    // A second content keeps the first as a version; deleting the file deletes both.
    const second = await uploadFile(t, `files/${id}/attachment`, manager.token, { name: 'photo.png', type: 'image/png', content: PNG });
    const secondPath = await pathOf(second.body.url);
    expect((await t.api('DELETE', `/api/v1/files/${id}`, { token: manager.token })).status).toBe(204);
    await expect.poll(async () => [await storage.head(path), await storage.head(secondPath)]).toEqual([null, null]);
    expect(await pathOf(up.body.url)).toBeUndefined();
  });

  it('deletes the contents of the files of a folder and of its subfolders with it', async () => {
    const folder = async (name: string, parent?: string) => {
      const res = await t.api('POST', '/api/v1/folders', {
        token: manager.token,
        body: { data: { type: 'folders', attributes: { name }, relationships: { parent: { data: parent ? { type: 'folders', id: parent } : null } } } },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return (res.body as { data: { id: string } }).data.id;
    };
    const top = await folder('Haut');
    const below = await folder('Bas', top);
    const res = await t.api('POST', '/api/v1/files', {
      token: manager.token,
      body: { data: { type: 'files', attributes: { name: 'deep.png' }, relationships: { folder: { data: { type: 'folders', id: below } } } } },
    });
    const fileId = (res.body as { data: { id: string } }).data.id;
    const up = await uploadFile(t, `files/${fileId}/attachment`, manager.token, { name: 'deep.png', type: 'image/png', content: PNG });
    const path = await pathOf(up.body.url);
    expect(await storage.head(path)).not.toBeNull();
    expect((await t.api('DELETE', `/api/v1/folders/${top}`, { token: manager.token })).status).toBe(204);
    await expect.poll(() => storage.head(path)).toBeNull();
  });

  it('keeps nothing of a disguised or oversized file', async () => {
    const id = await newFile('faux.png');
    const before = await keys();
    const disguised = await uploadFile(t, `files/${id}/attachment`, manager.token, { name: 'faux.png', type: 'image/png', content: Buffer.from('<html><script>alert(1)</script></html>') });
    expect(disguised.status).toBe(422);
    expect(disguised.body.errors[0]).toMatchObject({ code: 'error.upload_type' });
    const big = await uploadFile(t, `files/${id}/attachment`, manager.token, { name: 'big.png', type: 'image/png', content: Buffer.concat([PNG, Buffer.alloc(MAX)]) });
    expect(big.status).toBe(413);
    expect(await keys()).toEqual(before);
  });

  it('is ready while the bucket answers, not once it is gone', async () => {
    expect((await t.api('GET', '/api/v1/ready')).body).toMatchObject({ status: 'ready', checks: { storage: 'ok' } });
    const missing = new S3Storage(loadConfig({ ...env, S3_BUCKET: 'no-such-bucket' }).s3!);
    expect(await readiness(t.database, missing, true)).toMatchObject({ status: 'not_ready', checks: { database: 'ok', storage: 'failed' } });
  });

  it('moves the data folder’s files to the store, once, and finds the store’s orphans', async () => {
    const folder = new LocalStorage(tempDir('to-store'));
    const org = (await makeOrganization(t)).id;
    const key = `uploads/${org}/2026-01/${crypto.randomUUID()}.png`;
    const importKey = `imports/${org}/${crypto.randomUUID()}.csv`;
    await folder.put(key, PNG, { type: 'image/png', length: PNG.length });
    await t.database.db.execute(
      sql`INSERT INTO uploads (id, organization_id, resource_type, record_id, field, path, mime, size) VALUES (${key.slice(-40, -4)}, ${org}, 'organizations', ${org}, 'logo', ${key}, 'image/png', ${PNG.length})`,
    );
    // A stray file with no row stays in the folder; the import's file is moved only once it has a row.
    const stray = `uploads/${org}/2026-01/stray.png`;
    await mkdir(dirname(join(folder.root, stray)), { recursive: true });
    await writeFile(join(folder.root, stray), PNG);
    await folder.put(importKey, Buffer.from('a\n'), { type: 'text/csv', length: 2 });
    // An orphan in the store.
    const orphan = `uploads/${org}/2026-01/orphan.png`;
    await storage.put(orphan, PNG, { type: 'image/png', length: PNG.length });

    const first = await moveToStore({ db: t.database.db, from: folder, to: storage, orphanAgeMs: 0 });
    expect(first).toMatchObject({ moved: 1, already: 0, unknown: 2, failed: 0, purged: 0 });
    expect(first.orphans).toContain(orphan);
    expect(await storage.head(key)).toMatchObject({ length: PNG.length });
    expect(await folder.head(key)).toBeNull();
    expect(await folder.head(stray)).not.toBeNull();

    // A run cut short after the copy: the next one only removes the folder's copy.
    await folder.put(key, PNG, { type: 'image/png', length: PNG.length });
    const again = await moveToStore({ db: t.database.db, from: folder, to: storage, purge: true, orphanAgeMs: 0 });
    expect(again).toMatchObject({ moved: 0, already: 1, failed: 0 });
    expect(again.purged).toBe(again.orphans.length);
    expect(await storage.head(orphan)).toBeNull();
    expect(await storage.head(key)).not.toBeNull();
    // Read through the API from the store.
    expect(Buffer.compare((await download(`/api/v1/uploads/${key.slice(-40, -4)}/content`, await makeUser(t, org))).rawPayload, PNG)).toBe(0);
  });
});
