import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toOne } from '../factories.ts';
import { createTestApp, type TestApp } from '../helpers.ts';
import { createKit, type Kit } from '../kit.ts';

// Repairs and the parts room (issue 22): an item naming an inventory part takes what it leaves
// empty from it (never what was typed); completing the repair takes its parts out of its
// location's parts room, once, whatever the path (redone and completed again: one movement).

const API = '/api/v1';
let t: TestApp;
let kit: Kit;
let location: string;
let room: string;
let pads: string;
let supplier: string;

const call = (method: string, path: string, body?: unknown, locale = 'fr') => t.api(method, `${API}${path}`, { token: kit.admin.token, body, headers: { 'accept-language': locale } });

async function onHand(product = pads) {
  const res = await call('GET', `/warehouse-products?filter[warehouse]=${room}&filter[product]=${product}`);
  return Number(res.body.data[0]?.attributes.quantity_on_hand ?? 0);
}

async function repairWith(items: { attributes: Record<string, unknown>; product?: string }[]) {
  const vehicle = (await kit.make('vehicles')).id;
  const customer = (await kit.make('customers')).id;
  const res = await call('POST', '/repairs?include=items', {
    data: {
      type: 'repairs',
      relationships: {
        vehicle: toOne('vehicles', vehicle),
        customer: toOne('customers', customer),
        allowedLocations: { data: [{ type: 'locations', id: location }] },
        items: { data: items.map((i) => ({ type: 'repair-items', attributes: i.attributes, ...(i.product ? { relationships: { product: toOne('products', i.product) } } : {}) })) },
      },
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

async function act(id: string, action: string, body: unknown = {}) {
  const res = await call('POST', `/repairs/${id}/${action}`, body);
  expect(res.status, `${action}: ${JSON.stringify(res.body)}`).toBe(200);
  return res.body;
}

const work = async (id: string) => {
  await act(id, 'assign', { data: { relationships: { assignedToUsers: { data: [{ type: 'users', id: kit.admin.id }] } } } });
  await act(id, 'start');
  return act(id, 'complete');
};

const movementsOf = async (repair: string) => (await call('GET', `/stock-movements?filter[search]=${encodeURIComponent(repair)}`)).body.data;

beforeAll(async () => {
  t = await createTestApp();
  kit = await createKit(t);
  location = await kit.location('Montréal');
  room = (await kit.make('warehouses', { name: 'Magasin Montréal' }, { location })).id;
  supplier = (await kit.make('suppliers', { company_name: 'Pièces Québec' })).id;
  pads = (await kit.make('products', { sku: 'PLAQ-AV', name: 'Plaquettes avant', part_number: 'HY-58101', selling_price: 8950, buying_price: 4500 })).id;
  await kit.make('supplier-products', { supplier_sku: 'PQ-1', cost: 4200 }, { supplier, product: pads });
  const entry = await call('POST', '/stock-movements', {
    data: { type: 'stock-movements', attributes: { type: 'add' }, relationships: { destinationWarehouse: toOne('warehouses', room), items: { data: [{ type: 'stock-movement-items', attributes: { quantity: 10, unit_cost: 4200 }, relationships: { product: toOne('products', pads) } }] } } },
  });
  expect((await call('POST', `/stock-movements/${entry.body.data.id}/validate`)).status).toBe(200);
});
afterAll(() => t?.close());

describe('an item naming a part', () => {
  it('takes the part’s name, number, price and supplier where the item leaves them empty, keeps what was typed', async () => {
    const doc = await repairWith([
      { attributes: { detail: 'Plaquettes avant', quantity: '2' }, product: pads },
      { attributes: { detail: 'Plaquettes (prix négocié)', quantity: '1', unit_price: 7000, part: 'Plaquettes OEM' }, product: pads },
    ]);
    const [a, b] = doc.included.filter((r: any) => r.type === 'repair-items').sort((x: any, y: any) => x.attributes.position - y.attributes.position);
    expect(a.attributes).toMatchObject({ part: 'Plaquettes avant', part_number: 'HY-58101', unit_price: 8950 });
    expect(a.relationships.supplier.data).toEqual({ type: 'suppliers', id: supplier });
    expect(b.attributes).toMatchObject({ part: 'Plaquettes OEM', part_number: 'HY-58101', unit_price: 7000 });
    // On an estimate, the part is chosen in the parts phase, by whoever holds it.
    const estimate = await call('POST', '/estimations?include=items', {
      data: {
        type: 'estimations',
        relationships: {
          vehicle: toOne('vehicles', (await kit.make('vehicles')).id),
          customer: toOne('customers', (await kit.make('customers')).id),
          items: { data: [{ type: 'estimation-items', attributes: { detail: 'Plaquettes', quantity: '1' } }] },
        },
      },
    });
    expect(estimate.status, JSON.stringify(estimate.body)).toBe(201);
    const item = estimate.body.included.find((r: any) => r.type === 'estimation-items').id;
    const pick = () => call('PATCH', `/estimation-items/${item}`, { data: { type: 'estimation-items', id: item, relationships: { product: toOne('products', pads) } } });
    expect((await pick()).status).toBe(409);
    expect((await call('POST', `/estimations/${estimate.body.data.id}/start-components`, {})).status).toBe(200);
    const picked = await pick();
    expect(picked.status, JSON.stringify(picked.body)).toBe(200);
    expect(picked.body.data.attributes).toMatchObject({ part: 'Plaquettes avant', part_number: 'HY-58101', unit_price: 8950 });
  });
});

describe('completing a repair', () => {
  it('takes its parts from its location’s parts room once, redone or not; items not done use none', async () => {
    const before = await onHand();
    const doc = await repairWith([
      { attributes: { detail: 'Plaquettes avant', quantity: '2' }, product: pads },
      { attributes: { detail: 'Plaquettes arrière (pas faites)', quantity: '1', state: 'not_done' }, product: pads },
      { attributes: { detail: 'Main-d’œuvre', quantity: '1', time: '1' } },
    ]);
    const id = doc.data.id;
    await work(id);
    expect(await onHand()).toBe(before - 2);
    const code = doc.data.attributes.code;
    const [movement] = await movementsOf(code);
    expect(movement.attributes).toMatchObject({ type: 'remove', state: 'validated', trigger_object_type: 'repairs', trigger_object_id: id, item_count: 1 });
    await act(id, 'redo');
    await act(id, 'start');
    await act(id, 'complete');
    expect(await onHand()).toBe(before - 2);
    expect(await movementsOf(code)).toHaveLength(1);
  });

  it('refuses, naming the part, where the parts room lacks it and refuses negative stock; nothing is completed', async () => {
    const doc = await repairWith([{ attributes: { detail: 'Plaquettes ×50', quantity: '50' }, product: pads }]);
    const id = doc.data.id;
    await act(id, 'assign', { data: { relationships: { assignedToUsers: { data: [{ type: 'users', id: kit.admin.id }] } } } });
    await act(id, 'start');
    const refused = await call('POST', `/repairs/${id}/complete`, {}, 'en');
    expect(refused.status).toBe(409);
    expect(refused.body.errors[0].detail).toMatch(/PLAQ-AV · Plaquettes avant/);
    expect((await call('GET', `/repairs/${id}`)).body.data.attributes.state).toBe('in_progress');
  });
});

describe('the repair’s invoice', () => {
  it('invoices a completed repair once from its items: parts and labour as priced, warranty at zero, not done left out; no second stock movement', async () => {
    const doc = await repairWith([
      { attributes: { detail: 'Plaquettes avant', quantity: '2', time: '1', hourly_rate: 12000 }, product: pads },
      { attributes: { detail: 'Batterie', quantity: '1', unit_price: 20000, repair_mode: 'warranty' } },
      { attributes: { detail: 'Essuie-glaces (pas faits)', quantity: '1', unit_price: 2500, state: 'not_done' } },
    ]);
    const id = doc.data.id;
    const early = await call('POST', `/repairs/${id}/invoice`, {}, 'en');
    expect(early.status).toBe(409);
    expect(early.body.errors[0].detail).toBe('Only a completed or validated repair is invoiced.');
    await work(id);
    const stock = await onHand();
    const made = await call('POST', `/repairs/${id}/invoice`);
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const lines = made.body.included.filter((r: any) => r.type === 'sales-invoice-items').map((l: any) => l.attributes);
    expect(lines.map((l: any) => [l.description, Number(l.quantity), l.unit_price])).toEqual([
      ['Plaquettes avant', 2, 8950],
      ['Main-d’œuvre : Plaquettes avant', 1, 12000],
      ['Batterie (garantie)', 1, 0],
    ]);
    expect(made.body.data.attributes).toMatchObject({ state: 'draft', code: null, subtotal: 2 * 8950 + 12000 });
    expect(made.body.data.relationships.repair.data).toEqual({ type: 'repairs', id });
    // Once: a second call answers the same invoice.
    const again = await call('POST', `/repairs/${id}/invoice`);
    expect(again.status).toBe(200);
    expect(again.body.data.id).toBe(made.body.data.id);
    expect((await call('POST', `/sales-invoices/${made.body.data.id}/validate`)).status).toBe(200);
    expect(await onHand()).toBe(stock);
  });
});

describe('ordering the missing parts', () => {
  it('drafts orders of what the parts room lacks, one per supplier, and the items’ part status follows them', async () => {
    const rotors = (await kit.make('products', { sku: 'DISQ-AV', name: 'Disques avant', selling_price: 12000, buying_price: 6000 })).id;
    const other = (await kit.make('suppliers', { company_name: 'Freins Plus' })).id;
    await kit.make('supplier-products', { supplier_sku: 'FP-9', cost: 5500 }, { supplier: other, product: rotors });
    const available = await onHand();
    const doc = await repairWith([
      { attributes: { detail: 'Plaquettes', quantity: String(available + 3) }, product: pads },
      { attributes: { detail: 'Disques', quantity: '2' }, product: rotors },
      { attributes: { detail: 'Main-d’œuvre', quantity: '1', time: '1' } },
    ]);
    const id = doc.data.id;
    const res = await call('POST', `/repairs/${id}/order-parts`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.meta.without_supplier).toEqual([]);
    expect(res.body.meta.orders).toHaveLength(2);
    const orders = await Promise.all(res.body.meta.orders.map(async (o: any) => (await call('GET', `/purchases-orders/${o.id}?include=items`)).body));
    const lines = orders.flatMap((o: any) => o.included.map((i: any) => [o.data.relationships.supplier.data.id, i.relationships.product.data.id, Number(i.attributes.quantity)]));
    expect(lines.sort()).toEqual([[supplier, pads, 3], [other, rotors, 2]].sort());
    const statuses = async () => {
      const items = (await call('GET', `/repairs/${id}?include=items`)).body.included.filter((r: any) => r.type === 'repair-items');
      return items.sort((a: any, b: any) => a.attributes.position - b.attributes.position).map((i: any) => i.attributes.part_status);
    };
    expect(await statuses()).toEqual(['ordered', 'ordered', null]);
    // Asked again: nothing is ordered twice.
    expect((await call('POST', `/repairs/${id}/order-parts`)).body.meta.orders).toEqual([]);
    // The rotors' order received: received; the pads' order canceled: to order again.
    const [padsOrder, rotorsOrder] = [orders.find((o: any) => o.data.relationships.supplier.data.id === supplier), orders.find((o: any) => o.data.relationships.supplier.data.id === other)];
    expect((await call('POST', `/purchases-orders/${rotorsOrder.data.id}/validate`)).status).toBe(200);
    const receipt = await call('POST', `/purchases-orders/${rotorsOrder.data.id}/generate-delivery`, {});
    expect((await call('POST', `/purchases-deliveries/${receipt.body.data.id}/validate`)).status).toBe(200);
    expect((await call('POST', `/purchases-orders/${padsOrder.data.id}/cancel`)).status).toBe(200);
    expect(await statuses()).toEqual(['to_order', 'received', null]);
  });
});


describe('ordering an estimate’s missing parts', () => {
  it('drafts orders tied to its items, whose part status follows them, as does the repair made from it; nothing ordered twice', async () => {
    const wipers = (await kit.make('products', { sku: 'ESSUIE-AV', name: 'Essuie-glace avant', selling_price: 2500 })).id;
    const available = await onHand();
    const made = await call('POST', '/estimations?include=items', {
      data: {
        type: 'estimations',
        relationships: {
          vehicle: toOne('vehicles', (await kit.make('vehicles')).id),
          customer: toOne('customers', (await kit.make('customers')).id),
          allowedLocations: { data: [{ type: 'locations', id: location }] },
          items: { data: ['Plaquettes', 'Essuie-glace', 'Main-d’œuvre'].map((detail) => ({ type: 'estimation-items', attributes: { detail } })) },
        },
      },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const id = made.body.data.id;
    const [padsItem, wipersItem, labour] = made.body.included.filter((r: any) => r.type === 'estimation-items').sort((a: any, b: any) => a.attributes.position - b.attributes.position);
    // The parts are chosen in the parts phase.
    expect((await call('POST', `/estimations/${id}/start-components`, {})).status).toBe(200);
    const part = (item: any, product: string, quantity: string) => ({ type: 'estimation-items', id: item.id, attributes: { quantity }, relationships: { product: toOne('products', product) } });
    const priced = await call('PATCH', `/estimations/${id}`, {
      data: { type: 'estimations', id, relationships: { items: { data: [part(padsItem, pads, String(available + 2)), part(wipersItem, wipers, '1'), { type: 'estimation-items', id: labour.id }] } } },
    });
    expect(priced.status, JSON.stringify(priced.body)).toBe(200);
    const res = await call('POST', `/estimations/${id}/order-parts`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    // The wipers have no supplier: counted, not ordered.
    expect(res.body.meta.without_supplier).toEqual([wipersItem.id]);
    expect(res.body.meta.orders).toHaveLength(1);
    const order = (await call('GET', `/purchases-orders/${res.body.meta.orders[0].id}?include=items`)).body;
    expect(order.data.relationships.supplier.data.id).toBe(supplier);
    expect(order.included.map((l: any) => [l.relationships.estimationItem.data?.id, Number(l.attributes.quantity)])).toEqual([[padsItem.id, 2]]);
    const statusOf = async (type: string, itemId: string) => (await call('GET', `/${type}/${itemId}`)).body.data.attributes.part_status;
    expect(await statusOf('estimation-items', padsItem.id)).toBe('ordered');
    expect(await statusOf('estimation-items', wipersItem.id)).toBe(null);
    // Typed by hand: a read-only attribute, ignored as the others are; the status kept.
    await call('PATCH', `/estimation-items/${padsItem.id}`, { data: { type: 'estimation-items', id: padsItem.id, attributes: { part_status: 'received' } } });
    expect(await statusOf('estimation-items', padsItem.id)).toBe('ordered');
    expect((await call('POST', `/estimations/${id}/order-parts`)).body.meta.orders).toEqual([]);
    // The repair made from it: its item is ordered already (not again), and follows the receipt.
    const skipped = await call('POST', `/estimations/${id}/by-pass`);
    expect(skipped.status, JSON.stringify(skipped.body)).toBe(200);
    const repair = skipped.body.data.relationships.repair.data.id;
    const repairItems = (await call('GET', `/repair-items?filter[repair]=${repair}&sort=position`)).body.data;
    const padsRepairItem = repairItems.find((i: any) => i.relationships.estimationItem.data?.id === padsItem.id);
    expect(padsRepairItem.attributes.part_status).toBe('ordered');
    const again = await call('POST', `/repairs/${repair}/order-parts`);
    expect(again.body.meta.orders).toEqual([]);
    expect((await call('POST', `/purchases-orders/${order.data.id}/validate`)).status).toBe(200);
    const receipt = await call('POST', `/purchases-orders/${order.data.id}/generate-delivery`, {});
    expect((await call('POST', `/purchases-deliveries/${receipt.body.data.id}/validate`)).status).toBe(200);
    expect(await statusOf('estimation-items', padsItem.id)).toBe('received');
    expect(await statusOf('repair-items', padsRepairItem.id)).toBe('received');
  });

  it('is refused without a parts room at the estimate’s location (translated), and without the permission', async () => {
    const nowhere = await call('POST', '/estimations', { data: { type: 'estimations', relationships: { vehicle: toOne('vehicles', (await kit.make('vehicles')).id) } } });
    const refused = await call('POST', `/estimations/${nowhere.body.data.id}/order-parts`, {}, 'en');
    expect(refused.status).toBe(409);
    expect(refused.body.errors[0].detail).toMatch(/No parts room/);
    const clerk = await kit.user({ permissions: ['view any estimations', 'view estimations', 'view module estimations'] as never });
    const denied = await t.api('POST', `${API}/estimations/${nowhere.body.data.id}/order-parts`, { token: clerk.token, body: {} });
    expect(denied.status).toBe(403);
  });
});
