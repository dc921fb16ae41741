import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toOne } from '../factories.ts';
import { createTestApp, type TestApp } from '../helpers.ts';
import { createKit, type Kit, type KitUser } from '../kit.ts';

// Technician efficiency (issue 27): hours clocked against the labour billed on invoiced repairs,
// per technician and period, on known data.

const API = '/api/v1';
let t: TestApp;
let kit: Kit;
let ann: KitUser;
let bob: KitUser;
const call = (method: string, path: string, body?: unknown, who: { token: string } = kit.admin, locale = 'fr') => t.api(method, `${API}${path}`, { token: who.token, body, headers: { 'accept-language': locale } });
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
// The last seven days, today included: always five weekdays, 40 working hours.
const week = `from=${day(-6)}&to=${day(0)}`;

async function ok(method: string, path: string, body: unknown = {}) {
  const res = await call(method, path, body);
  expect(res.status, `${path}: ${JSON.stringify(res.body)}`).toBeLessThan(300);
  return res.body;
}

/** Clocks `hours` for the user on the item, ended an hour ago (a test's setup: the clock routes time real minutes). */
const clocked = (repair: string, item: string, user: string, hours: number, daysAgo = 0) =>
  t.database.db.execute(sql`INSERT INTO repair_time_entries (id, organization_id, repair_id, repair_item_id, user_id, started_at, ended_at, hours)
    VALUES (gen_random_uuid(), ${kit.organization.id}, ${repair}, ${item}, ${user}, now() - make_interval(days => ${daysAgo}) - interval '2 hours', now() - make_interval(days => ${daysAgo}) - interval '1 hour', ${hours})`);

beforeAll(async () => {
  t = await createTestApp();
  kit = await createKit(t);
  ann = await kit.user({ firstname: 'Ann', lastname: 'Mécano' });
  bob = await kit.user({ firstname: 'Bob', lastname: 'Mécano' });
});
afterAll(() => t?.close());

describe('technician efficiency', () => {
  it('credits the billed labour of an invoiced repair to who clocked on each item, and tells the share of the working week', async () => {
    const vehicle = (await kit.make('vehicles')).id;
    const customer = (await kit.make('customers')).id;
    const doc = await ok('POST', '/repairs?include=items', {
      data: {
        type: 'repairs',
        relationships: {
          vehicle: toOne('vehicles', vehicle),
          customer: toOne('customers', customer),
          items: { data: [{ type: 'repair-items', attributes: { detail: 'Plaquettes', time: '1.5', unit_price: 8000 } }, { type: 'repair-items', attributes: { detail: 'Vidange', time: '2', unit_price: 5000 } }] },
        },
      },
    });
    const id = doc.data.id as string;
    const [pads, oil] = doc.included.filter((i: any) => i.type === 'repair-items').map((i: any) => i.id as string);
    // Ann clocked 1 h on the pads (a week ago too: 0.5 h, before the period) and 1 h on the oil; Bob 1 h on the oil.
    await clocked(id, pads, ann.id, 1);
    await clocked(id, pads, ann.id, 0.5, 8);
    await clocked(id, oil, ann.id, 1);
    await clocked(id, oil, bob.id, 1);
    await ok('POST', `/repairs/${id}/assign`, { data: { relationships: { assignedToUsers: { data: [{ type: 'users', id: kit.admin.id }] } } } });
    await ok('POST', `/repairs/${id}/start`);
    await ok('POST', `/repairs/${id}/complete`);
    // Not invoiced yet: nothing billed.
    const before = await ok('GET', `/repairs/technician-efficiency?${week}`);
    expect(before.meta.technicians.map((x: any) => [x.name, x.clocked, x.billed])).toEqual([
      ['Ann Mécano', 2, 0],
      ['Bob Mécano', 1, 0],
    ]);
    const invoice = await ok('POST', `/repairs/${id}/invoice`);
    await ok('POST', `/sales-invoices/${invoice.data.id}/validate`);
    const res = await ok('GET', `/repairs/technician-efficiency?${week}`);
    expect(res.meta).toMatchObject({ from: day(-6), to: day(0), working_hours: 40 });
    // Pads 1.5 h all Ann's; oil 2 h split 1:1.
    expect(res.meta.technicians).toEqual([
      { user_id: ann.id, name: 'Ann Mécano', clocked: 2, billed: 2.5, efficiency: 1.25, productive: 0.05 },
      { user_id: bob.id, name: 'Bob Mécano', clocked: 1, billed: 1, efficiency: 1, productive: 0.025 },
    ]);
    // Another organization sees none of it.
    const other = await createKit(t);
    expect((await call('GET', `/repairs/technician-efficiency?${week}`, undefined, other.admin)).body.meta.technicians).toEqual([]);
  });

  it('refuses a period it cannot read or too long, in the user’s language, and a user who may not list repairs', async () => {
    for (const query of ['', 'from=2026-13-01&to=2026-12-01', `from=${day(0)}&to=${day(-1)}`, 'from=2025-01-01&to=2026-06-01', `${week}&hours_per_day=0`]) {
      const res = await call('GET', `/repairs/technician-efficiency?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body.errors[0].source.parameter).toBeTruthy();
      expect(res.body.errors[0].detail).toMatch(/^La valeur du paramètre (from|to|hours_per_day) est invalide\.$/);
    }
    const stranger = await kit.user({ permissions: ['view any vehicles'] });
    expect((await call('GET', `/repairs/technician-efficiency?${week}`, undefined, stranger)).status).toBe(403);
  });
});
