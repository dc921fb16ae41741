// A repair's parts and the parts room (issue 22): a work order whose item names an inventory part
// shows "in stock" with what its location's parts room holds; the mechanic starts and completes it
// in the browser, and the parts room's stock screen reads the item's quantity less than before.
// An estimate's part the parts room lacks reads "to order"; "Order the missing parts" drafts its
// order and the item reads "ordered". French at 1440×900, English at 1024×768. Run through e2e/run.mjs.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { api, axeCheck, create, fileBrowser, journey, login, one, settles, shot, token, vinOf } from './helpers.mjs';

const T = { timeout: 240_000 };
const held = fileBrowser();

const RUNS = [
  { locale: 'fr', viewport: { width: 1440, height: 900 }, w: { inStock: 'En stock : 5', completed: 'Terminée', toOrder: 'À commander (en stock : 0)', ordered: 'Commandée', drafted: 'Commande PO-' } },
  { locale: 'en', viewport: { width: 1024, height: 768 }, w: { inStock: 'In stock: 5', completed: 'Completed', toOrder: 'To order (in stock: 0)', ordered: 'Ordered', drafted: 'Order PO-' } },
];

/** The stock screen's row of the product. */
/** The first location and its parts room (the first of its warehouses by name, as the server picks it). */
async function partsRoom(tk) {
  const location = (await api('/locations?page[size]=1&sort=name', { token: tk })).body.data[0].id;
  const rooms = (await api(`/warehouses?filter[location]=${location}&page[size]=100`, { token: tk })).body.data.sort((a, b) => (a.attributes.name < b.attributes.name ? -1 : 1));
  return { location, room: rooms[0].id };
}

async function onHandOnScreen(page, warehouse, sku) {
  await page.goto(`/inventory/warehouses/${warehouse}/stock`);
  const row = page.locator('[data-testid=resource-row]').filter({ hasText: sku });
  await row.waitFor();
  return row;
}

describe('repair parts', () => {
  for (const { locale, viewport, w } of RUNS)
    test(`22-parts-${locale}-${viewport.width}. a work order's part shows in stock, completing the repair lowers the parts room's stock`, T, () =>
      journey(held.browser, `22-parts-${locale}-${viewport.width}`, async (open) => {
        const tk = await token('manager@atelier.test');
        const stamp = Date.now() % 1_000_000;
        const sku = `RP-${locale.toUpperCase()}-${stamp}`;

        const { location, room } = await partsRoom(tk);

        // A product with 5 in that room, and a work order for 2 of it.
        const product = await create(tk, 'products', { sku, name: `Plaquettes ${sku}`, selling_price: 8950 });
        const entry = await create(tk, 'stock-movements', { type: 'add' }, { destinationWarehouse: one('warehouses', room), items: { data: [{ type: 'stock-movement-items', attributes: { quantity: '5', unit_cost: 4200 }, relationships: { product: one('products', product) } }] } });
        assert.equal((await api(`/stock-movements/${entry}/validate`, { method: 'POST', token: tk, body: {} })).status, 200);
        const vehicle = await create(tk, 'vehicles', { vin: vinOf(stamp) });
        const repair = await create(tk, 'repairs', {}, {
          vehicle: one('vehicles', vehicle),
          allowedLocations: { data: [{ type: 'locations', id: location }] },
          items: { data: [{ type: 'repair-items', attributes: { detail: `Remplacer les plaquettes ${sku}`, quantity: '2' }, relationships: { product: one('products', product) } }] },
        });

        const page = await open(viewport);
        await login(page, 'manager@atelier.test');
        await page.waitForURL('**/dashboard');
        if (locale === 'en') await page.locator('[data-testid=language-switcher]').getByText('Anglais', { exact: true }).click();

        // Before: 5 on hand on the parts room's stock screen.
        const before = await onHandOnScreen(page, room, sku);
        assert.match(await before.innerText(), /(^|\s)5(\s|$)/, 'the room holds 5');

        // The work order: its part in stock at its location (in the item's detail).
        await page.goto(`/inspecpro/repairs/${repair}`);
        const order = page.locator('[data-testid=lines-view-repair-items]');
        await order.waitFor();
        await order.locator('[data-testid=line-row]').first().getByRole('button', { name: /Élément 1|Item 1/ }).click();
        const badge = page.locator('[data-testid=part-stock]').first();
        await badge.waitFor();
        assert.equal((await badge.innerText()).replace(/\s/g, ' ').trim(), w.inStock);
        await shot(page, `22-parts-in-stock-${locale}-${viewport.width}`);
        await axeCheck(page, 'the work order with its part in stock');

        // Started, then completed after its confirmation.
        await page.locator('[data-testid=repair-actions-start]').click();
        await page.locator('[data-testid=repair-actions-complete]').click();
        await page.locator('[data-testid=repair-actions-confirm]').click();
        await page.locator('[data-testid=repair-actions-complete]').waitFor({ state: 'detached' });
        assert.ok((await page.locator('[data-testid=repair-page]').textContent()).includes(w.completed), 'the repair reads completed');
        await shot(page, `22-parts-completed-${locale}-${viewport.width}`);

        // After: 3 on hand (5 less the item's 2), on the screen and in the API.
        await settles(async () => Number((await api(`/warehouse-products?filter[warehouse]=${room}&filter[product]=${product}`, { token: tk })).body.data[0]?.attributes.quantity_on_hand), 3, 'the repair took its 2');
        const after = await onHandOnScreen(page, room, sku);
        assert.match(await after.innerText(), /(^|\s)3(\s|$)/, 'the room holds 3');
        await shot(page, `22-parts-stock-after-${locale}-${viewport.width}`);
        assert.deepEqual(page.errors, []);
      }),
    );

  for (const { locale, viewport, w } of RUNS)
    test(`22-estimate-parts-${locale}-${viewport.width}. an estimate's missing part reads to order, is ordered from the estimate, then reads ordered`, T, () =>
      journey(held.browser, `22-estimate-parts-${locale}-${viewport.width}`, async (open) => {
        const tk = await token('manager@atelier.test');
        const stamp = Date.now() % 1_000_000;
        const sku = `EP-${locale.toUpperCase()}-${stamp}`;
        const { location } = await partsRoom(tk);
        // A part nobody holds, sold by a supplier; an estimate of 2 of it at the first location.
        const product = await create(tk, 'products', { sku, name: `Disques ${sku}`, selling_price: 12000, buying_price: 6000 });
        const supplier = await create(tk, 'suppliers', { company_name: `Freins e2e ${sku}` });
        await create(tk, 'supplier-products', { supplier_sku: `F-${stamp}`, cost: 5500 }, { supplier: one('suppliers', supplier), product: one('products', product) });
        const vehicle = await create(tk, 'vehicles', { vin: vinOf(stamp + 1) });
        const estimate = await create(tk, 'estimations', {}, { vehicle: one('vehicles', vehicle), allowedLocations: { data: [{ type: 'locations', id: location }] }, items: { data: [{ type: 'estimation-items', attributes: { detail: `Remplacer les disques ${sku}` } }] } });
        assert.equal((await api(`/estimations/${estimate}/start-components`, { method: 'POST', token: tk, body: {} })).status, 200);
        const item = (await api(`/estimation-items?filter[estimation]=${estimate}`, { token: tk })).body.data[0].id;
        const priced = await api(`/estimation-items/${item}`, { method: 'PATCH', token: tk, body: { data: { type: 'estimation-items', id: item, attributes: { quantity: '2' }, relationships: { product: one('products', product) } } } });
        assert.equal(priced.status, 200, JSON.stringify(priced.body));
        assert.equal((await api(`/estimations/${estimate}/end-components`, { method: 'POST', token: tk, body: {} })).status, 200);

        const page = await open(viewport);
        await login(page, 'manager@atelier.test');
        await page.waitForURL('**/dashboard');
        if (locale === 'en') await page.locator('[data-testid=language-switcher]').getByText('Anglais', { exact: true }).click();
        await page.goto(`/inspecpro/estimates/${estimate}`);
        const table = page.locator('[data-testid=lines-table-estimation-items]');
        await table.waitFor();
        const detail = async () => {
          if (!(await table.locator('[data-testid=part-stock]').count())) await table.locator('[data-testid=line-row]').first().locator('[data-testid=line-toggle]').click();
        };
        await detail();
        const badge = table.locator('[data-testid=part-stock]').first();
        await badge.waitFor();
        assert.equal((await badge.innerText()).replace(/\s/g, ' ').trim(), w.toOrder);
        await shot(page, `22-estimate-to-order-${locale}-${viewport.width}`);
        await axeCheck(page, 'an estimate with a part to order');

        await page.locator('[data-testid=estimation-order-parts]').click();
        await page.getByText(w.drafted).first().waitFor();
        await settles(async () => {
          await detail();
          return (await table.locator('[data-testid=item-part-status]').first().innerText()).trim();
        }, w.ordered, 'the item reads ordered');
        // Ordered: the button is gone (nothing left to order).
        assert.equal(await page.locator('[data-testid=estimation-order-parts]').count(), 0);
        const orders = (await api(`/purchases-orders?filter[supplier]=${supplier}&include=items`, { token: tk })).body;
        assert.deepEqual(orders.included.map((l) => [l.relationships.estimationItem.data?.id, Number(l.attributes.quantity)]), [[item, 2]]);
        await shot(page, `22-estimate-ordered-${locale}-${viewport.width}`);
        assert.deepEqual(page.errors, []);
      }),
    );
});
