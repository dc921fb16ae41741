// Follow-ups of declined work (issue 26): a customer declines one of two jobs; 31 days later (the
// runner's clock moved through the test-only /dev/follow-ups/tick) the declined job is followed
// up by e-mail in the customer's language, shows in the vehicle's « Relances » section (fr, then
// en), and the customer books a visit from the link on a phone. Run through e2e/run.mjs.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { api, axeCheck, create, journey, launch, login, one, png, priceEstimate, shot, token, vinOf, waitForMail } from './helpers.mjs';

const T = { timeout: 180_000 };
const PHONE = { width: 390, height: 844 };

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

/** An estimate of two jobs for the vehicle, priced and sent; the customer approves the first and declines the second. */
async function declineOne(tk, vehicle, customer) {
  const made = await api('/estimations?include=items', {
    method: 'POST',
    token: tk,
    body: {
      data: {
        type: 'estimations',
        relationships: {
          vehicle: one('vehicles', vehicle),
          customer: one('customers', customer),
          items: { data: [{ type: 'estimation-items', attributes: { detail: 'Vidange d’huile' } }, { type: 'estimation-items', attributes: { detail: 'Pneus d’hiver — usure à 4/32 po' } }] },
        },
      },
    },
  });
  assert.equal(made.status, 201, JSON.stringify(made.body));
  const id = made.body.data.id;
  const items = made.body.data.relationships.items.data.map((i) => i.id);
  const { act } = await priceEstimate(tk, id, items.map((item) => ({ type: 'estimation-items', id: item, attributes: { quantity: 1, unit_price: 20_000, time: 1 } })));
  const sent = await act('send-client-approve', { data: { type: 'estimations', id, attributes: { send_email: false, locale: 'en' } } });
  const link = sent.body.meta.approval.url.split('/').pop();
  const signature = `data:image/png;base64,${png(40, 20).toString('base64')}`;
  const answered = await api(`/public/estimate-approvals/${link}`, {
    method: 'POST',
    body: { data: { attributes: { version: sent.body.data.attributes.version, signer_name: 'Mary Grant', signature, decisions: [{ item: items[0], decision: 'approved' }, { item: items[1], decision: 'declined' }] } } },
  });
  assert.equal(answered.status, 201, JSON.stringify(answered.body));
}

describe('follow-ups of declined work', () => {
  test('28. 30 days later the declined job is followed up by e-mail, shown on the vehicle, and booked from the link', T, () =>
    journey(browser, '28-follow-ups', async (open) => {
      const tk = await token('manager@atelier.test');
      const serial = 300_000 + (Date.now() % 100_000);
      const email = `mary.grant.${serial}@example.com`;
      const customer = await create(tk, 'customers', { type: 'individual', firstname: 'Mary', lastname: 'Grant', email, locale: 'en' });
      const vehicle = await create(tk, 'vehicles', { vin: vinOf(serial), make: 'Toyota', model: 'RAV4' }, { customer: one('customers', customer) });
      await declineOne(tk, vehicle, customer);

      // Nothing yet; 31 days later (the runner's clock), the first follow-up goes by e-mail (no text consent).
      const work = await api(`/deferred-work?filter[vehicle]=${vehicle}`, { token: tk });
      assert.deepEqual(work.body.data.map((w) => w.attributes.detail), ['Pneus d’hiver — usure à 4/32 po']);
      const tick = await api('/dev/follow-ups/tick?days=31', { method: 'POST', token: tk });
      assert.equal(tick.status, 200, JSON.stringify(tick.body));
      const mail = await waitForMail(email, (m) => String(m.text).includes('Pneus d’hiver'));
      assert.match(mail.subject, /the work recommended for your vehicle/);
      const url = /https?:\/\/\S+\/reminders\/[\w-]+/.exec(mail.text)?.[0];
      assert.ok(url, mail.text);

      // The vehicle's « Relances »: sent by e-mail, the next one planned (a second tick plans it).
      await api('/dev/follow-ups/tick?days=32', { method: 'POST', token: tk });
      const page = await open();
      await login(page, 'manager@atelier.test');
      await page.waitForURL('**/dashboard');
      await page.goto(`/vehicles/vehicles?id=${vehicle}&action=view`);
      const section = page.locator('[data-testid=vehicle-follow-ups]');
      await section.waitFor();
      assert.match(await section.innerText(), /Relances/);
      const rows = section.locator('[data-testid=follow-up]');
      await rows.nth(1).waitFor();
      assert.equal(await rows.nth(0).getAttribute('data-status'), 'sent');
      assert.match(await rows.nth(0).innerText(), /Envoyée par courriel/);
      assert.match(await rows.nth(0).innerText(), new RegExp(email.replace(/\./g, '\\.')));
      assert.equal(await rows.nth(1).getAttribute('data-status'), 'scheduled');
      assert.match(await rows.nth(1).innerText(), /Prévue le/);
      await section.scrollIntoViewIfNeeded();
      await shot(page, '28-follow-ups-vehicle-fr');
      await axeCheck(page, 'the vehicle with its follow-ups');
      // In English (the switcher is in the shell, under the vehicle's drawer: from the dashboard).
      await page.goto('/dashboard');
      await page.locator('[data-testid=language-switcher]').getByText('Anglais', { exact: true }).click();
      await page.goto(`/vehicles/vehicles?id=${vehicle}&action=view`);
      await section.getByText('Follow-ups', { exact: true }).waitFor();
      assert.match(await rows.nth(0).innerText(), /Sent by e-mail/);
      assert.match(await rows.nth(1).innerText(), /Due on/);

      // The customer opens the link on a phone, in English, and books a visit: a request for the vehicle.
      const phone = await open(PHONE);
      await phone.goto(new URL(url).pathname);
      await phone.locator('[data-testid=reminder-work]').waitFor();
      assert.equal(await phone.locator('[data-testid=reminder-work]').innerText(), 'Pneus d’hiver — usure à 4/32 po');
      await phone.getByText('Work recommended for your vehicle').waitFor();
      await axeCheck(phone, 'the follow-up’s page');
      await phone.locator('[data-testid=reminder-book]').click();
      await phone.locator('[data-testid=reminder-booked]').waitFor();
      await shot(phone, '28-follow-ups-booked-phone');
      const requests = await api(`/requests?filter[vehicle]=${vehicle}`, { token: tk });
      assert.equal(requests.body.meta.page.total, 1);
      assert.equal(requests.body.data[0].attributes.type, 'repair');

      // Booked: the planned follow-up stops at its day instead of going.
      await api('/dev/follow-ups/tick?days=91', { method: 'POST', token: tk });
      const steps = await api(`/follow-ups?filter[vehicle]=${vehicle}&sort=step`, { token: tk });
      assert.deepEqual(
        steps.body.data.map((f) => [f.attributes.status, f.attributes.reason]),
        [
          ['sent', null],
          ['stopped', 'booked'],
        ],
      );
    }),
  );
});
