// Completing with what is missing, and a form in two languages (issue 20 points 16 and 21): a form
// built through the API with an optional free text and English labels. In French at 1024x768, the
// final step lists the required fields still to answer (not the text), each a link: clicking one opens
// its section and focuses the field; answered, the list empties and the inspection completes. An
// English user sees the same inspection's sections, fields and choices in English. Run through
// e2e/run.mjs (fresh database).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { api, axeCheck, create, fileBrowser, journey, login, one, settles, shot, sign, token } from './helpers.mjs';

const T = { timeout: 180_000 };
const held = fileBrowser();
const VIN = '1HGCM82633A004352';

/** Contrôle › Vitrage: a windshield check; Freins › Avant: pads (a choice, in English too) and an optional remark. */
async function buildForm(tk, name) {
  const form = await create(tk, 'inspection-forms', { name }, {
    reminders: { data: [{ type: 'inspection-form-reminders', attributes: { text: 'Clés remises au client', text_en: 'Keys handed to the customer' } }] },
  });
  const section = (attrs, parent) =>
    create(tk, 'inspection-form-sections', attrs, { inspectionForm: one('inspection-forms', form), ...(parent ? { parent: one('inspection-form-sections', parent) } : {}) });
  const control = await section({ name: 'Contrôle', order_number: 1 });
  const glass = await section({ name: 'Vitrage', order_number: 1 }, control);
  const brakes = await section({ name: 'Freins', name_en: 'Brakes', order_number: 2 });
  const front = await section({ name: 'Avant', name_en: 'Front', order_number: 1 }, brakes);
  const field = (sub, attrs) => create(tk, 'inspection-form-section-fields', attrs, { section: one('inspection-form-sections', sub) });
  return {
    form,
    windshield: await field(glass, { name: 'Pare-brise intact', field_type: 'CHECK', points_threshold: [{ option: 'yes', points: 10 }, { option: 'no', points: 0 }] }),
    pads: await field(front, {
      name: 'Plaquettes',
      name_en: 'Brake pads',
      field_type: 'SELECT_SINGLE',
      order_number: 1,
      points_threshold: [{ option: 'neuves', option_en: 'new', points: 10 }, { option: 'usées', option_en: 'worn', points: 0 }],
    }),
    remark: await field(front, { name: 'Remarque', field_type: 'TEXT', order_number: 2, points_threshold: [] }),
  };
}

describe('completing, and forms in two languages', () => {
  test('76. the final step lists what is missing, each a link to its field; an English user reads the form in English', T, () =>
    journey(held.browser, '76', async (open) => {
      const tk = await token('manager@atelier.test');
      const ids = await buildForm(tk, `Contrôle bilingue ${Date.now()}`);
      const vehicles = await api(`/vehicles?filter[search]=${VIN}`, { token: tk });
      const id = await create(tk, 'inspections', {}, { inspectionForm: one('inspection-forms', ids.form), vehicle: one('vehicles', vehicles.body.data[0].id) });
      assert.equal((await api(`/inspections/${id}/start`, { method: 'POST', token: tk })).status, 200);

      // In English: sections, fields, choices and reminders in English (Contrôle has no English name: French).
      const en = await open({ width: 1024, height: 768 });
      await en.goto('/login');
      await en.evaluate(() => localStorage.setItem('GLOBAL_LOCALE', 'en'));
      await login(en, 'manager@atelier.test');
      await en.waitForURL('**/dashboard');
      await en.goto(`/inspecpro/inspections/${id}`);
      await en.getByTestId(`field-${ids.windshield}`).waitFor();
      await en.getByRole('tab', { name: /Brakes/ }).click();
      const pads = en.getByTestId(`field-${ids.pads}`);
      await pads.getByText('Brake pads').waitFor();
      for (const choice of ['new', 'worn']) await pads.getByRole('radio', { name: choice, exact: true }).waitFor();
      assert.equal(await en.getByText('Plaquettes').count(), 0);
      await en.getByTestId('section-tab-finish').click();
      await en.getByLabel('Keys handed to the customer').waitFor();
      await en.getByTestId('missing-fields').getByText('Brake pads').waitFor();
      await shot(en, '76-inspection-english');
      await en.close();

      // In French: the two required fields are listed, not the optional remark.
      const page = await open({ width: 1024, height: 768 });
      await login(page, 'manager@atelier.test');
      await page.waitForURL('**/dashboard');
      await page.goto(`/inspecpro/inspections/${id}`);
      await page.getByTestId(`field-${ids.windshield}`).waitFor();
      await page.getByTestId('section-tab-finish').click();
      const missing = page.getByTestId('missing-fields');
      await missing.waitFor();
      assert.deepEqual(await missing.getByRole('listitem').allInnerTexts(), ['Pare-brise intact · Contrôle', 'Plaquettes · Freins']);
      await axeCheck(page, 'the final step with missing fields');
      await shot(page, '76-missing-fields');

      // The link opens Freins, brings the field into view and focuses its first choice.
      await page.getByTestId(`missing-${ids.pads}`).click();
      await settles(() => page.getByRole('tab', { name: /Freins/ }).getAttribute('aria-selected'), 'true');
      const card = page.getByTestId(`field-${ids.pads}`);
      await settles(() => card.evaluate((el) => el.contains(document.activeElement)), true);
      await settles(() => card.evaluate((el) => { const r = el.getBoundingClientRect(); return r.top >= 0 && r.bottom <= window.innerHeight; }), true);
      await shot(page, '76-field-reached');
      await card.getByRole('radio', { name: 'neuves', exact: true }).click();

      await page.getByTestId('section-tab-finish').click();
      await page.getByTestId(`missing-${ids.windshield}`).click();
      await page.getByTestId(`field-${ids.windshield}`).getByRole('button', { name: 'Oui', exact: true }).click();
      await settles(() => page.locator('[data-save]').count(), 0);
      await page.getByTestId('section-tab-finish').click();
      await page.getByTestId('missing-none').waitFor();
      await page.getByLabel('Clés remises au client').check();
      await sign(page);
      await page.getByTestId('inspection-complete').click();
      await page.getByTestId('inspection-complete-confirm').click();
      await settles(() => page.getByTestId('inspection-page').getByTestId('inspection-state').getAttribute('data-state'), 'completed');
      assert.deepEqual(page.errors, []);
    }));
});
