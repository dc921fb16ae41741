import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../src/db/client.ts';
import { CAPS, inflateLimit } from '../../src/areas/imports/bounded.ts';
import { createTestApp, MEDIA, type TestApp } from '../helpers.ts';
import { makeOrganization, makeUser } from '../factories.ts';
import { inflatingWorkbook } from './workbooks.ts';

// One upload must not take the server down (issue 29): hostile spreadsheets are refused by the
// cap they break, read off the request thread, and the server answers everyone meanwhile.

let t: TestApp;
let manager: string;

beforeAll(async () => {
  t = await createTestApp({ IMPORT_MAX_BYTES: String(60 * 1024 * 1024) });
  manager = (await makeUser(t, (await makeOrganization(t)).id)).token;
});
afterAll(() => t?.close());

/** POST /imports as a browser's FormData sends it. */
async function upload(content: Buffer, name: string, locale = 'fr') {
  const boundary = '----atelier' + Math.random().toString(16).slice(2);
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="model"\r\n\r\nvehicles\r\n`),
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/imports',
    headers: { authorization: `Bearer ${manager}`, accept: MEDIA, 'accept-language': locale, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload,
  });
  return { status: res.statusCode, body: res.json() };
}

const imports = async () => rowsOf<{ n: number }>(await t.database.db.execute(sql`SELECT count(*)::int AS n FROM imports`))[0].n;

/**
 * The upload, with GET /api/v1/health asked over and over while it is under way: how many
 * answers came back before the upload's, and how much the request thread's heap grew.
 */
async function whileUploading(content: Buffer, name: string) {
  const heapBefore = process.memoryUsage().heapUsed;
  let done = false;
  let heapPeak = heapBefore;
  const pending = upload(content, name).finally(() => (done = true));
  const health: number[] = [];
  while (!done) {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/health' });
    if (!done) health.push(res.statusCode);
    heapPeak = Math.max(heapPeak, process.memoryUsage().heapUsed);
    await new Promise((r) => setTimeout(r, 5));
  }
  return { res: await pending, health, heapGrowthMb: (heapPeak - heapBefore) / 2 ** 20 };
}

describe('hostile spreadsheets', () => {
  it('refuses the issue’s workbook (1.8 MB, ~400 MB inflated) with the cap’s message, writing nothing', async () => {
    const bomb = inflatingWorkbook();
    const res = await upload(bomb, 'vehicules.xlsx');
    expect(res.status).toBe(422);
    const max = `${Math.round(inflateLimit(bomb.length) / 2 ** 20)} MB`;
    expect(res.body.errors[0]).toMatchObject({
      code: 'import.cap_uncompressed',
      detail: `Le classeur dépasse ${max} une fois décompressé (au plus 100 fois la taille du fichier, jamais plus de 256 MB) : il est refusé. Enregistrez-le de nouveau ou divisez-le.`,
      source: { parameter: 'file' },
    });
    const en = await upload(bomb, 'vehicles.xlsx', 'en');
    expect(en.body.errors[0].detail).toBe(`The workbook exceeds ${max} once uncompressed (at most 100 times the file's size, never more than 256 MB): it is refused. Save it again or split it.`);
    expect(await imports()).toBe(0);
  });

  it('refuses it when its declared sizes lie, the server answering meanwhile with its heap bounded', async () => {
    const { res, health, heapGrowthMb } = await whileUploading(inflatingWorkbook(130_000, { lie: true }), 'vehicules.xlsx');
    expect(res.status).toBe(422);
    expect(res.body.errors[0].code).toBe('import.cap_uncompressed');
    // The file is read in a worker: the request thread kept answering, and never held the sheet.
    expect(health.length).toBeGreaterThan(0);
    expect(health.every((s) => s === 200)).toBe(true);
    expect(heapGrowthMb).toBeLessThan(100);
    expect(await imports()).toBe(0);
  });

  it('refuses a 50 MB workbook of the same kind (lying sizes), the server answering meanwhile', async () => {
    // ~50 MB of deflated rows (10 million lines) that would inflate to ~30 GB.
    const bomb = inflatingWorkbook(10_000_000, { lie: true });
    expect(bomb.length).toBeGreaterThan(45 * 1024 * 1024);
    const { res, health, heapGrowthMb } = await whileUploading(bomb, 'vehicules.xlsx');
    expect(res.status).toBe(422);
    expect(res.body.errors[0]).toMatchObject({ code: 'import.cap_uncompressed', detail: expect.stringContaining('256 MB') });
    expect(health.length).toBeGreaterThan(0);
    expect(health.every((s) => s === 200)).toBe(true);
    expect(heapGrowthMb).toBeLessThan(200);
  });

  it('refuses a CSV of a single 50 MB line by the line cap', async () => {
    const res = await upload(Buffer.alloc(50 * 1024 * 1024, 'NIV;'), 'vehicules.csv');
    expect(res.status).toBe(422);
    expect(res.body.errors[0]).toMatchObject({ code: 'import.cap_line', detail: `La ligne 1 dépasse ${CAPS.lineChars.toLocaleString("fr-CA")} caractères.` });
    expect(await imports()).toBe(0);
  });

  it('still takes a legitimate file of 100,000 lines', async () => {
    const lines = ['NIV;Marque;Modèle;Année'];
    for (let i = 0; i < 100_000; i++) lines.push(`LEGIT${String(i).padStart(12, '0')};Honda;Civic;${2010 + (i % 15)}`);
    const res = await upload(Buffer.from(lines.join('\r\n') + '\r\n'), 'vehicules.csv');
    expect(res.status).toBe(201);
    expect(res.body.data.attributes).toMatchObject({ file_format: 'csv', line_count: 100_000 });
  });
});
