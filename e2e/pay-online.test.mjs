// Paying an invoice online on a phone (issue 23): the customer opens the invoice's payment link at
// 390×844, in their language, taps « Payer en ligne », pays on the (fake) Stripe's checkout page,
// which delivers its signed webhook to the server and sends the customer back; the invoice shows
// paid (balance 0) and the dealership sees one Stripe payment recorded. French, then English.
// Run through e2e/run.mjs (it starts the fake Stripe and gives the server its keys).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { api, axeCheck, create, fileBrowser, journey, one, settles, shot, token } from './helpers.mjs';

const T = { timeout: 180_000 };
const held = fileBrowser();
const plain = (text) => text.replace(/\s/g, ' ');
const money = (locale, cents) => plain(new Intl.NumberFormat(`${locale}-CA`, { style: 'currency', currency: 'CAD' }).format(cents / 100));
const WORDS = { fr: { pay: 'Payer', paid: 'Payée', thanks: 'la facture est payée' }, en: { pay: 'Pay', paid: 'Paid', thanks: 'the invoice is paid' } };

describe('paying online', () => {
  for (const locale of ['fr', 'en'])
    test(`27-${locale}. the customer pays the invoice's link on a phone through Stripe; the invoice shows paid`, T, () =>
      journey(held.browser, `27-${locale}`, async (open) => {
        const tk = await token('manager@atelier.test');
        const stamp = `${locale}-${Date.now() % 100000}`;
        const customer = await create(tk, 'customers', { firstname: 'Léa', lastname: `Paiement ${stamp}`, locale });
        const invoice = await create(tk, 'sales-invoices', {}, { recipient: one('customers', customer), items: { data: [{ type: 'sales-invoice-items', attributes: { description: 'Vidange', quantity: 1, unit_price: 12345 } }] } });
        assert.equal((await api(`/sales-invoices/${invoice}/validate`, { method: 'POST', token: tk })).status, 200);
        const sent = await api(`/sales-invoices/${invoice}/send`, { method: 'POST', token: tk, body: { data: { attributes: { send_email: false } } } });
        assert.equal(sent.status, 200, JSON.stringify(sent.body));
        const due = (await api(`/sales-invoices/${invoice}`, { token: tk })).body.data.attributes;
        assert.ok(due.balance > 0);

        const phone = await open({ width: 390, height: 844 });
        await phone.goto(new URL(sent.body.meta.link.url).pathname);
        await phone.locator('[data-testid=public-invoice-balance]').waitFor();
        assert.equal(plain(await phone.locator('[data-testid=public-invoice-balance]').innerText()), money(locale, due.balance));
        await phone.locator('[data-testid=pay-online-stripe]').waitFor();
        await shot(phone, `27-pay-online-${locale}`);
        await axeCheck(phone, 'the invoice page offering to pay online');
        await phone.locator('[data-testid=pay-online-stripe]').click();

        // Stripe's page (the fake's), in the customer's language, for what is due.
        await phone.locator('[data-testid=stripe-pay]').waitFor();
        assert.equal(plain(await phone.locator('[data-testid=stripe-amount]').innerText()), money(locale, due.balance));
        assert.equal(await phone.locator('[data-testid=stripe-pay]').innerText(), WORDS[locale].pay);
        await phone.locator('[data-testid=stripe-pay]').click();

        // Back on the invoice: paid, nothing due, no button to pay again.
        await phone.waitForURL((u) => u.searchParams.get('payment') === 'returned');
        await phone.locator('[data-testid=pay-online-returned]').waitFor();
        await settles(async () => plain(await phone.locator('[data-testid=public-invoice-balance]').innerText()), money(locale, 0));
        assert.equal(await phone.locator('[data-testid=public-invoice-status]').innerText(), WORDS[locale].paid);
        await settles(async () => (await phone.locator('[data-testid=pay-online-returned]').innerText()).includes(WORDS[locale].thanks), true);
        assert.equal(await phone.locator('[data-testid=pay-online-stripe]').count(), 0);
        await shot(phone, `27-paid-${locale}`);
        await axeCheck(phone, 'the paid invoice page');

        // The dealership's side: one Stripe payment of the whole balance, the invoice paid.
        const payments = (await api(`/sales-payments?filter[invoice]=${invoice}`, { token: tk })).body.data;
        assert.equal(payments.length, 1, JSON.stringify(payments));
        assert.equal(payments[0].attributes.source, 'stripe');
        assert.equal(payments[0].attributes.amount, due.balance);
        const after = (await api(`/sales-invoices/${invoice}`, { token: tk })).body.data.attributes;
        assert.equal(after.balance, 0);
        assert.equal(after.payment_status, 'paid');
      }),
    );
});
