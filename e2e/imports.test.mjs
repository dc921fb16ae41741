// Imports journey (issue 4, "Browser tests"): import a CSV of vehicles with a dry run, fix the bad
// line in a corrected file, run it, see the vehicles created. Run through e2e/run.mjs.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { api, journey, launch, login, settles, shot, token } from './helpers.mjs';

const T = { timeout: 120_000 };
let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

const vin = (n) => `E2EXMP${String(n).padStart(11, '0')}`;
const csvOf = (lines) => Buffer.from('\uFEFF' + lines.map((l) => l.join(';')).join('\r\n') + '\r\n');
const HEADER = ['NIV', 'Marque', 'Modèle', 'Année', 'Kilométrage'];

async function uploadFile(page, name, buffer) {
  await page.locator('[data-testid=import-new]').click().catch(() => {});
  await page.waitForURL('**/admin/imports/new');
  await page.locator('[data-testid=import-model]').click();
  await page.getByRole('option', { name: 'Véhicules', exact: true }).click();
  await page.locator('input[type=file]').setInputFiles({ name, mimeType: 'text/csv', buffer });
  await page.locator('[data-testid=import-upload]').click();
  await page.waitForURL(/\/admin\/imports\/[0-9a-f-]{36}$/);
  await page.locator('[data-testid=import-mapping]').waitFor();
}

/** A page of the manager on the imports list. */
async function importsAsManager(open) {
  const page = await open();
  await login(page, 'manager@atelier.test');
  await page.waitForURL('**/dashboard');
  await page.goto('/admin/imports');
  await page.getByRole('heading', { name: 'Importations' }).first().waitFor();
  return page;
}

describe('imports', () => {
  test('a large file: the dry run goes on in the background, the screen follows it to its results', T, () =>
    journey(browser, 'imports-large', async (open) => {
      const page = await importsAsManager(open);
      const lines = Array.from({ length: 1_200 }, (_, i) => [vin(100_000 + i), 'Toyota', 'Corolla', '2020', '1000', i === 1_150 ? 'Client Inconnu' : '']);
      await uploadFile(page, 'gros-lot.csv', csvOf([[...HEADER, 'Client'], ...lines]));
      await page.locator('[data-testid=import-dry-run]').click();
      // 202: the worker validates in chunks; the screen polls until the dry run is done.
      await page.locator('[data-testid=import-status]').getByText('Essai à blanc fait').waitFor({ timeout: 60_000 });
      await page.locator('[data-testid=import-summary]').getByText(/Créés : 1\s199/).waitFor();
      await page.locator('[data-testid=import-summary]').getByText('En erreur : 1').waitFor();
      await page.locator('[data-testid=import-results-filter]').getByText('Erreurs seulement').click();
      await page.locator('[data-testid=import-line-1152]').getByText('Client : « Client Inconnu » ne correspond à aucune fiche').waitFor();
      await shot(page, 'imports-large-dry-run');
      const tk = await token('manager@atelier.test');
      assert.equal((await api(`/vehicles?filter[search]=E2EXMP000001`, { token: tk })).body.meta.page.total, 0);

      // The list follows busy imports by itself: served once as still validating (halfway), it
      // reads the page again until the import is done, without a reload.
      let served = 0;
      await page.route('**/api/v1/imports?**', async (route) => {
        const response = await route.fetch();
        const body = await response.json();
        if (served++ === 0)
          for (const d of body.data) if (d.attributes.name === 'gros-lot.csv') Object.assign(d.attributes, { status: 'validating', progress: 600 });
        await route.fulfill({ response, json: body });
      });
      await page.goto('/admin/imports');
      const row = page.getByRole('row').filter({ hasText: 'gros-lot.csv' });
      await row.getByText('Essai à blanc en cours').waitFor();
      await row.getByTestId('import-list-progress').getByText(/^50\s%$/).waitFor();
      await row.getByText('Essai à blanc fait').waitFor({ timeout: 10_000 });
      assert.equal(await row.getByTestId('import-list-progress').count(), 0);
      await page.unroute('**/api/v1/imports?**');
      assert.deepEqual(page.errors, []);
    }));

  test('import a CSV of vehicles: dry run shows the bad line, a corrected file runs, the vehicles are created', T, () =>
    journey(browser, 'imports', async (open) => {
      const page = await importsAsManager(open);

      const bad = csvOf([HEADER, [vin(1), 'Honda', 'Civic', '2021', '12000'], [vin(2).slice(0, 12), 'Kia', 'Soul', '2019', '40000'], [vin(3), 'Mazda', 'CX-5', '2022', '8000']]);
      await uploadFile(page, 'vehicules.csv', bad);
      // Headers matched to fields by name.
      const mapping = page.locator('[data-testid=import-mapping]');
      await settles(() => mapping.getByLabel('NIV').inputValue(), 'NIV *');
      await settles(() => mapping.getByLabel('Kilométrage').inputValue(), 'Odomètre');
      // A relationship field (the vehicle's customer) says how its cells are matched.
      await page.locator('[data-testid=import-mapping-relations]').getByText(/Les colonnes associées à Client désignent une fiche existante/).waitFor();

      await page.locator('[data-testid=import-dry-run]').click();
      await page.locator('[data-testid=import-summary]').getByText('En erreur : 1').waitFor();
      await page.locator('[data-testid=import-summary]').getByText('Créés : 2').waitFor();
      await page.locator('[data-testid=import-results-filter]').getByText('Erreurs seulement').click();
      await page.locator('[data-testid=import-line-3]').getByText(/NIV : /).waitFor();
      // The filter applies after the click: wait for the good line to leave, do not sample it.
      await page.locator('[data-testid=import-line-2]').waitFor({ state: 'detached' });
      await page.locator('[data-testid=import-errors-csv]').waitFor();
      await shot(page, 'imports-dry-run');
      // The dry run wrote nothing.
      const tk = await token('manager@atelier.test');
      assert.equal((await api(`/vehicles?filter[search]=E2EXMP`, { token: tk })).body.meta.page.total, 0);

      // The line fixed in a corrected file.
      await page.locator('[data-testid=import-another]').click();
      const fixed = csvOf([HEADER, [vin(1), 'Honda', 'Civic', '2021', '12000'], [vin(2), 'Kia', 'Soul', '2019', '40000'], [vin(3), 'Mazda', 'CX-5', '2022', '8000']]);
      await uploadFile(page, 'vehicules-corrige.csv', fixed);
      await page.locator('[data-testid=import-dry-run]').click();
      await page.locator('[data-testid=import-summary]').getByText('En erreur : 0').waitFor();
      await page.locator('[data-testid=import-run]').click();
      await page.locator('[data-testid=import-status]').getByText('Terminé').waitFor();
      await page.locator('[data-testid=import-summary]').getByText('Créés : 3').waitFor();
      await page.locator('[data-testid=import-progress]').waitFor();
      for (const line of [2, 3, 4]) await page.locator(`[data-testid=import-line-${line}]`).getByText('Créé').waitFor();
      await shot(page, 'imports-run-done');
      assert.equal((await api(`/vehicles?filter[search]=E2EXMP`, { token: tk })).body.meta.page.total, 3);
      assert.deepEqual(page.errors, []);
    }));
});
