// Product labels (issue 22): a parts manager prints a product's label from its page, and the labels
// of the products selected in the list; both are PDFs named in the reader's language. French at
// 1440×900, English at 1024×768. Run through e2e/run.mjs.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { axeCheck, create, fileBrowser, journey, login, settles, shot, token } from './helpers.mjs';

const T = { timeout: 180_000 };
const held = fileBrowser();

const RUNS = [
  { locale: 'fr', viewport: { width: 1440, height: 900 }, w: { one: (sku) => `etiquettes-${sku}.pdf`, many: 'etiquettes.pdf', print: 'Imprimer les étiquettes' } },
  { locale: 'en', viewport: { width: 1024, height: 768 }, w: { one: (sku) => `labels-${sku}.pdf`, many: 'labels.pdf', print: 'Print labels' } },
];

/** Runs `act`, answers the PDF the browser downloads: its name and its first bytes. */
async function downloaded(page, act) {
  const [download] = await Promise.all([page.waitForEvent('download'), act()]);
  const stream = await download.createReadStream();
  const chunks = [];
  for await (const c of stream) chunks.push(c);
  return { name: download.suggestedFilename(), head: Buffer.concat(chunks).subarray(0, 5).toString() };
}

describe('product labels', () => {
  for (const { locale, viewport, w } of RUNS)
    test(`22-labels-${locale}-${viewport.width}. a parts manager prints a product's label and the labels of a selection`, T, () =>
      journey(held.browser, `22-labels-${locale}-${viewport.width}`, async (open) => {
        const tk = await token('manager@atelier.test');
        const stamp = `${locale.toUpperCase()}${Date.now() % 1_000_000}`;
        const first = await create(tk, 'products', { sku: `LBL-${stamp}-A`, name: `Balais d'essuie-glace ${stamp}`, barcode: `77${Date.now() % 1_000_000_000}` });
        await create(tk, 'products', { sku: `LBL-${stamp}-B`, name: `Filtre à air ${stamp}` });

        const page = await open(viewport);
        await login(page, 'manager@atelier.test');
        await page.waitForURL('**/dashboard');
        if (locale === 'en') await page.locator('[data-testid=language-switcher]').getByText('Anglais', { exact: true }).click();

        // The product's own label.
        await page.goto(`/inventory/products?id=${first}&action=view`);
        const button = page.locator('[data-testid=product-label]');
        await button.waitFor();
        await shot(page, `22-labels-product-${locale}-${viewport.width}`);
        await axeCheck(page, 'a product with its label button');
        const one = await downloaded(page, () => button.click());
        assert.deepEqual(one, { name: w.one(`LBL-${stamp}-A`), head: '%PDF-' });

        // The labels of the two products selected in the list.
        await page.goto('/inventory/products');
        await page.locator('[data-testid=list-search]').fill(`LBL-${stamp}`);
        const rows = page.locator('[data-testid=resource-row]');
        // The search applies after a pause: the two products alone, then selected.
        await settles(() => rows.count(), 2, 'the search keeps the two products');
        for (const n of [0, 1]) await rows.nth(n).getByRole('checkbox').check();
        const bar = page.locator('[data-testid=bulk-bar]');
        await bar.waitFor();
        await shot(page, `22-labels-selection-${locale}-${viewport.width}`);
        await axeCheck(page, 'the products list with a selection');
        const many = await downloaded(page, () => bar.getByRole('button', { name: w.print }).click());
        assert.deepEqual(many, { name: w.many, head: '%PDF-' });
        assert.deepEqual(page.errors, []);
      }),
    );
});
