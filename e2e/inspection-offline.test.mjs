// The inspection screen offline (issue 11), on a 1024x768 touch tablet: the demo inspector opens
// an inspection assigned to them, starts it, fills every section with the tablet controls (tire
// widgets, yes/no, a choice, a number, a battery) and takes a photo of a tire while online, loses
// the connection for a few answers, RELOADS
// the page while offline (the service worker serves the app and the inspection; the unsent
// answers are still there, from IndexedDB), gets the connection back, sees the queue drain, and
// the server holds every answer and the photo; then the reminders, the signature, send. The last visit's answers
// show under each field. In French; the list with its state tabs and filters in English.
// Run through e2e/run.mjs (fresh database).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { BASE, PASSWORD, api, axeCheck, create, fileBrowser, one, png, settles, shot, sign, token } from './helpers.mjs';

const T = { timeout: 240_000 };
const held = fileBrowser();
const WIDGET = [
  { option: 'good', points: 10 },
  { option: 'to_replace', points: 3 },
  { option: 'bad', points: 0 },
  { option: 'not_applicable', points: 0 },
];

/** Like settles, for a text that must match a pattern. */
async function matches(read, pattern) {
  const deadline = Date.now() + 10_000;
  let actual = await read();
  while (!pattern.test(actual) && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 100));
    actual = await read();
  }
  assert.match(actual, pattern);
}

/** A VIN of the run (unique per organization), with its check digit. */
function vin() {
  const map = { A: 1, B: 2, C: 3, D: 4, E: 5, F: 6, G: 7, H: 8, J: 1, K: 2, L: 3, M: 4, N: 5, P: 7, R: 9, S: 2, T: 3, U: 4, V: 5, W: 6, X: 7, Y: 8, Z: 9 };
  const weights = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2];
  const draft = `2HGFC2F5${'0'}N${String(Date.now()).slice(-7)}`;
  const sum = [...draft].reduce((s, c, i) => s + (/\d/.test(c) ? Number(c) : map[c]) * weights[i], 0);
  const check = sum % 11 === 10 ? 'X' : String(sum % 11);
  return draft.slice(0, 8) + check + draft.slice(9);
}

/** Pneus › Avant (two tire widgets: the first is copied to the second, and takes photos), Habitacle › Commandes (yes/no, a choice, a number), Moteur › Électricité (battery). */
async function buildForm(tk, name) {
  const form = await create(tk, 'inspection-forms', { name }, {
    reminders: { data: [{ type: 'inspection-form-reminders', attributes: { text: 'Clés remises au client' } }, { type: 'inspection-form-reminders', attributes: { text: 'Bouchons de valve en place' } }] },
  });
  const ids = { form };
  const section = async (title, sub, order) => {
    ids[title] = await create(tk, 'inspection-form-sections', { name: title, factor: 1, order_number: order }, { inspectionForm: one('inspection-forms', form) });
    return create(tk, 'inspection-form-sections', { name: sub, factor: 1, order_number: 1 }, { inspectionForm: one('inspection-forms', form), parent: one('inspection-form-sections', ids[title]) });
  };
  const field = async (sub, key, attributes) => {
    ids[key] = await create(tk, 'inspection-form-section-fields', attributes, { section: one('inspection-form-sections', sub) });
  };
  const tires = await section('Pneus', 'Avant', 1);
  await field(tires, 'left', { name: 'Pneu avant gauche', field_type: 'TIRE_STATE_WIDGET', points_threshold: WIDGET, order_number: 1, can_upload_image: true });
  await field(tires, 'right', { name: 'Pneu avant droit', field_type: 'TIRE_STATE_WIDGET', points_threshold: WIDGET, order_number: 2 });
  const cabin = await section('Habitacle', 'Commandes', 2);
  await field(cabin, 'horn', { name: 'Klaxon', field_type: 'CHECK', points_threshold: [{ option: 'yes', points: 5 }, { option: 'no', points: 0 }], order_number: 1 });
  await field(cabin, 'clean', { name: 'Propreté', field_type: 'SELECT_SINGLE', points_threshold: [{ option: 'Propre', points: 5 }, { option: 'Sale', points: 0 }], order_number: 2 });
  await field(cabin, 'fuel', { name: 'Carburant (%)', field_type: 'NUMBER', points_threshold: [{ option: '0-49', points: 0 }, { option: '50-100', points: 5 }], order_number: 3 });
  const engine = await section('Moteur', 'Électricité', 3);
  await field(engine, 'battery', { name: 'Batterie', field_type: 'BATTERY_STATE_WIDGET', points_threshold: WIDGET, order_number: 1 });
  return ids;
}

/** A context of a touch tablet (1024x768) signed in as the user; console errors collected. */
async function tablet(browser, email, locale = 'fr') {
  const context = await browser.newContext({ viewport: { width: 1024, height: 768 }, hasTouch: true, baseURL: BASE, locale: locale === 'fr' ? 'fr-CA' : 'en-CA' });
  const page = await context.newPage();
  page.errors = [];
  page.on('pageerror', (e) => page.errors.push(e.message));
  await page.goto('/login');
  if (locale === 'en') await page.evaluate(() => localStorage.setItem('GLOBAL_LOCALE', 'en'));
  await page.goto('/login');
  await page.locator('input[type=email]').fill(email);
  await page.locator('input[type=password]').fill(PASSWORD);
  await page.locator('form button[type=submit]').tap();
  await page.waitForURL('**/dashboard');
  return { context, page };
}

describe('the inspection screen offline', () => {
  test('70. an assigned inspection filled on a tablet, offline for a few answers and a reload, nothing lost, signed and sent', T, async () => {
    const manager = await token('manager@atelier.test');
    const inspectorToken = await token('inspector@atelier.test');
    const me = (await api('/me', { token: inspectorToken })).body.data;
    const ids = await buildForm(manager, `Tablette ${Date.now()}`);
    const vehicle = await create(manager, 'vehicles', { vin: vin(), make: 'Honda', model: 'Civic', model_year: 2022, odometer: 41_000 });
    const rels = { inspectionForm: one('inspection-forms', ids.form), vehicle: one('vehicles', vehicle) };

    // A previous visit, completed through the API: its answers show under each field.
    const before = await create(manager, 'inspections', { odometer: 30_000 }, rels);
    assert.equal((await api(`/inspections/${before}/start`, { method: 'POST', token: manager })).status, 200);
    const fieldsOf = async (inspection, tk) =>
      new Map((await api(`/inspection-fields?filter[inspection]=${inspection}&page[size]=100`, { token: tk })).body.data.map((f) => [f.relationships.inspectionFormSectionField.data.id, f]));
    const old = await fieldsOf(before, manager);
    const answers = { left: { value: { value: 'good', depth_mm: 7 } }, horn: { value: true }, clean: { value: 'Propre' }, fuel: { value: 80 }, battery: { value: { value: 'good', amps: 650 } } };
    for (const [key, attributes] of Object.entries(answers)) {
      const f = old.get(ids[key]);
      const r = await api(`/inspection-fields/${f.id}`, { method: 'PATCH', token: manager, body: { data: { type: 'inspection-fields', id: f.id, attributes } } });
      assert.equal(r.status, 200, JSON.stringify(r.body));
    }
    const version = (await api(`/inspections/${before}?include=inspectionFormVersion`, { token: manager })).body.included[0];
    const reminders = version.attributes.structure.reminders.map((r) => r.id);
    const done = await api(`/inspections/${before}/complete`, { method: 'POST', token: manager, body: { data: { type: 'inspections', id: before, attributes: { signature: 'data:image/png;base64,AAAA', checked_reminders: reminders } } } });
    assert.equal(done.status, 200, JSON.stringify(done.body));

    const id = await create(manager, 'inspections', { odometer: 41_000 }, { ...rels, assignedToUsers: { data: [{ type: 'users', id: me.id }] } });
    const { context, page } = await tablet(held.browser, 'inspector@atelier.test');
    // The inspection's own badge (list rows carry the same test id).
    const stateOf = () => page.getByTestId('inspection-page').getByTestId('inspection-state').getAttribute('data-state');
    try {
      await page.goto(`/inspecpro/inspections/${id}`);
      await settles(stateOf, 'assigned');
      // The inspector is an assignee: start is offered (the server's available_actions), and works.
      await page.getByTestId('inspection-start').tap();
      await settles(stateOf, 'in_progress');
      // Let the service worker take control (first visit), so the reload below is served offline.
      await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, null, { timeout: 30_000 });
      // Its copies of the profile, the configuration and the inspection are read through it once it controls the page.
      await page.waitForFunction(
        async () => {
          const cache = await caches.open('atelier-api');
          const urls = (await cache.keys()).map((r) => new URL(r.url).pathname);
          return ['/api/v1/app-config', '/api/v1/me'].every((p) => urls.includes(p)) && urls.some((p) => p.startsWith('/api/v1/inspection-form-versions/'));
        },
        null,
        { timeout: 30_000 },
      );
      const card = (key) => page.getByTestId(`field-${ids[key]}`);
      await card('left').waitFor();
      await page.getByTestId('previous-visit').waitFor();
      assert.match(await card('left').getByTestId('field-previous').innerText(), /Dernière visite : Bon · 7 mm/);

      // Pneus, online: the left tire to replace at 3 mm; the right one follows (state copied, its own depth).
      await card('left').getByRole('radio', { name: 'À remplacer' }).tap();
      await card('left').getByLabel(/Profondeur de la bande/).fill('3');
      await card('right').getByLabel(/Profondeur de la bande/).fill('4,5');
      await settles(() => page.locator('[data-save]').count(), 0);
      await settles(() => card('right').getByRole('radio', { name: 'À remplacer' }).getAttribute('aria-checked'), 'true');
      // A photo of the worn tire, still online (photos wait for the connection; answers are queued).
      const photos = page.getByTestId(`photos-${ids.left}`);
      await photos.getByRole('button', { name: 'Prendre une photo' }).waitFor();
      await photos.locator('input[type=file]').setInputFiles({ name: 'pneu.png', mimeType: 'image/png', buffer: png(1200, 900) });
      // A finding's photo opens its markup first (issue 26): saved as taken, without marks.
      await page.getByTestId('markup-save').click();
      await settles(() => photos.getAttribute('data-count'), '1');
      await shot(page, '70-tablet-tires');

      // Habitacle, offline.
      await context.setOffline(true);
      await page.getByTestId(`section-tab-${ids.Habitacle}`).tap();
      await card('horn').getByRole('button', { name: 'Non', exact: true }).tap();
      await card('clean').getByRole('radio', { name: 'Sale' }).tap();
      await card('fuel').getByRole('textbox', { name: 'Carburant (%)' }).fill('35');
      await matches(() => page.getByTestId('save-banner').innerText(), /3 réponses attendent la connexion/);
      await settles(() => card('horn').getAttribute('data-save'), 'saving');
      // Offline is said once, in the banner: not under each field (the photo button waits).
      await matches(() => page.getByTestId('offline-banner').innerText(), /Hors ligne : les photos s’envoient seulement avec la connexion/);
      assert.equal(await page.getByText('Hors ligne : les photos').count(), 1);
      await axeCheck(page, 'the inspection screen offline');
      await shot(page, '70-tablet-offline');

      // Reloaded while offline: the service worker serves the app and the inspection; the answers are still there,
      // on the section the inspector was at.
      await page.reload();
      await card('horn').waitFor();
      assert.equal(await page.getByTestId(`section-tab-${ids.Habitacle}`).getAttribute('aria-selected'), 'true');
      await settles(() => card('horn').getByRole('button', { name: 'Non', exact: true }).getAttribute('aria-pressed'), 'true');
      await settles(() => card('clean').getByRole('radio', { name: 'Sale' }).getAttribute('aria-checked'), 'true');
      assert.equal(await card('fuel').getByRole('textbox', { name: 'Carburant (%)' }).inputValue(), '35');
      await matches(() => page.getByTestId('save-banner').innerText(), /3 réponses attendent la connexion/);
      // The tires answered online before are there too (the offline copy was refreshed once they were sent).
      await page.getByTestId(`section-tab-${ids.Pneus}`).tap();
      await settles(() => card('left').getByRole('radio', { name: 'À remplacer' }).getAttribute('aria-checked'), 'true');
      // One more answer offline, after the reload.
      await page.getByTestId(`section-tab-${ids.Moteur}`).tap();
      await card('battery').getByRole('radio', { name: 'Mauvais' }).tap();
      await card('battery').getByLabel(/Intensité/).fill('310');
      await shot(page, '70-tablet-reloaded-offline');

      // The list, offline: it says so and shows the inspections kept on the tablet, not "0 résultat" and placeholders.
      await page.goto('/inspecpro/inspections').catch(() => {});
      await matches(() => page.getByTestId('list-offline').innerText(), /Hors ligne : la liste sera lue au retour de la connexion/);
      await page.locator(`[data-testid="resource-row"][data-id="${id}"]`).waitFor();
      assert.match(await page.locator(`[data-testid="resource-row"][data-id="${id}"]`).innerText(), /2022 Honda Civic/);
      assert.equal(await page.getByTestId('list-total').count(), 0);
      await shot(page, '70-tablet-list-offline');
      await page.locator(`[data-testid="resource-row"][data-id="${id}"] a`).first().tap();
      await page.getByTestId(`section-tab-${ids.Moteur}`).tap();

      // Back online: the queue drains in order, the banner goes.
      await context.setOffline(false);
      await settles(() => page.getByTestId('save-banner').count(), 0);
      await settles(() => page.locator('[data-save]').count(), 0);
      const saved = await fieldsOf(id, inspectorToken);
      const value = (key) => saved.get(ids[key]).attributes;
      assert.deepEqual(value('left').value, { value: 'to_replace', depth_mm: 3 });
      assert.deepEqual(value('right').value, { value: 'to_replace', depth_mm: 4.5 });
      assert.equal(value('horn').value, false);
      assert.equal(value('clean').value, 'Sale');
      assert.equal(value('fuel').value, 35);
      assert.deepEqual(value('battery').value, { value: 'bad', amps: 310 });
      // The photo taken before going offline is still the tire's, on the server and on the screen.
      assert.equal(value('left').images.length, 1);
      await page.getByTestId(`section-tab-${ids.Pneus}`).tap();
      await settles(() => page.getByTestId(`photos-${ids.left}`).getAttribute('data-count'), '1');
      assert.ok([...saved.values()].every((f) => f.attributes.touched), 'every field touched');

      // The final step: reminders, signature, send.
      await page.getByTestId('section-tab-finish').tap();
      await page.getByLabel('Clés remises au client').check();
      await page.getByLabel('Bouchons de valve en place').check();
      await sign(page);
      await page.getByTestId('inspection-complete').tap();
      await page.getByTestId('inspection-complete-confirm').tap();
      await settles(stateOf, 'completed');
      const after = (await api(`/inspections/${id}`, { token: inspectorToken })).body.data.attributes;
      assert.equal(after.state, 'completed');
      assert.match(after.signature, /^data:image\/png;base64,/);
      await shot(page, '70-tablet-sent');
      assert.deepEqual(page.errors, []);
    } catch (e) {
      await shot(page, 'FAILED-70').catch(() => {});
      throw e;
    } finally {
      await context.close();
      // The journeys after this one read Garage Démo's inspections list as the demo left it.
      for (const made of [id, before]) assert.equal((await api(`/inspections/${made}`, { method: 'DELETE', token: manager })).status, 204);
    }
  });

  test('71. the list in English: states as tabs with their counts, filters, quick actions the user may do', T, async () => {
    // An inspection to do of its own: the demo's may have been carried out by an earlier journey.
    const manager = await token('manager@atelier.test');
    const me = (await api('/me', { token: manager })).body.data.id;
    const form = (await api('/inspection-forms?filter[is_active]=true&page[size]=1', { token: manager })).body.data[0].id;
    const vehicle = (await api('/vehicles?page[size]=1', { token: manager })).body.data[0].id;
    const toDo = await create(manager, 'inspections', {}, { inspectionForm: one('inspection-forms', form), vehicle: one('vehicles', vehicle), assignedToUsers: { data: [{ type: 'users', id: me }] } });
    const { context, page } = await tablet(held.browser, 'manager@atelier.test', 'en');
    try {
      await page.goto('/inspecpro/inspections');
      await page.getByRole('heading', { name: 'Inspections' }).waitFor();
      const counts = (await api('/inspections/list/count', { token: await token('manager@atelier.test') })).body.meta.counts;
      await settles(() => page.getByTestId('state-tab-completed').innerText(), `Completed (${counts.completed})`);
      await page.getByTestId('state-tab-completed').tap();
      await settles(() => page.locator('tbody tr').count(), Math.min(counts.completed, 10));
      assert.match(page.url(), /filter%5Bstate%5D=completed|filter\[state\]=completed/);
      // The rarer filters wait behind "More filters" on a tablet.
      await page.getByTestId('filter-vehicle_score_min').waitFor({ state: 'detached' });
      await page.getByTestId('filters-more').tap();
      await page.getByTestId('filter-vehicle_score_min').fill('101');
      await page.getByText('No results.').waitFor();
      await page.getByRole('button', { name: 'Reset filters' }).tap();
      // The reset is a navigation of its own: the tab is tapped once it has landed, or a slow machine undoes the tab.
      await page.getByText('No results.').waitFor({ state: 'detached' });
      await page.getByTestId('state-tab-assigned').tap();
      await page.waitForURL(/filter%5Bstate%5D=assigned|filter\[state\]=assigned/);
      // A manager may start a to-do inspection from its row.
      await page.getByTestId('row-start').first().waitFor();
      await axeCheck(page, 'the inspections list');
      await shot(page, '71-inspections-list-en');
      assert.deepEqual(page.errors, []);
    } catch (e) {
      await shot(page, 'FAILED-71').catch(() => {});
      throw e;
    } finally {
      await context.close();
      assert.equal((await api(`/inspections/${toDo}`, { method: 'DELETE', token: manager })).status, 204);
    }
  });
});
