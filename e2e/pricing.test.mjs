// The price estimation (issue 13) in the browser. The demo manager estimates a 2023 Hyundai Kona
// on the screen (French): the offer, its steps and the chart of comparables; the frame tab gives the
// snippet. Then a dealership's page served on another loopback port (another origin) embeds the
// frame: with its domain allowed the estimation works there, in English and on a phone's width; with
// the domain removed the browser refuses to show the frame (frame-ancestors) and its calls are refused.
// The frame (issue 20 point 5): no margin fields, the dealership's margin from the frame tab's
// settings, the visitor's lead saved as an evaluation request, the height sent to the page.
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { describe, test } from 'node:test';
import { BASE, api, axeCheck, fileBrowser, journey, login, settles, shot, token } from './helpers.mjs';

const T = { timeout: 240_000 };
const held = fileBrowser();

/** Picks a value in a Mantine select of the form (inside a page or a frame). */
async function choose(scope, page, testId, value) {
  const input = scope.locator(`[data-testid=${testId}]`);
  await settles(async () => (await input.isDisabled()) === false, true, `${testId} enabled`);
  await input.click();
  await scope.getByRole('option', { name: value, exact: true }).first().click();
  await page.keyboard.press('Escape').catch(() => {});
}

async function fillKona(scope, page) {
  await choose(scope, page, 'estimate-year', '2023');
  await choose(scope, page, 'estimate-make', 'Hyundai');
  await choose(scope, page, 'estimate-model', 'Kona');
  await scope.locator('[data-testid=estimate-mileage]').fill('40000');
  await scope.locator('[data-testid=estimate-submit]').click();
  await scope.locator('[data-testid=estimate-offer]').waitFor({ timeout: 20_000 });
}

/**
 * A dealership's page on another origin (localhost:<port>, the app being on 127.0.0.1) that embeds
 * the frame with the snippet the frame tab gives (its iframe and its height listener).
 */
async function dealershipSite(snippet) {
  const server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(`<!doctype html><html lang="en"><head><meta name="viewport" content="width=device-width, initial-scale=1"><title>Garage test</title></head>
      <body style="margin:0"><h1 style="font:16px sans-serif">Garage test</h1>${snippet}</body></html>`);
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  return { server, url: `http://localhost:${server.address().port}/`, host: `localhost:${server.address().port}` };
}

describe('price estimation', () => {
  test('90. the screen estimates; a site on another origin embeds the frame while allowed, not after', T, async () => {
    await journey(held.browser, 'pricing', async (open) => {
      const page = await open({ width: 1366, height: 900 });
      await login(page, 'manager@atelier.test');
      await page.waitForURL(/dashboard/);
      await page.goto('/vehicles/vehicle-estimate');
      await page.getByRole('heading', { name: 'Estimation de véhicule', level: 1 }).waitFor();
      await fillKona(page, page);
      assert.match(await page.locator('[data-testid=estimate-offer]').innerText(), /\$/);
      await page.locator('[data-testid=estimate-steps]').getByText('Offre', { exact: true }).waitFor();
      await page.locator('[data-testid=estimate-chart] svg').first().waitFor();
      assert.match(await page.locator('[data-testid=estimate-count]').innerText(), /véhicules comparables/);
      await shot(page, 'pricing-screen');
      await axeCheck(page, 'the estimation screen');
      const screenOffer = Number((await page.locator('[data-testid=estimate-offer]').innerText()).replace(/\D/g, ''));
      await page.locator('[data-testid=tab-frame]').click();
      const snippet = await page.locator('[data-testid=frame-snippet]').innerText();
      assert.match(snippet, /<iframe id="atelier-estimate" src="http:\/\/127\.0\.0\.1:\d+\/embed\/vehicle-estimate\?key=pk_/);
      assert.match(snippet, /addEventListener\('message'/);
      // The frame's margin is the dealership's: set on the frame tab.
      await page.locator('[data-testid=frame-desired_profit]').fill('2000');
      await page.locator('[data-testid=frame-settings-save]').click();
      await page.getByText('Réglages enregistrés').waitFor();
      await shot(page, 'pricing-frame-tab');
      await axeCheck(page, 'the frame tab');
      await page.locator('[data-testid=tab-api]').click();
      await page.locator('[data-testid=api-example]').waitFor();
      await axeCheck(page, 'the API tab');

      // The dealership's site: its domain allowed (and the demo's localhost entry set aside).
      const tk = await token('manager@atelier.test');
      const key = (await api('/estimate-vehicle-keys', { token: tk })).body.data.attributes.public_key;
      const site = await dealershipSite(snippet.replace('&lang=fr', '&lang=en'));
      try {
        for (const d of (await api('/estimate-vehicle-allow-domains?page[size]=100', { token: tk })).body.data)
          assert.equal((await api(`/estimate-vehicle-allow-domains/${d.id}`, { method: 'DELETE', token: tk })).status, 204);
        const made = await api('/estimate-vehicle-allow-domains', { method: 'POST', token: tk, body: { data: { type: 'estimate-vehicle-allow-domains', attributes: { domain: site.host } } } });
        assert.equal(made.status, 201, JSON.stringify(made.body));

        const phone = await open({ width: 390, height: 844 });
        await phone.goto(site.url);
        const frame = phone.frameLocator('#atelier-estimate');
        await frame.locator('[data-testid=embed-organization]').waitFor({ timeout: 20_000 });
        assert.equal(await frame.getByRole('heading', { level: 1 }).innerText(), 'Get your vehicle’s value');
        // The visitor is not asked for the margin.
        for (const k of ['desired_profit', 'aggression_percentage', 'damage_cost']) assert.equal(await frame.locator(`[data-testid=estimate-${k}]`).count(), 0, k);
        await fillKona(frame, phone);
        // The offer takes the dealership's 2 000 $; neither the retail nor the steps are shown.
        assert.equal(Number((await frame.locator('[data-testid=estimate-offer]').innerText()).replace(/\D/g, '')), screenOffer - 2000);
        assert.equal(await frame.locator('[data-testid=estimate-steps]').count(), 0);
        const inner = phone.frames().find((f) => f.url().includes('/embed/vehicle-estimate'));
        assert.ok(await inner.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1), 'the frame fits a phone’s width');
        // The lead: name, phone and the explicit consent.
        await frame.locator('[data-testid=lead-name]').fill('Julie Vézina');
        await frame.locator('[data-testid=lead-phone]').fill('514 555-0199');
        await frame.locator('[data-testid=lead-submit]').click();
        await frame.getByText('Tick the box to agree to be contacted').waitFor();
        await frame.locator('[data-testid=lead-consent]').check();
        await frame.locator('[data-testid=lead-submit]').click();
        await frame.locator('[data-testid=lead-sent]').waitFor();
        // The page sized the iframe to its content (the snippet's listener): nothing is cut off.
        await settles(
          async () => {
            const [iframeHeight, contentHeight] = await Promise.all([phone.locator('#atelier-estimate').evaluate((f) => f.getBoundingClientRect().height), inner.evaluate(() => document.querySelector('[data-testid=embed-page]')?.getBoundingClientRect().height ?? 0)]);
            return iframeHeight !== 900 && Math.abs(iframeHeight - contentHeight) <= 2;
          },
          true,
          'the iframe takes its content’s height',
        );
        await phone.locator('#atelier-estimate').evaluate((f) => f.scrollIntoView({ block: 'end' }));
        await shot(phone, 'pricing-embed-phone');
        await axeCheck(phone, 'the frame on a phone');
        const leads = (await api('/requests?filter[type]=evaluation&sort=-created_at&page[size]=1', { token: tk })).body.data;
        assert.match(leads[0].attributes.notes, /Julie Vézina · 514 555-0199/);
        assert.match(leads[0].attributes.notes, /Hyundai Kona/);
        // The call was logged with the site it came from.
        const logs = (await api('/request-logs?filter[channel]=embed&page[size]=5', { token: tk })).body.data;
        assert.ok(logs.some((l) => l.attributes.host === site.host && l.attributes.http_status_code === 200), JSON.stringify(logs.map((l) => l.attributes)));

        // Removed: the browser no longer shows the frame there, and its calls are refused.
        assert.equal((await api(`/estimate-vehicle-allow-domains/${made.body.data.id}`, { method: 'DELETE', token: tk })).status, 204);
        const refused = await open({ width: 1024, height: 900 });
        await refused.goto(site.url);
        await refused.waitForTimeout(2000);
        assert.equal(await refused.frameLocator('#atelier-estimate').locator('[data-testid=estimate-submit]').count(), 0, 'the frame is not shown on a site no longer allowed');
        const call = await fetch(`${BASE}/api/v1/public/embed/vehicle-price?key=${key}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: site.url.replace(/\/$/, '') },
          body: JSON.stringify({ year: 2023, make: 'Hyundai', model: 'Kona', kilometers: 40000, province: 'QC' }),
        });
        assert.equal(call.status, 403);
      } finally {
        site.server.close();
      }
    });
  });
});
