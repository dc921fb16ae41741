import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { buildRegistry } from '../../src/app.ts';
import { AREAS } from '../../src/areas/index.ts';
import { actorForUser } from '../../src/auth/tokens.ts';
import { rowsOf } from '../../src/db/client.ts';
import { createMailer } from '../../src/mail/mailer.ts';
import type { RequestContext } from '../../src/jsonapi/context.ts';
import { inTransaction } from '../../src/jsonapi/router.ts';
import { makeRecord, makeVehicle, nextVin, toOne, type MadeUser } from '../factories.ts';
import type { TestApp } from '../helpers.ts';

// What the repairs tests share: repairs made through the API, their actions, and a request
// context for the functions the estimations area calls (createRepairFromEstimation).

export const R = '/api/v1/repairs';
export const RI = '/api/v1/repair-items';

/** A to-one relationship's linkage (the factories' toOne, by the short name this area's files use). */
export const to = toOne;
export const items = (list: Record<string, unknown>[]) => ({
  data: list.map(({ id, taxGroup, ...attributes }) => ({
    type: 'repair-items',
    ...(id ? { id } : {}),
    attributes,
    ...(taxGroup === undefined ? {} : { relationships: { taxGroup: taxGroup === null ? { data: null } : to('tax-groups', taxGroup as string) } }),
  })),
});

export const one = async <T>(t: TestApp, query: ReturnType<typeof sql>) => rowsOf<T>(await t.database.db.execute(query))[0];
export const stateOf = async (t: TestApp, id: string) => (await one<{ state: string }>(t, sql`SELECT state FROM repairs WHERE id = ${id}`)).state;

/** POST /repairs as `who` (of a new vehicle unless one is given); its document with its items. */
export async function makeRepair(
  t: TestApp,
  who: MadeUser,
  { vehicle, lines = [{ detail: 'Vidange' }], relationships = {}, attributes = {} }: { vehicle?: string; lines?: Record<string, unknown>[]; relationships?: Record<string, unknown>; attributes?: Record<string, unknown> } = {},
) {
  const vehicleId = vehicle ?? (await makeVehicle(t, who.token, { vin: nextVin() })).id;
  const res = await t.api('POST', `${R}?include=items`, {
    token: who.token,
    body: { data: { type: 'repairs', attributes: { type: 'customer', ...attributes }, relationships: { vehicle: to('vehicles', vehicleId), items: items(lines), ...relationships } } },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { id: res.body.data.id as string, vehicle: vehicleId, body: res.body };
}

/** An action of a repair: cancel as GET, the others POST. */
export const act = (t: TestApp, id: string, action: string, who: MadeUser, body?: object, lang = 'fr') =>
  action === 'cancel'
    ? t.api('GET', `${R}/${id}/cancel`, { token: who.token, headers: { 'accept-language': lang } })
    : t.api('POST', `${R}/${id}/${action}`, { token: who.token, body, headers: { 'accept-language': lang } });

export const clock = (t: TestApp, itemId: string, action: 'start-clock' | 'stop-clock', who: MadeUser, lang = 'fr') =>
  t.api('POST', `${RI}/${itemId}/${action}`, { token: who.token, headers: { 'accept-language': lang } });

/** A tax group of the user's organization with the taxes given ({ code, rate, type }). */
export const makeTaxGroup = (t: TestApp, who: MadeUser, name: string, taxes: Record<string, unknown>[]) =>
  makeRecord(t, who.token, 'tax-groups', { name }, { taxes: { data: taxes.map((attributes) => ({ type: 'taxes', attributes })) } });

/** Sets an option of the organization, as the settings screen does. */
export async function setOption(t: TestApp, who: MadeUser, organizationId: string, name: string, value: unknown) {
  const { id } = await one<{ id: string }>(t, sql`SELECT id FROM options WHERE organization_id = ${organizationId} AND name = ${name}`);
  const res = await t.api('PATCH', `/api/v1/options/${id}`, { token: who.token, body: { data: { type: 'options', id, attributes: { value } } } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

/** The user's request context, as a job or another area's code has it (outside a request). */
export async function userContext(t: TestApp, userId: string): Promise<RequestContext> {
  return {
    actor: (await actorForUser(t.database.db, userId))!,
    locale: 'fr',
    db: t.database.db,
    config: t.config,
    mailer: createMailer({ from: 'test@atelier.test' }),
    ip: '127.0.0.1',
    query: {},
    registry: buildRegistry(AREAS),
  };
}

/** Runs fn as the user, in a transaction, as an action of another area runs (the estimations' approve). */
export async function asUser<T>(t: TestApp, userId: string, fn: (ctx: RequestContext) => Promise<T>): Promise<T> {
  return inTransaction(await userContext(t, userId), fn);
}
