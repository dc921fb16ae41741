// From inspection to completed repair with the customer's approval (issue 12): the manager builds an
// estimate from the demo's completed inspection of the Kona (its demo estimate canceled first, so
// the inspection takes a new one), prices its three findings, sends it to the customer (Transport
// Laval, who reads English); the customer opens the link in a fresh browser without signing in,
// accepts two jobs, declines one, signs with the mouse and sends; the manager sees the decisions
// and validates (a comment on the estimate); the repair opens with the two accepted jobs; the manager
// starts and completes it (a comment on the repair)
// and downloads the work order. The declined job is then deferred work on the vehicle, announced on
// its next request and added to its next estimate. 1024x768.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { describe, test } from 'node:test';
import { extractText, getDocumentProxy } from 'unpdf';
import { BASE, api, axeCheck, field, fileBrowser, journey, login, settles, shot, sign, token, waitForMail } from './helpers.mjs';

const T = { timeout: 300_000 };
const held = fileBrowser();
const VIN = 'KM8K2CAB4PU001140';
const VIEW = { width: 1024, height: 768 };
const CUSTOMER_EMAIL = 'service@transport-laval.test';

/**
 * Lets the "done" notices (top right, over the header's buttons at 1024 px) close: the mouse
 * resting on one keeps it open, so it is moved away first.
 */
async function noticesGone(page) {
  await page.mouse.move(10, VIEW.height - 10);
  await page.locator('.mantine-Notification-root').first().waitFor({ state: 'detached', timeout: 15_000 });
}

/** Writes a comment in the screen's thread and waits for it to be listed. */
async function comment(page, text) {
  const thread = page.getByTestId('comment-thread');
  await thread.getByTestId('comment-new').getByRole('textbox').fill(text);
  await thread.getByRole('button', { name: 'Publier' }).click();
  await thread.getByTestId('comment-body').filter({ hasText: text }).waitFor();
}

/** Clicks and answers the bytes of the file the browser downloads, and its text when it is a PDF. */
async function downloaded(page, click) {
  const [download] = await Promise.all([page.waitForEvent('download', { timeout: 60_000 }), click()]);
  const bytes = await readFile(await download.path());
  return { bytes, name: download.suggestedFilename(), text: async () => (await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true })).text };
}

describe('estimate approval', () => {
  test('73. estimate from an inspection, sent, answered by the customer, validated, repaired, work order downloaded', T, () =>
    journey(held.browser, '73', async (open) => {
      const tk = await token('manager@atelier.test');
      const list = await api('/inspections?filter[state]=completed&include=vehicle', { token: tk });
      const inspection = list.body.data.find((i) => list.body.included.some((v) => v.type === 'vehicles' && v.id === i.relationships.vehicle.data?.id && v.attributes.vin === VIN));
      assert.ok(inspection, 'the demo has a completed inspection of the Kona');
      const vehicle = inspection.relationships.vehicle.data.id;
      // The demo's estimate of this inspection is canceled: an inspection has one live estimate.
      const demo = await api(`/estimations?filter[inspection]=${inspection.id}`, { token: tk });
      for (const e of demo.body.data) assert.equal((await api(`/estimations/${e.id}/cancel`, { token: tk })).status, 200);

      const page = await open(VIEW);
      await login(page, 'manager@atelier.test');
      await page.waitForURL('**/dashboard');
      await page.goto(`/inspecpro/inspections/${inspection.id}`);
      await page.getByTestId('inspection-create-estimation').click();
      await page.waitForURL(/\/inspecpro\/estimates\/[0-9a-f-]{36}$/);
      const id = page.url().split('/').pop();
      await page.getByTestId('estimation-page').waitFor();
      await settles(() => page.getByTestId('lines-estimation-items').locator('[data-line-field="detail"]').count(), 3);

      // Parts: a price for each finding; labour left at nothing.
      await page.getByTestId('estimation-actions-start_components').click();
      await settles(() => page.locator('[data-phase=components]').getAttribute('data-status'), 'in_progress');
      for (const [n, price] of [[1, '200'], [2, '89,50'], [3, '45']]) await field(page, `Prix unitaire (Élément ${n})`).fill(price);
      await page.getByTestId('items-save').click();
      await page.getByTestId('totals-unsaved').waitFor({ state: 'detached' });
      await page.getByTestId('estimation-actions-end_components').click();
      await page.getByTestId('estimation-actions-start_times').click();
      await settles(() => page.locator('[data-phase=times]').getAttribute('data-status'), 'in_progress');
      await page.getByTestId('estimation-actions-end_times').click();
      await settles(() => page.getByTestId('estimation-state').getAttribute('data-state'), 'completed');

      // Sent to the customer: their language (English) by default, the address typed here.
      await noticesGone(page);
      await page.getByTestId('send-client').click();
      const dialog = page.getByRole('dialog');
      assert.equal(await dialog.getByTestId('send-client-locale').inputValue(), 'Anglais');
      await dialog.getByTestId('send-client-email').fill(CUSTOMER_EMAIL);
      await axeCheck(page, 'the send-to-customer dialog');
      await dialog.getByTestId('send-client-confirm').click();
      const url = await dialog.getByTestId('send-client-url').inputValue();
      assert.match(url, /\/approve\/estimates\/[A-Za-z0-9_-]{43}$/);
      assert.equal(await dialog.getByTestId('send-client-where').innerText(), `Lien envoyé à ${CUSTOMER_EMAIL} (Anglais).`);
      await shot(page, '73-sent-to-customer');
      const mail = await waitForMail(CUSTOMER_EMAIL, (m) => JSON.stringify(m).includes(new URL(url).pathname));
      assert.ok(mail, 'the link was e-mailed');
      await dialog.getByTestId('send-client-close').click();
      await page.getByTestId('estimation-sent').waitFor();

      // The customer: a fresh browser, not signed in, in English.
      const customer = await held.browser.newContext({ viewport: VIEW, baseURL: BASE, locale: 'en-US' });
      try {
        const pub = await customer.newPage();
        pub.errors = [];
        pub.on('pageerror', (e) => pub.errors.push(e.message));
        await pub.goto(new URL(url).pathname);
        const items = pub.getByTestId('approval-item');
        await settles(() => items.count(), 3);
        await items.nth(0).getByText('I accept').click();
        await items.nth(1).getByText('I decline').click();
        await items.nth(2).getByText('I accept').click();
        await pub.getByTestId('approval-signer').fill('Luc Gagnon');
        await sign(pub);
        await axeCheck(pub, 'the customer’s approval page');
        await shot(pub, '73-customer-answers');
        await pub.getByTestId('approval-send').click();
        await pub.getByTestId('approval-answered').waitFor().catch(async (e) => {
          await shot(pub, 'FAILED-73-customer');
          throw e;
        });
        assert.deepEqual(pub.errors, []);
      } finally {
        await customer.close();
      }

      // The manager sees the decisions, validates; the repair has the two accepted jobs.
      await page.reload();
      await settles(() => page.getByTestId('customer-decision').count(), 3);
      const decisions = await page.getByTestId('customer-decision').evaluateAll((els) => els.map((e) => e.getAttribute('data-decision')));
      assert.deepEqual(decisions.sort(), ['approved', 'approved', 'declined']);
      await shot(page, '73-estimate-answered');
      await comment(page, 'Le client repasse pour le pneu au printemps.');
      await page.getByTestId('estimation-actions-valid').click();
      await settles(() => page.getByTestId('estimation-state').getAttribute('data-state'), 'approved');
      await page.getByTestId('estimation-repair').click();
      await page.waitForURL(/\/inspecpro\/repairs\/[0-9a-f-]{36}$/);
      await settles(() => page.getByTestId('lines-view-repair-items').getByTestId('line-row').count(), 2);
      await page.getByTestId('repair-actions-start').click();
      await settles(() => page.getByTestId('repair-state').getAttribute('data-state'), 'in_progress');
      await page.getByTestId('repair-actions-complete').click();
      await page.getByTestId('repair-actions-confirm').click();
      await settles(() => page.getByTestId('repair-state').getAttribute('data-state'), 'completed');
      await comment(page, 'Travaux terminés, véhicule prêt.');
      await axeCheck(page, 'a completed repair');
      await shot(page, '73-repair-completed');

      // The work order PDF (GET /repairs/{id}/report).
      const repairId = page.url().split('/').pop();
      const route = await fetch(`${BASE}/api/v1/repairs/${repairId}/report`, { headers: { Authorization: `Bearer ${tk}` } });
      if (route.status === 404) {
        console.log('[73] GET /repairs/{id}/report is not in this tree yet: the work order download is not checked');
      } else {
        const pdf = await downloaded(page, () => page.getByTestId('repair-report').click());
        assert.equal(pdf.bytes.subarray(0, 5).toString(), '%PDF-');
        const text = await pdf.text();
        for (const s of [VIN, await page.getByTestId('repair-code').innerText()]) assert.ok(text.includes(s), `the work order holds ${s}`);
      }

      // The declined job is deferred work on the vehicle, offered on its screen.
      await page.goto(`/vehicles/vehicles?id=${vehicle}&action=view`);
      // The demo vehicle may have work its customer declined before (the demo seeds one): this estimate adds one.
      const deferred = await api(`/deferred-work?filter[vehicle]=${vehicle}&filter[state]=open`, { token: tk });
      const declinedHere = deferred.body.data.filter((d) => d.relationships?.estimation?.data?.id === id);
      assert.equal(declinedHere.length, 1);
      await settles(() => page.getByTestId('vehicle-deferred-work').getByTestId('deferred-work').count(), deferred.body.data.length);
      await page.getByTestId('vehicle-deferred-work').scrollIntoViewIfNeeded();
      await axeCheck(page, 'a vehicle with deferred work');
      await shot(page, '73-vehicle-deferred-work');

      // The vehicle's next visit: its request says what to offer, its next estimate takes it as an item.
      const request = await api('/requests', { method: 'POST', token: tk, body: { data: { type: 'requests', attributes: { type: 'repair', vehicle_vin: VIN } } } });
      assert.equal(request.status, 201, JSON.stringify(request.body));
      await page.goto(`/vehicles/requests?id=${request.body.data.id}&action=view`);
      await settles(() => page.getByTestId('deferred-notice').getByTestId('deferred-notice-item').count(), 1);
      await axeCheck(page, 'a request with deferred work');
      const next = await api('/estimations', { method: 'POST', token: tk, body: { data: { type: 'estimations', attributes: { type: 'customer' }, relationships: { vehicle: { data: { type: 'vehicles', id: vehicle } } } } } });
      assert.equal(next.status, 201, JSON.stringify(next.body));
      await page.goto(`/inspecpro/estimates/${next.body.data.id}`);
      const suggestion = page.getByTestId('deferred-suggestions');
      await suggestion.getByTestId('deferred-add').waitFor();
      await axeCheck(page, 'an estimate with suggestions from earlier visits');
      await shot(page, '73-next-estimate-suggestions');
      await suggestion.getByTestId('deferred-add').click();
      await suggestion.waitFor({ state: 'detached' });
      await settles(() => page.getByTestId('lines-estimation-items').locator('[data-line-field="detail"]').count(), 1);
      const reoffered = await api(`/deferred-work/${deferred.body.data[0].id}`, { token: tk });
      assert.equal(reoffered.body.data.attributes.state, 'reoffered');
      assert.deepEqual(page.errors, []);
    }));
});
