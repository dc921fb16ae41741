import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { monthOf } from '@atelier/domain';
import { toOne } from '../factories.ts';
import { createTestApp, type TestApp } from '../helpers.ts';
import { createKit, type Kit, type KitUser } from '../kit.ts';

// The sales figures of the sales home and the dashboard (issue 23 "Reports"): each figure's exact
// value on seeded invoices, payments and estimate decisions; another organization's documents never
// count; the figures need the right to list invoices, the approval rate the right to list estimates.

const API = '/api/v1';
const ZONE = 'America/Toronto';
let t: TestApp;
let kit: Kit;
let other: Kit;
const month = monthOf(new Date(), ZONE);
// A day of the previous month: invoices issued then do not count in this month's figures.
const lastMonth = `${Number(month.from.slice(0, 4)) - (month.from.slice(5, 7) === '01' ? 1 : 0)}-${month.from.slice(5, 7) === '01' ? '12' : String(Number(month.from.slice(5, 7)) - 1).padStart(2, '0')}-15`;

const call = (method: string, path: string, as: KitUser, body?: unknown) => t.api(method, `${API}${path}`, { token: as.token, body, headers: { 'x-timezone': ZONE } });

async function invoice(k: Kit, amount: number, attributes: Record<string, unknown> = {}) {
  const customer = (await k.make('customers', { firstname: 'Léa', lastname: 'Roy' })).id;
  const made = await call('POST', '/sales-invoices', k.admin, {
    data: { type: 'sales-invoices', attributes, relationships: { recipient: toOne('customers', customer), items: { data: [{ type: 'sales-invoice-items', attributes: { description: 'Travaux', quantity: 1, unit_price: amount } }] } } },
  });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  const valid = await call('POST', `/sales-invoices/${made.body.data.id}/validate`, k.admin);
  expect(valid.status, JSON.stringify(valid.body)).toBe(200);
  return valid.body.data;
}

async function pay(k: Kit, id: string, amount: number) {
  const paid = await call('POST', '/sales-payments', k.admin, { data: { type: 'sales-payments', attributes: { amount, paid_on: month.today, method: 'cash' }, relationships: { invoice: toOne('sales-invoices', id) } } });
  expect(paid.status, JSON.stringify(paid.body)).toBe(201);
}

/** An estimate item the customer decided on, at a given amount before taxes. */
async function decided(k: Kit, subtotal: number, decision: 'approved' | 'declined', at: string) {
  const estimate = await k.make('estimations');
  const items = await t.database.raw<{ id: string }>(
    `insert into estimation_items (id, organization_id, estimation_id, detail, subtotal, total, customer_decision, customer_decided_at)
     select gen_random_uuid(), organization_id, id, 'Freins', $2, $2, $3, $4::timestamptz from estimations where id = $1 returning id`,
    [estimate.id, subtotal, decision, at],
  );
  expect(items).toHaveLength(1);
}

let invoices: { a: any; b: any; repair1: any; repair2: any; old: any; overdue: any };

beforeAll(async () => {
  t = await createTestApp({}, { demo: false });
  kit = await createKit(t);
  other = await createKit(t, { name: 'Autre garage' });
  // This month, before the 5 % GST of the organization's default taxes: 100.00 paid in full,
  // 50.00 paid 20.00, two repairs' invoices of 300.00 and 200.01.
  const a = await invoice(kit, 10000, { issued_on: month.from });
  const b = await invoice(kit, 5000, { issued_on: month.today });
  const repair1 = await invoice(kit, 30000, { issued_on: month.today });
  const repair2 = await invoice(kit, 20001, { issued_on: month.today });
  for (const r of [repair1, repair2]) {
    const repair = await kit.make('repairs');
    await t.database.raw('update sales_invoices set repair_id = $1 where id = $2', [repair.id, r.id]);
  }
  await pay(kit, a.id, 10500);
  await pay(kit, b.id, 2000);
  // Last month, 70.00 due then, 10.00 paid: overdue, not this month's.
  const old = await invoice(kit, 7000, { issued_on: lastMonth, expiration_time: lastMonth });
  await pay(kit, old.id, 1000);
  // Last month too, due last month but paid: not overdue.
  const overdue = await invoice(kit, 4000, { issued_on: lastMonth, expiration_time: lastMonth });
  await pay(kit, overdue.id, 4200);
  // A draft counts nowhere.
  const customer = (await kit.make('customers', { firstname: 'Paul', lastname: 'Brun' })).id;
  await call('POST', '/sales-invoices', kit.admin, { data: { type: 'sales-invoices', relationships: { recipient: toOne('customers', customer), items: { data: [{ type: 'sales-invoice-items', attributes: { description: 'Brouillon', quantity: 1, unit_price: 99900 } }] } } } });
  invoices = { a, b, repair1, repair2, old, overdue };
  // Decisions this month: 300.00 approved, 100.00 declined; last month's does not count.
  await decided(kit, 30000, 'approved', `${month.today}T12:00:00-05:00`);
  await decided(kit, 10000, 'declined', `${month.today}T12:00:00-05:00`);
  await decided(kit, 50000, 'declined', `${lastMonth}T12:00:00-05:00`);
  // Another organization's invoice of this month and its decisions.
  await invoice(other, 123400, { issued_on: month.today });
  await decided(other, 40000, 'declined', `${month.today}T12:00:00-05:00`);
});
afterAll(async () => {
  await t?.close();
});

describe('the sales figures', () => {
  it('adds up this month’s invoices with taxes, the overdue ones, the average repair order and the approval rate', async () => {
    const res = await call('GET', '/sales/figures', kit.admin);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const meta = res.body.meta;
    expect(meta.month).toEqual({ from: month.from, to: month.to });
    // Taxes included: 105.00 + 52.50 + 315.00 + 210.01.
    expect(meta.invoiced).toBe(68251);
    expect(meta.paid).toBe(10500 + 2000);
    expect(meta.outstanding).toBe(68251 - 12500);
    expect(meta.invoice_count).toBe(4);
    expect(meta.overdue).toEqual({ count: 1, balance: 6350, invoices: [{ id: invoices.old.id, code: invoices.old.attributes.code, due_on: lastMonth, balance: 6350, customer: 'Léa Roy' }] });
    // Before taxes: (300.00 + 200.01) / 2, rounded to the cent.
    expect(meta.average_repair_order).toEqual({ amount: 25001, repairs: 2 });
    expect(meta.approval).toEqual({ rate: 75, approved: 30000, proposed: 40000 });
  });

  it('never counts another organization’s documents', async () => {
    const res = await call('GET', '/sales/figures', other.admin);
    expect(res.status).toBe(200);
    expect(res.body.meta).toMatchObject({ invoiced: 129570, paid: 0, outstanding: 129570, invoice_count: 1, overdue: { count: 0, balance: 0, invoices: [] }, average_repair_order: { amount: null, repairs: 0 }, approval: { rate: 0, approved: 0, proposed: 40000 } });
  });

  it('needs the right to list invoices; the approval rate the right to list estimates', async () => {
    const nobody = await kit.user({ permissions: ['view any repairs'] });
    const refused = await call('GET', '/sales/figures', nobody);
    expect(refused.status).toBe(403);
    expect(refused.body.errors[0].detail).toBeTruthy();
    const seller = await kit.user({ permissions: ['view any sales invoices'] });
    const res = await call('GET', '/sales/figures', seller);
    expect(res.status).toBe(200);
    expect(res.body.meta).toMatchObject({ invoiced: 68251, approval: null });
  });
});
