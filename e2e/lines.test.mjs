// Child collections in the browser (issue 9 §3): a supplier's products edited inside the supplier's
// form with the line editor: add a line, a server error on its cell, remove a line, reorder from the
// keyboard, save; in French at 1440x900 and in English at 1024x768, with an accessibility check.
// Run through e2e/run.mjs (fresh database).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { api, axeCheck, fileBrowser, journey, login, settles, shot, token } from './helpers.mjs';

const T = { timeout: 120_000 };
const held = fileBrowser();

const RUNS = [
  {
    locale: 'fr',
    viewport: { width: 1440, height: 900 },
    words: {
      title: (n) => `Fournisseur ${n}`,
      add: 'Ajouter un produit',
      sku: (i) => `Code du fournisseur (Produit ${i})`,
      cost: (i) => `Coût (Produit ${i})`,
      remove: (i) => `Retirer Produit ${i}`,
      move: (i) => `Déplacer Produit ${i}`,
      taken: 'Ce fournisseur a déjà un produit avec ce code',
      errors: /erreur/,
      price: '12,5',
    },
  },
  {
    locale: 'en',
    viewport: { width: 1024, height: 768 },
    words: {
      title: (n) => `Supplier ${n}`,
      add: 'Add a product',
      sku: (i) => `Supplier code (Product ${i})`,
      cost: (i) => `Cost (Product ${i})`,
      remove: (i) => `Remove Product ${i}`,
      move: (i) => `Move Product ${i}`,
      taken: 'This supplier already has a product with this code',
      errors: /error/,
      price: '12.5',
    },
  },
];

describe('child collections', () => {
  for (const { locale, viewport, words: w } of RUNS)
    test(`40-${locale}. a supplier's products edited inside its form: add, error on the cell, remove, reorder, save`, T, () =>
      journey(held.browser, `40-${locale}`, async (open) => {
        const tk = await token('manager@atelier.test');
        const name = `Lignes ${locale}`;
        const product = (supplier_sku, cost) => ({ type: 'supplier-products', attributes: { supplier_sku, cost, lead_time_days: 2 } });
        const created = await api('/suppliers', {
          method: 'POST',
          token: tk,
          body: { data: { type: 'suppliers', attributes: { company_name: name }, relationships: { supplierProducts: { data: [product('AA-1', 1000), product('BB-2', 2000)] } } } },
        });
        assert.equal(created.status, 201, JSON.stringify(created.body));
        const id = created.body.data.id;

        const page = await open(viewport);
        await login(page, 'manager@atelier.test');
        await page.waitForURL('**/dashboard');
        if (locale === 'en') await page.locator('[data-testid=language-switcher]').getByText('Anglais', { exact: true }).click();
        await page.goto(`/purchases/suppliers?id=${id}&action=view`);
        await page.getByRole('heading', { name: w.title(name) }).waitFor();
        const view = page.locator('[data-testid="lines-view-supplier-products"]');
        await view.getByRole('cell', { name: 'BB-2' }).waitFor();

        await page.locator('[data-testid=record-edit]').click();
        const editor = page.locator('[data-testid="lines-supplier-products"]');
        await editor.getByLabel(w.sku(2)).waitFor();
        // A new line whose code the supplier already has: the server's error lands on its cell.
        await editor.getByRole('button', { name: w.add }).click();
        await editor.getByLabel(w.sku(3)).fill('aa-1');
        await editor.getByLabel(w.cost(3)).fill(w.price);
        await page.locator('[data-testid=record-save]').click();
        await page.getByText(w.taken).waitFor();
        await settles(() => editor.getByLabel(w.sku(3)).getAttribute('aria-invalid'), 'true');
        await page.locator('[data-form-errors]').getByText(w.errors).waitFor();
        await shot(page, `40-lines-error-${locale}`);
        await axeCheck(page, `the line editor with an error (${locale})`);

        await editor.getByLabel(w.sku(3)).fill('CC-3');
        // The first line removed; then the new one moved up from the keyboard (Space, arrow, Space).
        await editor.getByRole('button', { name: w.remove(1), exact: true }).click();
        await settles(() => editor.getByLabel(w.sku(1)).inputValue(), 'BB-2');
        const handle = editor.getByRole('button', { name: w.move(2), exact: true });
        await handle.focus();
        await page.keyboard.press('Space');
        await page.waitForTimeout(200);
        await page.keyboard.press('ArrowUp');
        await page.waitForTimeout(200);
        await page.keyboard.press('Space');
        await settles(() => editor.getByLabel(w.sku(1)).inputValue(), 'CC-3');
        await shot(page, `40-lines-edited-${locale}`);
        await page.locator('[data-testid=record-save]').click();
        await page.locator('[data-testid=record-edit]').waitFor();
        await view.getByRole('cell', { name: 'CC-3' }).waitFor();
        assert.deepEqual(await view.locator('tbody tr td:nth-child(2)').allInnerTexts(), ['CC-3', 'BB-2']);

        const saved = await api(`/supplier-products?filter[supplier]=${id}&sort=position`, { token: tk });
        assert.deepEqual(
          saved.body.data.map((p) => [p.attributes.supplier_sku, p.attributes.cost, p.attributes.position]),
          [
            ['CC-3', 1250, 0],
            ['BB-2', 2000, 1],
          ],
        );
        assert.deepEqual(page.errors, []);
      }));
});
