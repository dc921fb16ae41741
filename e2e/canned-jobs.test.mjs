// Canned jobs (issue 27): an inspection whose front pads are worn drafts an estimate whose line is
// the pads' canned job, priced from the parts room's product; the advisor then adds the oil change
// job in two taps (« Ajouter un travail type », pick it). French at 1440×900, English at 1024×768.
// Run through e2e/run.mjs.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { api, axeCheck, create, inspectWornPads, fileBrowser, journey, login, one, settles, shot, token, vinOf } from './helpers.mjs';

const T = { timeout: 240_000 };
const held = fileBrowser();

const RUNS = [
  { locale: 'fr', viewport: { width: 1440, height: 900 }, w: { add: 'Ajouter un travail type', choose: 'Travail type', added: 'Travail type ajouté' } },
  { locale: 'en', viewport: { width: 1024, height: 768 }, w: { add: 'Add a canned job', choose: 'Canned job', added: 'Canned job added' } },
];

/** The demo's pre-delivery inspection of a new vehicle, carried out with its front pads worn; answers the estimate drafted from it. */
async function wornPadsEstimate(tk, stamp) {
  const { inspection } = await inspectWornPads(tk, { vin: vinOf(stamp) });
  return create(tk, 'estimations', { type: 'customer' }, { inspection: one('inspections', inspection) });
}

describe('canned jobs', () => {
  for (const { locale, viewport, w } of RUNS)
    test(`27-canned-${locale}-${viewport.width}. worn pads draft the pads' job priced from stock; the oil change is added in two taps`, T, () =>
      journey(held.browser, `27-canned-${locale}-${viewport.width}`, async (open) => {
        const tk = await token('manager@atelier.test');
        const estimate = await wornPadsEstimate(tk, Date.now() % 1_000_000);
        const items = (await api(`/estimation-items?filter[estimation]=${estimate}&sort=position`, { token: tk })).body.data.map((i) => i.attributes);
        const pads = items.find((i) => i.detail === 'Remplacer les plaquettes de frein avant');
        assert.ok(pads, `the pads' job drafted: ${JSON.stringify(items.map((i) => i.detail))}`);
        assert.match(pads.part, /^Plaquettes de frein avant céramique/);
        assert.ok(pads.unit_price > 0 && Number(pads.time) === 1.2, JSON.stringify(pads));

        const page = await open(viewport);
        await login(page, 'manager@atelier.test');
        await page.waitForURL('**/dashboard');
        if (locale === 'en') await page.locator('[data-testid=language-switcher]').getByText('Anglais', { exact: true }).click();
        await page.goto(`/inspecpro/estimates/${estimate}`);
        await page.getByText('Remplacer les plaquettes de frein avant').first().waitFor();
        await shot(page, `27-canned-drafted-${locale}-${viewport.width}`);

        // Two taps: the button, then the job (searched by its code).
        await page.locator('[data-testid=add-canned-job]').click();
        const dialog = page.getByRole('dialog', { name: w.add });
        await dialog.getByLabel(w.choose).fill('VIDANGE');
        await page.getByRole('option', { name: /VIDANGE/ }).click();
        await page.getByText(w.added).waitFor();
        await page.getByText('Vidange d\'huile et filtre').first().waitFor();
        await settles(async () => (await api(`/estimation-items?filter[estimation]=${estimate}`, { token: tk })).body.data.length, items.length + 2, 'the two lines of the oil change are added');
        await shot(page, `27-canned-added-${locale}-${viewport.width}`);
        await axeCheck(page, 'the estimate with its canned jobs');
      }),
    );
});
