import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { rowsOf } from '../../src/db/client.ts';
import { makeCustomer, makeOrganization, makeUser, makeVehicle, nextVin, toOne, type MadeUser } from '../factories.ts';
import type { TestApp } from '../helpers.ts';

// What the estimations tests share: making estimates, acting on them, reading them back.

export const E = '/api/v1/estimations';
/** A 1×1 PNG as a data URL: an item's photo, a customer's signature. */
export const PNG = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
/** A to-one relationship's linkage (the factories' toOne, by the short name this area's files use). */
export const to = toOne;

export const one = async <T>(t: TestApp, query: ReturnType<typeof sql>) => rowsOf<T>(await t.database.db.execute(query))[0];

export const item = (attributes: Record<string, unknown>, relationships?: Record<string, unknown>, id?: string) => ({
  type: 'estimation-items',
  ...(id ? { id } : {}),
  attributes,
  ...(relationships ? { relationships } : {}),
});

/** A new estimate of a new vehicle (unless one is given), with the items and relationships given. */
export async function estimate(t: TestApp, who: MadeUser, opts: { vehicle?: string; items?: object[]; relationships?: Record<string, unknown>; attributes?: Record<string, unknown> } = {}) {
  const vehicle = opts.vehicle ?? (await makeVehicle(t, who.token, { vin: nextVin() })).id;
  const res = await t.api('POST', `${E}?include=items`, {
    token: who.token,
    body: {
      data: {
        type: 'estimations',
        attributes: { type: 'customer', ...opts.attributes },
        relationships: { vehicle: to('vehicles', vehicle), ...(opts.items ? { items: { data: opts.items } } : {}), ...opts.relationships },
      },
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { id: res.body.data.id as string, vehicle, body: res.body };
}

/** An action: POST /estimations/{id}/<route> (cancel by GET, as the spec's clients call it). */
export const act = (t: TestApp, id: string, route: string, who: Pick<MadeUser, 'token'>, body?: object, lang = 'fr') =>
  route === 'cancel'
    ? t.api('GET', `${E}/${id}/cancel`, { token: who.token, headers: { 'accept-language': lang } })
    : t.api('POST', `${E}/${id}/${route}`, { token: who.token, body: body ?? {}, headers: { 'accept-language': lang } });

/** PATCH of the estimate's items (the whole list), as `who`. */
export const patchItems = (t: TestApp, id: string, items: object[], who: MadeUser, lang = 'fr') =>
  t.api('PATCH', `${E}/${id}?include=items`, {
    token: who.token,
    body: { data: { type: 'estimations', id, relationships: { items: { data: items } } } },
    headers: { 'accept-language': lang },
  });

export const stateOf = async (t: TestApp, id: string) => (await one<{ state: string }>(t, sql`SELECT state FROM estimations WHERE id = ${id}`)).state;

/** The estimate's items as the document includes them, in order. */
export const itemsOf = (body: any) => (body.included ?? []).filter((i: any) => i.type === 'estimation-items').sort((a: any, b: any) => a.attributes.position - b.attributes.position);

/**
 * An organization to estimate in: its admin (named as given), a customer of its (its attributes),
 * the Québec tax group every new organization is given (TPS 5 % + TVQ 9,975 %), and a user of
 * another organization.
 */
export async function estimateWorld(t: TestApp, opts: { organization?: { name?: string }; admin: { firstname: string; lastname: string }; customer: Record<string, unknown> }) {
  const org = await makeOrganization(t, opts.organization);
  const admin = await makeUser(t, org.id, opts.admin);
  const stranger = await makeUser(t, (await makeOrganization(t)).id);
  const customerId = (await makeCustomer(t, admin.token, opts.customer)).id;
  const qc = (await one<{ id: string }>(t, sql`SELECT g.id FROM tax_groups g WHERE g.organization_id = ${org.id} AND EXISTS (SELECT 1 FROM taxes x WHERE x.tax_group_id = g.id AND x.code = 'TVQ')`)).id;
  return { orgId: org.id, admin, stranger, customerId, qc };
}
export type EstimateWorld = Awaited<ReturnType<typeof estimateWorld>>;

/** A priced line of pricedEstimate: a part of `unit_price` cents, `time` hours at 111.11 $, in its tax group (Québec's by default). */
export type PricedLine = { detail: string; unit_price: number; quantity?: string; time?: string; group?: string };

/**
 * An estimate of the given priced items for the world's customer (its phases worked by the admin),
 * still in progress: discounts and supplies are given now. Answers its id, its items' ids and its
 * attributes once priced.
 */
export async function pricedEstimate(t: TestApp, w: EstimateWorld, lines: PricedLine[]) {
  const made = await estimate(t, w.admin, { items: lines.map((l) => item({ detail: l.detail })), relationships: { customer: to('customers', w.customerId) } });
  const ids: string[] = itemsOf(made.body).map((i: { id: string }) => i.id);
  for (const route of ['start-components', 'start-times']) expect((await act(t, made.id, route, w.admin)).status).toBe(200);
  const res = await patchItems(
    t,
    made.id,
    lines.map((l, k) => item({ quantity: l.quantity ?? '1', unit_price: l.unit_price, time: l.time ?? '1', hourly_rate: 11_111 }, { taxGroup: to('tax-groups', l.group ?? w.qc) }, ids[k])),
    w.admin,
  );
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { id: made.id, ids, attributes: res.body.data.attributes };
}
