import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildRegistry } from '../../src/app.ts';
import { AREAS } from '../../src/areas/index.ts';
import { refund } from '../../src/areas/online-payments/checkouts.ts';
import { onlinePaymentCheckouts, onlinePaymentEvents } from '../../src/areas/online-payments/online-payments.table.ts';
import { registerPayable, type OnlinePayment } from '../../src/areas/online-payments/payables.ts';
import { ApiError } from '../../src/jsonapi/errors.ts';
import { systemContext } from '../../src/jsonapi/system.ts';
import { createMailer } from '../../src/mail/mailer.ts';
import { formatMoney } from '../../src/reports/format.ts';
import { rowsOf } from '../../src/db/client.ts';
import { createTestApp, type TestApp } from '../helpers.ts';
import { makeWorld, type World } from '../factories.ts';
import { PAYPAL_CLIENT, PAYPAL_SECRET, PAYPAL_WEBHOOK_ID, STRIPE_KEY, STRIPE_WEBHOOK_SECRET, fakePayPal, fakeStripe, type FakePayPal, type FakeStripe } from './fakes.mjs';

// Online payment end to end against local servers answering as Stripe and PayPal do: a customer's
// link opens a checkout, the provider's signed webhook (or the customer's return, for PayPal)
// records the payment once on the payable, refunds go back through the provider. The payable is
// this file's own (registered as the sales invoices will be), kept in memory.

interface TestBill {
  organizationId: string;
  total: number;
  locale: 'fr' | 'en';
  payments: OnlinePayment[];
  /** Paid meanwhile another way: the payable refuses what comes online. */
  refuses?: boolean;
}
const bills = new Map<string, TestBill>();
const tokens = new Map<string, string>();
const paid = (b: TestBill) => b.payments.reduce((s, p) => s + p.amount, 0);

registerPayable('test-bills', {
  async describe(_db, id) {
    const b = bills.get(id);
    return b ? { organizationId: b.organizationId, currency: 'CAD', amountDue: b.total - paid(b), label: `Facture ${id.slice(0, 8)}`, locale: b.locale, customerEmail: 'client@example.test' } : null;
  },
  async record(ctx, id, payment) {
    // In the transaction of the settlement: it is there, with the payable's organization.
    await ctx.db.execute(sql`SELECT 1`);
    expect(ctx.actor.organizationId).toBe(bills.get(id)!.organizationId);
    if (bills.get(id)!.refuses) throw new ApiError(422, 'online_payments.nothing_due');
    bills.get(id)!.payments.push(payment);
  },
  async open(_db, token) {
    const id = tokens.get(token);
    if (!id) throw new ApiError(404, 'error.not_found', { id: token });
    return { id, pageUrl: `http://atelier.test/pay/bills/${token}` };
  },
});

function bill(w: World, total: number, locale: 'fr' | 'en' = 'fr', organizationId = w.garage.id) {
  const id = randomUUID();
  const token = randomUUID();
  bills.set(id, { organizationId, total, locale, payments: [] });
  tokens.set(token, id);
  return { id, token, bill: bills.get(id)! };
}

const KEYS = (stripe: FakeStripe, paypal: FakePayPal) => ({
  STRIPE_SECRET_KEY: STRIPE_KEY,
  STRIPE_WEBHOOK_SECRET,
  STRIPE_API_URL: stripe.url,
  PAYPAL_CLIENT_ID: PAYPAL_CLIENT,
  PAYPAL_CLIENT_SECRET: PAYPAL_SECRET,
  PAYPAL_WEBHOOK_ID,
  PAYPAL_API_URL: paypal.url,
});

let t: TestApp;
let w: World;
let stripe: FakeStripe;
let paypal: FakePayPal;

beforeAll(async () => {
  [stripe, paypal] = await Promise.all([fakeStripe(), fakePayPal()]);
  t = await createTestApp(KEYS(stripe, paypal));
  w = await makeWorld(t);
});
afterAll(async () => {
  await t?.close();
  await Promise.all([stripe?.close(), paypal?.close()]);
});

const checkout = (token: string, provider: unknown, type = 'test-bills') =>
  t.app.inject({ method: 'POST', url: `/api/v1/public/online-payments/${type}/${token}/checkouts`, headers: { 'content-type': 'application/json' }, payload: { data: { attributes: { provider } } } });

const stripeWebhook = (d: { payload: string; signature: string }) =>
  t.app.inject({ method: 'POST', url: '/api/v1/webhooks/payments/stripe', headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': d.signature }, payload: d.payload });

const paypalWebhook = (d: { payload: string; headers: Record<string, string> }) =>
  t.app.inject({ method: 'POST', url: '/api/v1/webhooks/payments/paypal', headers: { 'content-type': 'application/json', ...d.headers }, payload: d.payload });

/** What a refunding user of an organization runs (the sales payments' refund action will). */
function userContext(organizationId: string) {
  return systemContext({ db: t.database.db, registry: buildRegistry(AREAS), config: t.config, mailer: createMailer({ smtpUrl: undefined, from: 'test@atelier.test' }) }, organizationId, {
    cause: { type: 'test-bills', id: organizationId },
    locale: 'fr',
  });
}

const checkoutRow = async (provider: 'stripe' | 'paypal', reference: string) =>
  (await t.database.db.select().from(onlinePaymentCheckouts).where(eq(onlinePaymentCheckouts.provider_reference, reference))).find((c) => c.provider === provider)!;

describe('the providers offered', () => {
  it('lists the providers whose keys are set', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/public/online-payments/providers' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ providers: ['stripe', 'paypal'] });
  });

  it('offers nothing without keys, and nothing breaks', async () => {
    const bare = await createTestApp();
    try {
      expect((await bare.app.inject({ method: 'GET', url: '/api/v1/public/online-payments/providers' })).json()).toEqual({ providers: [] });
      const b = bill(w, 5000);
      const res = await bare.app.inject({ method: 'POST', url: `/api/v1/public/online-payments/test-bills/${b.token}/checkouts`, headers: { 'content-type': 'application/json', 'accept-language': 'en' }, payload: { data: { attributes: { provider: 'stripe' } } } });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors[0]).toMatchObject({ code: 'online_payments.provider_disabled', detail: 'Online payment through Stripe is not offered.', source: { pointer: '/data/attributes/provider' } });
      const hook = await bare.app.inject({ method: 'POST', url: '/api/v1/webhooks/payments/stripe', headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=00' }, payload: '{}' });
      expect(hook.statusCode).toBe(404);
    } finally {
      await bare.close();
    }
  });

  it('refuses an unknown provider in French by default, and an unknown payable type', async () => {
    const b = bill(w, 5000);
    const res = await checkout(b.token, 'toString');
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[0]).toMatchObject({ code: 'online_payments.provider_required', detail: 'Choisissez un moyen de paiement en ligne : Stripe ou PayPal.' });
    expect((await checkout(b.token, 'stripe', '__proto__')).statusCode).toBe(404);
    expect((await checkout('no-such-token', 'stripe')).statusCode).toBe(404);
  });
});

describe('Stripe', () => {
  it('opens a Checkout Session for what is due, in the customer’s language, once for a double click', async () => {
    const b = bill(w, 12345, 'en');
    const res = await checkout(b.token, 'stripe');
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({ provider: 'stripe', amount: 12345, currency: 'CAD' });
    const sessionId = body.url.split('/').pop();
    const asked = stripe.sessions.get(sessionId)!;
    expect(asked).toMatchObject({
      mode: 'payment',
      'line_items[0][price_data][unit_amount]': '12345',
      'line_items[0][price_data][currency]': 'cad',
      locale: 'en',
      customer_email: 'client@example.test',
      success_url: 'http://atelier.test/api/v1/public/online-payments/stripe/return?session_id={CHECKOUT_SESSION_ID}',
      cancel_url: `http://atelier.test/pay/bills/${b.token}?payment=canceled`,
    });
    expect(Number(asked.expires_at) * 1000 - Date.now()).toBeGreaterThan(50 * 60_000);
    const again = await checkout(b.token, 'stripe');
    expect(again.json().url).toBe(body.url);
    expect(stripe.sessions.size).toBe(1);
  });

  it('records the payment once, however many times the webhook is delivered; the customer returns to the page', async () => {
    const b = bill(w, 8000);
    const sessionId = (await checkout(b.token, 'stripe')).json().url.split('/').pop();
    const delivery = stripe.delivery(stripe.paidEvent(sessionId));
    const outcomes = [];
    for (let i = 0; i < 3; i++) {
      const res = await stripeWebhook(delivery);
      expect(res.statusCode).toBe(200);
      outcomes.push(res.json().outcome);
    }
    expect(outcomes).toEqual(['recorded', 'replayed', 'replayed']);
    expect(b.bill.payments).toHaveLength(1);
    expect(b.bill.payments[0]).toMatchObject({ amount: 8000, source: 'stripe', transactionId: `pi_${sessionId}`, data: { event_id: delivery.id } });
    // Another event for the same session (a second delivery path) records nothing more.
    const other = await stripeWebhook(stripe.delivery({ ...stripe.paidEvent(sessionId), type: 'checkout.session.async_payment_succeeded' }));
    expect(other.json().outcome).toBe('already_paid');
    expect(b.bill.payments).toHaveLength(1);
    expect(await checkoutRow('stripe', sessionId)).toMatchObject({ state: 'paid', transaction_id: `pi_${sessionId}` });

    const back = await t.app.inject({ method: 'GET', url: `/api/v1/public/online-payments/stripe/return?session_id=${sessionId}` });
    expect(back.statusCode).toBe(303);
    expect(back.headers.location).toBe(`http://atelier.test/pay/bills/${b.token}?payment=returned`);
    // Nothing is due any more: no new checkout.
    const none = await checkout(b.token, 'stripe');
    expect(none.statusCode).toBe(409);
    expect(none.json().errors[0].code).toBe('online_payments.nothing_due');
  });

  it('records once when deliveries and the customer’s return come at the same moment', async () => {
    const b = bill(w, 4200);
    const sessionId = (await checkout(b.token, 'stripe')).json().url.split('/').pop();
    stripe.pay(sessionId);
    const same = stripe.delivery(stripe.paidEvent(sessionId));
    const answers = await Promise.all([
      stripeWebhook(same),
      stripeWebhook(same),
      stripeWebhook(stripe.delivery(stripe.paidEvent(sessionId))),
      stripeWebhook(stripe.delivery({ ...stripe.paidEvent(sessionId), type: 'checkout.session.async_payment_succeeded' })),
      t.app.inject({ method: 'GET', url: `/api/v1/public/online-payments/stripe/return?session_id=${sessionId}` }),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 303]);
    expect(answers.slice(0, 4).filter((a) => a.json().outcome === 'recorded').length).toBeLessThanOrEqual(1);
    expect(b.bill.payments.map((p) => p.amount)).toEqual([4200]);
  });

  it('records the payment when the customer comes back before the webhook, and the webhook then does nothing', async () => {
    const b = bill(w, 2500, 'en');
    const sessionId = (await checkout(b.token, 'stripe')).json().url.split('/').pop();
    const returnUrl = `/api/v1/public/online-payments/stripe/return?session_id=${sessionId}`;
    // Back without having paid (the back arrow): nothing.
    expect((await t.app.inject({ method: 'GET', url: returnUrl })).statusCode).toBe(303);
    expect(b.bill.payments).toEqual([]);
    stripe.pay(sessionId);
    const back = await t.app.inject({ method: 'GET', url: returnUrl });
    expect(back.statusCode).toBe(303);
    expect(b.bill.payments).toMatchObject([{ amount: 2500, source: 'stripe', transactionId: `pi_${sessionId}` }]);
    expect((await stripeWebhook(stripe.delivery(stripe.paidEvent(sessionId)))).json().outcome).toBe('already_paid');
    expect(b.bill.payments).toHaveLength(1);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/public/online-payments/stripe/return?session_id=cs_nobody' })).statusCode).toBe(404);
  });

  it('says Stripe is not answering when it is down, and sends the returning customer back to the page all the same', async () => {
    const b = bill(w, 1500, 'en');
    const sessionId = (await checkout(b.token, 'stripe')).json().url.split('/').pop();
    stripe.pay(sessionId);
    stripe.down(true);
    try {
      const back = await t.app.inject({ method: 'GET', url: `/api/v1/public/online-payments/stripe/return?session_id=${sessionId}` });
      expect(back.statusCode).toBe(303);
      expect(back.headers.location).toBe(`http://atelier.test/pay/bills/${b.token}?payment=returned`);
      const other = bill(w, 1500, 'en');
      const refused = await t.app.inject({ method: 'POST', url: `/api/v1/public/online-payments/test-bills/${other.token}/checkouts`, headers: { 'content-type': 'application/json', 'accept-language': 'en' }, payload: { data: { attributes: { provider: 'stripe' } } } });
      expect(refused.statusCode).toBe(503);
      expect(refused.json().errors[0].detail).toBe('Stripe is not answering right now. Try again in a few minutes.');
    } finally {
      stripe.down(false);
    }
    expect(b.bill.payments).toEqual([]);
    expect((await stripeWebhook(stripe.delivery(stripe.paidEvent(sessionId)))).json().outcome).toBe('recorded');
  });

  it('refuses a forged, altered or old signature with 400 and records nothing', async () => {
    const b = bill(w, 4000);
    const sessionId = (await checkout(b.token, 'stripe')).json().url.split('/').pop();
    const forged = stripe.delivery(stripe.paidEvent(sessionId), { secret: 'whsec_someone_else' });
    const refused = await t.app.inject({ method: 'POST', url: '/api/v1/webhooks/payments/stripe', headers: { 'content-type': 'application/json', 'stripe-signature': forged.signature, 'accept-language': 'en' }, payload: forged.payload });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors[0]).toMatchObject({ code: 'online_payments.signature_invalid', detail: 'The event’s signature is not valid: nothing was recorded.' });

    const genuine = stripe.delivery(stripe.paidEvent(sessionId));
    const altered = genuine.payload.replace('"amount_total":4000', '"amount_total":40');
    expect(altered).not.toBe(genuine.payload);
    expect((await stripeWebhook({ payload: altered, signature: genuine.signature })).statusCode).toBe(400);
    expect((await stripeWebhook({ payload: genuine.payload, signature: '' })).statusCode).toBe(400);
    // A genuine delivery captured and sent again an hour later: past Stripe's tolerance.
    const old = stripe.delivery(stripe.paidEvent(sessionId), { timestamp: Math.floor(Date.now() / 1000) - 3600 });
    expect((await stripeWebhook(old)).statusCode).toBe(400);

    expect(b.bill.payments).toEqual([]);
    const kept = rowsOf<{ n: number }>(await t.database.db.execute(sql`SELECT count(*)::int AS n FROM online_payment_events WHERE summary->>'reference' = ${sessionId}`));
    expect(kept[0].n).toBe(0);
    expect((await checkoutRow('stripe', sessionId)).state).toBe('open');
  });

  it('records nothing for an amount other than the checkout’s, and says so', async () => {
    const b = bill(w, 6000);
    const sessionId = (await checkout(b.token, 'stripe')).json().url.split('/').pop();
    const res = await stripeWebhook(stripe.delivery(stripe.paidEvent(sessionId, { amount: 600 })));
    expect(res.statusCode).toBe(200);
    expect(res.json().outcome).toBe('amount_mismatch');
    expect(b.bill.payments).toEqual([]);
    expect((await checkoutRow('stripe', sessionId)).state).toBe('open');
    const [event] = await t.database.db.select().from(onlinePaymentEvents).where(sql`${onlinePaymentEvents.summary}->>'reference' = ${sessionId}`);
    expect(event).toMatchObject({ outcome: 'amount_mismatch', summary: { amount: 600 } });
  });

  it('answers a payment the payable refuses, once, and keeps it for a person to refund', async () => {
    const b = bill(w, 3000);
    const sessionId = (await checkout(b.token, 'stripe')).json().url.split('/').pop();
    b.bill.refuses = true;
    const d = stripe.delivery(stripe.paidEvent(sessionId));
    expect((await stripeWebhook(d)).json().outcome).toBe('payable_refused');
    expect((await stripeWebhook(d)).json().outcome).toBe('replayed');
    expect(b.bill.payments).toEqual([]);
    expect(await checkoutRow('stripe', sessionId)).toMatchObject({ state: 'refused', transaction_id: `pi_${sessionId}` });
    const [event] = await t.database.db.select().from(onlinePaymentEvents).where(eq(onlinePaymentEvents.event_id, d.id));
    expect(event).toMatchObject({ outcome: 'payable_refused', summary: { refused: 'online_payments.nothing_due' } });
    const again = await refund(userContext(w.garage.id), { type: 'test-bills', id: b.id, source: 'stripe', transactionId: `pi_${sessionId}`, amount: 100 }).catch((e: ApiError) => e);
    expect((again as ApiError).errors[0].code).toBe('online_payments.not_paid_online');
  });

  it('answers an event it does not act on, once', async () => {
    const d = stripe.delivery({ type: 'payment_intent.created', object: { id: 'pi_x', object: 'payment_intent' } });
    expect((await stripeWebhook(d)).json().outcome).toBe('ignored');
    expect((await stripeWebhook(d)).json().outcome).toBe('replayed');
  });

  it('refunds in part, then the rest, never more than paid online, only for its organization', async () => {
    const b = bill(w, 10000);
    const sessionId = (await checkout(b.token, 'stripe')).json().url.split('/').pop();
    await stripeWebhook(stripe.delivery(stripe.paidEvent(sessionId)));
    const payment = { type: 'test-bills', id: b.id, source: 'stripe' as const, transactionId: `pi_${sessionId}` };

    const elsewhere = await refund(userContext(w.other.id), { ...payment, amount: 100 }).catch((e: ApiError) => e);
    expect((elsewhere as ApiError).errors?.[0]).toMatchObject({ status: 422, code: 'online_payments.not_paid_online' });

    expect(await refund(userContext(w.garage.id), { ...payment, amount: 2500 })).toMatchObject({ amount: 2500, status: 'succeeded' });
    expect(stripe.refunds.at(-1)).toMatchObject({ payment_intent: `pi_${sessionId}`, amount: '2500' });
    const tooMuch = await refund(userContext(w.garage.id), { ...payment, amount: 7501 }).catch((e: ApiError) => e);
    expect((tooMuch as ApiError).errors[0]).toMatchObject({ status: 422, code: 'online_payments.refund_exceeds_paid', params: { max: formatMoney(7500, 'fr') }, source: { pointer: '/data/attributes/amount' } });
    await refund(userContext(w.garage.id), { ...payment, amount: 7500 });
    const after = await refund(userContext(w.garage.id), { ...payment, amount: 1 }).catch((e: ApiError) => e);
    expect((after as ApiError).errors[0].code).toBe('online_payments.refund_exceeds_paid');
    const zero = await refund(userContext(w.garage.id), { ...payment, amount: 0 }).catch((e: ApiError) => e);
    expect((zero as ApiError).errors[0].code).toBe('online_payments.refund_not_positive');

    expect(b.bill.payments.map((p) => p.amount)).toEqual([10000, -2500, -7500]);
    expect(b.bill.payments[1]).toMatchObject({ source: 'stripe', data: { refunded_transaction: `pi_${sessionId}` } });
    expect(new Set(stripe.refunds.map((r) => r.idempotency_key)).size).toBe(stripe.refunds.length);
    expect((await checkoutRow('stripe', sessionId)).refunded_amount).toBe(10000);
  });
});

describe('PayPal', () => {
  it('creates an order, captures it when the customer returns, and its capture webhook records nothing more', async () => {
    const b = bill(w, 12345);
    const res = await checkout(b.token, 'paypal');
    expect(res.statusCode).toBe(201);
    const orderId = new URL(res.json().url).searchParams.get('token')!;
    const order = paypal.orders.get(orderId)!;
    expect(order.body.purchase_units[0].amount).toEqual({ currency_code: 'CAD', value: '123.45' });
    expect(order.body.payment_source.paypal.experience_context).toMatchObject({ locale: 'fr-CA', return_url: 'http://atelier.test/api/v1/public/online-payments/paypal/return', cancel_url: `http://atelier.test/pay/bills/${b.token}?payment=canceled` });
    expect(order.requestId).toMatch(/^checkout-/);

    paypal.approve(orderId);
    const back = await t.app.inject({ method: 'GET', url: `/api/v1/public/online-payments/paypal/return?token=${orderId}&PayerID=PAYER1` });
    expect(back.statusCode).toBe(303);
    expect(back.headers.location).toBe(`http://atelier.test/pay/bills/${b.token}?payment=returned`);
    expect(b.bill.payments).toHaveLength(1);
    expect(b.bill.payments[0]).toMatchObject({ amount: 12345, source: 'paypal', transactionId: order.capture!.id });

    const delivery = paypal.delivery(paypal.captureCompleted(orderId));
    for (const expected of ['already_paid', 'replayed', 'replayed']) {
      const hook = await paypalWebhook(delivery);
      expect(hook.statusCode).toBe(200);
      expect(hook.json().outcome).toBe(expected);
    }
    // The approval's webhook, late: the order is paid, nothing more.
    expect((await paypalWebhook(paypal.delivery({ event_type: 'CHECKOUT.ORDER.APPROVED', resource: { id: orderId, status: 'APPROVED' } }))).json().outcome).toBe('already_paid');
    // Back again (a reload of the return page): nothing more.
    await t.app.inject({ method: 'GET', url: `/api/v1/public/online-payments/paypal/return?token=${orderId}&PayerID=PAYER1` });
    expect(b.bill.payments).toHaveLength(1);
  });

  it('records through the webhook when the customer never comes back (approved, then captured)', async () => {
    const b = bill(w, 5000);
    const orderId = new URL((await checkout(b.token, 'paypal')).json().url).searchParams.get('token')!;
    paypal.approve(orderId);
    const approved = paypal.delivery({ event_type: 'CHECKOUT.ORDER.APPROVED', resource: { id: orderId, status: 'APPROVED' } });
    expect((await paypalWebhook(approved)).json().outcome).toBe('recorded');
    expect((await paypalWebhook(approved)).json().outcome).toBe('replayed');
    expect(b.bill.payments.map((p) => p.amount)).toEqual([5000]);
  });

  it('refuses a delivery PayPal does not verify, and records nothing for another amount', async () => {
    const b = bill(w, 7000);
    const orderId = new URL((await checkout(b.token, 'paypal')).json().url).searchParams.get('token')!;
    const forged = paypal.delivery(paypal.captureCompleted(orderId), { forge: true });
    expect((await paypalWebhook(forged)).statusCode).toBe(400);
    const genuine = paypal.delivery(paypal.captureCompleted(orderId));
    expect((await paypalWebhook({ payload: genuine.payload.replace('70.00', '7.00'), headers: genuine.headers })).statusCode).toBe(400);
    const { 'paypal-transmission-sig': _dropped, ...unsigned } = genuine.headers;
    expect((await paypalWebhook({ payload: genuine.payload, headers: unsigned })).statusCode).toBe(400);
    expect(b.bill.payments).toEqual([]);

    const wrong = await paypalWebhook(paypal.delivery(paypal.captureCompleted(orderId, { value: '7.00' })));
    expect(wrong.json().outcome).toBe('amount_mismatch');
    expect(b.bill.payments).toEqual([]);
    expect((await paypalWebhook(genuine)).json().outcome).toBe('recorded');
    expect(b.bill.payments.map((p) => p.amount)).toEqual([7000]);
  });

  it('refunds through the capture, in part', async () => {
    const b = bill(w, 9000);
    const orderId = new URL((await checkout(b.token, 'paypal')).json().url).searchParams.get('token')!;
    const captureId = paypal.capture(orderId);
    await paypalWebhook(paypal.delivery(paypal.captureCompleted(orderId)));
    const payment = { type: 'test-bills', id: b.id, source: 'paypal' as const, transactionId: captureId };
    expect(await refund(userContext(w.garage.id), { ...payment, amount: 1050 })).toMatchObject({ amount: 1050, status: 'COMPLETED' });
    expect(paypal.refunds.at(-1)).toMatchObject({ capture: captureId, body: { amount: { value: '10.50', currency_code: 'CAD' } } });
    const tooMuch = await refund(userContext(w.garage.id), { ...payment, amount: 8000 }).catch((e: ApiError) => e);
    expect((tooMuch as ApiError).errors[0].code).toBe('online_payments.refund_exceeds_paid');
    expect(b.bill.payments.map((p) => p.amount)).toEqual([9000, -1050]);
    // A Stripe refund of a PayPal payment: not paid online through Stripe.
    const wrongProvider = await refund(userContext(w.garage.id), { ...payment, source: 'stripe', amount: 100 }).catch((e: ApiError) => e);
    expect((wrongProvider as ApiError).errors[0].code).toBe('online_payments.not_paid_online');
  });
});

describe('hostile deliveries', () => {
  it('are refused with 400 and write nothing, whatever their body and headers', async () => {
    const count = async () => rowsOf<{ n: number }>(await t.database.db.execute(sql`SELECT count(*)::int AS n FROM online_payment_events`))[0].n;
    const before = await count();
    const text = fc.oneof(fc.string({ maxLength: 40 }), fc.constantFrom('', 't=1,v1=00', '__proto__', 'constructor', 'SHA256withRSA'));
    const body = fc.oneof(fc.json(), fc.string({ maxLength: 200 }), fc.constant(JSON.stringify({ id: 'evt_1', type: 'checkout.session.completed', data: { object: {} } })));
    const names = ['stripe-signature', 'paypal-auth-algo', 'paypal-cert-url', 'paypal-transmission-id', 'paypal-transmission-sig', 'paypal-transmission-time'];
    await fc.assert(
      fc.asyncProperty(fc.constantFrom('stripe', 'paypal'), body, fc.dictionary(fc.constantFrom(...names), text), async (provider, payload, headers) => {
        const res = await t.app.inject({ method: 'POST', url: `/api/v1/webhooks/payments/${provider}`, headers: { 'content-type': 'application/json', ...headers }, payload });
        expect(res.statusCode, res.body).toBe(400);
        expect(res.json().errors[0].code).toBe('online_payments.signature_invalid');
      }),
      { numRuns: 40 },
    );
    expect(await count()).toBe(before);
  });
});
