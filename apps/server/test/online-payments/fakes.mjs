import { createHmac, createSign, createVerify, generateKeyPairSync, randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import { crc32 } from 'node:zlib';

// Local servers standing in for Stripe's and PayPal's APIs, answering the documented shapes of the
// calls Atelier makes (and remembering what was asked), and webhook deliveries signed as each
// provider signs them. Plain JavaScript: the API tests (vitest) and the browser journeys
// (e2e/run.mjs) start the same fakes. Start them with fakeStripe() / fakePayPal(), point
// STRIPE_API_URL / PAYPAL_API_URL at their url. Types: fakes.d.mts.

const readBody = (req) =>
  new Promise((resolve) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => resolve(body));
  });

const json = (res, status, body) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));

async function listen(handle) {
  const server = createServer(async (req, res) => handle(req, await readBody(req), res));
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${server.address().port}` };
}

const escapeHtml = (s) => String(s).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export const STRIPE_KEY = 'sk_test_atelier';
export const STRIPE_WEBHOOK_SECRET = 'whsec_atelier_test';

/**
 * Stripe's Stripe-Signature header (https://docs.stripe.com/webhooks#verify-manually): t=<unix
 * seconds>,v1=<hex HMAC-SHA256 of "<t>.<payload>" keyed with the endpoint's secret>.
 */
export function stripeSignature(payload, secret = STRIPE_WEBHOOK_SECRET, timestamp = Math.floor(Date.now() / 1000)) {
  return `t=${timestamp},v1=${createHmac('sha256', secret).update(`${timestamp}.${payload}`).digest('hex')}`;
}

/** The checkout page's words, in the session's locale (Stripe shows its page in the customer's language). */
const PAGE_WORDS = {
  fr: { title: 'Paiement test', pay: 'Payer', amount: 'Montant' },
  en: { title: 'Test payment', pay: 'Pay', amount: 'Amount' },
};

/**
 * A fake Stripe. With `webhookUrl`, its checkout page (the session's url) takes the payment as
 * Stripe's does: the session is paid, checkout.session.completed is delivered, signed, to the
 * webhook, and the customer is sent to the session's success_url.
 */
export async function fakeStripe({ webhookUrl } = {}) {
  const sessions = new Map();
  const refunds = [];
  const paid = new Set();
  let n = 0;
  let isDown = false;
  const amountOf = (form) => Number(form['line_items[0][price_data][unit_amount]']);
  const currencyOf = (form) => form['line_items[0][price_data][currency]'];

  function delivery(event, opts = {}) {
    const id = event.id ?? `evt_test_${randomUUID()}`;
    const payload = JSON.stringify({ id, object: 'event', api_version: '2025-12-15.clover', created: Math.floor(Date.now() / 1000), type: event.type, data: { object: event.object }, livemode: false });
    return { payload, signature: stripeSignature(payload, opts.secret ?? STRIPE_WEBHOOK_SECRET, opts.timestamp), id };
  }

  function paidEvent(sessionId, opts = {}) {
    const form = sessions.get(sessionId);
    return {
      id: opts.id,
      type: 'checkout.session.completed',
      object: {
        id: sessionId,
        object: 'checkout.session',
        status: 'complete',
        payment_status: 'paid',
        amount_total: opts.amount ?? amountOf(form),
        currency: currencyOf(form),
        client_reference_id: form.client_reference_id,
        payment_intent: `pi_${sessionId}`,
      },
    };
  }

  /** Stripe's hosted checkout page, reduced to a button. */
  async function checkoutPage(req, res, id) {
    const form = sessions.get(id);
    if (req.method === 'GET') {
      const w = PAGE_WORDS[form.locale] ?? PAGE_WORDS.en;
      const amount = new Intl.NumberFormat(`${form.locale === 'fr' ? 'fr' : 'en'}-CA`, { style: 'currency', currency: currencyOf(form).toUpperCase() }).format(amountOf(form) / 100);
      const html = `<!doctype html><html lang="${escapeHtml(form.locale ?? 'en')}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${w.title}</title></head>
<body style="font-family:sans-serif;max-width:28rem;margin:2rem auto;padding:0 1rem"><h1>${w.title}</h1><p>${w.amount}: <strong data-testid="stripe-amount">${escapeHtml(amount)}</strong></p>
<form method="post"><button type="submit" data-testid="stripe-pay" style="width:100%;padding:1rem;font-size:1.2rem">${w.pay}</button></form></body></html>`;
      return res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html);
    }
    paid.add(id);
    if (webhookUrl) {
      const d = delivery(paidEvent(id));
      await fetch(webhookUrl, { method: 'POST', headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': d.signature }, body: d.payload });
    }
    res.writeHead(303, { location: form.success_url.replace('{CHECKOUT_SESSION_ID}', id) }).end();
  }

  const { server, url } = await listen(async (req, body, res) => {
    const page = /^\/c\/pay\/([^/?]+)$/.exec(req.url ?? '');
    if (page && sessions.has(page[1]) && (req.method === 'GET' || req.method === 'POST')) return checkoutPage(req, res, page[1]);
    if (isDown) return json(res, 500, { error: { type: 'api_error', message: 'An unknown error occurred' } });
    if (req.headers.authorization !== `Bearer ${STRIPE_KEY}`) return json(res, 401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
    // Stripe's API takes form-encoded bodies (line_items[0][price_data][unit_amount]=…).
    const form = Object.fromEntries(new URLSearchParams(body));
    if (req.method === 'POST' && req.url === '/v1/checkout/sessions') {
      const id = `cs_test_${++n}`;
      sessions.set(id, form);
      return json(res, 200, {
        id,
        object: 'checkout.session',
        mode: 'payment',
        status: 'open',
        payment_status: 'unpaid',
        amount_total: amountOf(form),
        currency: currencyOf(form),
        client_reference_id: form.client_reference_id,
        expires_at: Number(form.expires_at),
        url: `${url}/c/pay/${id}`,
        payment_intent: null,
      });
    }
    const retrieve = /^\/v1\/checkout\/sessions\/([^/?]+)/.exec(req.url ?? '');
    if (req.method === 'GET' && retrieve && sessions.has(retrieve[1])) {
      const id = retrieve[1];
      const made = sessions.get(id);
      const done = paid.has(id);
      return json(res, 200, {
        id,
        object: 'checkout.session',
        mode: 'payment',
        status: done ? 'complete' : 'open',
        payment_status: done ? 'paid' : 'unpaid',
        amount_total: amountOf(made),
        currency: currencyOf(made),
        client_reference_id: made.client_reference_id,
        payment_intent: done ? `pi_${id}` : null,
      });
    }
    if (req.method === 'POST' && req.url === '/v1/refunds') {
      refunds.push({ ...form, idempotency_key: String(req.headers['idempotency-key'] ?? '') });
      return json(res, 200, { id: `re_test_${++n}`, object: 'refund', amount: Number(form.amount), payment_intent: form.payment_intent, currency: 'cad', status: 'succeeded' });
    }
    json(res, 404, { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${req.method}: ${req.url})` } });
  });
  return {
    url,
    sessions,
    refunds,
    pay: (sessionId) => void paid.add(sessionId),
    down: (v) => void (isDown = v),
    delivery,
    paidEvent,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
export const PAYPAL_CLIENT = 'paypal-client';
export const PAYPAL_SECRET = 'paypal-secret';
export const PAYPAL_WEBHOOK_ID = 'WH-ATELIER-TEST';



export async function fakePayPal() {
  const orders = new Map();
  const refunds = [];
  const approved = new Set();
  // PayPal signs with the private key of the certificate at paypal-cert-url; the fake keeps both halves.
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  let n = 0;
  const token = `A21AA-${randomUUID()}`;
  const captureOf = (order) => (order.capture ??= { id: `CAPTURE${++n}`, value: order.body.purchase_units[0].amount.value, currency: order.body.purchase_units[0].amount.currency_code });
  const { server, url } = await listen((req, body, res) => {
    const path = req.url ?? '';
    if (path === '/v1/oauth2/token') {
      if (req.headers.authorization !== `Basic ${Buffer.from(`${PAYPAL_CLIENT}:${PAYPAL_SECRET}`).toString('base64')}` || body !== 'grant_type=client_credentials')
        return json(res, 401, { error: 'invalid_client', error_description: 'Client Authentication failed' });
      return json(res, 200, { scope: 'https://uri.paypal.com/services/payments/payment', access_token: token, token_type: 'Bearer', app_id: 'APP-TEST', expires_in: 32400, nonce: 'n' });
    }
    if (req.headers.authorization !== `Bearer ${token}`) return json(res, 401, { error: 'invalid_token' });
    const requestId = String(req.headers['paypal-request-id'] ?? '');
    const parsed = body ? JSON.parse(body) : {};
    if (req.method === 'POST' && path === '/v2/checkout/orders') {
      const id = `ORDER${++n}`;
      orders.set(id, { id, body: parsed, requestId });
      return json(res, 200, {
        id,
        status: 'PAYER_ACTION_REQUIRED',
        payment_source: { paypal: {} },
        links: [
          { href: `${url}/v2/checkout/orders/${id}`, rel: 'self', method: 'GET' },
          { href: `https://www.sandbox.paypal.test/checkoutnow?token=${id}`, rel: 'payer-action', method: 'GET' },
        ],
      });
    }
    const capture = /^\/v2\/checkout\/orders\/([^/]+)\/capture$/.exec(path);
    if (req.method === 'POST' && capture) {
      const order = orders.get(capture[1]);
      if (!order) return json(res, 404, { name: 'RESOURCE_NOT_FOUND', details: [{ issue: 'INVALID_RESOURCE_ID' }] });
      if (order.capture) return json(res, 422, { name: 'UNPROCESSABLE_ENTITY', details: [{ issue: 'ORDER_ALREADY_CAPTURED' }] });
      if (!approved.has(order.id)) return json(res, 422, { name: 'UNPROCESSABLE_ENTITY', details: [{ issue: 'ORDER_NOT_APPROVED' }] });
      const c = captureOf(order);
      return json(res, 201, {
        id: order.id,
        status: 'COMPLETED',
        purchase_units: [{ reference_id: order.body.purchase_units[0].reference_id, payments: { captures: [{ id: c.id, status: 'COMPLETED', amount: { currency_code: c.currency, value: c.value }, final_capture: true }] } }],
      });
    }
    const refund = /^\/v2\/payments\/captures\/([^/]+)\/refund$/.exec(path);
    if (req.method === 'POST' && refund) {
      refunds.push({ capture: refund[1], body: parsed, requestId });
      return json(res, 201, { id: `REFUND${++n}`, status: 'COMPLETED', amount: parsed.amount });
    }
    if (req.method === 'POST' && path === '/v1/notifications/verify-webhook-signature') {
      // PayPal's check: the certificate's key signed "transmission id|time|webhook id|CRC32 of the event".
      const message = `${parsed.transmission_id}|${parsed.transmission_time}|${parsed.webhook_id}|${crc32(JSON.stringify(parsed.webhook_event))}`;
      const ok =
        parsed.auth_algo === 'SHA256withRSA' &&
        parsed.cert_url === `${url}/certs/CERT-360caa42-fca2a594-ab23ac21` &&
        createVerify('RSA-SHA256').update(message).verify(publicKey, String(parsed.transmission_sig ?? ''), 'base64');
      return json(res, 200, { verification_status: ok ? 'SUCCESS' : 'FAILURE' });
    }
    json(res, 404, { name: 'RESOURCE_NOT_FOUND' });
  });
  return {
    url,
    orders,
    refunds,
    approve: (orderId) => void approved.add(orderId),
    capture: (orderId) => captureOf(orders.get(orderId)).id,
    delivery(event, opts = {}) {
      const id = event.id ?? `WH-${randomUUID()}`;
      const payload = JSON.stringify({ id, event_version: '1.0', create_time: new Date().toISOString(), resource_type: 'capture', event_type: event.event_type, summary: event.event_type, resource: event.resource });
      const transmissionId = randomUUID();
      const time = new Date().toISOString();
      const signed = `${transmissionId}|${time}|${opts.forge ? 'WH-SOMEONE-ELSE' : PAYPAL_WEBHOOK_ID}|${crc32(payload)}`;
      const headers = {
        'paypal-auth-algo': 'SHA256withRSA',
        'paypal-cert-url': `${url}/certs/CERT-360caa42-fca2a594-ab23ac21`,
        'paypal-transmission-id': transmissionId,
        'paypal-transmission-time': time,
        'paypal-transmission-sig': createSign('RSA-SHA256').update(signed).sign(privateKey, 'base64'),
      };
      return { payload, headers, id };
    },
    captureCompleted(orderId, opts = {}) {
      const order = orders.get(orderId);
      const c = captureOf(order);
      return {
        event_type: 'PAYMENT.CAPTURE.COMPLETED',
        resource: { id: c.id, status: 'COMPLETED', amount: { currency_code: c.currency, value: opts.value ?? c.value }, final_capture: true, supplementary_data: { related_ids: { order_id: orderId } } },
      };
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
