import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { uploadDemoContents } from '../../src/areas/files/demo-contents.ts';
import { createSession } from '../../src/auth/tokens.ts';
import { rowsOf } from '../../src/db/client.ts';
import { beforeTests, createTestApp, type TestApp } from '../helpers.ts';

// The demo's files open and preview at once (issue 24): each has a real content (a PDF, photos, a
// spreadsheet), uploaded through the uploads route as any file, and the demo sessions used for it
// do not outlive it.

const w = beforeTests<{ t: TestApp; token: string }>(
  async () => {
    const t = await createTestApp({}, { demo: true });
    await uploadDemoContents(t.app, t.database.db);
    const [{ id }] = rowsOf<{ id: string }>(await t.database.db.execute(sql`SELECT id::text FROM users WHERE email = 'manager@atelier.test'`));
    return { t, token: await createSession(t.database.db, id, 600, {}) };
  },
  (c) => c.t.close(),
);

const get = (url: string) => w.t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${w.token}` } });

describe('the demo files', () => {
  it('all have a content of their type, which downloads as it is', async () => {
    const res = await w.t.api('GET', '/api/v1/files?page[size]=100', { token: w.token });
    const byName = new Map<string, any>(res.body.data.map((f: any) => [f.attributes.name, f.attributes]));
    expect(byName.size).toBeGreaterThanOrEqual(6);
    for (const [name, file] of byName) expect(file.attachment, name).toMatch(/^\/api\/v1\/uploads\/.+\/content$/);

    const pdf = await get(byName.get('Inspection 100 points.pdf').attachment);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    const photo = await get(byName.get('Civic 2022.jpg').attachment);
    expect(photo.headers['content-type']).toBe('image/jpeg');
    expect([...photo.rawPayload.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    expect(byName.get('Baie de service.png').mime).toBe('image/png');
    expect(byName.get('Budget 2026.xlsx').mime).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
  });

  it('leaves no session behind, and a second run changes nothing', async () => {
    const left = rowsOf<{ n: number }>(await w.t.database.db.execute(sql`SELECT count(*)::int AS n FROM sessions WHERE user_agent = 'demo seed'`));
    expect(left[0].n).toBe(0);
    const before = rowsOf<{ n: number }>(await w.t.database.db.execute(sql`SELECT count(*)::int AS n FROM uploads`));
    await uploadDemoContents(w.t.app, w.t.database.db);
    const after = rowsOf<{ n: number }>(await w.t.database.db.execute(sql`SELECT count(*)::int AS n FROM uploads`));
    expect(after[0].n).toBe(before[0].n);
  });
});
