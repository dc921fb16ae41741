// The inspection screen (issue 11, /inspecpro/inspections): a manager creates an inspection from the
// list for the demo vehicle with a small form built through the API (two yes/no fields, a reminder),
// opens it, starts it, answers the two fields (scored at once, saved in the background), ticks the
// reminder, signs on the pad and completes it; the inspection is then read only with its score and
// signature, and the API agrees. At 1024x768, in French. Run through e2e/run.mjs (fresh database).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { api, axeCheck, choose, create, fileBrowser, journey, login, one, settles, shot, sign, token } from './helpers.mjs';

const T = { timeout: 180_000 };
const held = fileBrowser();
const VIN = '1HGCM82633A004352';

/** Contrôle › Vitrage: windshield and wipers (yes 10, no 0), and one reminder to tick. */
async function buildForm(tk, name) {
  const form = await create(tk, 'inspection-forms', { name }, {
    reminders: { data: [{ type: 'inspection-form-reminders', attributes: { text: 'Clés remises au client' } }] },
  });
  const section = await create(tk, 'inspection-form-sections', { name: 'Contrôle', factor: 1, order_number: 1 }, { inspectionForm: one('inspection-forms', form) });
  const sub = await create(tk, 'inspection-form-sections', { name: 'Vitrage', factor: 1, order_number: 1 }, { inspectionForm: one('inspection-forms', form), parent: one('inspection-form-sections', section) });
  const check = [{ option: 'yes', points: 10 }, { option: 'no', points: 0 }];
  const field = (attrs) => create(tk, 'inspection-form-section-fields', { field_type: 'CHECK', points_threshold: check, ...attrs }, { section: one('inspection-form-sections', sub) });
  return { form, windshield: await field({ name: 'Pare-brise intact', order_number: 1 }), wipers: await field({ name: 'Essuie-glaces en bon état', order_number: 2 }) };
}

describe('inspections', () => {
  test('67. an inspection created from the list, started, answered, signed and completed', T, () =>
    journey(held.browser, '60', async (open) => {
      const tk = await token('manager@atelier.test');
      const name = `Contrôle rapide ${Date.now()}`;
      const ids = await buildForm(tk, name);

      const page = await open({ width: 1024, height: 768 });
      await login(page, 'manager@atelier.test');
      await page.waitForURL('**/dashboard');
      await page.goto('/inspecpro/inspections');
      await page.getByRole('heading', { name: 'Inspections' }).waitFor();
      await page.getByTestId('list-add').click();
      await page.getByTestId('new-inspection').waitFor();
      await choose(page, 'Véhicule', VIN);
      await choose(page, 'Formulaire', name);
      await page.getByTestId('new-inspection-create').click();
      await page.waitForURL(/\/inspecpro\/inspections\/[^/?]+$/);
      const id = page.url().split('/').pop();
      await settles(() => page.getByTestId('inspection-page').getByTestId('inspection-state').getAttribute('data-state'), 'pending');

      await page.getByTestId('inspection-start').click();
      await settles(() => page.getByTestId('inspection-page').getByTestId('inspection-state').getAttribute('data-state'), 'in_progress');
      const card = (fieldId) => page.getByTestId(`field-${fieldId}`);
      await card(ids.windshield).getByRole('button', { name: 'Oui', exact: true }).click();
      await card(ids.wipers).getByRole('button', { name: 'Non', exact: true }).click();
      // 10 of 20 points: 50, at once; both answers then reach the server.
      await settles(() => page.getByTestId('vehicle-score').innerText(), '50');
      await settles(() => page.locator('[data-save]').count(), 0);
      await shot(page, '60-inspection-answered');

      await page.getByTestId('section-tab-finish').click();
      await page.getByLabel('Clés remises au client').check();
      await sign(page);
      await axeCheck(page, 'the final step of an inspection');
      await page.getByTestId('inspection-complete').click();
      await page.getByTestId('inspection-complete-confirm').click();
      await settles(() => page.getByTestId('inspection-page').getByTestId('inspection-state').getAttribute('data-state'), 'completed');
      await settles(() => page.getByTestId('inspection-score').innerText(), '50');
      await page.getByTestId('inspection-signature').waitFor();
      assert.equal(await card(ids.windshield).getByRole('button', { name: 'Oui', exact: true }).isDisabled(), true);
      await shot(page, '60-inspection-completed');

      const saved = await api(`/inspections/${id}`, { token: tk });
      assert.equal(saved.body.data.attributes.state, 'completed');
      assert.equal(saved.body.data.attributes.vehicle_score, 50);
      assert.match(saved.body.data.attributes.signature, /^data:image\/png;base64,/);
      assert.deepEqual(page.errors, []);
    }));
});
