import { purchasesDeliveryWorkflow, purchasesInvoiceWorkflow, purchasesOrderWorkflow } from '@atelier/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers.ts';
import { createKit, type Kit, type KitUser } from '../kit.ts';
import { pdfPages } from '../reports/pdf-text.ts';

// Purchases on the workflow kit (issue 22): orders with priced lines, receipts and bills generated
// from them in parts, the stock a receipt brings in, payments never over a bill's balance, the
// order's statuses and completion derived from its validated documents.

const API = '/api/v1';
let t: TestApp;
let kit: Kit;
let clerk: KitUser;
let supplier: string;
let warehouse: string;
let pads: string;
let filter: string;

type Line = { product?: string; description?: string; quantity: string | number; unit_price?: number; discount?: string | number };

const orderBody = (lines: Line[], attributes: Record<string, unknown> = {}) => ({
  data: {
    type: 'purchases-orders',
    attributes,
    relationships: {
      supplier: { data: { type: 'suppliers', id: supplier } },
      destinationWarehouse: { data: { type: 'warehouses', id: warehouse } },
      items: {
        data: lines.map(({ product, ...a }) => ({ type: 'purchases-order-items', attributes: a, ...(product ? { relationships: { product: { data: { type: 'products', id: product } } } } : {}) })),
      },
    },
  },
});

const call = (method: string, path: string, as: KitUser = kit.admin, body?: unknown, locale = 'fr') => t.api(method, `${API}${path}`, { token: as.token, body, headers: { 'accept-language': locale } });

async function order(lines: Line[], attributes: Record<string, unknown> = {}): Promise<any> {
  const res = await call('POST', '/purchases-orders?include=items', kit.admin, orderBody(lines, attributes));
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

async function ok(method: string, path: string, body?: unknown, status = 200) {
  const res = await call(method, path, kit.admin, body);
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  return res.body;
}

async function validatedOrder(lines: Line[]) {
  const doc = await order(lines);
  await ok('POST', `/purchases-orders/${doc.data.id}/validate`);
  return doc;
}

async function onHand(product = pads): Promise<number> {
  const res = await call('GET', `/warehouse-products?filter[warehouse]=${warehouse}&filter[product]=${product}`);
  return Number(res.body.data[0]?.attributes.quantity_on_hand ?? 0);
}

const items = (doc: any) => doc.included.filter((r: any) => r.type === 'purchases-order-items');

beforeAll(async () => {
  t = await createTestApp();
  kit = await createKit(t);
  clerk = await kit.user({ permissions: ['view any purchases orders', 'view purchases orders', 'create purchases orders'] });
  const location = await kit.location('Montréal');
  warehouse = (await kit.make('warehouses', { name: 'Magasin' }, { location })).id;
  supplier = (await kit.make('suppliers', { company_name: 'Pièces Québec' })).id;
  pads = (await kit.make('products', { sku: 'PLAQ-AV', name: 'Plaquettes avant', buying_price: 4500 })).id;
  filter = (await kit.make('products', { sku: 'FILT-H', name: 'Filtre à huile', buying_price: 800 })).id;
  // The supplier sells the pads at its own price.
  await kit.make('supplier-products', { supplier_sku: 'PQ-1', cost: 4200 }, { supplier, product: pads });
});
afterAll(() => t?.close());

describe('an order and its lines', () => {
  it('fills a line from its product (the supplier’s price), never over what was typed; totals with taxes', async () => {
    const doc = await order([{ product: pads, quantity: '2' }, { product: filter, quantity: '4,5', unit_price: 700, description: 'Filtre (prix négocié)' }, { description: 'Transport', quantity: 1, unit_price: 2500, discount: '10' }]);
    const a = doc.data.attributes;
    expect(a.code).toMatch(/^PO-\d{4}-\d{6}$/);
    expect(a).toMatchObject({ state: 'draft', delivery_status: 'pending', invoicing_status: 'pending', invoicing_type: 'complete', item_count: 3 });
    const [first, second, third] = items(doc).sort((x: any, y: any) => x.attributes.position - y.attributes.position).map((i: any) => i.attributes);
    expect(first).toMatchObject({ description: 'Plaquettes avant', unit_price: 4200, subtotal: 8400 });
    expect(second).toMatchObject({ description: 'Filtre (prix négocié)', unit_price: 700, quantity: '4.5000', subtotal: 3150 });
    expect(third).toMatchObject({ subtotal: 2250 });
    // The organization's default purchases tax group (GST 5 % where no province is set) on every line.
    expect(first.tax_details.map((x: any) => [x.code, x.amount])).toEqual([['TPS', 420]]);
    expect(first.tax_total).toBe(420);
    expect(a.subtotal).toBe(8400 + 3150 + 2250);
    expect(a.discount_total).toBe(250);
    expect(a.total).toBe(a.subtotal + a.tax_total);
    expect(a.tax_total).toBe(items(doc).reduce((s: number, i: any) => s + i.attributes.tax_total, 0));
  });

  it('a line needs a product or a description (422 at the line)', async () => {
    const res = await call('POST', '/purchases-orders', kit.admin, orderBody([{ quantity: 1 }]), 'en');
    expect(res.status).toBe(422);
    expect(res.body.errors[0]).toMatchObject({ source: { pointer: '/data/relationships/items/data/0/attributes/description' }, detail: 'Choose a product, or describe the line.' });
  });

  it('is written only as a draft, its lines too; validating needs a line', async () => {
    const empty = await order([]);
    const refused = await call('POST', `/purchases-orders/${empty.data.id}/validate`);
    expect(refused.status).toBe(409);
    expect(refused.body.errors[0].detail).toBe('Ajoutez au moins une ligne avec une quantité avant de valider la commande.');
    const doc = await validatedOrder([{ product: pads, quantity: 1 }]);
    const patch = await call('PATCH', `/purchases-orders/${doc.data.id}`, kit.admin, { data: { type: 'purchases-orders', id: doc.data.id, attributes: { notes: 'Après coup' } } });
    expect(patch.status).toBe(409);
    const line = items(doc)[0];
    const lineRes = await call('PATCH', `/purchases-order-items/${line.id}`, kit.admin, { data: { type: 'purchases-order-items', id: line.id, attributes: { quantity: '9' } } });
    expect(lineRes.status).toBe(409);
    expect((await call('DELETE', `/purchases-orders/${doc.data.id}`)).status).toBe(409);
  });
});

describe('states and actions', () => {
  const flows = [
    ['purchases-orders', 'purchases_orders', purchasesOrderWorkflow],
    ['purchases-deliveries', 'purchases_deliveries', purchasesDeliveryWorkflow],
    ['purchases-invoices', 'purchases_invoices', purchasesInvoiceWorkflow],
  ] as const;
  const CASES = flows.flatMap(([type, table, wf]) => wf.states.flatMap((state) => wf.actions.map((action) => [type, table, state, action, wf.transition(state as never, action as never)] as const)));

  /** A fresh document of the type that its action accepts in the draft state (a line with a quantity). */
  async function documentOf(type: string) {
    const doc = await validatedOrder([{ product: pads, quantity: 2 }]);
    if (type === 'purchases-orders') {
      const fresh = await order([{ product: pads, quantity: 2 }]);
      return fresh.data.id;
    }
    const made = await ok('POST', `/purchases-orders/${doc.data.id}/${type === 'purchases-deliveries' ? 'generate-delivery' : 'generate-invoice'}`, {}, 201);
    return made.data.id;
  }

  it.each(CASES)('%s: %s --%s--> %s', async (type, table, state, action, next) => {
    const id = await documentOf(type);
    if (state !== 'draft') await t.database.db.execute(sql`UPDATE ${sql.identifier(table)} SET state = ${state} WHERE id = ${id}`);
    const res = await call('POST', `/${type}/${id}/${action}`);
    if (!next) {
      expect(res.status, JSON.stringify(res.body)).toBe(409);
      expect(res.body.errors[0].detail).toMatch(/ne permet pas « .+ » dans l’état « .+ »\.$/);
    } else {
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.data.attributes.state).toBe(next);
    }
  });

  it('refuses in English; each action needs its permission (403); GET works as POST', async () => {
    const id = (await order([{ product: pads, quantity: 1 }])).data.id;
    for (const action of purchasesOrderWorkflow.actions) expect((await call('POST', `/purchases-orders/${id}/${action}`, clerk)).status, action).toBe(403);
    expect((await call('POST', `/purchases-orders/${id}/complete`, kit.admin, undefined, 'en')).body.errors[0].detail).toBe('This order does not allow “Close” while “Draft”.');
    const got = await call('GET', `/purchases-orders/${id}/validate`);
    expect(got.body.data.attributes).toMatchObject({ state: 'validated', available_actions: ['complete', 'cancel'] });
    expect((await call('POST', `/purchases-orders/${id}/generate-delivery`, clerk)).status).toBe(403);
  });
});

describe('receiving in parts', () => {
  it('a receipt of part of the order brings that stock in at its cost; the rest later; delivered', async () => {
    const before = await onHand();
    const doc = await validatedOrder([{ product: pads, quantity: 5 }, { description: 'Consigne', quantity: 1, unit_price: 500 }]);
    const [line, free] = items(doc).sort((x: any, y: any) => x.attributes.position - y.attributes.position);
    const first = await ok('POST', `/purchases-orders/${doc.data.id}/generate-delivery`, { data: { attributes: { items: [{ id: line.id, quantity: '2' }], supplier_reference: 'BL-881' } } }, 201);
    expect(first.data.type).toBe('purchases-deliveries');
    expect(first.data.attributes).toMatchObject({ state: 'draft', supplier_reference: 'BL-881', item_count: 1 });
    expect(first.data.attributes.code).toMatch(/^PR-\d{4}-\d{6}$/);
    // A draft receipt moves nothing.
    expect(await onHand()).toBe(before);
    const validated = await ok('POST', `/purchases-deliveries/${first.data.id}/validate?include=stockMovement`);
    expect(await onHand()).toBe(before + 2);
    const movement = validated.included.find((r: any) => r.type === 'stock-movements');
    expect(movement.attributes).toMatchObject({ state: 'validated', type: 'add', trigger_object_type: 'purchases-deliveries', trigger_object_id: first.data.id, total_cost: 8400 });
    let now = (await ok('GET', `/purchases-orders/${doc.data.id}?include=items`)).data.attributes;
    expect(now).toMatchObject({ state: 'validated', delivery_status: 'partially_delivered' });

    // More than is left: refused, naming the line and what is left.
    const over = await ok('POST', `/purchases-orders/${doc.data.id}/generate-delivery`, { data: { attributes: { items: [{ id: line.id, quantity: 3 }] } } }, 201);
    const draftLine = over.included.find((r: any) => r.type === 'purchases-delivery-items');
    await ok('PATCH', `/purchases-delivery-items/${draftLine.id}`, { data: { type: 'purchases-delivery-items', id: draftLine.id, attributes: { quantity: '4' } } });
    const refused = await call('POST', `/purchases-deliveries/${over.data.id}/validate`);
    expect(refused.status).toBe(409);
    expect(refused.body.errors[0].detail).toBe('Ligne 1 (Plaquettes avant) : il ne reste que 3 à recevoir.');
    const asked = await call('POST', `/purchases-orders/${doc.data.id}/generate-delivery`, kit.admin, { data: { attributes: { items: [{ id: line.id, quantity: 4 }] } } }, 'en');
    expect(asked.status).toBe(409);
    expect(asked.body.errors[0].detail).toBe('Line 1 (Plaquettes avant): only 3 is left to receive.');
    const bad = await call('POST', `/purchases-orders/${doc.data.id}/generate-delivery`, kit.admin, { data: { attributes: { items: [{ id: doc.data.id, quantity: 1 }, { id: line.id, quantity: '-1' }] } } });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.map((e: any) => e.source.pointer)).toEqual(['/data/attributes/items/0/id', '/data/attributes/items/1/quantity']);

    await ok('PATCH', `/purchases-delivery-items/${draftLine.id}`, { data: { type: 'purchases-delivery-items', id: draftLine.id, attributes: { quantity: '3' } } });
    await ok('POST', `/purchases-deliveries/${over.data.id}/validate`);
    expect(await onHand()).toBe(before + 5);
    // The free line is received by a receipt of its own (no stock).
    const rest = await ok('POST', `/purchases-orders/${doc.data.id}/generate-delivery`, {}, 201);
    expect(rest.included.filter((r: any) => r.type === 'purchases-delivery-items').map((r: any) => r.relationships?.purchasesOrderItem?.data?.id ?? r.attributes.description)).toHaveLength(1);
    await ok('POST', `/purchases-deliveries/${rest.data.id}/validate`);
    now = (await ok('GET', `/purchases-orders/${doc.data.id}?include=items`)).data.attributes;
    expect(now.delivery_status).toBe('delivered');
    expect((await call('POST', `/purchases-orders/${doc.data.id}/generate-delivery`)).body.errors[0].detail).toBe('Tout ce qui a été commandé est déjà reçu.');
    expect(free.attributes.description).toBe('Consigne');
  });

  it('canceling a validated receipt takes its parts out again and the order’s status follows', async () => {
    const before = await onHand();
    const doc = await validatedOrder([{ product: pads, quantity: 3 }]);
    const receipt = await ok('POST', `/purchases-orders/${doc.data.id}/generate-delivery`, {}, 201);
    await ok('POST', `/purchases-deliveries/${receipt.data.id}/validate`);
    expect(await onHand()).toBe(before + 3);
    expect((await ok('GET', `/purchases-orders/${doc.data.id}`)).data.attributes.delivery_status).toBe('delivered');
    const canceled = await ok('POST', `/purchases-deliveries/${receipt.data.id}/cancel?include=stockMovement`);
    expect(canceled.included[0].attributes.state).toBe('canceled');
    expect(await onHand()).toBe(before);
    expect((await ok('GET', `/purchases-orders/${doc.data.id}`)).data.attributes.delivery_status).toBe('pending');
  });
});

describe('invoicing and paying', () => {
  it('bills what was received, then the rest; all received and billed, the order is completed; payments never over the balance', async () => {
    const doc = await validatedOrder([{ product: pads, quantity: 4 }, { product: filter, quantity: 10 }]);
    const [line] = items(doc).sort((x: any, y: any) => x.attributes.position - y.attributes.position);
    await ok('POST', `/purchases-orders/${doc.data.id}/generate-delivery`, { items: [{ id: line.id, quantity: 4 }] }, 201).then((r) => ok('POST', `/purchases-deliveries/${r.data.id}/validate`));
    const byProduct = await ok('POST', `/purchases-orders/${doc.data.id}/generate-invoice`, { invoicingType: 'product' }, 201);
    const billed = byProduct.included.filter((r: any) => r.type === 'purchases-invoice-items');
    expect(billed.map((r: any) => Number(r.attributes.quantity))).toEqual([4]);
    expect(byProduct.data.attributes).toMatchObject({ state: 'draft', invoicing_type: 'product', subtotal: 16800 });
    expect(byProduct.data.attributes.code).toMatch(/^PF-\d{4}-\d{6}$/);
    const first = await ok('POST', `/purchases-invoices/${byProduct.data.id}/validate`);
    expect(first.data.attributes).toMatchObject({ balance: first.data.attributes.total, payment_status: 'unpaid', amount_paid: 0 });
    expect((await ok('GET', `/purchases-orders/${doc.data.id}`)).data.attributes).toMatchObject({ invoicing_status: 'partially_invoiced', state: 'validated' });

    // Pay part, then too much (refused), then the rest.
    const total = first.data.attributes.total;
    const pay = (amount: number, locale = 'fr') =>
      call('POST', '/purchases-payments', kit.admin, { data: { type: 'purchases-payments', attributes: { amount, paid_on: '2026-11-28', method: 'cheque', reference: 'CHQ-1' }, relationships: { invoice: { data: { type: 'purchases-invoices', id: byProduct.data.id } } } } }, locale);
    expect((await pay(5000)).status).toBe(201);
    let bill = (await ok('GET', `/purchases-invoices/${byProduct.data.id}`)).data.attributes;
    expect(bill).toMatchObject({ amount_paid: 5000, balance: total - 5000, payment_status: 'partially_paid' });
    const over = await pay(total, 'en');
    expect(over.status).toBe(422);
    expect(over.body.errors[0]).toMatchObject({ source: { pointer: '/data/attributes/amount' } });
    expect(over.body.errors[0].detail).toContain(`$${((total - 5000) / 100).toLocaleString('en-CA')}`);
    expect((await pay(total - 5000)).status).toBe(201);
    bill = (await ok('GET', `/purchases-invoices/${byProduct.data.id}?include=payments`)).data.attributes;
    expect(bill).toMatchObject({ amount_paid: total, balance: 0, payment_status: 'paid' });
    const cancel = await call('POST', `/purchases-invoices/${byProduct.data.id}/cancel`);
    expect(cancel.status).toBe(409);
    expect(cancel.body.errors[0].detail).toMatch(/a des paiements/);

    // The rest: received and billed, the order completes itself.
    await ok('POST', `/purchases-orders/${doc.data.id}/generate-delivery`, {}, 201).then((r) => ok('POST', `/purchases-deliveries/${r.data.id}/validate`));
    const rest = await ok('POST', `/purchases-orders/${doc.data.id}/generate-invoice`, {}, 201);
    expect(rest.included.filter((r: any) => r.type === 'purchases-invoice-items').map((r: any) => Number(r.attributes.quantity))).toEqual([10]);
    await ok('POST', `/purchases-invoices/${rest.data.id}/validate`);
    const done = (await ok('GET', `/purchases-orders/${doc.data.id}?include=items`)).data.attributes;
    expect(done).toMatchObject({ state: 'completed', delivery_status: 'delivered', invoicing_status: 'invoiced' });
    expect(done.completed_at).toBeTruthy();
  });

  it('a deposit of an amount, a bill written by hand, a payment of a draft refused, a canceled order with documents refused', async () => {
    const doc = await validatedOrder([{ product: pads, quantity: 1 }]);
    const deposit = await ok('POST', `/purchases-orders/${doc.data.id}/generate-invoice`, { data: { attributes: { invoicingType: 'amount', amount: 10000 } } }, 201);
    expect(deposit.data.attributes).toMatchObject({ invoicing_type: 'amount', subtotal: 10000 });
    expect(deposit.included.find((r: any) => r.type === 'purchases-invoice-items').attributes.description).toBe(`Acompte sur ${doc.data.attributes.code}`);
    const noAmount = await call('POST', `/purchases-orders/${doc.data.id}/generate-invoice`, kit.admin, { invoicingType: 'amount' });
    expect(noAmount.status).toBe(422);
    const cancel = await call('POST', `/purchases-orders/${doc.data.id}/cancel`);
    expect(cancel.status).toBe(409);
    expect(cancel.body.errors[0].detail).toContain(deposit.data.attributes.code);
    const draftPay = await call('POST', '/purchases-payments', kit.admin, { data: { type: 'purchases-payments', attributes: { amount: 100, paid_on: '2026-11-28', method: 'cash' }, relationships: { invoice: { data: { type: 'purchases-invoices', id: deposit.data.id } } } } });
    expect(draftPay.status).toBe(422);
    expect(draftPay.body.errors[0].source.pointer).toBe('/data/relationships/invoice');
    const byHand = await ok(
      'POST',
      '/purchases-invoices?include=items',
      {
        data: {
          type: 'purchases-invoices',
          attributes: { supplier_reference: 'F-2026-77', expiration_time: '2026-12-28' },
          relationships: { supplier: { data: { type: 'suppliers', id: supplier } }, items: { data: [{ type: 'purchases-invoice-items', attributes: { description: 'Frais de transport', quantity: 1, unit_price: 1500 } }] } },
        },
      },
      201,
    );
    expect(byHand.data.attributes).toMatchObject({ subtotal: 1500, state: 'draft' });
    await ok('POST', `/purchases-invoices/${byHand.data.id}/validate`);
    // Only what is not yet generated: a draft order makes nothing.
    const draft = await order([{ product: pads, quantity: 1 }]);
    expect((await call('POST', `/purchases-orders/${draft.data.id}/generate-invoice`)).status).toBe(409);
    // A supplier with orders is kept (its documents restrict its deletion): a 409, not a 500.
    const kept = await call('DELETE', `/suppliers/${supplier}`, kit.admin, undefined, 'en');
    expect(kept.status).toBe(409);
    expect(kept.body.errors[0].detail).toBe('This record is used by other data and cannot be deleted.');
  });
});

describe('the purchase order PDF', () => {
  it('prints the supplier, where to deliver, the lines with the supplier’s codes and the totals, in French and English; another organization’s is not found', async () => {
    const doc = await validatedOrder([{ product: pads, quantity: 3 }, { description: 'Transport', quantity: 1, unit_price: 2500, discount: 10 }]);
    const id = doc.data.id;
    const pdf = async (locale: string, as = kit.admin) => t.app.inject({ method: 'GET', url: `${API}/purchases-orders/${id}/report`, headers: { authorization: `Bearer ${as.token}`, 'accept-language': locale } });
    const fr = await pdf('fr');
    expect(fr.statusCode).toBe(200);
    expect(fr.headers['content-type']).toBe('application/pdf');
    expect(String(fr.headers['content-disposition'])).toContain(`bon-de-commande-${doc.data.attributes.code}.pdf`);
    const text = (await pdfPages(fr.rawPayload)).join('\n');
    for (const expected of ['Bon de commande', 'Pièces Québec', 'Livrer à', 'Magasin', 'Plaquettes avant', 'PQ-1', 'Remise 10 %', 'TPS'])
      expect(text.replace(/\s+/g, ' '), expected).toContain(expected);
    expect(text.replace(/\s/g, ' ')).toContain(`${(doc.data.attributes.total / 100).toFixed(2).replace('.', ',')} $`);
    const en = (await pdfPages((await pdf('en')).rawPayload)).join('\n');
    expect(en).toContain('Purchase order');
    expect(en).toContain('Deliver to');
    const stranger = await createKit(t);
    expect((await pdf('fr', stranger.admin)).statusCode).toBe(404);
  });
});

describe('reordering', () => {
  it('drafts one order per supplier of what is at or below its minimum, up to its maximum less what is on order', async () => {
    const location = await kit.location('Laval');
    const room = (await kit.make('warehouses', { name: 'Comptoir Laval' }, { location })).id;
    const other = (await kit.make('suppliers', { company_name: 'Pneus Nord' })).id;
    const tires = (await kit.make('products', { sku: 'PN-205', name: 'Pneu 205/55R16', buying_price: 11900 })).id;
    const nobody = (await kit.make('products', { sku: 'VRAC-1', name: 'Pièce sans fournisseur' })).id;
    await kit.make('supplier-products', { supplier_sku: 'PN-1', cost: 11000 }, { supplier: other, product: tires });
    // Stock rows with their reorder points (pads: 1 on hand, min 3, max 12; tires: none, min 4, no max; nobody's: min 2).
    const points = async (product: string, minimum: string, maximum: string | null) =>
      kit.make('warehouse-products', { minimum, maximum }, { warehouse: room, product });
    await points(pads, '3', '12');
    await points(tires, '4', null);
    await points(nobody, '2', null);
    await points(filter, '1', '5');
    const entry = await call('POST', '/stock-movements', kit.admin, {
      data: { type: 'stock-movements', attributes: { type: 'add' }, relationships: { destinationWarehouse: { data: { type: 'warehouses', id: room } }, items: { data: [{ type: 'stock-movement-items', attributes: { quantity: 1, unit_cost: 4000 }, relationships: { product: { data: { type: 'products', id: pads } } } }, { type: 'stock-movement-items', attributes: { quantity: 2, unit_cost: 800 }, relationships: { product: { data: { type: 'products', id: filter } } } }] } } },
    });
    await ok('POST', `/stock-movements/${entry.body.data.id}/validate`);

    const first = await ok('POST', '/purchases-orders/reorder', { warehouse: room });
    expect(first.meta.without_supplier).toEqual([nobody]);
    expect(first.meta.orders).toHaveLength(2);
    const made = await Promise.all(first.meta.orders.map((o: any) => ok('GET', `/purchases-orders/${o.id}?include=items,supplier`)));
    const lines = made.flatMap((d: any) => items(d).map((i: any) => [d.data.relationships.supplier.data.id, i.relationships.product.data.id, Number(i.attributes.quantity), i.attributes.unit_price]));
    expect(lines.sort()).toEqual(
      [
        [supplier, pads, 11, 4200],
        [other, tires, 4, 11000],
      ].sort(),
    );
    expect(made.every((d: any) => d.data.attributes.state === 'draft' && d.data.relationships.destinationWarehouse?.data?.id !== undefined)).toBe(true);
    // Asked again: what is on order is not ordered twice.
    const again = await ok('POST', '/purchases-orders/reorder', { warehouse: room });
    expect(again.meta.orders).toEqual([]);
    // Another organization's warehouse does not exist for this user.
    const stranger = await createKit(t);
    const unseen = await call('POST', '/purchases-orders/reorder', stranger.admin, { warehouse: room });
    expect(unseen.status).toBe(422);
    expect(unseen.body.errors[0].source.pointer).toBe('/data/attributes/warehouse');
    const reader = await kit.user({ permissions: ['view any purchases orders', 'view purchases orders', 'view any warehouses', 'view warehouses'] });
    expect((await call('POST', '/purchases-orders/reorder', reader, { warehouse: room })).status).toBe(403);
  });
});

describe.skipIf(!process.env.DATABASE_URL)('at once (PostgreSQL)', () => {
  it('ten payments of a bill at once never pay more than its total', async () => {
    const doc = await validatedOrder([{ description: 'Pneus', quantity: 1, unit_price: 10000 }]);
    const bill = await ok('POST', `/purchases-orders/${doc.data.id}/generate-invoice`, {}, 201);
    const total = (await ok('POST', `/purchases-invoices/${bill.data.id}/validate`)).data.attributes.total;
    const share = Math.ceil(total / 4);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => call('POST', '/purchases-payments', kit.admin, { data: { type: 'purchases-payments', attributes: { amount: share, paid_on: '2026-11-28', method: 'transfer' }, relationships: { invoice: { data: { type: 'purchases-invoices', id: bill.data.id } } } } })),
    );
    const made = answers.filter((a) => a.status === 201).length;
    expect(made).toBe(Math.floor(total / share));
    expect(answers.every((a) => a.status === 201 || a.status === 422)).toBe(true);
    const after = (await ok('GET', `/purchases-invoices/${bill.data.id}`)).data.attributes;
    expect(after.amount_paid).toBe(made * share);
    expect(after.amount_paid).toBeLessThanOrEqual(total);
  });

  it('two receipts of all that is left, validated at once: one passes, the stock counts it once', async () => {
    const before = await onHand();
    const doc = await validatedOrder([{ product: pads, quantity: 6 }]);
    const a = await ok('POST', `/purchases-orders/${doc.data.id}/generate-delivery`, {}, 201);
    const b = await ok('POST', `/purchases-orders/${doc.data.id}/generate-delivery`, {}, 201);
    const answers = await Promise.all([a, b].map((d) => call('POST', `/purchases-deliveries/${d.data.id}/validate`)));
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await onHand()).toBe(before + 6);
  });
});
