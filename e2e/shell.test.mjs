// Shell journeys (issue 8, items 11, 12, 15): the sub-menu on tablets, the import errors in view,
// the request actions explained and confirmed, the organization column of cross-organization
// lists, and an axe-core check of the main screens in French and English.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { api, axeViolations, journey, launch, login, settles, shot, token } from './helpers.mjs';

const T = { timeout: 180_000 };
let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

async function signIn(open, email, viewport = { width: 1440, height: 900 }) {
  const page = await open(viewport);
  await login(page, email);
  await page.waitForURL('**/dashboard');
  return page;
}

/** Opens a path and waits for its main heading and for the network to settle. */
async function visit(page, path) {
  await page.goto(path);
  await page.locator('#main h1, #main h2').first().waitFor();
  await page.waitForLoadState('networkidle');
}

const TABLET = { width: 1024, height: 768 };
const DESKTOP = { width: 1440, height: 900 };

async function english(page) {
  await page.locator('[data-testid=language-switcher]').getByText('Anglais', { exact: true }).click();
  await page.locator('[data-testid=language-switcher]').getByText('English', { exact: true }).waitFor();
}

/** The element lies inside the viewport, left to right (not cut at the right edge). */
async function inViewport(page, locator, what) {
  const box = await locator.boundingBox();
  const { width } = page.viewportSize();
  assert.ok(box, `${what}: not rendered`);
  assert.ok(box.x >= 0 && box.x + box.width <= width, `${what}: ${Math.round(box.x)}-${Math.round(box.x + box.width)} px, viewport ${width} px`);
}

describe('shell on a tablet (1024x768)', () => {
  test('the sub-menu of the current section is one tap away, and another section opens its sub-menu from the rail', T, () =>
    journey(browser, 'shell-tablet', async (open) => {
      const page = await signIn(open, 'manager@atelier.test', TABLET);
      await visit(page, '/admin/users');
      // The sidebar is collapsed: no side panel, the section's items in a bar above the page.
      assert.equal(await page.locator('[data-testid=section-menu]').count(), 0);
      const bar = page.locator('[data-testid=section-bar]');
      await inViewport(page, bar.getByRole('link', { name: 'Rôles' }), 'Rôles in the section bar');
      await bar.getByRole('link', { name: 'Rôles' }).click();
      await page.waitForURL('**/admin/roles');
      await shot(page, 'shell-tablet-section-bar-fr');

      // Another section: its icon on the rail opens its sub-menu; Demandes is the next tap.
      await page.locator('[data-testid=app-vehicles]').click();
      const flyout = page.locator('[data-testid=section-flyout-vehicles]');
      await flyout.getByRole('link', { name: 'Demandes', exact: true }).waitFor();
      await settles(() => flyout.evaluate((e) => getComputedStyle(e).opacity), '1');
      await shot(page, 'shell-tablet-flyout-fr');
      await flyout.getByRole('link', { name: 'Demandes', exact: true }).click();
      await page.waitForURL('**/vehicles/requests');
      await flyout.waitFor({ state: 'hidden' });
      // In Vehicles now: Véhicules is one tap away in the bar, Demandes marked as the current page.
      await page.locator('[data-testid=section-bar]').getByRole('link', { name: 'Demandes', exact: true }).and(page.locator('[aria-current=page]')).waitFor();
      await page.locator('[data-testid=section-bar]').getByRole('link', { name: 'Véhicules', exact: true }).click();
      await page.waitForURL('**/vehicles/vehicles');

      // From a record open in a drawer too, and in a third section (CRM).
      await page.locator('[data-testid=app-crm]').click();
      await page.locator('[data-testid=section-flyout-crm]').getByRole('link', { name: 'Contacts' }).click();
      await page.waitForURL('**/crm/contacts');
      await page.locator('[data-testid=section-bar]').getByRole('link', { name: 'Clients' }).click();
      await page.waitForURL('**/crm/customers');

      await english(page);
      await page.locator('[data-testid=app-vehicles]').click();
      await page.locator('[data-testid=section-flyout-vehicles]').getByRole('link', { name: 'Requests' }).waitFor();
      await settles(() => page.locator('[data-testid=section-flyout-vehicles]').evaluate((e) => getComputedStyle(e).opacity), '1');
      await shot(page, 'shell-tablet-flyout-en');
      await page.keyboard.press('Escape');
      await page.locator('[data-testid=section-flyout-vehicles]').waitFor({ state: 'hidden' });
      await shot(page, 'shell-tablet-section-bar-en');
      assert.deepEqual(page.errors, []);
    }));

  test('at 1440 px the side panel shows the sub-menu and the rail icons go to their section', T, () =>
    journey(browser, 'shell-desktop', async (open) => {
      const page = await signIn(open, 'manager@atelier.test', DESKTOP);
      await visit(page, '/admin/users');
      await page.locator('[data-testid=section-menu]').getByRole('link', { name: 'Rôles' }).waitFor();
      assert.equal(await page.locator('[data-testid=section-bar]').count(), 0);
      await page.locator('[data-testid=app-vehicles]').click();
      // /vehicles goes on to the section's first screen: a click before that lands would be replaced by it.
      await page.waitForURL('**/vehicles/vehicles');
      await page.locator('[data-testid=section-menu]').getByRole('link', { name: 'Demandes', exact: true }).click();
      await page.waitForURL('**/vehicles/requests');
      await shot(page, 'shell-desktop-fr');
    }));
});

const vin = (n) => `E2ESHL${String(n).padStart(11, '0')}`;
const csvOf = (lines) => Buffer.from('\uFEFF' + lines.map((l) => l.join(';')).join('\r\n') + '\r\n');

describe('import results', () => {
  test('the errors column stays in view at 1440x900 and 1024x768; long cells are cut with the whole value on hover', T, () =>
    journey(browser, 'shell-imports', async (open) => {
      const page = await signIn(open, 'manager@atelier.test', DESKTOP);
      await visit(page, '/admin/imports');
      await page.locator('[data-testid=import-new]').click();
      await page.waitForURL('**/admin/imports/new');
      await page.locator('[data-testid=import-model]').click();
      await page.getByRole('option', { name: 'Véhicules', exact: true }).click();
      const long = 'Série spéciale édition limitée avec toit ouvrant panoramique et jantes de dix-neuf pouces';
      const lines = [
        ['NIV', 'Marque', 'Modèle', 'Année', 'Kilométrage', 'Couleur', 'Notes'],
        [vin(1), 'Honda', long, '2021', '12000', 'Bleu nuit métallisé', long],
        [vin(2).slice(0, 12), 'Kia', long, '2019', '40000', 'Rouge', long],
      ];
      await page.locator('input[type=file]').setInputFiles({ name: 'longues-lignes.csv', mimeType: 'text/csv', buffer: csvOf(lines) });
      await page.locator('[data-testid=import-upload]').click();
      await page.waitForURL(/\/admin\/imports\/[0-9a-f-]{36}$/);
      await page.locator('[data-testid=import-mapping]').waitFor();
      await page.locator('[data-testid=import-dry-run]').click();
      await page.locator('[data-testid=import-summary]').getByText('En erreur : 1').waitFor();

      const results = page.locator('[data-testid=import-results]');
      const errors = page.locator('[data-testid=import-line-3] [data-testid=import-line-errors]');
      await errors.getByText(/NIV : /).waitFor();
      for (const viewport of [DESKTOP, TABLET]) {
        await page.setViewportSize(viewport);
        await inViewport(page, results.getByRole('columnheader', { name: 'Erreurs' }), `Erreurs header at ${viewport.width} px`);
        await inViewport(page, errors, `errors of line 3 at ${viewport.width} px`);
        // Not hidden past the right edge of the results card either (its table scrolls only as a last resort).
        const card = await results.evaluate((t) => t.closest('.mantine-Card-root').getBoundingClientRect().right);
        const cell = await errors.boundingBox();
        assert.ok(cell.x + cell.width <= card, `errors of line 3 end at ${Math.round(cell.x + cell.width)} px, the card at ${Math.round(card)} px`);
        await results.scrollIntoViewIfNeeded();
        await shot(page, `shell-import-errors-${viewport.width}-fr`);
      }
      // A long value is cut; the cell carries it whole (shown on hover).
      await page.locator('[data-testid=import-line-2]').getByTitle(long).first().waitFor();

      await english(page);
      await results.getByRole('columnheader', { name: 'Errors' }).waitFor();
      for (const viewport of [TABLET, DESKTOP]) {
        await page.setViewportSize(viewport);
        await inViewport(page, results.getByRole('columnheader', { name: 'Errors' }), `Errors header at ${viewport.width} px`);
        await inViewport(page, errors, `errors of line 3 at ${viewport.width} px (en)`);
        await results.scrollIntoViewIfNeeded();
        await shot(page, `shell-import-errors-${viewport.width}-en`);
      }
      assert.deepEqual(page.errors, []);
    }));
});

describe('request actions', () => {
  test('each action says what it does; complete and cancel ask first, naming the request', T, () =>
    journey(browser, 'shell-request-actions', async (open) => {
      const tk = await token('manager@atelier.test');
      const me = (await api('/me', { token: tk })).body.data;
      const make = async (sku) => {
        const created = await api('/requests', { method: 'POST', token: tk, body: { data: { type: 'requests', attributes: { type: 'repair', priority: 10, vehicle_sku: sku } } } });
        assert.equal(created.status, 201, JSON.stringify(created.body));
        const id = created.body.data.id;
        const assigned = await api(`/requests/${id}/assign`, { method: 'POST', token: tk, body: { data: { type: 'users', id: me.id } } });
        assert.equal(assigned.status, 200, JSON.stringify(assigned.body));
        return id;
      };
      const stateOf = async (id) => (await api(`/requests/${id}`, { token: tk })).body.data.attributes.state;
      const first = await make('E2E-SHELL-1');
      const second = await make('E2E-SHELL-2');

      const page = await signIn(open, 'manager@atelier.test', DESKTOP);
      await visit(page, `/vehicles/requests?id=${first}&action=view`);
      await page.locator('[data-testid=request-actions]').waitFor();
      // Side by side, labels whole.
      const tops = await page.locator('[data-testid=request-actions] button').evaluateAll((bs) => bs.map((b) => Math.round(b.getBoundingClientRect().top)));
      assert.equal(new Set(tops).size, 1, `buttons on one row: ${tops}`);
      for (const b of await page.locator('[data-testid=request-actions] button .mantine-Button-label').all())
        assert.ok(await b.evaluate((e) => e.scrollWidth <= e.clientWidth), `${await b.innerText()} is cut`);
      // The spec's order, each with its hint.
      const order = await page.locator('[data-testid=request-actions] button').evaluateAll((bs) => bs.map((b) => b.dataset.testid));
      assert.deepEqual(order, ['request-assign', 'request-approve', 'request-complete', 'request-cancel']);
      await page.locator('[data-testid=request-hint-assign]').getByText(/travail assigné/).waitFor();
      await page.locator('[data-testid=request-hint-approve]').getByText(/Autorise le travail/).waitFor();
      await page.locator('[data-testid=request-hint-complete]').getByText(/Définitif/).waitFor();
      await page.locator('[data-testid=request-hint-cancel]').getByText(/Définitif/).waitFor();
      assert.equal(await page.locator('[data-testid=request-cancel]').getAttribute('aria-describedby'), 'request-hint-cancel');
      await shot(page, 'shell-request-actions-1440-fr');
      const name = (await page.locator('[data-testid=record-title]').innerText()).replace(/^Demande /, '');
      assert.match(name, /E2E-SHELL-1/);

      // Complete: the dialog names the request; dismissed, nothing changes.
      await page.locator('[data-testid=request-complete]').click();
      await page.locator('[data-testid=request-complete-body]').getByText(`La demande « ${name} » sera marquée comme complétée`, { exact: false }).waitFor();
      await settles(() => page.locator('.mantine-Modal-content').evaluate((e) => getComputedStyle(e).opacity), '1');
      await shot(page, 'shell-request-complete-confirm-fr');
      await page.locator('[data-testid=request-complete-dismiss]').click();
      await page.locator('[data-testid=request-complete-body]').waitFor({ state: 'hidden' });
      assert.equal(await stateOf(first), 'assigned');
      // Cancel: the same, then confirmed.
      await page.locator('[data-testid=request-cancel]').click();
      await page.locator('[data-testid=request-cancel-body]').getByText(`La demande « ${name} » sera annulée`, { exact: false }).waitFor();
      await page.locator('[data-testid=request-cancel-dismiss]').click();
      await page.locator('[data-testid=request-cancel-body]').waitFor({ state: 'hidden' });
      assert.equal(await stateOf(first), 'assigned');
      await page.locator('[data-testid=request-cancel]').click();
      await page.locator('[data-testid=request-cancel-confirm]').click();
      await settles(() => stateOf(first), 'canceled');
      await page.locator('[data-testid=request-actions]').waitFor({ state: 'detached' });

      // Complete confirmed, in English at 1024 px.
      await page.setViewportSize(TABLET);
      await visit(page, '/vehicles/requests');
      await english(page);
      await visit(page, `/vehicles/requests?id=${second}&action=view`);
      await page.locator('[data-testid=request-hint-complete]').getByText('Closes the request, work done. Final.').waitFor();
      await shot(page, 'shell-request-actions-1024-en');
      await page.locator('[data-testid=request-complete]').click();
      const nameEn = (await page.locator('[data-testid=record-title]').first().innerText()).replace(/^Request /, '');
      await page.locator('[data-testid=request-complete-body]').getByText(`The request “${nameEn}” will be marked as completed`, { exact: false }).waitFor();
      await settles(() => page.locator('.mantine-Modal-content').evaluate((e) => getComputedStyle(e).opacity), '1');
      await shot(page, 'shell-request-complete-confirm-en');
      await page.locator('[data-testid=request-complete-confirm]').click();
      await settles(() => stateOf(second), 'completed');
      assert.deepEqual(page.errors, []);
    }));
});

describe('organization column', () => {
  test('a platform administrator sees which organization each user and customer belongs to; an organization user does not', T, () =>
    journey(browser, 'shell-organization-column', async (open) => {
      const admin = await signIn(open, 'admin@atelier.test', DESKTOP);
      for (const path of ['/admin/users', '/crm/customers']) {
        await visit(admin, path);
        const table = admin.locator('[data-testid=resource-table]');
        await table.getByRole('columnheader', { name: 'Organisation' }).waitFor();
        await table.getByRole('cell', { name: 'Garage Démo' }).first().waitFor();
      }
      await shot(admin, 'shell-admin-customers-1440-fr');
      await admin.setViewportSize(TABLET);
      await english(admin);
      await admin.locator('[data-testid=resource-table]').getByRole('columnheader', { name: 'Organization' }).waitFor();
      await shot(admin, 'shell-admin-customers-1024-en');

      const manager = await signIn(open, 'manager@atelier.test', DESKTOP);
      for (const path of ['/admin/users', '/crm/customers']) {
        await visit(manager, path);
        await manager.locator('[data-testid=resource-row]').first().waitFor();
        assert.equal(await manager.locator('[data-testid=resource-table]').getByRole('columnheader', { name: 'Organisation' }).count(), 0, path);
      }
    }));
});

describe('accessibility (axe-core)', () => {
  test('the main screens have no serious or critical violation, in French and English', T, () =>
    journey(browser, 'axe', async (open) => {
      const page = await signIn(open, 'manager@atelier.test');
      const tk = await token('manager@atelier.test');
      const request = (await api('/requests?page[size]=1', { token: tk })).body.data[0];
      const vehicle = (await api('/vehicles?page[size]=1', { token: tk })).body.data[0];
      const customer = (await api('/customers?page[size]=1', { token: tk })).body.data[0];
      const screens = [
        ['dashboard', '/dashboard'],
        ['vehicles list', '/vehicles/vehicles'],
        ['vehicle form', `/vehicles/vehicles?id=${vehicle.id}&action=edit`],
        ['requests list', '/vehicles/requests'],
        ['request view', `/vehicles/requests?id=${request.id}&action=view`],
        ['customers list', '/crm/customers'],
        ['customer form', `/crm/customers?id=${customer.id}&action=edit`],
        ['contacts', '/crm/contacts'],
        ['users', '/admin/users'],
        ['roles', '/admin/roles'],
        ['imports', '/admin/imports'],
        ['profile', '/me/view'],
      ];
      const failures = [];
      const check = async (name) => {
        const found = await axeViolations(page);
        if (found.length) failures.push(`${name}:\n${found.join('\n')}`);
      };
      for (const [name, path] of screens) {
        await visit(page, path);
        if (path.includes('action=')) await page.getByRole('dialog').first().waitFor();
        await check(`${name} (fr)`);
      }
      // English: the dashboard and a form.
      await page.locator('[data-testid=language-switcher]').getByText('Anglais', { exact: true }).click();
      await visit(page, '/dashboard');
      await page.getByRole('heading', { name: /Dashboard/ }).first().waitFor();
      await check('dashboard (en)');
      await visit(page, `/crm/customers?id=${customer.id}&action=edit`);
      await page.getByRole('dialog').first().waitFor();
      await check('customer form (en)');
      // The sign-in page, signed out.
      const out = await open({ width: 1440, height: 900 });
      await out.goto('/login');
      await out.locator('input[type=email]').waitFor();
      const found = await axeViolations(out);
      if (found.length) failures.push(`login (fr):\n${found.join('\n')}`);
      assert.equal(failures.length, 0, failures.join('\n\n'));
    }));
});
