import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers.ts';
import { createKit, type Kit, type KitUser } from '../kit.ts';

// The service manager's figures (issue 27) on known data: a week of March 2026 in Montréal (the
// clocks move forward on Sunday the 8th), repairs completed in and around it in two locations,
// estimate decisions and declined work; each figure's exact value, per location, the lists behind
// them, the exports, another organization, permissions and bad parameters.

const API = '/api/v1';
const ZONE = 'America/Toronto';
const WEEK = 'from=2026-03-02&to=2026-03-08';
let t: TestApp;
let kit: Kit;
let laval: string;
let montreal: string;
const ids: Record<string, string> = {};

const call = (path: string, as: KitUser = kit.admin, locale = 'fr') => t.api('GET', `${API}${path}`, { token: as.token, headers: { 'x-timezone': ZONE, 'accept-language': locale } });
async function ok(path: string, as?: KitUser) {
  const res = await call(path, as);
  expect(res.status, `${path}: ${JSON.stringify(res.body)}`).toBe(200);
  return res.body;
}
const sql = (text: string, params: unknown[] = []) => t.database.raw(text, params);

interface Item {
  detail: string;
  parts?: number;
  labour?: number;
  time?: number;
  product?: string;
  state?: string;
}

/** A repair of the vehicle in a location, made through the API, then put in its state at known times and totals. */
async function repair(name: string, o: { vehicle: string; location: string; state: string; created: string; completed: string; subtotal: number; clocked: number; items: Item[] }) {
  const made = await kit.make('repairs', {}, { vehicle: o.vehicle, allowedLocations: [o.location] } as never);
  ids[name] = made.id;
  await sql(`update repairs set state = $2, created_at = $3::timestamptz, completed_at = $4::timestamptz, subtotal = $5, time_spent = $6 where id = $1`, [made.id, o.state, o.created, o.completed, o.subtotal, o.clocked]);
  for (const i of o.items)
    await sql(
      `insert into repair_items (id, organization_id, repair_id, detail, parts_total, labour_total, time, product_id, state, quantity)
       values (gen_random_uuid(), $1, $2, $3, $4, $5, $6, $7, $8, 1)`,
      [kit.organization.id, made.id, i.detail, i.parts ?? 0, i.labour ?? 0, i.time ?? null, i.product ?? null, i.state ?? 'done'],
    );
}

/** An estimate item the customer decided on, at a given amount before taxes. */
async function decided(subtotal: number, decision: 'approved' | 'declined', at: string) {
  const estimate = await kit.make('estimations');
  await sql(
    `insert into estimation_items (id, organization_id, estimation_id, detail, subtotal, total, customer_decision, customer_decided_at)
     values (gen_random_uuid(), $1, $2, 'Freins', $3, $3, $4, $5::timestamptz)`,
    [kit.organization.id, estimate.id, subtotal, decision, at],
  );
  return estimate.id as string;
}

async function declinedWork(vehicle: string, total: number, at: string, state: string) {
  await sql(`insert into deferred_work (id, organization_id, vehicle_id, detail, total, declined_at, state) values (gen_random_uuid(), $1, $2, 'Amortisseurs', $3, $4::timestamptz, $5)`, [kit.organization.id, vehicle, total, at, state]);
}

beforeAll(async () => {
  t = await createTestApp({}, { demo: false });
  kit = await createKit(t);
  laval = await kit.location('Laval');
  montreal = await kit.location('Montréal');
  const [v1, v2, v3] = [(await kit.make('vehicles')).id, (await kit.make('vehicles')).id, (await kit.make('vehicles')).id];
  const pads = (await kit.make('products', { buying_price: 12000 })).id;
  // Before the week: the pads of v1, done on 20 February.
  await repair('earlier', { vehicle: v1, location: laval, state: 'validated', created: '2026-02-19T14:00:00Z', completed: '2026-02-20T15:00:00Z', subtotal: 20000, clocked: 1, items: [{ detail: 'Plaquettes avant', parts: 20000 }] });
  // In the week. The pads again on v1 within 30 days: a comeback.
  await repair('comeback', {
    vehicle: v1,
    location: laval,
    state: 'completed',
    created: '2026-03-03T13:00:00Z',
    completed: '2026-03-03T17:00:00Z',
    subtotal: 30000,
    clocked: 2,
    items: [
      { detail: ' plaquettes AVANT ', parts: 20000, product: pads },
      { detail: 'Main-d’œuvre freins', labour: 10000, time: 1.5 },
      { detail: 'Disques', parts: 9000, labour: 1000, time: 0.25, state: 'not_done' },
    ],
  });
  await repair('oil', { vehicle: v2, location: laval, state: 'validated', created: '2026-03-05T13:00:00Z', completed: '2026-03-05T15:00:00Z', subtotal: 10000, clocked: 1, items: [{ detail: 'Vidange', parts: 4000, labour: 6000, time: 0.5 }] });
  await repair('brakes', { vehicle: v2, location: montreal, state: 'completed', created: '2026-03-06T13:00:00Z', completed: '2026-03-06T15:00:00Z', subtotal: 50000, clocked: 3, items: [{ detail: 'Freins', labour: 50000, time: 3 }] });
  // Sunday 8 March, 23:00 in Montréal (EDT): still the week.
  await repair('late', { vehicle: v3, location: laval, state: 'completed', created: '2026-03-08T20:00:00Z', completed: '2026-03-09T03:00:00Z', subtotal: 20000, clocked: 0, items: [] });
  // Not counted: Monday 9 March 00:30 in Montréal; a canceled repair; one not finished.
  await repair('next', { vehicle: v3, location: laval, state: 'completed', created: '2026-03-09T04:00:00Z', completed: '2026-03-09T04:30:00Z', subtotal: 99900, clocked: 5, items: [] });
  await repair('canceled', { vehicle: v3, location: laval, state: 'canceled', created: '2026-03-04T13:00:00Z', completed: '2026-03-04T15:00:00Z', subtotal: 99900, clocked: 5, items: [] });
  await repair('open', { vehicle: v3, location: laval, state: 'in_progress', created: '2026-03-04T13:00:00Z', completed: '2026-03-04T15:00:00Z', subtotal: 99900, clocked: 5, items: [] });
  ids.approvedEstimate = await decided(7500, 'approved', '2026-03-04T15:00:00Z');
  ids.declinedEstimate = await decided(2500, 'declined', '2026-03-04T16:00:00Z');
  await decided(9999, 'approved', '2026-03-10T15:00:00Z');
  await declinedWork(v1, 3000, '2026-03-04T15:00:00Z', 'done');
  await declinedWork(v1, 1000, '2026-03-04T15:00:00Z', 'open');
  await declinedWork(v1, 5000, '2026-02-01T15:00:00Z', 'done');
});
afterAll(() => t?.close());

describe('the service manager’s figures', () => {
  it('counts the week’s finished repair orders, their average, hours, margins and comebacks, the approval in money and the declined work that came back', async () => {
    await sql(`update options set value = '4000' where organization_id = $1 and name = 'repairs.labour_cost_per_hour'`, [kit.organization.id]);
    const { meta } = await ok(`/repairs/figures?${WEEK}`);
    expect(meta).toMatchObject({ from: '2026-03-02', to: '2026-03-08', time_zone: ZONE, step: 'day' });
    expect(meta.figures).toEqual({
      repair_orders: 4,
      average_repair_order: 27500,
      // 1.5 + 0.5 + 3 sold hours (the work not done aside) over 4 orders.
      hours_per_repair_order: 1.25,
      approval: { rate: 75, approved: 7500, proposed: 10000 },
      declined: { count: 2, amount: 4000, returned_count: 1, returned_amount: 3000, returned_rate: 75 },
      // The pads sold 200.00 bought 120.00; the oil's parts have no known cost.
      parts: { revenue: 20000, cost: 12000, margin: 8000, rate: 40, uncosted: 4000 },
      // 660.00 of labour, 6 hours clocked at 40.00.
      labour: { revenue: 66000, cost: 24000, margin: 42000, rate: 63.6 },
      comebacks: { count: 1, rate: 25 },
    });
    expect(meta.series.map((s: any) => [s.bucket, s.repair_orders, s.average_repair_order, s.comebacks])).toEqual([
      ['2026-03-03', 1, 30000, 1],
      ['2026-03-05', 1, 10000, 0],
      ['2026-03-06', 1, 50000, 0],
      ['2026-03-08', 1, 20000, 0],
    ]);
  });

  it('counts one location, and only the locations a restricted user may see', async () => {
    const { meta } = await ok(`/repairs/figures?${WEEK}&filter[allowedLocations]=${laval}`);
    expect(meta.figures).toMatchObject({ repair_orders: 3, average_repair_order: 20000, comebacks: { count: 1, rate: 33.3 } });
    const montrealOnly = await kit.user({ locations: ['Montréal'] });
    expect((await ok(`/repairs/figures?${WEEK}`, montrealOnly)).meta.figures).toMatchObject({ repair_orders: 1, average_repair_order: 50000, comebacks: { count: 0, rate: 0 } });
  });

  it('opens the records behind a figure: the repairs, the comebacks, the estimates decided or declined', async () => {
    const week = 'filter[completed_from]=2026-03-02T00:00:00-05:00&filter[completed_to]=2026-03-08T23:59:59.999-04:00&filter[state]=completed,validated';
    const listed = async (path: string) => ((await ok(path)).data as { id: string }[]).map((r) => r.id).sort();
    expect(await listed(`/repairs?${week}`)).toEqual([ids.comeback, ids.oil, ids.brakes, ids.late].sort());
    expect(await listed(`/repairs?${week}&filter[comeback]=true`)).toEqual([ids.comeback]);
    expect(await listed(`/repairs?${week}&filter[allowedLocations]=${montreal}`)).toEqual([ids.brakes]);
    const decidedWeek = 'filter[decided_from]=2026-03-02T00:00:00-05:00&filter[decided_to]=2026-03-08T23:59:59.999-04:00';
    expect(await listed(`/estimations?${decidedWeek}`)).toEqual([ids.approvedEstimate, ids.declinedEstimate].sort());
    expect(await listed(`/estimations?filter[declined_from]=2026-03-02T00:00:00-05:00&filter[declined_to]=2026-03-08`)).toEqual([ids.declinedEstimate]);
    expect((await call('/repairs?filter[comeback]=maybe')).status).toBe(400);
  });

  it('exports the figures as CSV (in the reader’s language and decimal mark) and XLSX (money in dollars)', async () => {
    const csv = await t.app.inject({ method: 'GET', url: `${API}/repairs/figures/export?${WEEK}&format=csv`, headers: { authorization: `Bearer ${kit.admin.token}`, 'x-timezone': ZONE, 'accept-language': 'fr' } });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.body).toContain('Bons de travail;4');
    expect(csv.body).toContain('Bon de travail moyen ($, avant taxes);275');
    expect(csv.body).toContain('Heures vendues par bon de travail;1,25');
    const xlsx = await t.app.inject({ method: 'GET', url: `${API}/repairs/figures/export?${WEEK}`, headers: { authorization: `Bearer ${kit.admin.token}`, 'x-timezone': ZONE, 'accept-language': 'en' } });
    expect(xlsx.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const rows = book.worksheets[0]!.getSheetValues().filter(Boolean).map((r) => (r as unknown[]).slice(1));
    expect(rows[0]).toEqual(['Figure', 'Value']);
    expect(rows).toContainEqual(['Parts gross margin ($)', 80]);
    expect(rows).toContainEqual(['Comeback rate (%)', 25]);
  });

  it('shows another organization none of it', async () => {
    const other = await createKit(t, { name: 'Autre garage' });
    const { meta } = await ok(`/repairs/figures?${WEEK}`, other.admin);
    expect(meta.figures).toMatchObject({ repair_orders: 0, average_repair_order: null, approval: { proposed: 0 }, declined: { count: 0 }, comebacks: { count: 0 } });
    expect(meta.series).toEqual([]);
  });

  it('refuses a period it cannot read or too long and a bad format, in the reader’s language, and a user who may not list repairs', async () => {
    for (const [query, parameter] of [
      ['', 'from'],
      ['from=2026-02-30&to=2026-03-08', 'from'],
      ['from=2026-13-01&to=2026-03-08', 'from'],
      ['from=2026-03-02&to=2026-03-08T00:00', 'to'],
      ['from=2026-03-08&to=2026-03-02', 'to'],
      ['from=2025-01-01&to=2026-03-08', 'to'],
    ]) {
      const res = await call(`/repairs/figures?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body.errors[0].source.parameter).toBe(parameter);
      expect(res.body.errors[0].detail).toBe(`La valeur du paramètre ${parameter} est invalide.`);
    }
    const format = await call(`/repairs/figures/export?${WEEK}&format=pdf`, kit.admin, 'en');
    expect(format.status).toBe(400);
    expect(format.body.errors[0].detail).toMatch(/format/);
    expect((await call(`/repairs/figures?${WEEK}&filter[allowedLocations]=nowhere`)).status).toBe(400);
    const stranger = await kit.user({ permissions: ['view any vehicles'] });
    expect((await call(`/repairs/figures?${WEEK}`, stranger)).status).toBe(403);
    expect((await call(`/repairs/figures/export?${WEEK}`, stranger)).status).toBe(403);
    // Who may list repairs but not estimates gets the repairs' figures alone.
    const mechanic = await kit.user({ permissions: ['view any repairs'] });
    const { meta } = await ok(`/repairs/figures?${WEEK}`, mechanic);
    expect(meta.figures).toMatchObject({ repair_orders: 4, approval: null, declined: null });
  });
});
