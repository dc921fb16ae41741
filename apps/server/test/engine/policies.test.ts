import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../src/db/client.ts';
import { createTestApp, MEDIA, type TestApp } from '../helpers.ts';
import { makeVehicle, makeWorld, userWith, type World } from '../factories.ts';

/**
 * Record policies (issue 9 §4): what the roles allow that the record's state or owner, or the
 * document, still refuses. Each rule answers its status with a translated message in French and
 * English, and nothing is written.
 */

let t: TestApp;
let w: World;
let manager: string;
let vehicleId: string;
const R = '/api/v1/requests';

beforeAll(async () => {
  t = await createTestApp();
  w = await makeWorld(t);
  manager = w.manager.token;
  vehicleId = (await makeVehicle(t, manager)).id;
});
afterAll(() => t?.close());

const rowOf = async (table: string, id: string) =>
  rowsOf<Record<string, unknown>>(await t.database.db.execute(sql`SELECT * FROM ${sql.identifier(table)} WHERE id = ${id}`))[0];
const count = async (table: string) => rowsOf<{ n: number }>(await t.database.db.execute(sql.raw(`SELECT count(*)::int AS n FROM ${table}`)))[0].n;

type Call = (lang: 'fr' | 'en') => Promise<{ status: number; body: any }>;

/**
 * The call is refused with this status and message in both languages, and `table`'s rows
 * (the record `id`, or the whole table's count) are as before.
 */
async function refused(call: Call, status: number, messages: { fr: string; en: string }, table: string, id?: string) {
  const before = id ? await rowOf(table, id) : await count(table);
  for (const lang of ['fr', 'en'] as const) {
    const res = await call(lang);
    expect(res.status, JSON.stringify(res.body)).toBe(status);
    expect(res.body.data).toBeUndefined();
    expect(res.body.errors.map((e: { detail: string }) => e.detail)).toContain(messages[lang]);
  }
  expect(id ? await rowOf(table, id) : await count(table)).toEqual(before);
}

const lang = (l: string) => ({ 'accept-language': l });
const requestDoc = (attributes: Record<string, unknown>, relationships?: Record<string, unknown>, id?: string) => ({
  data: { type: 'requests', ...(id ? { id } : {}), attributes, ...(relationships ? { relationships } : {}) },
});

/** A draft inspection request made by the manager, put in `state`. */
async function requestIn(state: string, token = manager) {
  const res = await t.api('POST', R, { token, body: requestDoc({ type: 'inspection' }, { vehicle: { data: { type: 'vehicles', id: vehicleId } } }) });
  expect(res.status).toBe(201);
  const id = res.body.data.id as string;
  await t.database.db.execute(sql`UPDATE requests SET state = ${state} WHERE id = ${id}`);
  return id;
}

describe('request policies', () => {
  it('a completed or canceled request cannot be edited (409)', async () => {
    for (const state of ['completed', 'canceled']) {
      const id = await requestIn(state);
      await refused(
        (l) => t.api('PATCH', `${R}/${id}`, { token: manager, headers: lang(l), body: requestDoc({ notes: 'trop tard' }, undefined, id) }),
        409,
        { fr: 'Une demande complétée ou annulée ne peut plus être modifiée.', en: 'A completed or canceled request can no longer be changed.' },
        'requests',
        id,
      );
    }
  });

  it('asking for a type of work, or changing to it, needs its permission (403)', async () => {
    const clerk = await userWith(t, w.garage.id, 'policy-clerk@garage.test', ['view any requests', 'create requests', 'edit requests', 'make inspection requests']);
    const repair = { fr: "Vous n'avez pas la permission de faire une demande de réparation.", en: 'You do not have permission to make repair requests.' };
    const v = { vehicle: { data: { type: 'vehicles', id: vehicleId } } };
    await refused((l) => t.api('POST', R, { token: clerk.token, headers: lang(l), body: requestDoc({ type: 'repair' }, v) }), 403, repair, 'requests');
    const id = await requestIn('draft', clerk.token);
    await refused(
      (l) => t.api('PATCH', `${R}/${id}`, { token: clerk.token, headers: lang(l), body: requestDoc({ type: 'repair', notes: 'changée' }, undefined, id) }),
      403,
      repair,
      'requests',
      id,
    );
    // Giving an assignee at creation is assigning.
    await refused(
      (l) =>
        t.api('POST', R, {
          token: clerk.token,
          headers: lang(l),
          body: requestDoc({ type: 'inspection' }, { ...v, assignedTo: { data: { type: 'users', id: w.inspector.id } } }),
        }),
      403,
      { fr: "Vous n'avez pas la permission d'assigner une demande.", en: 'You do not have permission to assign requests.' },
      'requests',
    );
  });

  it('an action the state does not offer is refused naming the state (409)', async () => {
    const id = await requestIn('completed');
    await refused(
      (l) => t.api('POST', `${R}/${id}/approve`, { token: manager, headers: lang(l), body: {} }),
      409,
      { fr: 'Cette demande ne peut pas être approuvée dans l’état « Complétée ».', en: 'This request cannot be approved in the state “Completed”.' },
      'requests',
      id,
    );
  });
});

describe('user policies', () => {
  const me = () => w.manager.id;

  it('nobody deletes or deactivates themselves (403)', async () => {
    await refused(
      (l) => t.api('DELETE', `/api/v1/users/${me()}`, { token: manager, headers: lang(l) }),
      403,
      { fr: "Impossible de supprimer l'utilisateur connecté.", en: 'Unable to delete the connected user.' },
      'users',
      me(),
    );
    await refused(
      (l) => t.api('POST', `/api/v1/users/${me()}/deactivate`, { token: manager, headers: lang(l) }),
      403,
      { fr: "Impossible de désactiver l'utilisateur connecté.", en: 'Unable to deactivate the connected user.' },
      'users',
      me(),
    );
  });

  it('nobody changes their own access; a restricted user lifts no restriction (403 on the field)', async () => {
    const own = {
      fr: 'Vous ne pouvez pas modifier vos propres accès (rôles, emplacements, restriction) : demandez-le à un autre administrateur.',
      en: 'You cannot change your own access (roles, locations, restriction): ask another administrator.',
    };
    const laval = w.garage.laval;
    const body = { data: { type: 'users', id: me(), attributes: { firstname: 'Changé' }, relationships: { allowedLocations: { data: [{ type: 'locations', id: laval }] } } } };
    await refused((l) => t.api('PATCH', `/api/v1/users/${me()}`, { token: manager, headers: lang(l), body }), 403, own, 'users', me());
    const res = await t.api('PATCH', `/api/v1/users/${me()}`, { token: manager, body });
    expect(res.body.errors[0].source.pointer).toBe('/data/relationships/allowedLocations');

    const restricted = await userWith(t, w.garage.id, 'policy-restricted@garage.test', ['view any users', 'create users', 'edit users'], {
      restrict_to_locations: true,
      location_ids: [laval],
    });
    await refused(
      (l) =>
        t.api('POST', '/api/v1/users', {
          token: restricted.token,
          headers: lang(l),
          body: { data: { type: 'users', attributes: { firstname: 'Libre', lastname: 'Laval', email: 'policy-libre@garage.test', restrict_to_locations: false } } },
        }),
      403,
      {
        fr: 'Vous êtes limité à certains emplacements : vous ne pouvez pas retirer cette limite à un utilisateur.',
        en: 'You are limited to some locations: you cannot lift that limit for a user.',
      },
      'users',
    );
  });
});

describe('import policies', () => {
  it('a running import is neither changed, deleted nor run again (409)', async () => {
    const boundary = '----policies';
    const payload = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="model"\r\n\r\nvehicles\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="v.csv"\r\nContent-Type: text/csv\r\n\r\nNIV;Marque\r\nPOLICY00000000001;Ford\r\n` +
        `\r\n--${boundary}--\r\n`,
    );
    const up = await t.app.inject({
      method: 'POST',
      url: '/api/v1/imports',
      headers: { authorization: `Bearer ${manager}`, accept: MEDIA, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    });
    expect(up.statusCode).toBe(201);
    const id = up.json().data.id as string;
    // The worker's lease keeps it from picking the import up while the test holds it running.
    await t.database.db.execute(sql`UPDATE imports SET status = 'running', lease_until = now() + interval '1 hour' WHERE id = ${id}`);
    const running = {
      fr: 'Cet import est en cours : attendez la fin avant de le modifier ou de le relancer.',
      en: 'This import is running: wait for it to finish before changing or running it again.',
    };
    const I = `/api/v1/imports/${id}`;
    await refused((l) => t.api('PATCH', I, { token: manager, headers: lang(l), body: { data: { type: 'imports', id, attributes: { name: 'autre' } } } }), 409, running, 'imports', id);
    await refused((l) => t.api('DELETE', I, { token: manager, headers: lang(l) }), 409, running, 'imports', id);
    await refused((l) => t.api('POST', `${I}/run`, { token: manager, headers: lang(l) }), 409, running, 'imports', id);
  });
});

describe('actions need the right to view the record they answer', () => {
  it('a role with the action’s permission but not the view one is refused, and nothing is done', async () => {
    const id = await requestIn('draft');
    const canceler = await userWith(t, w.garage.id, 'policy-canceler@garage.test', ['cancel requests']);
    const res = await t.api('POST', `${R}/${id}/cancel`, { token: canceler.token });
    expect(res.status).toBe(403);
    expect(res.body.data).toBeUndefined();
    expect((await rowOf('requests', id)).state).toBe('draft');

    // A copy answers the new record: creating one needs to see roles as well.
    const [role] = rowsOf<{ id: string }>(await t.database.db.execute(sql`SELECT role_id AS id FROM user_roles WHERE user_id = ${canceler.id}`));
    const copier = await userWith(t, w.garage.id, 'policy-copier@garage.test', ['create roles']);
    await refused(
      (l) => t.api('POST', `/api/v1/roles/${role.id}/copy`, { token: copier.token, headers: lang(l), body: {} }),
      403,
      { fr: "Vous n'avez pas la permission d'accéder à cette ressource ou d'effectuer cette action.", en: 'You do not have permission to access or perform this action.' },
      'roles',
    );

    // With the view permission as well, the action is done and answers the record.
    const viewer = await userWith(t, w.garage.id, 'policy-viewer@garage.test', ['cancel requests', 'view any requests']);
    const done = await t.api('POST', `${R}/${id}/cancel`, { token: viewer.token });
    expect(done.status).toBe(200);
    expect(done.body.data.attributes.state).toBe('canceled');
  });
});

describe('the API contract says what the policies refuse', () => {
  it('lists the 403 and 409 answers of the operations a policy guards, with what it refuses', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json();
    const responses = (path: string, method: string) => doc.paths[path][method].responses;
    expect(responses('/requests/{id}', 'patch')[409].description).toContain('A completed or canceled request can no longer be changed.');
    expect(responses('/requests/{id}', 'patch')[403].description).toContain('Changing the type needs the permission');
    expect(responses('/requests/{id}/approve', 'post')[409].description).toContain('does not offer approve');
    expect(responses('/users/{id}', 'delete')[403].description).toContain('Nobody deletes themselves.');
    expect(responses('/imports/{id}', 'delete')[409]).toMatchObject({ $ref: '#/components/responses/error409', description: expect.stringContaining('The import is running') });
    // Where no policy applies, the generic answer.
    expect(responses('/vehicles/{id}', 'patch')[409]).toEqual({ $ref: '#/components/responses/error409' });
    expect(responses('/requests/{id}/approve', 'post')[200].description).toContain('and the right to view the record');
  });
});
