import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toOne } from '../factories.ts';
import { rowsOf } from '../../src/db/client.ts';
import { createTestApp, type TestApp } from '../helpers.ts';
import { createKit, type Kit } from '../kit.ts';
import { pdfPages } from '../reports/pdf-text.ts';
import { fakeStripe, STRIPE_KEY, STRIPE_WEBHOOK_SECRET, type FakeStripe } from '../online-payments/fakes.mjs';

// A customer's invoice sent by e-mail (issue 23): its link opens the invoice and its PDF without
// signing in, in the customer's language; « Payer en ligne » through the (fake) Stripe records a
// sales payment once, however many times the webhook comes; the invoice shows paid; refunded in
// part through the provider; a canceled invoice's link is gone. The mail carries the invoice's PDF.

const API = '/api/v1';
let t: TestApp;
let kit: Kit;
let stripe: FakeStripe;
let customer: string;

const call = (method: string, path: string, body?: unknown, locale = 'fr') => t.api(method, `${API}${path}`, { token: kit.admin.token, body, headers: { 'accept-language': locale } });
const open = (path: string) => t.app.inject({ method: 'GET', url: `${API}${path}` });

async function validatedInvoice(amount: number) {
  const made = await call('POST', '/sales-invoices', { data: { type: 'sales-invoices', relationships: { recipient: toOne('customers', customer), items: { data: [{ type: 'sales-invoice-items', attributes: { description: 'Vidange', quantity: 1, unit_price: amount } }] } } } });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  const valid = await call('POST', `/sales-invoices/${made.body.data.id}/validate`);
  expect(valid.status).toBe(200);
  return valid.body.data;
}

beforeAll(async () => {
  stripe = await fakeStripe();
  t = await createTestApp({ STRIPE_SECRET_KEY: STRIPE_KEY, STRIPE_WEBHOOK_SECRET, STRIPE_API_URL: stripe.url }, { demo: false });
  kit = await createKit(t);
  customer = (await kit.make('customers', { firstname: 'Mary', lastname: 'Grant', email: 'mary.grant@example.com', locale: 'en' })).id;
});
afterAll(async () => {
  await t?.close();
  await stripe?.close();
});

describe('sending an invoice', () => {
  it('is refused while a draft; sent, it e-mails the customer a link in their language that opens the invoice and its PDF', async () => {
    const draft = await call('POST', '/sales-invoices', { data: { type: 'sales-invoices', relationships: { recipient: toOne('customers', customer) } } });
    expect((await call('POST', `/sales-invoices/${draft.body.data.id}/send`, {}, 'en')).status).toBe(409);
    const invoice = await validatedInvoice(10000);
    // Sending speaks for the dealership: it takes the right to edit invoices, not only to see them.
    const reader = await kit.user({ permissions: ['view any sales invoices', 'view sales invoices'] });
    expect((await t.api('POST', `${API}/sales-invoices/${invoice.id}/send`, { token: reader.token, body: {} })).status).toBe(403);
    const before = (await t.outbox('mary.grant@example.com')).length;
    const sent = await call('POST', `/sales-invoices/${invoice.id}/send`, {});
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const link = sent.body.meta.link;
    expect(link).toMatchObject({ email: 'mary.grant@example.com', locale: 'en' });
    const mails = await t.outbox('mary.grant@example.com');
    expect(mails).toHaveLength(before + 1);
    // The invoice goes with the mail: its PDF, named in the customer's language (English here).
    const [mail] = rowsOf<{ attachments: { filename: string; contentType: string; content: string }[] }>(
      await t.database.db.execute(sql`SELECT attachments FROM mail_outbox WHERE "to" = 'mary.grant@example.com' ORDER BY created_at DESC, id DESC LIMIT 1`),
    );
    expect(mail.attachments).toHaveLength(1);
    expect(mail.attachments[0]).toMatchObject({ filename: `invoice-${invoice.attributes.code}.pdf`, contentType: 'application/pdf' });
    const attached = (await pdfPages(Buffer.from(mail.attachments[0].content, 'base64'))).join('\n');
    for (const expected of ['Invoice', invoice.attributes.code]) expect(attached).toContain(expected);
    const token = String(link.url).split('/').pop();
    const view = await open(`/public/sales-invoices/${token}`);
    expect(view.statusCode).toBe(200);
    expect(view.json()).toMatchObject({ locale: 'en', code: invoice.attributes.code, total: invoice.attributes.total, balance: invoice.attributes.total, payment_status: 'unpaid' });
    const pdf = await open(`/public/sales-invoices/${token}/report`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect((await open('/public/sales-invoices/not-a-token')).statusCode).toBe(404);
  });
});

describe('paying online', () => {
  it('records one sales payment from the provider, however often the webhook comes; the invoice is paid; the link of a canceled invoice is gone', async () => {
    const invoice = await validatedInvoice(8000);
    const sent = await call('POST', `/sales-invoices/${invoice.id}/send`, { data: { attributes: { send_email: false } } });
    const token = String(sent.body.meta.link.url).split('/').pop();
    const started = await t.app.inject({ method: 'POST', url: `${API}/public/online-payments/sales-invoices/${token}/checkouts`, headers: { 'content-type': 'application/json' }, payload: { data: { attributes: { provider: 'stripe' } } } });
    expect(started.statusCode, started.body).toBe(201);
    expect(started.json()).toMatchObject({ amount: invoice.attributes.total, currency: 'CAD' });
    const sessionId = started.json().url.split('/').pop();
    const delivery = stripe.delivery(stripe.paidEvent(sessionId));
    const hook = () => t.app.inject({ method: 'POST', url: `${API}/webhooks/payments/stripe`, headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': delivery.signature }, payload: delivery.payload });
    expect((await hook()).json().outcome).toBe('recorded');
    expect((await hook()).json().outcome).toBe('replayed');
    const payments = await call('GET', `/sales-payments?filter[invoice]=${invoice.id}`);
    expect(payments.body.data).toHaveLength(1);
    expect(payments.body.data[0].attributes).toMatchObject({ amount: invoice.attributes.total, source: 'stripe', transaction_id: `pi_${sessionId}` });
    const paid = (await call('GET', `/sales-invoices/${invoice.id}`)).body.data.attributes;
    expect(paid).toMatchObject({ payment_status: 'paid', balance: 0 });
    expect((await open(`/public/sales-invoices/${token}`)).json()).toMatchObject({ payment_status: 'paid', balance: 0 });

    // Refunded in part through the provider that took it: a negative payment naming it, the invoice owes again.
    const paidOnline = payments.body.data[0];
    const refund = await call('POST', `/sales-payments/${paidOnline.id}/refund`, { data: { attributes: { amount: 3000 } } });
    expect(refund.status, JSON.stringify(refund.body)).toBe(201);
    expect(refund.body.data.attributes).toMatchObject({ amount: -3000, source: 'stripe' });
    expect(refund.body.data.relationships.refundOf.data.id).toBe(paidOnline.id);
    expect(stripe.refunds.at(-1)).toMatchObject({ payment_intent: `pi_${sessionId}`, amount: '3000' });
    expect((await call('GET', `/sales-invoices/${invoice.id}`)).body.data.attributes).toMatchObject({ amount_paid: invoice.attributes.total - 3000, balance: 3000 });
    // Never more than is left of it.
    const over = await call('POST', `/sales-payments/${paidOnline.id}/refund`, { data: { attributes: { amount: invoice.attributes.total } } }, 'en');
    expect(over.status).toBe(422);

    // A link of an invoice canceled later opens nothing (410, in the link's language).
    const other = await validatedInvoice(1000);
    const link = (await call('POST', `/sales-invoices/${other.id}/send`, { data: { attributes: { send_email: false } } })).body.meta.link;
    expect((await call('POST', `/sales-invoices/${other.id}/cancel`)).status).toBe(200);
    const gone = await open(`/public/sales-invoices/${String(link.url).split('/').pop()}`);
    expect(gone.statusCode).toBe(410);
    expect(gone.json().errors[0].detail).toBe('This invoice link has expired or was withdrawn. Ask the dealership for a new link.');
  });
});
