// "Tout bon" and "Réinitialiser la section" on a 1024x768 touch tablet (issue 20 points 1 and 4):
// the manager answers the roof "À remplacer", the windshield cracked, rust found and the antenna
// N/A in the second section; "Tout bon" says it fills the one field left, keeps every answer, and
// is undone; the reset asks, naming how many answers it clears, and the screen stays on the
// section. The pads of the first section, safety-critical, show red once "Mauvais".
// In French. Run through e2e/run.mjs (fresh database).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { BASE, PASSWORD, api, create, fileBrowser, one, settles, shot, token } from './helpers.mjs';

const T = { timeout: 180_000 };
const held = fileBrowser();
const WIDGET = [
  { option: 'good', points: 10 },
  { option: 'to_replace', points: 0 },
  { option: 'bad', points: 4 },
  { option: 'not_applicable', points: 10 },
];
const CHECK = [{ option: 'yes', points: 5 }, { option: 'no', points: 0 }];

/** Freins › Avant (critical pads), Carrosserie › Haut (roof, windshield, rust, antenna with N/A, wipers). */
async function buildForm(tk) {
  const form = await create(tk, 'inspection-forms', { name: `Tout bon ${Date.now()}` });
  const ids = { form };
  const section = async (title, sub, order) => {
    ids[title] = await create(tk, 'inspection-form-sections', { name: title, factor: 1, order_number: order }, { inspectionForm: one('inspection-forms', form) });
    return create(tk, 'inspection-form-sections', { name: sub, factor: 1, order_number: 1 }, { inspectionForm: one('inspection-forms', form), parent: one('inspection-form-sections', ids[title]) });
  };
  const field = async (sub, key, attributes, order) => {
    ids[key] = await create(tk, 'inspection-form-section-fields', { order_number: order, ...attributes }, { section: one('inspection-form-sections', sub) });
  };
  const brakes = await section('Freins', 'Avant', 1);
  await field(brakes, 'pads', { name: 'Plaquettes avant', field_type: 'PAD_THICKNESS_WIDGET', points_threshold: WIDGET, safety_critical: true }, 1);
  const body = await section('Carrosserie', 'Haut', 2);
  await field(body, 'roof', { name: 'Toit', field_type: 'STATE_WIDGET', points_threshold: WIDGET }, 1);
  await field(body, 'windshield', { name: 'Pare-brise', field_type: 'SELECT_SINGLE', points_threshold: [{ option: 'Intact', points: 6 }, { option: 'Fissuré', points: 0 }] }, 2);
  await field(body, 'rust', { name: 'Rouille', field_type: 'CHECK', points_threshold: [{ option: 'yes', points: 0 }, { option: 'no', points: 5 }] }, 3);
  await field(body, 'antenna', { name: 'Antenne', field_type: 'CHECK', points_threshold: CHECK, enable_na: true }, 4);
  await field(body, 'wipers', { name: 'Essuie-glaces', field_type: 'CHECK', points_threshold: CHECK }, 5);
  return ids;
}

describe('set a section all good, undo, reset', () => {
  test('92. "Tout bon" keeps the answers given, says how many it fills and is undone; the reset asks and stays on the section', T, async () => {
    const manager = await token('manager@atelier.test');
    const ids = await buildForm(manager);
    const vehicles = await api('/vehicles?page[size]=1', { token: manager });
    const id = await create(manager, 'inspections', { odometer: 41_000 }, { inspectionForm: one('inspection-forms', ids.form), vehicle: one('vehicles', vehicles.body.data[0].id) });
    assert.equal((await api(`/inspections/${id}/start`, { method: 'POST', token: manager })).status, 200);
    const answers = async () =>
      new Map((await api(`/inspection-fields?filter[inspection]=${id}&page[size]=100`, { token: manager })).body.data.map((f) => [f.relationships.inspectionFormSectionField.data.id, f.attributes]));

    const context = await held.browser.newContext({ viewport: { width: 1024, height: 768 }, hasTouch: true, baseURL: BASE, locale: 'fr-CA' });
    const page = await context.newPage();
    const errors = [];
    page.on('pageerror', (e) => errors.push(e.message));
    try {
      await page.goto('/login');
      await page.locator('input[type=email]').fill('manager@atelier.test');
      await page.locator('input[type=password]').fill(PASSWORD);
      await page.locator('form button[type=submit]').tap();
      await page.waitForURL('**/dashboard');
      await page.goto(`/inspecpro/inspections/${id}`);
      const card = (key) => page.getByTestId(`field-${ids[key]}`);
      const saved = () => settles(() => page.locator('[data-save]').count(), 0);

      // The critical pads "Mauvais": red, with their default action offered.
      await card('pads').getByRole('radio', { name: 'Mauvais' }).tap();
      await card('pads').getByTestId('field-critical').waitFor();
      assert.equal(await card('pads').getAttribute('data-critical'), 'true');
      assert.match(await page.getByTestId('critical-findings').innerText(), /1 point de sécurité à corriger[\s\S]*Plaquettes avant/);
      assert.match(await card('pads').getByLabel('Action (Plaquettes avant)').getAttribute('placeholder'), /Réparer \(par défaut\)/);
      await saved();

      await page.getByTestId(`section-tab-${ids.Carrosserie}`).tap();
      await card('roof').getByRole('radio', { name: 'À remplacer' }).tap();
      await card('windshield').getByRole('radio', { name: 'Fissuré' }).tap();
      await card('rust').getByRole('button', { name: 'Oui', exact: true }).tap();
      await card('antenna').getByRole('button', { name: 'Sans objet' }).first().tap();
      await saved();

      const good = page.getByTestId('section-set-good').filter({ visible: true });
      await settles(() => good.getAttribute('data-count'), '1');
      assert.match(await good.innerText(), /Tout bon \(1 champ à remplir\)/);
      await good.tap();
      await page.getByTestId('section-undo-banner').waitFor();
      assert.match(await page.getByTestId('section-undo-banner').innerText(), /1 champ rempli/);
      // Still on the section; the answers given stay, the wipers are good.
      await settles(() => card('wipers').getAttribute('data-touched'), 'true');
      assert.equal(await card('roof').getByRole('radio', { name: 'À remplacer' }).getAttribute('aria-checked'), 'true');
      assert.equal(await card('windshield').getByRole('radio', { name: 'Fissuré' }).getAttribute('aria-checked'), 'true');
      assert.equal(await card('antenna').getAttribute('data-touched'), 'true');
      await shot(page, '92-section-good-undo');
      let server = await answers();
      assert.deepEqual(server.get(ids.roof).value, { value: 'to_replace' });
      assert.equal(server.get(ids.rust).value, true);
      assert.equal(server.get(ids.antenna).not_applicable, true);
      assert.equal(server.get(ids.wipers).value, true);

      // The undo: the wipers back to unanswered, through the answer path.
      await page.getByTestId('section-undo').tap();
      await settles(() => card('wipers').getAttribute('data-touched'), 'false');
      await saved();
      server = await answers();
      assert.equal(server.get(ids.wipers).touched, false);
      assert.deepEqual(server.get(ids.roof).value, { value: 'to_replace' });
      assert.equal(await page.getByTestId('section-undo-banner').count(), 0);

      // The reset asks first, naming the four answers it clears; kept, nothing changes.
      await page.getByTestId('section-reset').filter({ visible: true }).tap();
      await page.getByTestId('section-reset-message').waitFor();
      assert.match(await page.getByTestId('section-reset-message').innerText(), /Effacer les 4 réponses de la section « Carrosserie »/);
      await shot(page, '92-section-reset-confirm');
      await page.getByRole('button', { name: 'Revenir' }).tap();
      assert.equal((await answers()).get(ids.roof).touched, true);
      await page.getByTestId('section-reset').filter({ visible: true }).tap();
      await page.getByTestId('section-reset-confirm').tap();
      // Still on Carrosserie, every field unanswered; the pads of the other section kept.
      await settles(() => card('roof').getAttribute('data-touched'), 'false');
      assert.equal(await card('rust').getAttribute('data-touched'), 'false');
      server = await answers();
      assert.equal(server.get(ids.antenna).touched, false);
      assert.deepEqual(server.get(ids.pads).value, { value: 'bad' });
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });
});
