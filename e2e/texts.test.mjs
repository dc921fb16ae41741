// Texts and consent (issue 26), at 1440×900 in French: the manager opens the demo's estimate and
// texts its approval link to its customer, who consented at the counter (the demo's consent); the
// fake Twilio receives it. For a customer who never consented, the send dialog says why, the
// manager records the consent the customer gives at the counter, then texts the link. The first
// customer's reply « Merci, à demain », posted to the webhook signed as Twilio does, appears in the
// estimate's discussion; the customer's « Messages » tab shows the text and the reply.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { api, create, fileBrowser, journey, login, one, priceEstimate, settles, shot, token, vinOf } from './helpers.mjs';

const T = { timeout: 300_000 };
const held = fileBrowser();
const VIEW = { width: 1440, height: 900 };
const TWILIO = process.env.E2E_TWILIO_URL;

const sent = async () => (await fetch(`${TWILIO}/_fake/sent`)).json();
const reply = async (from, body) => (await fetch(`${TWILIO}/_fake/reply`, { method: 'POST', body: JSON.stringify({ from, body }) })).json();

/** An estimate of the customer, complete through the API (parts priced, labour done): ready to be sent. */
async function completeEstimate(tk, customer) {
  const vehicle = await create(tk, 'vehicles', { vin: vinOf(300_000 + (Date.now() % 100_000)) }, { customer: one('customers', customer) });
  const made = await api('/estimations?include=items', {
    method: 'POST',
    token: tk,
    body: { data: { type: 'estimations', attributes: { type: 'customer' }, relationships: { vehicle: one('vehicles', vehicle), customer: one('customers', customer), items: { data: [{ type: 'estimation-items', attributes: { detail: 'Plaquettes avant' } }] } } } },
  });
  assert.equal(made.status, 201, JSON.stringify(made.body));
  const id = made.body.data.id;
  const itemId = made.body.included.find((i) => i.type === 'estimation-items').id;
  await priceEstimate(tk, id, [{ type: 'estimation-items', id: itemId, attributes: { quantity: '1', unit_price: 18_000, time: '0' } }]);
  return id;
}

/** Opens the estimate, texts its link from the send dialog (recording the counter's consent first when asked), and answers the dialog. */
async function textLink(page, id, { recordConsent }) {
  await page.goto(`/inspecpro/estimates/${id}`);
  await page.getByTestId('estimation-page').waitFor();
  await page.getByTestId('send-client').click();
  const dialog = page.getByRole('dialog');
  // « Courriel / Texto »: the server has Twilio's keys.
  await dialog.getByText('Envoyer par', { exact: true }).waitFor();
  await dialog.getByLabel('Courriel', { exact: true }).waitFor();
  await dialog.getByLabel('Texto', { exact: true }).check();
  if (recordConsent) {
    const notice = page.getByTestId('send-client-no-consent');
    await notice.getByText('n’a pas donné son consentement aux textos', { exact: false }).waitFor();
    assert.equal(await page.getByTestId('send-client-confirm').isDisabled(), true, 'no text without consent');
    await shot(page, 'texts-no-consent');
    await notice.getByRole('button', { name: 'Enregistrer son consentement (donné au comptoir)' }).click();
  }
  await page.getByTestId('send-client-consent-given').getByText('au comptoir', { exact: false }).waitFor();
  await page.getByTestId('send-client-confirm').click();
  const texted = page.getByTestId('send-client-texted');
  await texted.waitFor();
  await shot(page, recordConsent ? 'texts-sent-after-consent' : 'texts-sent');
  const url = await page.getByTestId('send-client-url').inputValue();
  await page.getByTestId('send-client-close').click();
  return { url, to: (await texted.innerText()).match(/\+\d+/)[0] };
}

describe('texts', () => {
  test('texts an approval link under consent (recorded at the counter when missing); a reply lands in the discussion and the conversation', T, () =>
    journey(held.browser, 'texts', async (open) => {
      const tk = await token('manager@atelier.test');
      // The demo's consent (given at the counter) and its customer; the demo's estimate of theirs, else a new one.
      const consents = await api('/customer-consents?filter[channel]=sms&filter[kind]=transactional&sort=-at&page[size]=50', { token: tk });
      const consent = consents.body.data.find((c) => c.attributes.given);
      assert.ok(consent, 'the demo has a customer who consented to texts');
      const customer = consent.relationships.customer.data.id;
      const phone = consent.attributes.contact;
      const demo = await api(`/estimations?filter[customer]=${customer}&filter[state]=completed`, { token: tk });
      const estimate = demo.body.data[0]?.id ?? (await completeEstimate(tk, customer));
      // A customer who never consented.
      const stranger = await create(tk, 'customers', { type: 'individual', firstname: 'Sophie', lastname: 'Gagnon', phone: '514 555-0166', locale: 'fr' });
      const strangerEstimate = await completeEstimate(tk, stranger);

      const page = await open(VIEW);
      await login(page, 'manager@atelier.test');
      await page.waitForURL('**/dashboard');

      const first = await textLink(page, estimate, { recordConsent: false });
      assert.equal(first.to, phone);
      await settles(async () => (await sent()).some((m) => m.to === phone && m.body.includes(first.url)), true, 'the fake Twilio received the text with the link');

      const second = await textLink(page, strangerEstimate, { recordConsent: true });
      assert.equal(second.to, '+15145550166');
      await settles(async () => (await sent()).some((m) => m.to === '+15145550166' && m.body.includes(second.url) && m.body.includes('attend votre approbation')), true);
      const recorded = await api(`/customer-consents?filter[customer]=${stranger}&include=givenBy`, { token: tk });
      assert.deepEqual(recorded.body.data.map((c) => [c.attributes.source, c.attributes.given, c.attributes.contact]), [['counter', true, '+15145550166']]);

      // The customer answers the first text; Twilio posts it, signed, to the webhook.
      assert.deepEqual(await reply(phone, 'Merci, à demain'), { status: 200, outcome: 'threaded' });
      await page.goto(`/inspecpro/estimates/${estimate}`);
      await page.getByTestId('comment-thread').getByTestId('comment-body').filter({ hasText: 'Merci, à demain' }).waitFor();
      const comment = await page.getByTestId('comment-thread').getByTestId('comment-body').filter({ hasText: 'Merci, à demain' }).innerText();
      // Labelled in the customer's language (the demo's Transport Laval reads English), their words as they came.
      assert.match(comment, /^(Texto de .+ :|Text from .+:) Merci, à demain$/);
      await shot(page, 'texts-reply-in-discussion');

      // The customer's « Messages »: the link texted and the reply, in time order, and the consent.
      await page.goto(`/crm/customers?id=${customer}&action=view`);
      await page.getByTestId('customer-tab-messages').click();
      const messages = page.getByTestId('customer-messages');
      await messages.getByText('Merci, à demain', { exact: true }).waitFor();
      const bubbles = messages.getByTestId('message');
      const texts = await bubbles.evaluateAll((els) => els.map((e) => [e.dataset.direction, e.dataset.channel, e.querySelector('[data-testid=message-body]').textContent]));
      const out = texts.findIndex(([d, c, b]) => d === 'out' && c === 'sms' && b.includes(first.url));
      const back = texts.findIndex(([d, c, b]) => d === 'in' && c === 'sms' && b === 'Merci, à demain');
      assert.ok(out >= 0 && back > out, `the text then its reply: ${JSON.stringify(texts)}`);
      await messages.getByText('Consentements', { exact: true }).waitFor();
      assert.equal(await page.getByTestId('consent-transactional-state').textContent(), 'Donné');
      await messages.getByText('Conversation', { exact: true }).waitFor();
      await shot(page, 'texts-customer-messages');
    }),
  );
});
