import { repairWorkflow } from '@atelier/domain';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { cancelRepairOf, createRepairFromEstimation, type RepairSource } from '../../src/areas/repairs/from-estimation.ts';
import { estimationItems, estimations } from '../../src/areas/estimations/estimations.table.ts';
import { makeOrganization, makeUser, makeVehicle, nextVin, userWith, type MadeUser } from '../factories.ts';
import { expectCountsLikeList, fileApp } from '../helpers.ts';
import { R, RI, act, asUser, items, makeRepair, makeTaxGroup, one, setOption, stateOf, to } from './world.ts';

// Repairs, the work orders (issue 12): made directly or from an approved estimate, their items
// written in the repair's document or at /repair-items, their totals computed by the server.

const t = fileApp();
let orgId: string;
let admin: MadeUser;
let creator: MadeUser;
let mechanic: MadeUser;
let qc: string;
let on: string;

beforeAll(async () => {
  const org = await makeOrganization(t);
  orgId = org.id;
  admin = await makeUser(t, org.id, { firstname: 'Alice', lastname: 'Admin' });
  mechanic = await makeUser(t, org.id, { role: 'mechanic', firstname: 'Maxime', lastname: 'Mécano' });
  // May create repairs but not without an estimate.
  creator = await userWith(t, org.id, `creator-${org.id}@factory.test`, ['view any repairs', 'view repairs', 'create repairs', 'view any vehicles', 'view vehicles', 'create vehicles']);
  qc = (await makeTaxGroup(t, admin, 'Québec', [{ code: 'TPS', rate: '5', type: 'percentage' }, { code: 'TVQ', rate: '9.975', type: 'percentage' }])).id;
  on = (await makeTaxGroup(t, admin, 'Ontario', [{ code: 'TVH', rate: '13', type: 'percentage' }])).id;
  await setOption(t, admin, orgId, 'estimations.default_tax_group', qc);
});

/** The QC work order of the totals tests: a charged line, a warranty line, a line not done. */
const QC_LINES = [
  // 2 × 49.99 + 1.5 h × 110.00 = 264.98; TPS 13.249 → 13.25, TVQ 26.431755 → 26.43
  { detail: 'Plaquettes', quantity: '2', unit_price: 4999, time: '1.5', hourly_rate: 11000, state: 'done' },
  // 300.00 + 1 h × 120.00 (the settings' rate) under warranty: nothing charged
  { detail: 'Rappel', unit_price: 30000, time: '1', repair_mode: 'warranty', state: 'done' },
  // 10.00 + taxes, not done: not charged
  { detail: 'Essuie-glace', unit_price: 1000, state: 'not_done' },
];

describe('making a repair directly', () => {
  it('numbers it, takes the settings’ rate and tax group, and prices its items to the cent (QC, warranty, not done)', async () => {
    const { body } = await makeRepair(t, admin, { lines: QC_LINES });
    const a = body.data.attributes;
    expect(a.code).toMatch(/^R-\d{4}-\d{6}$/);
    expect(a).toMatchObject({ state: 'pending', type: 'customer', planned_time: '2.5000', time_spent: '0.0000' });
    expect(a).toMatchObject({ parts_total: 9998, labour_total: 16500, subtotal: 26498, tax_total: 3968, total: 30466, warranty_total: 42000 });
    expect(a.tax_details).toEqual([{ code: 'TPS', amount: 1325 }, { code: 'TVQ', amount: 2643 }]);
    const lines = body.included.filter((i: any) => i.type === 'repair-items');
    expect(lines.map((l: any) => [l.attributes.detail, l.attributes.total, l.attributes.warranty_total, l.attributes.position])).toEqual([
      ['Plaquettes', 30466, 0, 0],
      ['Rappel', 0, 42000, 1],
      ['Essuie-glace', 1150, 0, 2],
    ]);
    expect(lines[1].attributes.hourly_rate).toBe(12000);
    expect(lines.every((l: any) => l.relationships.taxGroup.data?.id === qc)).toBe(true);
    expect(lines[0].attributes.clock_started_at).toBeNull();
  });

  it('prices an Ontario line with its own tax group, an exempt line with the exempt group, and gives a line sent without one the settings’ group', async () => {
    // The organization's own exempt group (seeded with the Canadian groups): no taxes, chosen on purpose.
    const { id: exempt } = await one<{ id: string }>(t, sql`SELECT id FROM tax_groups WHERE organization_id = ${orgId} AND name = 'Exempté'`);
    const { body } = await makeRepair(t, admin, {
      lines: [
        { detail: 'Freins', unit_price: 8999, time: '1', hourly_rate: 11000, taxGroup: on }, // 199.99 + HST 25.9987 → 26.00
        { detail: 'Main-d’œuvre fixe', manual_labour: 5000, taxGroup: exempt },
        { detail: 'Ajouté à la main', manual_labour: 1000, taxGroup: null }, // QC: TPS 0.50, TVQ 0.9975 → 1.00
      ],
    });
    expect(body.data.attributes).toMatchObject({ subtotal: 25999, tax_total: 2750, total: 28749 });
    const lines = body.included.sort((a: any, b: any) => a.attributes.position - b.attributes.position);
    expect(lines.map((l: any) => l.relationships.taxGroup.data?.id)).toEqual([on, exempt, qc]);
    // Clearing the group of an item at its own route gives it the default again: no line is untaxed by accident.
    const res = await t.api('PATCH', `${RI}/${lines[1].id}`, { token: admin.token, body: { data: { type: 'repair-items', id: lines[1].id, relationships: { taxGroup: { data: null } } } } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.relationships.taxGroup.data.id).toBe(qc);
    expect(res.body.data.attributes.tax_total).toBe(749); // 50.00: TPS 2.50 + TVQ 4.9875 → 4.99
  });

  it('starts to do with assignees, who are notified', async () => {
    const { id, body } = await makeRepair(t, admin, { relationships: { assignedToUsers: { data: [{ type: 'users', id: mechanic.id }] } } });
    expect(body.data.attributes.state).toBe('assigned');
    const notes = await t.api('GET', '/api/v1/notifications?page[size]=50', { token: mechanic.token });
    expect(notes.body.data.some((n: any) => n.attributes.subject_id === id)).toBe(true);
  });

  it('needs make repair without estimation (403 in French and English), and assign repairs to give assignees', async () => {
    const vehicle = (await makeVehicle(t, creator.token, { vin: nextVin() })).id;
    const post = (who: MadeUser, lang: string, relationships: Record<string, unknown> = {}) =>
      t.api('POST', R, {
        token: who.token,
        headers: { 'accept-language': lang },
        body: { data: { type: 'repairs', attributes: { type: 'customer' }, relationships: { vehicle: to('vehicles', vehicle), ...relationships } } },
      });
    const fr = await post(creator, 'fr');
    expect(fr.status).toBe(403);
    expect(fr.body.errors[0].detail).toBe("Vous n'avez pas la permission de faire une réparation sans estimation.");
    expect((await post(creator, 'en')).body.errors[0].detail).toBe('You do not have permission to make a repair without an estimate.');
    // The mechanic's default role does not create repairs at all.
    expect((await post(mechanic, 'fr')).status).toBe(403);
    const without = await userWith(t, orgId, `noassign-${orgId}@factory.test`, ['view any repairs', 'view repairs', 'create repairs', 'make repair without estimation']);
    const refused = await post(without, 'en', { assignedToUsers: { data: [{ type: 'users', id: mechanic.id }] } });
    expect(refused.status).toBe(403);
    expect(refused.body.errors[0].detail).toBe('You do not have permission to assign a repair.');
    expect((await post(without, 'en')).status).toBe(201);
  });
});

describe('items in the repair’s document', () => {
  it('updates, adds and removes lines in one PATCH; the totals follow', async () => {
    const { id, body } = await makeRepair(t, admin, { lines: [{ detail: 'A', unit_price: 1000 }, { detail: 'B', unit_price: 2000 }] });
    const [a, b] = body.included.filter((i: any) => i.type === 'repair-items');
    const res = await t.api('PATCH', `${R}/${id}?include=items`, {
      token: admin.token,
      body: { data: { type: 'repairs', id, relationships: { items: items([{ id: b.id, detail: 'B', unit_price: 3000 }, { detail: 'C', time: '2', hourly_rate: 10000 }]) } } },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const lines = res.body.included.filter((i: any) => i.type === 'repair-items');
    expect(lines.map((l: any) => l.attributes.detail)).toEqual(['B', 'C']);
    expect(lines.some((l: any) => l.id === a.id)).toBe(false);
    // 30.00 + 200.00, with TPS and TVQ: 11.50 + 22.94
    expect(res.body.data.attributes).toMatchObject({ subtotal: 23000, tax_total: 1150 + 2294, total: 26444, planned_time: '2.0000' });
  });

  it('points a line’s error into the parent’s document and writes nothing', async () => {
    const { id, body } = await makeRepair(t, admin, { lines: [{ detail: 'A', unit_price: 1000 }] });
    const [a] = body.included.filter((i: any) => i.type === 'repair-items');
    const res = await t.api('PATCH', R + '/' + id, {
      token: admin.token,
      headers: { 'accept-language': 'en' },
      body: { data: { type: 'repairs', id, attributes: { department: 'Carrosserie' }, relationships: { items: items([{ id: a.id, detail: 'A', unit_price: 1 }, { detail: 'B', quantity: 'beaucoup' }, { unit_price: 5 }]) } } },
    });
    expect(res.status).toBe(422);
    const pointers = res.body.errors.map((e: any) => e.source.pointer);
    expect(pointers).toContain('/data/relationships/items/data/1/attributes/quantity');
    expect(pointers).toContain('/data/relationships/items/data/2/attributes/detail');
    const after = await t.api('GET', `${R}/${id}?include=items`, { token: admin.token });
    expect(after.body.data.attributes.department).toBeNull();
    expect(after.body.included[0].attributes.unit_price).toBe(1000);
  });

  it('writes an item at /repair-items (the mechanic may): the repair’s totals follow, on delete too', async () => {
    const { id } = await makeRepair(t, admin, { lines: [] });
    const made = await t.api('POST', RI, {
      token: mechanic.token,
      body: { data: { type: 'repair-items', attributes: { detail: 'Pneu', unit_price: 10000, quantity: '4' }, relationships: { repair: to('repairs', id) } } },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body.data.attributes).toMatchObject({ hourly_rate: 12000, subtotal: 40000, total: 45990 });
    const total = async () => (await t.api('GET', `${R}/${id}`, { token: admin.token })).body.data.attributes.total;
    expect(await total()).toBe(45990);
    const itemId = made.body.data.id;
    const notDone = await t.api('PATCH', `${RI}/${itemId}`, { token: mechanic.token, body: { data: { type: 'repair-items', id: itemId, attributes: { state: 'not_done' } } } });
    expect(notDone.status).toBe(200);
    expect(await total()).toBe(0);
    await t.api('PATCH', `${RI}/${itemId}`, { token: mechanic.token, body: { data: { type: 'repair-items', id: itemId, attributes: { state: 'done', repair_mode: 'warranty' } } } });
    expect((await t.api('GET', `${R}/${id}`, { token: admin.token })).body.data.attributes).toMatchObject({ total: 0, warranty_total: 40000 });
    expect((await t.api('DELETE', `${RI}/${itemId}`, { token: mechanic.token })).status).toBe(204);
    expect((await t.api('GET', `${R}/${id}`, { token: admin.token })).body.data.attributes).toMatchObject({ total: 0, warranty_total: 0, planned_time: '0.0000' });
  });

  it('keeps a completed repair and its items as they were (409, translated)', async () => {
    const { id, body } = await makeRepair(t, admin);
    const itemId = body.included[0].id;
    await t.database.db.execute(sql`UPDATE repairs SET state = 'completed' WHERE id = ${id}`);
    const fr = await t.api('PATCH', `${R}/${id}`, { token: admin.token, body: { data: { type: 'repairs', id, attributes: { notes: 'x' } } } });
    expect(fr.status).toBe(409);
    expect(fr.body.errors[0].detail).toBe('Une réparation terminée, validée ou annulée ne peut plus être modifiée.');
    const en = await t.api('PATCH', `${RI}/${itemId}`, { token: admin.token, headers: { 'accept-language': 'en' }, body: { data: { type: 'repair-items', id: itemId, attributes: { detail: 'y' } } } });
    expect(en.status).toBe(409);
    expect(en.body.errors[0].detail).toBe('A completed, validated or canceled repair can no longer be changed.');
    const add = await t.api('POST', RI, { token: admin.token, body: { data: { type: 'repair-items', attributes: { detail: 'z' }, relationships: { repair: to('repairs', id) } } } });
    expect(add.status).toBe(409);
    expect((await t.api('DELETE', `${RI}/${itemId}`, { token: admin.token })).status).toBe(409);
    expect((await t.api('DELETE', `${R}/${id}`, { token: admin.token })).status).toBe(409);
  });
});

describe('the repair of an approved estimate', () => {
  /** An estimate of the vehicle with two items, as the estimations area keeps them (the repair names them). */
  const source = async (vehicle: string, over: Partial<RepairSource> = {}): Promise<RepairSource> => {
    const [estimate] = await t.database.db.insert(estimations).values({ organization_id: orgId, vehicle_id: vehicle, creator_id: admin.id }).returning({ id: estimations.id });
    const lines = await t.database.db
      .insert(estimationItems)
      .values(['Plaquettes', 'Rappel'].map((detail, position) => ({ organization_id: orgId, estimation_id: estimate.id, detail, position })))
      .returning({ id: estimationItems.id });
    return {
      organization_id: orgId,
      estimation_id: estimate.id,
      vehicle_id: vehicle,
      type: 'customer',
      department: 'Mécanique',
      approver_id: admin.id,
      items: [
        { estimation_item_id: lines[0].id, detail: 'Plaquettes', condition: 'to_replace', part: 'Plaquettes', part_number: 'P-1', quantity: '2', unit_price: 4999, time: '1.5', hourly_rate: 11000, tax_group_id: qc },
        { estimation_item_id: lines[1].id, detail: 'Rappel', unit_price: 30000, time: 1, warranty: true },
      ],
      ...over,
    };
  };

  it('is approved, to assign, with the approved items, priced as the estimate was', async () => {
    const vehicle = (await makeVehicle(t, admin.token, { vin: nextVin() })).id;
    const src = await source(vehicle);
    const row = await asUser(t, admin.id, (ctx) => createRepairFromEstimation(ctx, src));
    expect(row).toMatchObject({ state: 'approved', estimation_id: src.estimation_id, approver_id: admin.id, creator_id: admin.id, total: 30466, warranty_total: 42000 });
    const res = await t.api('GET', `${R}/${row.id}?include=items`, { token: admin.token });
    expect(res.body.data.attributes.code).toMatch(/^R-/);
    expect(res.body.data.relationships.estimation.data).toEqual({ type: 'estimations', id: src.estimation_id });
    const lines = res.body.included;
    expect(lines.map((l: any) => [l.attributes.detail, l.attributes.repair_mode, l.attributes.hourly_rate, l.relationships.estimationItem.data.id])).toEqual([
      ['Plaquettes', 'internal', 11000, src.items[0].estimation_item_id],
      ['Rappel', 'warranty', 12000, src.items[1].estimation_item_id],
    ]);
    expect(lines[1].relationships.taxGroup.data.id).toBe(qc);
  });

  it('gives an estimate’s line written without a tax group (before defaults applied) the settings’ group', async () => {
    const vehicle = (await makeVehicle(t, admin.token, { vin: nextVin() })).id;
    const src = await source(vehicle);
    src.items[1] = { ...src.items[1], tax_group_id: null, warranty: false };
    const row = await asUser(t, admin.id, (ctx) => createRepairFromEstimation(ctx, src));
    const item = await one<{ tax_group_id: string | null; tax_total: number }>(t, sql`SELECT tax_group_id, tax_total FROM repair_items WHERE repair_id = ${row.id} AND detail = 'Rappel'`);
    expect(item).toEqual({ tax_group_id: qc, tax_total: 6290 }); // 420.00: TPS 21.00 + TVQ 41.895 → 41.90
  });

  it('is to do for the estimate’s mechanics, who are notified; redoing the approval cancels it, but not once completed', async () => {
    const vehicle = (await makeVehicle(t, admin.token, { vin: nextVin() })).id;
    const src = await source(vehicle, { assignees: { users: [mechanic.id] } });
    const row = await asUser(t, admin.id, (ctx) => createRepairFromEstimation(ctx, src));
    expect(row.state).toBe('assigned');
    const notes = await t.api('GET', '/api/v1/notifications?page[size]=50', { token: mechanic.token });
    expect(notes.body.data.some((n: any) => n.attributes.subject_id === row.id && n.attributes.event === 'created')).toBe(true);
    const canceled = await asUser(t, admin.id, (ctx) => cancelRepairOf(ctx, row.id, { type: 'estimations', id: src.estimation_id, organizationId: orgId }));
    expect(canceled).toMatchObject({ state: 'canceled', canceled_by_id: admin.id });
    // Twice: nothing more to do.
    expect((await asUser(t, admin.id, (ctx) => cancelRepairOf(ctx, row.id, { type: 'estimations', id: src.estimation_id, organizationId: orgId }))).state).toBe('canceled');
    const again = await source(vehicle);
    const done = await asUser(t, admin.id, (ctx) => createRepairFromEstimation(ctx, again));
    await t.database.db.execute(sql`UPDATE repairs SET state = 'completed' WHERE id = ${done.id}`);
    await expect(asUser(t, admin.id, (ctx) => cancelRepairOf(ctx, done.id, { type: 'estimations', id: again.estimation_id, organizationId: orgId }))).rejects.toMatchObject({ status: 409 });
    expect(await stateOf(t, done.id)).toBe('completed');
  });
});

describe('lists', () => {
  it('counts per state like the list', async () => {
    const { total } = await expectCountsLikeList(t, R, repairWorkflow.states, admin.token);
    expect(total).toBeGreaterThan(0);
  });

  it('keeps each organization’s repairs, items and clocked time to itself', async () => {
    const { id, body } = await makeRepair(t, admin);
    const other = await makeOrganization(t);
    const stranger = await makeUser(t, other.id);
    expect((await t.api('GET', `${R}/${id}`, { token: stranger.token })).status).toBe(404);
    expect((await t.api('GET', `${RI}/${body.included[0].id}`, { token: stranger.token })).status).toBe(404);
    expect((await t.api('GET', R, { token: stranger.token })).body.data).toEqual([]);
    expect((await t.api('GET', RI, { token: stranger.token })).body.data).toEqual([]);
    expect((await t.api('GET', '/api/v1/repair-time-entries', { token: stranger.token })).body.data).toEqual([]);
    expect((await t.api('GET', `${R}/list/count`, { token: stranger.token })).body.meta.total).toBe(0);
    expect((await act(t, id, 'cancel', stranger)).status).toBe(404);
    const add = await t.api('POST', RI, { token: stranger.token, body: { data: { type: 'repair-items', attributes: { detail: 'x' }, relationships: { repair: to('repairs', id) } } } });
    expect(add.status).toBe(422);
    // An item may not name another organization's tax group.
    const theirs = await makeTaxGroup(t, stranger, 'Ailleurs', []);
    const foreign = await t.api('POST', RI, {
      token: admin.token,
      body: { data: { type: 'repair-items', attributes: { detail: 'x' }, relationships: { repair: to('repairs', id), taxGroup: to('tax-groups', theirs.id) } } },
    });
    expect(foreign.status).toBe(422);
    expect(await one<{ n: number }>(t, sql`SELECT count(*)::int AS n FROM repair_items WHERE repair_id = ${id}`)).toEqual({ n: 1 });
  });
});
