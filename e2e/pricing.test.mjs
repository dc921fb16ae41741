// The price estimation (issue 13) in the browser. The demo manager estimates a 2023 Hyundai Kona
// on the screen (French): the offer, its steps and the chart of comparables; the frame tab gives the
// snippet. Then a dealership's page served on another loopback port (another origin) embeds the
// frame: with its domain allowed the estimation works there, in English and on a phone's width; with
// the domain removed the browser refuses to show the frame (frame-ancestors) and its calls are refused.
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

/** A dealership's page on another origin (localhost:<port>, the app being on 127.0.0.1) that embeds the frame. */
async function dealershipSite(frameSrc) {
  const server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(`<!doctype html><html lang="en"><head><meta name="viewport" content="width=device-width, initial-scale=1"><title>Garage test</title></head>
      <body style="margin:0"><h1 style="font:16px sans-serif">Garage test</h1><iframe id="estimate" src="${frameSrc}" title="Estimate" style="width:100%;height:1400px;border:0"></iframe></body></html>`);
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
      await page.locator('[data-testid=tab-frame]').click();
      const snippet = await page.locator('[data-testid=frame-snippet]').innerText();
      assert.match(snippet, /<iframe src="http:\/\/127\.0\.0\.1:\d+\/embed\/vehicle-estimate\?key=pk_/);

      // The dealership's site: its domain allowed (and the demo's localhost entry set aside).
      const tk = await token('manager@atelier.test');
      const key = (await api('/estimate-vehicle-keys', { token: tk })).body.data.attributes.public_key;
      const site = await dealershipSite(`${BASE}/embed/vehicle-estimate?key=${key}&lang=en`);
      try {
        for (const d of (await api('/estimate-vehicle-allow-domains?page[size]=100', { token: tk })).body.data)
          assert.equal((await api(`/estimate-vehicle-allow-domains/${d.id}`, { method: 'DELETE', token: tk })).status, 204);
        const made = await api('/estimate-vehicle-allow-domains', { method: 'POST', token: tk, body: { data: { type: 'estimate-vehicle-allow-domains', attributes: { domain: site.host } } } });
        assert.equal(made.status, 201, JSON.stringify(made.body));

        const phone = await open({ width: 390, height: 844 });
        await phone.goto(site.url);
        const frame = phone.frameLocator('#estimate');
        await frame.locator('[data-testid=embed-organization]').waitFor({ timeout: 20_000 });
        assert.equal(await frame.getByRole('heading', { level: 1 }).innerText(), 'Get your vehicle’s value');
        await fillKona(frame, phone);
        await frame.locator('[data-testid=estimate-steps]').getByText('Offer', { exact: true }).waitFor();
        const inner = phone.frames().find((f) => f.url().includes('/embed/vehicle-estimate'));
        assert.ok(await inner.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1), 'the frame fits a phone’s width');
        await shot(phone, 'pricing-embed-phone');
        // The call was logged with the site it came from.
        const logs = (await api('/request-logs?filter[channel]=embed&page[size]=5', { token: tk })).body.data;
        assert.ok(logs.some((l) => l.attributes.host === site.host && l.attributes.http_status_code === 200), JSON.stringify(logs.map((l) => l.attributes)));

        // Removed: the browser no longer shows the frame there, and its calls are refused.
        assert.equal((await api(`/estimate-vehicle-allow-domains/${made.body.data.id}`, { method: 'DELETE', token: tk })).status, 204);
        const refused = await open({ width: 1024, height: 900 });
        await refused.goto(site.url);
        await refused.waitForTimeout(2000);
        assert.equal(await refused.frameLocator('#estimate').locator('[data-testid=estimate-submit]').count(), 0, 'the frame is not shown on a site no longer allowed');
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
