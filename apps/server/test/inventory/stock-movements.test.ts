import { stockMovementWorkflow } from '@atelier/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers.ts';
import { createKit, type Kit, type KitUser } from '../kit.ts';

// Stock movements on the workflow kit (issue 22): states and actions, the stock rules (never
// below zero where refused, weighted average cost, counts), reversal, and validations at once.

const M = '/api/v1/stock-movements';
let t: TestApp;
let kit: Kit;
let viewer: KitUser;
let product: { id: string };
let rooms: { strict: string; loose: string; free: string };

type Line = { product?: string; description?: string; quantity: string | number; unit_cost?: number };
type Sides = { source?: string; destination?: string };

const body = (type: string, sides: Sides, lines: Line[]) => ({
  data: {
    type: 'stock-movements',
    attributes: { type },
    relationships: {
      ...(sides.source ? { sourceWarehouse: { data: { type: 'warehouses', id: sides.source } } } : {}),
      ...(sides.destination ? { destinationWarehouse: { data: { type: 'warehouses', id: sides.destination } } } : {}),
      items: {
        data: lines.map(({ product: p, ...attributes }) => ({ type: 'stock-movement-items', attributes, ...(p ? { relationships: { product: { data: { type: 'products', id: p } } } } : {}) })),
      },
    },
  },
});

async function draft(type: string, sides: Sides, lines: Line[]): Promise<string> {
  const res = await t.api('POST', M, { token: kit.admin.token, body: body(type, sides, lines) });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data.id;
}

const act = (id: string, action: string, as: KitUser = kit.admin, locale = 'fr') =>
  t.api(action === 'validate' || action === 'cancel' ? 'GET' : 'POST', `${M}/${id}/${action}`, { token: as.token, headers: { 'accept-language': locale } });

async function validated(type: string, sides: Sides, lines: Line[]) {
  const id = await draft(type, sides, lines);
  const res = await act(id, 'validate');
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return id;
}

/** A product's stock in a warehouse as the API reads it. */
async function stock(warehouse: string, productId = product.id) {
  const res = await t.api('GET', `/api/v1/warehouse-products?filter[warehouse]=${warehouse}&filter[product]=${productId}`, { token: kit.admin.token });
  const a = res.body.data[0]?.attributes;
  return a ? { on_hand: Number(a.quantity_on_hand), available: Number(a.quantity_available), average_cost: a.average_cost, id: res.body.data[0].id } : { on_hand: 0, available: 0, average_cost: 0, id: '' };
}

const newProduct = async (sku = `P-${Math.random().toString(36).slice(2, 8)}`) => kit.make('products', { sku, name: `Plaquettes ${sku}` });

beforeAll(async () => {
  t = await createTestApp();
  kit = await createKit(t);
  viewer = await kit.user({ permissions: ['view any stock movements', 'view stock movements', 'edit stock movements'] });
  const location = await kit.location('Montréal');
  const room = async (name: string, attributes: Record<string, unknown>) => (await kit.make('warehouses', { name, ...attributes }, { location })).id;
  rooms = {
    strict: await room('Magasin strict', {}),
    loose: await room('Comptoir', { allow_negative_stock: true }),
    free: await room('Vrac', { allow_unregistered_products: true }),
  };
  product = await newProduct('PF-AV-CIVIC');
});
afterAll(() => t?.close());

describe('states and actions', () => {
  const CASES = stockMovementWorkflow.states.flatMap((state) => stockMovementWorkflow.actions.map((action) => [state, action, stockMovementWorkflow.transition(state, action)] as const));

  it.each(CASES)('%s --%s--> %s', async (state, action, next) => {
    const id = await draft('add', { destination: rooms.strict }, [{ product: product.id, quantity: 1, unit_cost: 100 }]);
    await t.database.db.execute(sql`UPDATE stock_movements SET state = ${state} WHERE id = ${id}`);
    const res = await act(id, action);
    if (!next) {
      expect(res.status).toBe(409);
      expect(res.body.errors[0].detail).toMatch(/^Ce mouvement de stock ne permet pas « .+ » dans l’état « .+ »\.$/);
    } else {
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.data.attributes.state).toBe(next);
    }
  });

  it('refuses in English too; each action needs its permission (403); POST works as GET', async () => {
    const id = await draft('add', { destination: rooms.strict }, [{ product: product.id, quantity: 1, unit_cost: 100 }]);
    await t.database.db.execute(sql`UPDATE stock_movements SET state = 'canceled' WHERE id = ${id}`);
    const en = await act(id, 'validate', kit.admin, 'en');
    expect(en.body.errors[0].detail).toBe('This stock movement does not allow “Validate” in the state “Canceled”.');
    const other = await draft('add', { destination: rooms.strict }, [{ product: product.id, quantity: 1, unit_cost: 100 }]);
    for (const action of stockMovementWorkflow.actions) expect((await act(other, action, viewer)).status, action).toBe(403);
    const read = await t.api('GET', `${M}/${other}`, { token: kit.admin.token });
    expect(read.body.data.attributes).toMatchObject({ state: 'draft', available_actions: ['validate', 'cancel'], item_count: 1, total_cost: 100 });
    expect(read.body.data.attributes.code).toMatch(/^M-\d{4}-\d{6}$/);
    const posted = await t.api('POST', `${M}/${other}/cancel`, { token: kit.admin.token });
    expect(posted.body.data.attributes.state).toBe('canceled');
  });

  it('is written only as a draft, its lines too', async () => {
    const id = await validated('add', { destination: rooms.strict }, [{ product: product.id, quantity: 1, unit_cost: 100 }]);
    const patch = await t.api('PATCH', `${M}/${id}`, { token: kit.admin.token, body: { data: { type: 'stock-movements', id, attributes: { notes: 'Après coup' } } } });
    expect(patch.status).toBe(409);
    expect(patch.body.errors[0].detail).toBe('Un mouvement de stock validé ou annulé ne peut plus être modifié.');
    const [item] = (await t.api('GET', `${M}/${id}?include=items`, { token: kit.admin.token })).body.included;
    // The spec's clients read a line's product as items.storable.
    const storable = (await t.api('GET', `${M}/${id}?include=items.storable`, { token: kit.admin.token })).body.included;
    expect(storable.find((r: { type: string }) => r.type === 'products')).toMatchObject({ id: product.id });
    const line = await t.api('PATCH', `/api/v1/stock-movement-items/${item.id}`, { token: kit.admin.token, body: { data: { type: 'stock-movement-items', id: item.id, attributes: { quantity: '9' } } } });
    expect(line.status).toBe(409);
    expect((await t.api('DELETE', `${M}/${id}`, { token: kit.admin.token })).status).toBe(409);
  });

  it('needs the warehouses its type works on; a line needs a product or a description', async () => {
    const none = await t.api('POST', M, { token: kit.admin.token, body: body('move', {}, []) });
    expect(none.status).toBe(422);
    expect(none.body.errors.map((e: any) => e.source.pointer).sort()).toEqual(['/data/relationships/destinationWarehouse', '/data/relationships/sourceWarehouse']);
    const same = await t.api('POST', M, { token: kit.admin.token, body: body('move', { source: rooms.strict, destination: rooms.strict }, []), headers: { 'accept-language': 'en' } });
    expect(same.body.errors[0].detail).toBe('A move goes from one warehouse to another: choose two different warehouses.');
    const empty = await t.api('POST', M, { token: kit.admin.token, body: body('add', { destination: rooms.strict }, [{ quantity: 1 }]) });
    expect(empty.status).toBe(422);
    expect(empty.body.errors[0].source.pointer).toBe('/data/relationships/items/data/0/attributes/description');
    // An add keeps no source: the one given is cleared.
    const id = await draft('add', { source: rooms.loose, destination: rooms.strict }, [{ product: product.id, quantity: 1 }]);
    expect((await t.api('GET', `${M}/${id}?include=sourceWarehouse`, { token: kit.admin.token })).body.data.relationships.sourceWarehouse.data).toBeNull();
    const nothing = await draft('add', { destination: rooms.strict }, []);
    expect((await act(nothing, 'validate')).body.errors[0].detail).toBe('Ajoutez au moins une ligne avant de valider ce mouvement.');
  });
});

describe('what caused it', () => {
  it('names a repair the user sees; another id is refused on trigger_object_id', async () => {
    const repair = await kit.make('repairs');
    const doc = (id: string) => {
      const b = body('remove', { source: rooms.loose }, [{ product: product.id, quantity: 1 }]);
      Object.assign(b.data.attributes, { trigger_object_type: 'repairs', trigger_object_id: id });
      return b;
    };
    const made = await t.api('POST', `${M}?include=triggerObject`, { token: kit.admin.token, body: doc(repair.id) });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body.data.relationships.triggerObject.data).toEqual({ type: 'repairs', id: repair.id });
    const other = await t.api('POST', M, { token: kit.admin.token, body: doc(product.id) });
    expect(other.status).toBe(422);
    expect(other.body.errors[0]).toMatchObject({ source: { pointer: '/data/attributes/trigger_object_id' }, detail: 'L’origine indiquée est introuvable.' });
  });
});

describe('stock rules', () => {
  it('receipts weigh the average cost; quantities take decimals', async () => {
    const p = await newProduct();
    await validated('add', { destination: rooms.strict }, [{ product: p.id, quantity: '10', unit_cost: 1000 }]);
    await validated('add', { destination: rooms.strict }, [{ product: p.id, quantity: '30', unit_cost: 2000 }]);
    expect(await stock(rooms.strict, p.id)).toMatchObject({ on_hand: 40, available: 40, average_cost: 1750 });
    await validated('remove', { source: rooms.strict }, [{ product: p.id, quantity: '2.5' }]);
    expect(await stock(rooms.strict, p.id)).toMatchObject({ on_hand: 37.5, average_cost: 1750 });
  });

  it('never below zero where the warehouse refuses it: 409 naming the product and what is available, nothing applied', async () => {
    const p = await newProduct('FH-CIVIC');
    await validated('add', { destination: rooms.strict }, [{ product: p.id, quantity: 3, unit_cost: 895 }]);
    const id = await draft('remove', { source: rooms.strict }, [{ product: p.id, quantity: 2 }, { product: p.id, quantity: '1.5' }]);
    const fr = await act(id, 'validate');
    expect(fr.status).toBe(409);
    expect(fr.body.errors[0].detail).toBe('Stock insuffisant de FH-CIVIC · Plaquettes FH-CIVIC dans « Magasin strict » : 1 disponible(s).');
    const en = await act(id, 'validate', kit.admin, 'en');
    expect(en.body.errors[0].detail).toBe('Not enough FH-CIVIC · Plaquettes FH-CIVIC in “Magasin strict”: 1 available.');
    expect(await stock(rooms.strict, p.id)).toMatchObject({ on_hand: 3 });
    expect((await t.api('GET', `${M}/${id}`, { token: kit.admin.token })).body.data.attributes.state).toBe('draft');
  });

  it('goes below zero where the warehouse allows it', async () => {
    const p = await newProduct();
    await validated('remove', { source: rooms.loose }, [{ product: p.id, quantity: 2 }]);
    expect(await stock(rooms.loose, p.id)).toMatchObject({ on_hand: -2 });
  });

  it('moves carry the average cost; a count sets the quantity counted', async () => {
    const p = await newProduct();
    await validated('add', { destination: rooms.strict }, [{ product: p.id, quantity: 10, unit_cost: 500 }]);
    await validated('move', { source: rooms.strict, destination: rooms.free }, [{ product: p.id, quantity: 4 }]);
    expect(await stock(rooms.strict, p.id)).toMatchObject({ on_hand: 6, average_cost: 500 });
    expect(await stock(rooms.free, p.id)).toMatchObject({ on_hand: 4, average_cost: 500 });
    await validated('correct', { destination: rooms.strict }, [{ product: p.id, quantity: '5,5' }]);
    expect(await stock(rooms.strict, p.id)).toMatchObject({ on_hand: 5.5, average_cost: 500 });
  });

  it('free lines only where the warehouse takes unregistered products; they change no stock', async () => {
    const refused = await draft('add', { destination: rooms.strict }, [{ description: 'Vis de carrosserie', quantity: 10 }]);
    const res = await act(refused, 'validate');
    expect(res.status).toBe(409);
    expect(res.body.errors[0].detail).toBe('La ligne 1 n’est pas un produit de la liste, et l’entrepôt « Magasin strict » n’accepte que les produits enregistrés.');
    await validated('add', { destination: rooms.free }, [{ description: 'Vis de carrosserie', quantity: 10, unit_cost: 5 }]);
  });
});

describe('reversal', () => {
  it('canceling a validated movement reverses it, cost included', async () => {
    const p = await newProduct();
    await validated('add', { destination: rooms.strict }, [{ product: p.id, quantity: 10, unit_cost: 1000 }]);
    const second = await validated('add', { destination: rooms.strict }, [{ product: p.id, quantity: 30, unit_cost: 2000 }]);
    expect((await act(second, 'cancel')).body.data.attributes.state).toBe('canceled');
    expect(await stock(rooms.strict, p.id)).toMatchObject({ on_hand: 10, average_cost: 1000 });
    const count = await validated('correct', { destination: rooms.strict }, [{ product: p.id, quantity: 4 }]);
    await act(count, 'cancel');
    expect(await stock(rooms.strict, p.id)).toMatchObject({ on_hand: 10, average_cost: 1000 });
  });

  it('is refused by the same rule: parts received and used since cannot be unreceived', async () => {
    const p = await newProduct('BAT-24F');
    const receipt = await validated('add', { destination: rooms.strict }, [{ product: p.id, quantity: 4, unit_cost: 16900 }]);
    await validated('remove', { source: rooms.strict }, [{ product: p.id, quantity: 3 }]);
    const res = await act(receipt, 'cancel');
    expect(res.status).toBe(409);
    expect(res.body.errors[0].detail).toMatch(/^Stock insuffisant de BAT-24F .* : 1 disponible\(s\)\.$/);
    expect(await stock(rooms.strict, p.id)).toMatchObject({ on_hand: 1 });
  });
});

describe('warehouse products', () => {
  it('quantities and cost are read only; reorder points are written, and below the minimum is flagged', async () => {
    const p = await newProduct();
    await validated('add', { destination: rooms.strict }, [{ product: p.id, quantity: 2, unit_cost: 100 }]);
    const { id } = await stock(rooms.strict, p.id);
    const write = (attributes: Record<string, unknown>) => t.api('PATCH', `/api/v1/warehouse-products/${id}`, { token: kit.admin.token, body: { data: { type: 'warehouse-products', id, attributes } } });
    // Read-only attributes are not written (the engine leaves them out): the stock is the movements'.
    await write({ quantity_on_hand: '100', average_cost: 1 });
    expect(await stock(rooms.strict, p.id)).toMatchObject({ on_hand: 2, average_cost: 100 });
    const res = await write({ minimum: '3', maximum: '12' });
    expect(res.status).toBe(200);
    expect(res.body.data.attributes).toMatchObject({ below_minimum: true, quantity_on_hand: expect.stringMatching(/^2(\.0+)?$/) });
    const below = await t.api('GET', `/api/v1/warehouse-products?filter[warehouse]=${rooms.strict}&filter[below_minimum]=true`, { token: kit.admin.token });
    expect(below.body.data.map((d: any) => d.id)).toEqual([id]);
    expect((await t.api('DELETE', `/api/v1/warehouse-products/${id}`, { token: kit.admin.token })).status).toBe(409);
  });

  it('reorder points may be set before any stock: one row per product and warehouse, in the warehouse’s locations', async () => {
    const p = await newProduct();
    const made = await kit.make('warehouse-products', { minimum: '2', maximum: '8' }, { product: p, warehouse: rooms.loose });
    expect(made.attributes).toMatchObject({ below_minimum: true, average_cost: 0 });
    const read = await t.api('GET', `/api/v1/warehouse-products/${made.id}?include=allowedLocations`, { token: kit.admin.token });
    expect(read.body.data.relationships.allowedLocations.data.map((l: any) => l.id)).toEqual([await kit.location('Montréal')]);
    const again = await t.api('POST', '/api/v1/warehouse-products', {
      token: kit.admin.token,
      body: { data: { type: 'warehouse-products', relationships: { product: { data: { type: 'products', id: p.id } }, warehouse: { data: { type: 'warehouses', id: rooms.loose } } } } },
    });
    expect(again.status).toBe(422);
    expect(again.body.errors[0].source.pointer).toBe('/data/relationships/product');
    await validated('add', { destination: rooms.loose }, [{ product: p.id, quantity: 5, unit_cost: 300 }]);
    expect(await stock(rooms.loose, p.id)).toMatchObject({ id: made.id, on_hand: 5, average_cost: 300 });
  });

  it('a sku once per organization, whatever the case; a product reads its suppliers', async () => {
    const dup = await t.api('POST', '/api/v1/products', { token: kit.admin.token, body: { data: { type: 'products', attributes: { sku: 'pf-av-civic', name: 'Autre' } } } });
    expect(dup.status).toBe(422);
    expect(dup.body.errors[0].source.pointer).toBe('/data/attributes/sku');
    const supplier = await kit.make('suppliers', { company_name: 'Pièces Auto Montréal' });
    await kit.make('supplier-products', { supplier_sku: 'PAM-PF-1', cost: 4500 }, { supplier, product });
    const read = await t.api('GET', `/api/v1/products/${product.id}?include=supplierProducts.supplier`, { token: kit.admin.token });
    expect(read.body.included.find((i: any) => i.type === 'supplier-products').attributes).toMatchObject({ supplier_sku: 'PAM-PF-1', cost: 4500 });
  });
});

describe('concurrency', () => {
  it('20 simultaneous validations on the same product never oversell', async () => {
    const p = await newProduct();
    await validated('add', { destination: rooms.strict }, [{ product: p.id, quantity: 10, unit_cost: 100 }]);
    const drafts = await Promise.all(Array.from({ length: 20 }, () => draft('remove', { source: rooms.strict }, [{ product: p.id, quantity: 1 }])));
    const results = await Promise.all(drafts.map((id) => act(id, 'validate')));
    expect(results.filter((r) => r.status === 200)).toHaveLength(10);
    expect(results.filter((r) => r.status === 409)).toHaveLength(10);
    expect(await stock(rooms.strict, p.id)).toMatchObject({ on_hand: 0 });
  });
});
