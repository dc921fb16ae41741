import { describe, expect, it } from 'vitest';
import { beforeTests, fileApp } from '../helpers.ts';
import { makeWorld } from '../factories.ts';

/**
 * A standard verb a type does not serve is a 405 naming the verbs that are (Allow), not a 404
 * saying the path does not exist (issue 28 §3): POST and DELETE of inspection fields, which come
 * with their inspection.
 */
const t = fileApp();
const w = beforeTests(() => makeWorld(t));

describe('verbs a type does not serve', () => {
  it('POST /inspection-fields: 405, Allow: GET, and why in the request’s language', async () => {
    const fr = await t.api('POST', '/api/v1/inspection-fields', { token: w.manager.token, body: { data: { type: 'inspection-fields', attributes: {} } } });
    expect(fr.status).toBe(405);
    expect(fr.headers.allow).toBe('GET');
    expect(fr.body.errors[0]).toMatchObject({ status: '405', code: 'error.inspection_fields_not_served', title: 'Méthode non permise' });
    expect(fr.body.errors[0].detail).toContain('créés avec l');
    const en = await t.api('DELETE', '/api/v1/inspection-fields/0190c3f0-0000-7000-8000-000000000000', { token: w.manager.token, headers: { 'accept-language': 'en' } });
    expect(en.status).toBe(405);
    expect(en.headers.allow).toBe('GET, PATCH');
    expect(en.body.errors[0].detail).toBe('An inspection’s fields come with it: they are created with the inspection and deleted with it (only GET, PATCH here).');
  });

  it('a read-only type names what it serves; the generic message names the type', async () => {
    const res = await t.api('PATCH', '/api/v1/logs/0190c3f0-0000-7000-8000-000000000000', { token: w.admin.token, headers: { 'accept-language': 'en' }, body: { data: {} } });
    expect(res.status).toBe(405);
    expect(res.headers.allow).toBe('GET');
    expect(res.body.errors[0].detail).toBe('This operation is not offered on logs: only GET.');
  });

  it('still asks for a token first, and leaves hand-written routes of the same path alone', async () => {
    expect((await t.api('POST', '/api/v1/inspection-fields', { body: { data: {} } })).status).toBe(401);
    // POST /imports is the upload's own route (multipart), not a 405.
    const upload = await t.api('POST', '/api/v1/imports', { token: w.manager.token, body: { data: {} } });
    expect(upload.status).not.toBe(405);
  });

  it('is in the contract: the operation answers 405 with Allow', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json();
    const post = doc.paths['/inspection-fields'].post;
    expect(post.responses['405']).toEqual({ $ref: '#/components/responses/error405' });
    expect(doc.components.responses.error405.headers.Allow).toBeDefined();
    expect(doc.paths['/inspection-fields/{id}'].delete.responses['405']).toBeDefined();
    expect(doc.paths['/vehicles/{id}'].delete.responses['405']).toBeUndefined();
  });
});
