// Appraisals (issue 27, "the trade-in loop"): the demo manager's shop has inspected a 2023 Kona
// (front pads worn: the pads' canned job); appraised from its page, its estimate takes that job off the offer
// line by line, shows the inspection's score and links it; the appraisal is kept: opened, run again
// with the same inputs, compared with the sale once the vehicle sells, listed, and on the vehicle's
// page. French at 1440×900, English at 1024×768, axe-core on each screen. Run through e2e/run.mjs.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { api, axeCheck, inspectWornPads, fileBrowser, journey, login, settles, shot, token, vinOf } from './helpers.mjs';

const T = { timeout: 240_000 };
const held = fileBrowser();

const RUNS = [
  { locale: 'fr', viewport: { width: 1440, height: 900 }, w: { step: 'Reconditionnement : ', inspection: /Inspection du véhicule \(score/, reopen: 'Refaire l’estimation', list: 'Évaluations', appraisals: 'Évaluations', noSale: 'Aucune vente connue' } },
  { locale: 'en', viewport: { width: 1024, height: 768 }, w: { step: 'Reconditioning: ', inspection: /Vehicle inspection \(score/, reopen: 'Run the estimate again', list: 'Appraisals', appraisals: 'Appraisals', noSale: 'No sale of this VIN' } },
];

/** A 2023 Kona of the garage, its pre-delivery inspection carried out with the front pads worn. */
async function inspectedKona(tk, vin) {
  return inspectWornPads(tk, { vin, make: 'Hyundai', model: 'Kona', model_year: 2023, odometer: 40_000 });
}

const offerOf = async (page) => Number((await page.locator('[data-testid=estimate-offer]').innerText()).replace(/\D/g, ''));

describe('appraisals', () => {
  for (const { locale, viewport, w } of RUNS)
    test(`27-appraisals-${locale}-${viewport.width}. an inspected Kona is offered less its reconditioning; the appraisal is kept, reopened and compared with the sale`, T, () =>
      journey(held.browser, `27-appraisals-${locale}-${viewport.width}`, async (open) => {
        const tk = await token('manager@atelier.test');
        const vin = vinOf(200_000 + (Date.now() % 100_000));
        const { vehicle, inspection } = await inspectedKona(tk, vin);

        const page = await open(viewport);
        await login(page, 'manager@atelier.test');
        await page.waitForURL('**/dashboard');
        if (locale === 'en') await page.locator('[data-testid=language-switcher]').getByText('Anglais', { exact: true }).click();
        // Appraised from the vehicle's page: the form comes filled with the vehicle.
        await page.goto(`/vehicles/vehicles?id=${vehicle}&action=view`);
        await page.locator('[data-testid=vehicle-appraise]').click();
        await settles(async () => page.locator('[data-testid=estimate-vin]').inputValue(), vin, 'the vehicle’s VIN prefilled');
        // The catalogue's lists load after: the model shows once its list has it.
        await settles(async () => page.locator('[data-testid=estimate-model]').inputValue(), 'Kona', 'the vehicle’s model prefilled');
        await page.locator('[data-testid=estimate-submit]').click();
        await page.locator('[data-testid=estimate-offer]').waitFor({ timeout: 20_000 });
        const offer = await offerOf(page);
        // The pads' job is a step of its own, and the inspection is linked with its score.
        const steps = page.locator('[data-testid=estimate-steps] tr[data-step=reconditioning]');
        assert.ok((await steps.count()) >= 1, 'a reconditioning step');
        assert.ok((await steps.first().innerText()).startsWith(w.step), await steps.first().innerText());
        const link = page.locator('[data-testid=estimate-inspection] a');
        assert.match(await link.innerText(), w.inspection);
        assert.equal(await link.getAttribute('href'), `/inspecpro/inspections/${inspection}`);
        await shot(page, `27-appraisals-estimate-${locale}-${viewport.width}`);
        await axeCheck(page, 'the estimate of an inspected vehicle');

        // The appraisal kept: its inputs, result and steps; no sale yet.
        await page.locator('[data-testid=estimate-appraisal]').click();
        await page.locator('[data-testid=appraisal-page]').waitFor();
        assert.equal(Number((await page.locator('[data-testid=appraisal-offer]').innerText()).replace(/\D/g, '')), offer);
        await page.locator('[data-testid=appraisal-page] [data-testid=estimate-steps] tr[data-step=reconditioning]').first().waitFor();
        await page.getByText(w.noSale).waitFor();
        const appraisalUrl = page.url();
        await axeCheck(page, 'the appraisal page');

        // Reopened: the same inputs in the form, the same offer.
        await page.getByRole('link', { name: w.reopen }).click();
        await settles(async () => page.locator('[data-testid=estimate-vin]').inputValue(), vin, 'the VIN prefilled');
        assert.equal(await page.locator('[data-testid=estimate-mileage]').inputValue().then((v) => v.replace(/\D/g, '')), '40000');
        await page.locator('[data-testid=estimate-submit]').click();
        // Run again, it is a second appraisal of the same inputs and reconditioning (the offer follows
        // the market, which the other run's sale may have moved since).
        const inputs = (r) => JSON.stringify([r.vin, r.year, r.make, r.model, r.mileage, r.province, r.condition, r.accident, r.rebuilt, r.damage_cost, r.desired_profit, r.aggression_percentage, r.reconditioning_cents, r.reconditioning_origin]);
        const kept = async () => (await api(`/appraisals?filter[vehicle]=${vehicle}`, { token: tk })).body.data.map((r) => inputs(r.attributes));
        await settles(async () => (await kept()).length, 2, 'the reopened estimate kept');
        const [again, first] = await kept();
        assert.equal(again, first);
        await page.locator('[data-testid=estimate-offer]').waitFor();

        // The Kona sells for 3 000 $ more than offered: the appraisal shows the difference.
        const sold = await api('/vehicle-sales', { method: 'POST', token: tk, body: { data: { type: 'vehicle-sales', attributes: { vin, year: 2023, make: 'Hyundai', model: 'Kona', kind: 'sale', price: (offer + 3000) * 100, sold_on: new Date().toISOString().slice(0, 10), kilometers: 40_500 } } } });
        assert.equal(sold.status, 201, JSON.stringify(sold.body));
        await page.goto(appraisalUrl);
        await settles(async () => (await page.locator('[data-testid=appraisal-difference]').count()) && (await page.locator('[data-testid=appraisal-difference]').innerText()).replace(/\D/g, ''), '3000', 'the difference with the sale');
        await shot(page, `27-appraisals-record-${locale}-${viewport.width}`);
        await axeCheck(page, 'the appraisal compared with its sale');

        // The list, searched by the VIN, then the vehicle's page.
        await page.goto('/vehicles/appraisals');
        await page.getByRole('heading', { name: w.list, level: 1 }).waitFor();
        await page.getByRole('searchbox').first().fill(vin);
        await settles(async () => page.locator('tbody tr').count(), 2, 'the two appraisals of the VIN');
        await shot(page, `27-appraisals-list-${locale}-${viewport.width}`);
        await axeCheck(page, 'the appraisals list');
        await page.goto(`/vehicles/vehicles?id=${vehicle}&action=view`);
        const section = page.locator('[data-testid=vehicle-appraisals]');
        await section.getByText(w.appraisals).first().waitFor();
        await settles(async () => section.locator('tbody tr').count(), 2, 'the vehicle’s two appraisals');
        await axeCheck(page, 'the vehicle with its appraisals');
      }),
    );
});
