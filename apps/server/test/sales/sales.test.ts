import { dayIn, plusDays, salesDeliveryWorkflow, salesInvoiceWorkflow, salesOrderWorkflow } from '@atelier/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { toOne } from '../factories.ts';
import { rowsOf } from '../../src/db/client.ts';
import { createTestApp, type TestApp } from '../helpers.ts';
import { pdfPages } from '../reports/pdf-text.ts';
import { createKit, type Kit, type KitUser } from '../kit.ts';

// Sales on the workflow and trade kits (issue 23): a customer's order with priced lines, its
// deliveries (stock out of its warehouse) and invoices generated in parts, a deposit deducted on
// the final invoice, the invoice's number given at validation without gaps, payments never over
// the balance, the invoice of a completed repair made once.

const API = '/api/v1';
let t: TestApp;
let kit: Kit;
let customer: string;
let warehouse: string;
let pads: string;
let wipers: string;

type Line = { product?: string; description?: string; quantity: string | number; unit_price?: number; discount?: string | number };

const orderBody = (lines: Line[], attributes: Record<string, unknown> = {}, withWarehouse = true) => ({
  data: {
    type: 'sales-orders',
    attributes,
    relationships: {
      recipient: toOne('customers', customer),
      ...(withWarehouse ? { sourceWarehouse: toOne('warehouses', warehouse) } : {}),
      items: { data: lines.map(({ product, ...a }) => ({ type: 'sales-order-items', attributes: a, ...(product ? { relationships: { product: toOne('products', product) } } : {}) })) },
    },
  },
});

const call = (method: string, path: string, as: KitUser = kit.admin, body?: unknown, locale = 'fr') => t.api(method, `${API}${path}`, { token: as.token, body, headers: { 'accept-language': locale } });

async function ok(method: string, path: string, body?: unknown, status = 200) {
  const res = await call(method, path, kit.admin, body);
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  return res.body;
}

async function validatedOrder(lines: Line[], attributes: Record<string, unknown> = {}) {
  const doc = await ok('POST', '/sales-orders?include=items', orderBody(lines, attributes), 201);
  await ok('POST', `/sales-orders/${doc.data.id}/validate`);
  return doc;
}

const orderItems = (doc: any) => doc.included.filter((r: any) => r.type === 'sales-order-items');
const lines = (doc: any, type: string) => doc.included.filter((r: any) => r.type === type);

async function onHand(product = pads): Promise<number> {
  const res = await call('GET', `/warehouse-products?filter[warehouse]=${warehouse}&filter[product]=${product}`);
  return Number(res.body.data[0]?.attributes.quantity_on_hand ?? 0);
}

beforeAll(async () => {
  t = await createTestApp({}, { demo: false });
  kit = await createKit(t);
  const location = await kit.location('Montréal');
  warehouse = (await kit.make('warehouses', { name: 'Comptoir' }, { location })).id;
  customer = (await kit.make('customers', { firstname: 'Julie', lastname: 'Tremblay', address: '12 rue des Érables', city: 'Laval', province: 'QC', postal_code: 'H7N 1A1' })).id;
  pads = (await kit.make('products', { sku: 'PLAQ-AV', name: 'Plaquettes avant', selling_price: 8999, buying_price: 4500 })).id;
  wipers = (await kit.make('products', { sku: 'ESS-22', name: 'Essuie-glace 22 po', selling_price: 2499 })).id;
  const entry = await ok(
    'POST',
    '/stock-movements',
    {
      data: {
        type: 'stock-movements',
        attributes: { type: 'add' },
        relationships: {
          destinationWarehouse: toOne('warehouses', warehouse),
          items: { data: [pads, wipers].map((p) => ({ type: 'stock-movement-items', attributes: { quantity: 10, unit_cost: 4000 }, relationships: { product: toOne('products', p) } })) },
        },
      },
    },
    201,
  );
  await ok('POST', `/stock-movements/${entry.data.id}/validate`);
});
afterAll(() => t?.close());

describe('a sales order', () => {
  it('fills a line from its product’s selling price, never over what was typed; totals with taxes', async () => {
    const doc = await ok('POST', '/sales-orders?include=items', orderBody([{ product: pads, quantity: '2' }, { product: wipers, quantity: '1,5', unit_price: 2000 }, { description: 'Pose', quantity: 1, unit_price: 3000, discount: '10' }]), 201);
    const [a, b, c] = orderItems(doc);
    expect(a.attributes).toMatchObject({ description: 'Plaquettes avant', unit_price: 8999, subtotal: 17998 });
    expect(b.attributes).toMatchObject({ unit_price: 2000, subtotal: 3000 });
    expect(c.attributes).toMatchObject({ subtotal: 2700 });
    expect(doc.data.attributes).toMatchObject({ state: 'draft', item_count: 3, subtotal: 23698, invoicing_status: 'pending', delivery_status: 'pending' });
    expect(doc.data.attributes.code).toMatch(/^CV-\d{4}-\d{6}$/);
  });

  it('follows its workflow: validate (not without lines), refuses what its state does not allow (409, translated)', async () => {
    const empty = await ok('POST', '/sales-orders', orderBody([]), 201);
    const refused = await call('POST', `/sales-orders/${empty.data.id}/validate`, kit.admin, undefined, 'en');
    expect(refused.status).toBe(409);
    expect(refused.body.errors[0].detail).toBe('Add at least one line with a quantity before validating the order.');
    const doc = await validatedOrder([{ product: pads, quantity: 1 }]);
    const again = await call('POST', `/sales-orders/${doc.data.id}/validate`);
    expect(again.status).toBe(409);
    expect(again.body.errors[0].detail).toContain('« Valider »');
    expect(salesOrderWorkflow.states).toContain('completed');
  });
});

describe('a counter sale: order → delivery → invoice → payment', () => {
  it('delivers in parts (stock goes down once per validated delivery), invoices, takes payments and completes', async () => {
    const before = await onHand();
    const doc = await validatedOrder([{ product: pads, quantity: 2 }, { product: wipers, quantity: 1 }, { description: 'Pose', quantity: 1, unit_price: 3000 }]);
    const id = doc.data.id;
    const [padsLine] = orderItems(doc);
    // A first delivery of one set of pads.
    const first = await ok('POST', `/sales-orders/${id}/generate-delivery`, { data: { attributes: { items: [{ id: padsLine.id, quantity: '1' }] } } }, 201);
    expect(first.data.attributes.code).toMatch(/^BL-/);
    await ok('POST', `/sales-deliveries/${first.data.id}/validate`);
    expect(await onHand()).toBe(before - 1);
    expect((await ok('GET', `/sales-orders/${id}`)).data.attributes.delivery_status).toBe('partially_delivered');
    // The rest: only the product lines are delivered (the labour line is not stock).
    const rest = await ok('POST', `/sales-orders/${id}/generate-delivery`, undefined, 201);
    expect(lines(rest, 'sales-delivery-items').map((l: any) => Number(l.attributes.quantity))).toEqual([1, 1]);
    await ok('POST', `/sales-deliveries/${rest.data.id}/validate`);
    expect(await onHand()).toBe(before - 2);
    // More than is left: 409 naming the line.
    const over = await call('POST', `/sales-orders/${id}/generate-delivery`, kit.admin, { data: { attributes: { items: [{ id: padsLine.id, quantity: 1 }] } } }, 'en');
    expect(over.status).toBe(409);
    // The invoice of all: a draft has no number, the validation gives the next.
    const invoice = await ok('POST', `/sales-orders/${id}/generate-invoice`, { data: { attributes: { invoicingType: 'complete' } } }, 201);
    expect(invoice.data.attributes).toMatchObject({ code: null, state: 'draft', kind: 'standard', total: doc.data.attributes.total });
    expect(invoice.data.attributes.billing_address).toContain('12 rue des Érables');
    const valid = await ok('POST', `/sales-invoices/${invoice.data.id}/validate`);
    expect(valid.data.attributes.code).toMatch(/^FV-\d{4}-\d{6}$/);
    expect(valid.data.attributes).toMatchObject({ balance: doc.data.attributes.total, payment_status: 'unpaid' });
    const order = await ok('GET', `/sales-orders/${id}`);
    expect(order.data.attributes).toMatchObject({ state: 'completed', delivery_status: 'delivered', invoicing_status: 'invoiced' });
    // A validated invoice does not change.
    const edit = await call('PATCH', `/sales-invoices/${invoice.data.id}`, kit.admin, { data: { type: 'sales-invoices', id: invoice.data.id, attributes: { notes: 'x' } } }, 'en');
    expect(edit.status).toBe(409);
    expect(edit.body.errors[0].detail).toBe('A validated invoice no longer changes: only a draft can be edited.');
    // Paid in two payments; the second over the balance is refused with the amount left, as the reader writes it.
    const pay = (amount: number, locale = 'fr') =>
      call('POST', '/sales-payments', kit.admin, { data: { type: 'sales-payments', attributes: { amount, paid_on: '2026-11-28', method: 'cash' }, relationships: { invoice: toOne('sales-invoices', invoice.data.id) } } }, locale);
    const total = doc.data.attributes.total as number;
    expect((await pay(5000)).status).toBe(201);
    const tooMuch = await pay(total, 'en');
    expect(tooMuch.status).toBe(422);
    expect(tooMuch.body.errors[0].detail).toContain(`$${((total - 5000) / 100).toLocaleString('en-CA', { minimumFractionDigits: 2 })}`);
    expect((await pay(total - 5000)).status).toBe(201);
    const paid = await ok('GET', `/sales-invoices/${invoice.data.id}`);
    expect(paid.data.attributes).toMatchObject({ amount_paid: total, balance: 0, payment_status: 'paid' });
    // A paid invoice is not canceled.
    expect((await call('POST', `/sales-invoices/${invoice.data.id}/cancel`)).status).toBe(409);
  });

  it('refuses a delivery the stock cannot give (409 naming the part) and changes nothing', async () => {
    const before = await onHand(wipers);
    const doc = await validatedOrder([{ product: wipers, quantity: 500 }]);
    const delivery = await ok('POST', `/sales-orders/${doc.data.id}/generate-delivery`, undefined, 201);
    const refused = await call('POST', `/sales-deliveries/${delivery.data.id}/validate`);
    expect(refused.status).toBe(409);
    expect(refused.body.errors[0].detail).toContain('Essuie-glace');
    expect(await onHand(wipers)).toBe(before);
    expect((await ok('GET', `/sales-deliveries/${delivery.data.id}`)).data.attributes.state).toBe('draft');
  });

  it('canceling a validated delivery puts its parts back', async () => {
    const doc = await validatedOrder([{ product: pads, quantity: 1 }]);
    const before = await onHand();
    const delivery = await ok('POST', `/sales-orders/${doc.data.id}/generate-delivery`, undefined, 201);
    await ok('POST', `/sales-deliveries/${delivery.data.id}/validate`);
    expect(await onHand()).toBe(before - 1);
    await ok('POST', `/sales-deliveries/${delivery.data.id}/cancel`);
    expect(await onHand()).toBe(before);
    expect((await ok('GET', `/sales-orders/${doc.data.id}`)).data.attributes.delivery_status).toBe('pending');
  });
});

describe('deposits', () => {
  it('a deposit of a percentage is invoiced first and deducted, taxes included, on the final invoice', async () => {
    const doc = await validatedOrder([{ description: 'Ensemble de pneus', quantity: 1, unit_price: 100000 }]);
    const deposit = await ok('POST', `/sales-orders/${doc.data.id}/generate-invoice`, { data: { attributes: { invoicingType: 'amount', percentage: 30 } } }, 201);
    expect(deposit.data.attributes).toMatchObject({ kind: 'deposit', subtotal: 30000 });
    expect(lines(deposit, 'sales-invoice-items')[0].attributes.description).toBe(`Acompte sur ${doc.data.attributes.code}`);
    await ok('POST', `/sales-invoices/${deposit.data.id}/validate`);
    const final = await ok('POST', `/sales-orders/${doc.data.id}/generate-invoice`, { data: { attributes: { invoicingType: 'complete' } } }, 201);
    const [work, deducted] = lines(final, 'sales-invoice-items');
    expect(work.attributes.subtotal).toBe(100000);
    expect(Number(deducted.attributes.quantity)).toBe(-1);
    expect(deducted.attributes.subtotal).toBe(-30000);
    expect(final.data.attributes.total).toBe(doc.data.attributes.total - deposit.data.attributes.total);
    await ok('POST', `/sales-invoices/${final.data.id}/validate`);
    // The deposit deducted elsewhere is not canceled; a second final invoice does not deduct it again.
    expect((await call('POST', `/sales-invoices/${deposit.data.id}/cancel`)).status).toBe(409);
  });

  it('a deposit needs an amount or a percentage, at most the order (422 at its pointer)', async () => {
    const doc = await validatedOrder([{ description: 'Travaux', quantity: 1, unit_price: 1000 }]);
    const res = await call('POST', `/sales-orders/${doc.data.id}/generate-invoice`, kit.admin, { data: { attributes: { invoicingType: 'amount' } } });
    expect(res.status).toBe(422);
    expect(res.body.errors[0].source.pointer).toBe('/data/attributes/amount');
    // Never more than the order before taxes, said with the amount as the reader writes it.
    const over = await call('POST', `/sales-orders/${doc.data.id}/generate-invoice`, kit.admin, { data: { attributes: { invoicingType: 'amount', amount: 1001 } } }, 'en');
    expect(over.status).toBe(422);
    expect(over.body.errors[0].detail).toBe('A deposit cannot exceed the order’s amount before taxes ($10.00).');
  });
});

describe('invoice numbers', () => {
  it('a draft has none; canceled drafts take none; validations give consecutive numbers', async () => {
    const make = async () => (await ok('POST', '/sales-invoices', { data: { type: 'sales-invoices', relationships: { recipient: toOne('customers', customer), items: { data: [{ type: 'sales-invoice-items', attributes: { description: 'Diagnostic', quantity: 1, unit_price: 9500 } }] } } } }, 201)).data.id;
    const ids = [await make(), await make(), await make()];
    await ok('POST', `/sales-invoices/${ids[1]}/cancel`);
    const a = (await ok('POST', `/sales-invoices/${ids[0]}/validate`)).data.attributes.code as string;
    const b = (await ok('POST', `/sales-invoices/${ids[2]}/validate`)).data.attributes.code as string;
    expect(Number(b.slice(-6))).toBe(Number(a.slice(-6)) + 1);
    expect((await ok('GET', `/sales-invoices/${ids[1]}`)).data.attributes.code).toBeNull();
  });

  it('is dated on the reader’s calendar (X-Timezone), not Greenwich’s, and due 30 days later', async () => {
    // 26 hours apart, Kiritimati (UTC+14) and Baker Island (UTC−12) never read the same day.
    const dated = async (timeZone: string) => {
      const body = { data: { type: 'sales-invoices', relationships: { recipient: toOne('customers', customer), items: { data: [{ type: 'sales-invoice-items', attributes: { description: 'Diagnostic', quantity: 1, unit_price: 9500 } }] } } } };
      const res = await t.api('POST', `${API}/sales-invoices`, { token: kit.admin.token, body, headers: { 'x-timezone': timeZone } });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return res.body.data.attributes as { issued_on: string; expiration_time: string };
    };
    const east = await dated('Pacific/Kiritimati');
    const west = await dated('Etc/GMT+12');
    expect(east.issued_on).toBe(dayIn('Pacific/Kiritimati'));
    expect(west.issued_on).toBe(dayIn('Etc/GMT+12'));
    expect(east.issued_on).not.toBe(west.issued_on);
    expect(east.expiration_time).toBe(plusDays(east.issued_on, 30));
    // Without a valid time zone: Québec's calendar.
    expect((await dated('Mars/Olympus_Mons')).issued_on).toBe(dayIn('America/Toronto'));
  });

  it.runIf(!!process.env.DATABASE_URL)('20 simultaneous validations give 20 consecutive numbers (PostgreSQL)', async () => {
    const ids: string[] = [];
    for (let k = 0; k < 20; k++)
      ids.push((await ok('POST', '/sales-invoices', { data: { type: 'sales-invoices', relationships: { recipient: toOne('customers', customer), items: { data: [{ type: 'sales-invoice-items', attributes: { description: `Ligne ${k}`, quantity: 1, unit_price: 100 } }] } } } }, 201)).data.id);
    const answers = await Promise.all(ids.map((id) => call('POST', `/sales-invoices/${id}/validate`)));
    expect(answers.map((a) => a.status)).toEqual(ids.map(() => 200));
    const numbers = answers.map((a) => Number(String(a.body.data.attributes.code).slice(-6))).sort((x, y) => x - y);
    expect(numbers.at(-1)! - numbers[0]).toBe(19);
    expect(new Set(numbers).size).toBe(20);
  });

  it.runIf(!!process.env.DATABASE_URL)('20 simultaneous payments never take an invoice below zero (PostgreSQL)', async () => {
    const id = (await ok('POST', '/sales-invoices', { data: { type: 'sales-invoices', relationships: { recipient: toOne('customers', customer), items: { data: [{ type: 'sales-invoice-items', attributes: { description: 'Travaux', quantity: 1, unit_price: 1000 } }] } } } }, 201)).data.id;
    const { data } = await ok('POST', `/sales-invoices/${id}/validate`);
    const share = Math.ceil(data.attributes.total / 10);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => call('POST', '/sales-payments', kit.admin, { data: { type: 'sales-payments', attributes: { amount: share, paid_on: '2026-11-28', method: 'card' }, relationships: { invoice: toOne('sales-invoices', id) } } })),
    );
    expect(answers.every((a) => a.status === 201 || a.status === 422)).toBe(true);
    const after = (await ok('GET', `/sales-invoices/${id}`)).data.attributes;
    expect(after.balance).toBeGreaterThanOrEqual(0);
    expect(after.amount_paid).toBe(answers.filter((a) => a.status === 201).length * share);
  });
});

describe('the invoice PDF', () => {
  it('prints the GST and QST numbers, each line’s taxes, the totals, paid and balance, the terms, in French and English; another organization’s is not found', async () => {
    const setOption = async (name: string, value: string) => {
      const [{ id }] = rowsOf<{ id: string }>(await t.database.db.execute(sql`SELECT id FROM options WHERE organization_id = ${kit.organization.id} AND name = ${name}`));
      const res = await call('PATCH', `/options/${id}`, kit.admin, { data: { type: 'options', id, attributes: { value } } });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    };
    await setOption('sales.gst_number', '123456789 RT0001');
    await setOption('sales.qst_number', '1234567890 TQ0001');
    await setOption('sales.payment_terms', 'Payable à la réception');
    // Québec's taxes on the lines: the group with both GST and QST.
    const groups = (await ok('GET', '/tax-groups?include=taxes')).included.filter((x: any) => x.type === 'taxes');
    const quebec = groups.find((x: any) => x.attributes.code === 'TVQ' || x.attributes.code === 'QST').relationships.taxGroup.data.id;
    await setOption('sales.default_tax_group', quebec);
    const doc = await validatedOrder([{ product: pads, quantity: 1 }]);
    const invoice = await ok('POST', `/sales-orders/${doc.data.id}/generate-invoice`, undefined, 201);
    const id = invoice.data.id;
    const pdf = async (locale: string, as = kit.admin) => t.app.inject({ method: 'GET', url: `${API}/sales-invoices/${id}/report`, headers: { authorization: `Bearer ${as.token}`, 'accept-language': locale } });
    // A draft prints as such, without a number.
    expect((await pdfPages((await pdf('fr')).rawPayload)).join('\n')).toContain('Brouillon (sans numéro)');
    const { data } = await ok('POST', `/sales-invoices/${id}/validate`);
    await call('POST', '/sales-payments', kit.admin, { data: { type: 'sales-payments', attributes: { amount: 5000, paid_on: '2026-11-28', method: 'cash' }, relationships: { invoice: toOne('sales-invoices', id) } } });
    const fr = await pdf('fr');
    expect(fr.statusCode).toBe(200);
    expect(String(fr.headers['content-disposition'])).toContain(`facture-${data.attributes.code}.pdf`);
    const text = (await pdfPages(fr.rawPayload)).join('\n').replace(/\s+/g, ' ');
    const money = (cents: number) => `${(cents / 100).toFixed(2).replace('.', ',')} $`;
    const [gst, qst] = data.attributes.tax_details;
    for (const expected of ['Facture', data.attributes.code, 'No TPS : 123456789 RT0001', 'No TVQ : 1234567890 TQ0001', 'Facturé à', 'Julie Tremblay', 'Plaquettes avant', `${gst.code} ${money(gst.amount)}`, `${qst.code} ${money(qst.amount)}`, money(data.attributes.total), 'Solde dû', money(data.attributes.total - 5000), 'Payable à la réception'])
      expect(text, expected).toContain(expected);
    const en = (await pdfPages((await pdf('en')).rawPayload)).join('\n');
    for (const expected of ['Invoice', 'GST no.: 123456789 RT0001', 'QST no.: 1234567890 TQ0001', 'Bill to', 'Balance due']) expect(en, expected).toContain(expected);
    const stranger = await createKit(t);
    expect((await pdf('fr', stranger.admin)).statusCode).toBe(404);
  });
});

describe('permissions', () => {
  it('a clerk without the invoices’ permission cannot generate one (403); the workflows read the spec’s states', async () => {
    const clerk = await kit.user({ permissions: ['view any sales orders', 'view sales orders', 'create sales orders', 'edit sales orders'] });
    const doc = await validatedOrder([{ description: 'Travaux', quantity: 1, unit_price: 1000 }]);
    expect((await call('POST', `/sales-orders/${doc.data.id}/generate-invoice`, clerk)).status).toBe(403);
    expect(salesDeliveryWorkflow.states).toEqual(['draft', 'validated', 'canceled']);
    expect(salesInvoiceWorkflow.states).toEqual(['draft', 'validated', 'canceled']);
  });
});
