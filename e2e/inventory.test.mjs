// The inventory as a parts manager uses it (issue 22): a product created, an entry of it validated into
// a warehouse (its stock and average cost rise), a removal of more than there is refused by a warehouse
// that refuses negative stock (the reason translated), the entry canceled (the stock back to nothing);
// a validated or canceled movement offers no Edit. French at 1440×900, English at 1024×768. Run through
// e2e/run.mjs.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { api, axeCheck, field, fileBrowser, journey, login, settles, shot, token } from './helpers.mjs';

const T = { timeout: 240_000 };
const held = fileBrowser();

const RUNS = [
  {
    locale: 'fr',
    viewport: { width: 1440, height: 900 },
    w: { sku: 'No de stock (SKU)', name: 'Nom', price: 'Prix de vente', typed: '12,50', money: '12,50 $', destination: "Entrepôt d'arrivée", source: 'Entrepôt de départ', type: 'Type', remove: 'Sortie', refused: 'Stock insuffisant', quantity: '4', locked: 'ne se modifie plus' },
  },
  {
    locale: 'en',
    viewport: { width: 1024, height: 768 },
    w: { sku: 'Stock number (SKU)', name: 'Name', price: 'Selling price', typed: '12.50', money: '$12.50', destination: 'To warehouse', source: 'From warehouse', type: 'Type', remove: 'Remove', refused: 'Not enough', quantity: '4', locked: 'no longer changed' },
  },
];

/** A warehouse of the run's own that refuses negative stock, in the first location. */
async function refusingWarehouse(tk, name) {
  const locations = await api('/locations?page[size]=1', { token: tk });
  const location = locations.body.data[0].id;
  const res = await api('/warehouses', {
    method: 'POST',
    token: tk,
    body: { data: { type: 'warehouses', attributes: { name, allow_negative_stock: false }, relationships: { location: { data: { type: 'locations', id: location } } } } },
  });
  assert.equal(res.status, 201, JSON.stringify(res.body));
  return res.body.data.id;
}

/** Picks an option of a select in the drawer (no Escape after it: that would close the drawer). */
async function choose(page, label, option) {
  const input = field(page.locator('[data-testid=record-drawer]'), label).first();
  await input.click();
  if (await input.isEditable()) await input.fill(option); // a relation searches; a short choice does not
  await page.getByRole('option', { name: option }).filter({ visible: true }).first().click();
}

/** Fills a new movement's first line: the product found by its sku, a quantity, a unit cost if given. */
async function fillLine(page, sku, quantity, unitCost) {
  await page.locator('[data-testid=lines-add-stock-movement-items]').click();
  const row = page.locator('[data-testid=lines-stock-movement-items] [data-testid=line-row]').first();
  const product = row.locator('[data-line-field=product] input').first();
  await product.click();
  await product.fill(sku);
  await page.getByRole('option', { name: new RegExp(sku) }).first().click();
  await row.locator('input[data-line-field=quantity]').fill(quantity);
  if (unitCost) await row.locator('input[data-line-field=unit_cost]').fill(unitCost);
}

/** Runs a workflow action of the open movement through its confirmation; returns the confirmation's text. */
async function act(page, action) {
  const button = page.locator(`[data-testid=movement-actions-${action}]`);
  if (!(await button.isVisible())) await page.locator('[data-testid=movement-actions-more]').click();
  await button.click();
  const body = (await page.locator('[data-testid=movement-actions-confirm-body]').innerText()).trim();
  await page.locator('[data-testid=movement-actions-confirm]').click();
  return body;
}

/** A text with its spaces plain (French money is written with a no-break space: "12,50 $"). */
const plain = (text) => text.replace(/\s/g, ' ');

const movementId = (page) => new URL(page.url()).searchParams.get('id');

describe('inventory', () => {
  for (const { locale, viewport, w } of RUNS)
    test(`22-${locale}-${viewport.width}. a parts manager receives a product, is refused a removal beyond the stock, cancels the receipt`, T, () =>
      journey(held.browser, `22-${locale}-${viewport.width}`, async (open) => {
        const tk = await token('manager@atelier.test');
        const sku = `E2E-${locale.toUpperCase()}-${Date.now() % 100000}`;
        const room = `Réserve e2e ${locale} ${viewport.width}`;
        const warehouse = await refusingWarehouse(tk, room);

        const page = await open(viewport);
        await login(page, 'manager@atelier.test');
        await page.waitForURL('**/dashboard');
        if (locale === 'en') await page.locator('[data-testid=language-switcher]').getByText('Anglais', { exact: true }).click();

        // The product: its price typed as the reader writes it, shown as money in the locale.
        await page.goto('/inventory/products');
        await page.locator('[data-testid=list-add]').click();
        const drawer = page.locator('[data-testid=record-drawer]');
        await field(drawer, w.sku).fill(sku);
        await field(drawer, w.name).fill(`Filtre à huile ${sku}`);
        await field(drawer, w.price).fill(w.typed);
        await drawer.locator('[data-testid=record-save]').click();
        await drawer.locator('[data-testid=record-edit]').waitFor();
        assert.ok(plain(await drawer.innerText()).includes(w.money), `the selling price reads ${w.money}`);
        await shot(page, `22-product-${locale}-${viewport.width}`);
        await axeCheck(page, 'the product');

        // An entry of 4 at 12.50 into the warehouse, validated.
        await page.goto('/inventory/stock-movements');
        await page.locator('[data-testid=list-add]').click();
        await choose(page, w.destination, room);
        await fillLine(page, sku, w.quantity, w.typed);
        await shot(page, `22-movement-new-${locale}-${viewport.width}`);
        await page.locator('[data-testid=record-save]').click();
        await page.locator('[data-testid=record-edit]').waitFor();
        const entry = movementId(page);
        assert.ok(entry, 'the saved movement is open');
        await axeCheck(page, 'a draft movement');
        await act(page, 'validate');
        await page.locator('[data-testid=movement-locked]').waitFor();
        assert.ok((await page.locator('[data-testid=movement-locked]').innerText()).includes(w.locked));
        assert.equal(await page.locator('[data-testid=record-edit]').count(), 0, 'a validated movement offers no Edit');
        assert.equal(await page.locator('[data-testid=record-delete]').count(), 0, 'nor Delete');
        await shot(page, `22-movement-validated-${locale}-${viewport.width}`);

        // The warehouse's stock: 4 on hand at an average cost of 12.50.
        await page.goto(`/inventory/warehouses/${warehouse}/stock`);
        const row = page.locator('[data-testid=resource-row]').filter({ hasText: sku });
        await row.waitFor();
        const text = plain(await row.innerText());
        assert.match(text, /(^|\s)4(\s|$)/, `4 on hand: ${text}`);
        if (viewport.width >= 992) assert.ok(text.includes(w.money), `the average cost reads ${w.money}: ${text}`);
        await shot(page, `22-stock-${locale}-${viewport.width}`);
        await axeCheck(page, 'the warehouse’s stock');

        // A removal of 10 where there are 4: refused, the product and what is available named.
        await page.goto('/inventory/stock-movements');
        await page.locator('[data-testid=list-add]').click();
        await choose(page, w.type, w.remove);
        await choose(page, w.source, room);
        await fillLine(page, sku, '10');
        await page.locator('[data-testid=record-save]').click();
        await page.locator('[data-testid=record-edit]').waitFor();
        await act(page, 'validate');
        const refusal = page.locator('[data-testid=movement-actions-refused]');
        await refusal.waitFor();
        const said = await refusal.innerText();
        assert.ok(said.includes(w.refused) && said.includes(sku) && said.includes(room), `the refusal: ${said}`);
        await shot(page, `22-movement-refused-${locale}-${viewport.width}`);
        await axeCheck(page, 'a refused removal');

        // The entry canceled after its confirmation: the stock back to nothing.
        await page.goto(`/inventory/stock-movements?id=${entry}&action=view`);
        await page.locator('[data-testid=movement-locked]').waitFor();
        const question = await act(page, 'cancel');
        assert.ok(/M-\d{4}-\d{6}/.test(question), `the confirmation names the movement: ${question}`);
        await page.locator('[data-testid=movement-actions-cancel]').waitFor({ state: 'detached' });
        assert.equal(await page.locator('[data-testid=record-edit]').count(), 0, 'a canceled movement offers no Edit');
        await shot(page, `22-movement-canceled-${locale}-${viewport.width}`);
        await settles(
          async () => {
            const stock = await api(`/warehouse-products?filter[warehouse]=${warehouse}&include=product`, { token: tk });
            return Number(stock.body.data[0]?.attributes.quantity_on_hand ?? 0);
          },
          0,
          'the cancel took the 4 back out',
        );
        assert.deepEqual(page.errors, []);
      }),
    );
});
