import { sql } from 'drizzle-orm';
import { integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attr as declared, declare, lineAmount, linesTotal, rel as declaredRel } from '@atelier/domain';
import { tenancy } from '../../src/access/tenancy.ts';
import { tenantTable } from '../../src/areas/admin/admin.table.ts';
import { id, locationIds, timestamps } from '../../src/db/columns.ts';
import { rowsOf } from '../../src/db/client.ts';
import { defineResource } from '../../src/jsonapi/define-resource.ts';
import { defineArea } from '../../src/areas/area.ts';
import { AREAS } from '../../src/areas/index.ts';
import { rel } from '../../src/jsonapi/relationships.ts';
import { createTestApp, type TestApp } from '../helpers.ts';
import { makeOrganization, makeUser } from '../factories.ts';

// Child collections proven on types that exist only in this test: an order and its lines. The
// lines' table has no organization column: their tenancy comes through the order. The order's
// total is derived from its lines by a pure function of the domain package.
const orders = tenantTable('test_orders', {
  reference: text('reference').notNull(),
  total: integer('total').notNull().default(0),
  location_ids: locationIds(),
});
const orderLines = pgTable('test_order_lines', {
  id: id(),
  order_id: uuid('order_id').notNull(),
  position: integer('position').notNull().default(0),
  description: text('description').notNull(),
  quantity: integer('quantity').notNull(),
  unit_price: integer('unit_price').notNull(),
  ...timestamps(),
});

const ordersResource = defineResource(
    declare('test-orders', {
      attributes: {
        reference: declared.string().isRequired().max(30),
        /** Cents, the sum of the lines (linesTotal). */
        total: declared.integer().isReadOnly(),
      },
      relationships: {
        organization: declaredRel.toOne('organizations', { createOnly: true }),
        allowedLocations: declaredRel.toMany('locations'),
        lines: declaredRel.toMany('test-order-lines'),
      },
      filters: [],
      sorts: [],
    }),
    {
      table: orders,
      permissions: 'tags',
      tenancy: tenancy.organization(),
      relationships: {
        organization: rel.belongsTo('organization_id'),
        allowedLocations: rel.idArray('location_ids'),
        lines: rel.ownsMany('order_id', { order: 'position', derive: (lines) => ({ total: linesTotal(lines as never) }) }),
      },
    },
  );
const orderLinesResource = defineResource(
    declare('test-order-lines', {
      attributes: {
        description: declared.string().isRequired().max(100),
        quantity: declared.integer().isRequired().min(1).max(10_000),
        unit_price: declared.integer().isRequired().min(0).max(100_000_000),
        position: declared.integer().isReadOnly(),
        amount: declared.integer().isReadOnly(),
      },
      relationships: { order: declaredRel.toOne('test-orders', { required: true, createOnly: true }) },
      filters: [],
      sorts: [],
    }),
    {
      table: orderLines,
      permissions: 'tags',
      tenancy: tenancy.ownedBy(ordersResource, 'order_id'),
      attributes: { amount: (a) => a.isVirtual((r) => lineAmount(r as never)) },
      relationships: { order: rel.belongsTo('order_id') },
      uniques: { test_order_lines_description_unique: 'description' },
    },
  );

// The test's own area, given to its app beside the real ones.
const ordersArea = defineArea({ name: 'test', resources: [ordersResource, orderLinesResource] });

let t: TestApp;
let manager: string;
let other: string;
const O = '/api/v1/test-orders';
const L = '/api/v1/test-order-lines';
type Line = { id?: string; attributes?: Record<string, unknown> };
const line = (l: Line) => ({ type: 'test-order-lines', ...l });
const order = (attributes: Record<string, unknown>, lines?: Line[], id?: string) => ({
  data: { type: 'test-orders', ...(id ? { id } : {}), attributes, ...(lines ? { relationships: { lines: { data: lines.map(line) } } } : {}) },
});
const pointers = (res: { body: any }) => res.body.errors.map((e: any) => e.source?.pointer);
const detailAt = (res: { body: any }, pointer: string) => res.body.errors.find((e: any) => e.source?.pointer === pointer)?.detail;
const linesOf = (res: { body: any }) =>
  res.body.data.relationships.lines.data.map((d: any) => res.body.included.find((i: any) => i.type === d.type && i.id === d.id).attributes);

async function snapshot() {
  const [r] = rowsOf<{ o: string; l: string; g: string }>(
    await t.database.db.execute(sql`SELECT
      (SELECT md5(coalesce(string_agg(x::text, ',' ORDER BY x::text), '')) FROM test_orders x) AS o,
      (SELECT md5(coalesce(string_agg(x::text, ',' ORDER BY x::text), '')) FROM test_order_lines x) AS l,
      (SELECT count(*)::text FROM logs) AS g`),
  );
  return r;
}

async function logsOf(subject: string) {
  return rowsOf<{ event: string; subject_type: string; properties: any }>(
    await t.database.db.execute(sql`SELECT event, subject_type, properties FROM logs WHERE subject_id = ${subject} ORDER BY created_at, id`),
  );
}

beforeAll(async () => {
  t = await createTestApp({}, { areas: [...AREAS, ordersArea] });
  for (const statement of [
    `CREATE TABLE test_orders (
      id uuid PRIMARY KEY, organization_id uuid NOT NULL REFERENCES organizations(id), reference text NOT NULL,
      total integer NOT NULL DEFAULT 0, location_ids uuid[] NOT NULL DEFAULT '{}',
      created_at timestamptz NOT NULL DEFAULT now(), updated_at timestamptz NOT NULL DEFAULT now())`,
    `CREATE TABLE test_order_lines (
      id uuid PRIMARY KEY, order_id uuid NOT NULL REFERENCES test_orders(id) ON DELETE CASCADE, position integer NOT NULL DEFAULT 0,
      description text NOT NULL, quantity integer NOT NULL, unit_price integer NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(), updated_at timestamptz NOT NULL DEFAULT now())`,
    `CREATE UNIQUE INDEX test_order_lines_description_unique ON test_order_lines (order_id, description)`,
  ])
    await t.database.db.execute(sql.raw(statement));
  // Two organizations, each with its manager.
  manager = (await makeUser(t, (await makeOrganization(t)).id)).token;
  other = (await makeUser(t, (await makeOrganization(t)).id)).token;
});
afterAll(() => t?.close());

describe('a child collection written inside its parent', () => {
  let orderId: string;
  let lineIds: string[];

  it('creates the parent with its lines, in order, and derives the total', async () => {
    const res = await t.api('POST', `${O}?include=lines`, {
      token: manager,
      body: order({ reference: 'A-1' }, [
        { attributes: { description: 'Plaquettes', quantity: 2, unit_price: 4500 } },
        { attributes: { description: 'Main-d’œuvre', quantity: 1, unit_price: 12000 } },
        { attributes: { description: 'Huile', quantity: 5, unit_price: 999 } },
      ]),
    });
    expect(res.status).toBe(201);
    orderId = res.body.data.id;
    expect(res.body.data.attributes.total).toBe(9000 + 12000 + 4995);
    expect(linesOf(res)).toEqual([
      expect.objectContaining({ description: 'Plaquettes', position: 0, amount: 9000 }),
      expect.objectContaining({ description: 'Main-d’œuvre', position: 1, amount: 12000 }),
      expect.objectContaining({ description: 'Huile', position: 2, amount: 4995 }),
    ]);
    lineIds = res.body.data.relationships.lines.data.map((d: any) => d.id);
    const [created] = await logsOf(orderId);
    expect(created.event).toBe('created');
    expect(created.properties.children.lines.created.map((c: any) => c.attributes.description)).toEqual(['Plaquettes', 'Main-d’œuvre', 'Huile']);
  });

  it('updates, adds, removes and reorders lines in one PATCH, and logs it on the parent', async () => {
    const [brakes, labour] = lineIds;
    const res = await t.api('PATCH', `${O}/${orderId}?include=lines`, {
      token: manager,
      body: order({}, [{ id: labour }, { attributes: { description: 'Filtre', quantity: 1, unit_price: 1500 } }, { id: brakes, attributes: { quantity: 4 } }], orderId),
    });
    expect(res.status).toBe(200);
    expect(linesOf(res).map((l: any) => [l.description, l.position, l.quantity])).toEqual([
      ['Main-d’œuvre', 0, 1],
      ['Filtre', 1, 1],
      ['Plaquettes', 2, 4],
    ]);
    expect(res.body.data.relationships.lines.data.map((d: any) => d.id)).toEqual([labour, expect.any(String), brakes]);
    expect(res.body.data.attributes.total).toBe(12000 + 1500 + 18000);
    const updated = (await logsOf(orderId)).at(-1)!;
    expect(updated.event).toBe('updated');
    expect(updated.properties.old).toEqual({ total: 25995 });
    expect(updated.properties.attributes).toEqual({ total: 31500 });
    const { created, updated: changed, removed } = updated.properties.children.lines;
    expect(created.map((c: any) => c.attributes.description)).toEqual(['Filtre']);
    expect(removed).toEqual([expect.objectContaining({ id: lineIds[2], old: expect.objectContaining({ description: 'Huile' }) })]);
    expect(changed).toEqual([
      { id: labour, old: { position: 1 }, attributes: { position: 0 } },
      { id: brakes, old: { position: 0, quantity: 2 }, attributes: { position: 2, quantity: 4 } },
    ]);
    lineIds = res.body.data.relationships.lines.data.map((d: any) => d.id);
  });

  it('leaves the lines alone when the document does not name them or sends them back unchanged; an empty list removes them all', async () => {
    const res = await t.api('PATCH', `${O}/${orderId}?include=lines`, { token: manager, body: order({ reference: 'A-1b' }, undefined, orderId) });
    expect(res.body.data.relationships.lines.data).toHaveLength(3);
    const before = await snapshot();
    const same = linesOf(res).map((l: any, i: number) => ({ id: lineIds[i], attributes: { description: l.description, quantity: l.quantity, unit_price: l.unit_price } }));
    expect((await t.api('PATCH', `${O}/${orderId}`, { token: manager, body: order({}, same, orderId) })).status).toBe(200);
    expect(await snapshot()).toEqual(before);
    const other = await t.api('POST', O, { token: manager, body: order({ reference: 'B-1' }, [{ attributes: { description: 'X', quantity: 1, unit_price: 1 } }]) });
    const emptied = await t.api('PATCH', `${O}/${other.body.data.id}?include=lines`, { token: manager, body: order({}, [], other.body.data.id) });
    expect(emptied.body.data.relationships.lines.data).toEqual([]);
    expect(emptied.body.data.attributes.total).toBe(0);
  });

  it('points each error into the list, in French and English, and writes nothing', async () => {
    const before = await snapshot();
    const body = order({ reference: 'A-2' }, [
      { id: lineIds[0] },
      { attributes: { quantity: 2, unit_price: 100 } },
      { id: lineIds[2], attributes: { quantity: 'beaucoup', unit_price: -1 } },
    ], orderId);
    const fr = await t.api('PATCH', `${O}/${orderId}`, { token: manager, body });
    expect(fr.status).toBe(422);
    expect(pointers(fr)).toEqual([
      '/data/relationships/lines/data/1/attributes/description',
      '/data/relationships/lines/data/2/attributes/quantity',
      '/data/relationships/lines/data/2/attributes/unit_price',
    ]);
    expect(detailAt(fr, '/data/relationships/lines/data/1/attributes/description')).toBe('Ce champ est obligatoire');
    expect(detailAt(fr, '/data/relationships/lines/data/2/attributes/quantity')).toBe('Le champ ne peut contenir que des chiffres');
    const en = await t.api('PATCH', `${O}/${orderId}`, { token: manager, body, headers: { 'accept-language': 'en' } });
    expect(detailAt(en, '/data/relationships/lines/data/1/attributes/description')).toBe('This field is required');
    expect(detailAt(en, '/data/relationships/lines/data/2/attributes/quantity')).toBe('This field may only contain numbers');
    expect(await snapshot()).toEqual(before);
  });

  it('refuses a line of another list, twice the same line, a wrong type or a malformed list', async () => {
    const before = await snapshot();
    const foreign = await t.api('POST', O, { token: manager, body: order({ reference: 'C-1' }, [{ attributes: { description: 'Y', quantity: 1, unit_price: 1 } }]) });
    const theirs = foreign.body.data.relationships?.lines?.data?.[0]?.id ?? (await t.api('GET', `${O}/${foreign.body.data.id}?include=lines`, { token: manager })).body.data.relationships.lines.data[0].id;
    const mid = await snapshot();
    const res = await t.api('PATCH', `${O}/${orderId}`, {
      token: manager,
      body: { data: { type: 'test-orders', id: orderId, relationships: { lines: { data: [{ type: 'test-order-lines', id: theirs }, { type: 'test-order-lines', id: lineIds[0] }, { type: 'test-order-lines', id: lineIds[0] }, { type: 'nope', attributes: {} }, 'x'] } } } },
      headers: { 'accept-language': 'en' },
    });
    expect(res.status).toBe(422);
    expect(pointers(res)).toEqual(['/data/relationships/lines/data/0/id', '/data/relationships/lines/data/2/id', '/data/relationships/lines/data/3/type', '/data/relationships/lines/data/4']);
    expect(detailAt(res, '/data/relationships/lines/data/0/id')).toBe(`The line ${theirs} is not in this list`);
    const malformed = await t.api('PATCH', `${O}/${orderId}`, { token: manager, body: { data: { type: 'test-orders', id: orderId, relationships: { lines: { data: { type: 'test-order-lines' } } } } } });
    expect(pointers(malformed)).toEqual(['/data/relationships/lines']);
    const many = Array.from({ length: 501 }, (_, i) => ({ attributes: { description: `L${i}`, quantity: 1, unit_price: 1 } }));
    const tooMany = await t.api('PATCH', `${O}/${orderId}`, { token: manager, body: order({}, many, orderId), headers: { 'accept-language': 'en' } });
    expect(pointers(tooMany)).toEqual(['/data/relationships/lines/data']);
    expect(detailAt(tooMany, '/data/relationships/lines/data')).toBe('The list cannot have more than 500 lines');
    expect(await snapshot()).toEqual(mid);
    expect(before).not.toEqual(mid);
  });

  it('answers a unique violation of a line on that line, and the parent keeps its values', async () => {
    const before = await snapshot();
    const res = await t.api('PATCH', `${O}/${orderId}`, {
      token: manager,
      body: order({ reference: 'changed' }, [{ id: lineIds[0] }, { id: lineIds[1] }, { attributes: { description: 'Filtre', quantity: 1, unit_price: 1 } }], orderId),
    });
    expect(res.status).toBe(422);
    expect(pointers(res)).toEqual(['/data/relationships/lines/data/2/attributes/description']);
    expect(await snapshot()).toEqual(before);
  });
});

describe('the API contract', () => {
  it('describes the lines inside the parent’s bodies: an existing line (id) or a new one', async () => {
    const doc = (await t.api('GET', '/api/v1/openapi.json')).body;
    const lines = doc.components.schemas['test-orders.update'].properties.data.properties.relationships.properties.lines.properties.data;
    expect(lines.type).toBe('array');
    const [existing, added] = lines.items.anyOf;
    expect(existing.required).toEqual(['type', 'id']);
    expect(Object.keys(added.properties)).toEqual(['type', 'lid', 'attributes', 'relationships']);
    expect(added.properties.attributes.required).toEqual(['description', 'quantity', 'unit_price']);
    // The line's link to its order is the engine's, not the client's.
    expect(added.properties.relationships.properties).toEqual({});
  });
});

describe('a child type at its own route', () => {
  let orderId: string;
  it('lists, reads, creates at the end of the list, updates and deletes; the parent follows', async () => {
    const created = await t.api('POST', `${O}?include=lines`, { token: manager, body: order({ reference: 'D-1' }, [{ attributes: { description: 'Un', quantity: 1, unit_price: 100 } }]) });
    orderId = created.body.data.id;
    const added = await t.api('POST', `${L}?include=order`, {
      token: manager,
      body: { data: { type: 'test-order-lines', attributes: { description: 'Deux', quantity: 3, unit_price: 100 }, relationships: { order: { data: { type: 'test-orders', id: orderId } } } } },
    });
    expect(added.status).toBe(201);
    expect(added.body.data.attributes).toMatchObject({ position: 1, amount: 300 });
    expect(added.body.included[0].attributes.total).toBe(400);
    const lineId = added.body.data.id;
    const patched = await t.api('PATCH', `${L}/${lineId}?include=order`, { token: manager, body: { data: { type: 'test-order-lines', id: lineId, attributes: { quantity: 5 } } } });
    expect(patched.body.included[0].attributes.total).toBe(600);
    const list = await t.api('GET', `${L}?filter[with_ids]=${lineId}`, { token: manager });
    expect(list.body.meta.page.total).toBe(1);
    expect((await t.api('DELETE', `${L}/${lineId}`, { token: manager })).status).toBe(204);
    expect((await t.api('GET', `${O}/${orderId}`, { token: manager })).body.data.attributes.total).toBe(100);
    const events = await logsOf(orderId);
    expect(events.map((e) => [e.event, Object.keys(e.properties.children.lines)[0]])).toEqual([
      ['created', 'created'],
      ['updated', 'created'],
      ['updated', 'updated'],
      ['updated', 'removed'],
    ]);
    expect(events.every((e) => e.subject_type === 'test-orders')).toBe(true);
  });

  it('another organization reaches the lines through neither route', async () => {
    const res = await t.api('GET', `${O}/${orderId}?include=lines`, { token: manager });
    const lineId = res.body.data.relationships.lines.data[0].id;
    const before = await snapshot();
    expect((await t.api('GET', `${L}/${lineId}`, { token: other })).status).toBe(404);
    expect((await t.api('GET', L, { token: other })).body.meta.page.total).toBe(0);
    const mine = await t.api('POST', `${O}?include=lines`, { token: other, body: order({ reference: 'R-1' }, [{ attributes: { description: 'R', quantity: 1, unit_price: 1 } }]) });
    expect(mine.status).toBe(201);
    const after = await snapshot();
    expect((await t.api('GET', `${L}?include=order`, { token: other })).body.data.map((d: any) => d.attributes.description)).toEqual(['R']);
    expect((await t.api('GET', `${L}?filter[organization]=${res.body.data.relationships.organization.data.id}`, { token: manager })).body.meta.page.total).toBeGreaterThan(0);
    expect((await t.api('PATCH', `${L}/${lineId}`, { token: other, body: { data: { type: 'test-order-lines', id: lineId, attributes: { quantity: 9 } } } })).status).toBe(404);
    expect((await t.api('DELETE', `${L}/${lineId}`, { token: other })).status).toBe(404);
    expect((await t.api('PATCH', `${O}/${orderId}`, { token: other, body: order({}, [], orderId) })).status).toBe(404);
    // Their own order cannot take our line, nor can a new line go under our order.
    const steal = await t.api('PATCH', `${O}/${mine.body.data.id}`, { token: other, body: order({}, [{ id: lineId }], mine.body.data.id) });
    expect(pointers(steal)).toEqual(['/data/relationships/lines/data/0/id']);
    const intrude = await t.api('POST', L, {
      token: other,
      body: { data: { type: 'test-order-lines', attributes: { description: 'Z', quantity: 1, unit_price: 1 }, relationships: { order: { data: { type: 'test-orders', id: orderId } } } } },
    });
    expect(pointers(intrude)).toEqual(['/data/relationships/order']);
    expect(await snapshot()).toEqual(after);
    expect(before).not.toEqual(after);
  });
});
