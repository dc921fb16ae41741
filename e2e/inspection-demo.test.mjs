// The preview of an inspection form (issue 10, /inspecpro/inspection-forms/{id}/demo): a small form
// built through the API (a condition, two tires, a points multiplier, verdict notes) is filled on the
// tablet controls, and the scores and verdict follow live: an answer shows the conditional field, the
// first tire's state is copied to the other, the sample vehicle applies the multiplier, reset clears.
// In French and in English at 1024x768, with an accessibility check. Skipped while the server does not
// serve inspection forms. Run through e2e/run.mjs (fresh database).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { axeCheck, create, fileBrowser, journey, login, one, settles, shot, token } from './helpers.mjs';

const T = { timeout: 120_000 };
const held = fileBrowser();

const RUNS = [
  {
    locale: 'fr',
    words: {
      banner: "Aperçu : rien n'est enregistré",
      yes: 'Oui',
      no: 'Non',
      good: 'Bon',
      copied: 'Recopié de « Avant gauche »',
      vehicle: "Véhicule d'essai",
      make: 'Marque',
      complete: 'Complète',
      progress: (a, b) => `${a} / ${b} champs renseignés`,
    },
  },
  {
    locale: 'en',
    words: {
      banner: 'Preview: nothing is saved',
      yes: 'Yes',
      no: 'No',
      good: 'Good',
      copied: 'Copied from “Avant gauche”',
      vehicle: 'Sample vehicle',
      make: 'Make',
      complete: 'Complete',
      progress: (a, b) => `${a} / ${b} fields answered`,
    },
  },
];

const STATES = [
  { option: 'good', points: 10 },
  { option: 'to_replace', points: 5 },
  { option: 'bad', points: 0 },
  { option: 'not_applicable', points: 0 },
];

/** Creates one record and answers its id; fails the test with the server's answer otherwise. */

/** The form: Extérieur (factor 2) › Carrosserie: windshield, and a crack shown when it is "no"; Pneus › Pneus: two tires. */
async function buildForm(tk, name) {
  const note = (minimum_value, maximum_value, text) => ({ type: 'inspection-form-notes', attributes: { minimum_value, maximum_value, text } });
  const form = await create(tk, 'inspection-forms', { name }, {
    notes: { data: [note(0, 49, 'À revoir'), note(50, 79, 'Correct'), note(80, 100, 'Excellent état')] },
    multipliers: { data: [{ type: 'inspection-form-multipliers', attributes: { type: 'points', field: 'make', operation: 'contains', value: 'ford', multiplier: 0.5 } }] },
  });
  const section = (attrs, parent) =>
    create(tk, 'inspection-form-sections', attrs, {
      inspectionForm: one('inspection-forms', form),
      ...(parent ? { parent: one('inspection-form-sections', parent) } : {}),
    });
  const field = (sub, attrs) => create(tk, 'inspection-form-section-fields', attrs, { section: one('inspection-form-sections', sub) });
  const outside = await section({ name: 'Extérieur', factor: 2, order_number: 1 });
  const body = await section({ name: 'Carrosserie', factor: 1, order_number: 1 }, outside);
  const tires = await section({ name: 'Pneus', factor: 1, order_number: 2 });
  const wheels = await section({ name: 'Pneus', factor: 1, order_number: 1 }, tires);
  const check = (yes, no) => [{ option: 'yes', points: yes }, { option: 'no', points: no }];
  const windshield = await field(body, { name: 'Pare-brise intact', field_type: 'CHECK', points_threshold: check(10, 0), order_number: 1 });
  const crack = await field(body, {
    name: 'Fissure réparable',
    field_type: 'CHECK',
    points_threshold: check(5, 0),
    order_number: 2,
    conditional_field: true,
    conditions: [{ field: windshield, operator: 'equals', value: 'no' }],
    condition_relation: 'and',
  });
  const left = await field(wheels, { name: 'Avant gauche', field_type: 'TIRE_STATE_WIDGET', points_threshold: STATES, order_number: 1 });
  const right = await field(wheels, { name: 'Avant droit', field_type: 'TIRE_STATE_WIDGET', points_threshold: STATES, order_number: 2 });
  return { form, tires, windshield, crack, left, right };
}

describe('inspection form preview', () => {
  for (const { locale, words: w } of RUNS)
    test(`52-${locale}. a form previewed on the tablet controls: condition, propagation, multiplier, verdict, reset`, T, () =>
      journey(held.browser, `52-${locale}`, async (open) => {
        const tk = await token('manager@atelier.test');
        const ids = await buildForm(tk, `Aperçu ${locale}`);

        const page = await open({ width: 1024, height: 768 });
        await login(page, 'manager@atelier.test');
        await page.waitForURL('**/dashboard');
        if (locale === 'en') await page.locator('[data-testid=language-switcher]').getByText('Anglais', { exact: true }).click();
        await page.goto(`/inspecpro/inspection-forms/${ids.form}/demo`);
        await page.getByTestId('demo-banner').getByText(w.banner).waitFor();
        const score = () => page.getByTestId('vehicle-score').innerText();
        const verdict = () => page.getByTestId('verdict').innerText();
        const card = (id) => page.getByTestId(`field-${id}`);
        await settles(score, '0');
        await settles(verdict, 'À revoir');
        await settles(() => page.getByTestId('progress').innerText(), w.progress(0, 3));

        // "No" on the windshield shows the crack question; a repairable crack earns its points.
        assert.equal(await card(ids.crack).count(), 0);
        await card(ids.windshield).getByRole('button', { name: w.no, exact: true }).click();
        await card(ids.crack).waitFor();
        await card(ids.crack).getByRole('button', { name: w.yes, exact: true }).click();
        await settles(() => card(ids.crack).getByTestId('field-score').innerText(), '5 / 5 pts · 100 %');

        // The first tire's state goes to the second, which says where it came from.
        await page.getByTestId(`section-tab-${ids.tires}`).click();
        await card(ids.left).getByRole('radio', { name: w.good, exact: true }).click();
        await settles(() => card(ids.right).getByRole('radio', { name: w.good, exact: true }).getAttribute('aria-checked'), 'true');
        await card(ids.right).getByText(w.copied).waitFor();
        await page.getByTestId('sub-section-score').getByText(w.complete, { exact: true }).waitFor();
        // Carrosserie 5/15 = 33 (factor 2), Pneus 100: (2 × 33 + 100) / 3 = 55.
        await settles(score, '55');
        await settles(verdict, 'Correct');
        await shot(page, `50-inspection-demo-${locale}`);
        await axeCheck(page, `the inspection form preview (${locale})`);

        // A Ford: the points multiplier (× 0.5) applies.
        await page.getByTestId('sample-vehicle').getByRole('button', { name: w.vehicle }).click();
        await page.getByLabel(w.make, { exact: true }).fill('Ford');
        await settles(score, '28');
        await settles(verdict, 'À revoir');

        // Reset: no answer, no sample vehicle.
        await page.getByTestId('demo-reset').click();
        await settles(() => page.getByTestId('progress').innerText(), w.progress(0, 3));
        await settles(() => card(ids.right).getByRole('radio', { name: w.good, exact: true }).getAttribute('aria-checked'), 'false');
        await settles(() => page.getByLabel(w.make, { exact: true }).inputValue(), '');
        await settles(score, '0');
        assert.deepEqual(page.errors, []);
      }));
});
