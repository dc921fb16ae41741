import { createSign, generateKeyPairSync, createVerify, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { crc32 } from 'node:zlib';
import Stripe from 'stripe';

// Local servers standing in for Stripe's and PayPal's APIs, answering the documented shapes of the
// calls Atelier makes (and remembering what was asked), and webhook deliveries signed as each
// provider signs them. Start them with fakeStripe() / fakePayPal(), point STRIPE_API_URL /
// PAYPAL_API_URL at their url.

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => resolve(body));
  });

const json = (res: ServerResponse, status: number, body: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));

async function listen(handle: (req: IncomingMessage, body: string, res: ServerResponse) => void): Promise<{ server: Server; url: string }> {
  const server = createServer(async (req, res) => handle(req, await readBody(req), res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

export const STRIPE_KEY = 'sk_test_atelier';
export const STRIPE_WEBHOOK_SECRET = 'whsec_atelier_test';

export interface FakeStripe {
  url: string;
  sessions: Map<string, Record<string, string>>;
  refunds: Record<string, string>[];
  /** The customer paid on Stripe's page (what retrieving the session then says). */
  pay(sessionId: string): void;
  /** Stripe is down (every call answers 500) or back. */
  down(isDown: boolean): void;
  /** A webhook delivery as Stripe makes it: the event's JSON and its Stripe-Signature header. */
  delivery(event: { id?: string; type: string; object: Record<string, unknown> }, opts?: { secret?: string; timestamp?: number }): { payload: string; signature: string; id: string };
  /** checkout.session.completed for a session made here, paid (its amount, unless told otherwise). */
  paidEvent(sessionId: string, opts?: { amount?: number; id?: string }): { id?: string; type: string; object: Record<string, unknown> };
  close(): Promise<void>;
}

export async function fakeStripe(): Promise<FakeStripe> {
  const sessions = new Map<string, Record<string, string>>();
  const refunds: Record<string, string>[] = [];
  const paid = new Set<string>();
  let n = 0;
  let isDown = false;
  const { server, url } = await listen((req, body, res) => {
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
        amount_total: Number(form['line_items[0][price_data][unit_amount]']),
        currency: form['line_items[0][price_data][currency]'],
        client_reference_id: form.client_reference_id,
        expires_at: Number(form.expires_at),
        url: `https://checkout.stripe.test/c/pay/${id}`,
        payment_intent: null,
      });
    }
    const retrieve = /^\/v1\/checkout\/sessions\/([^/?]+)/.exec(req.url ?? '');
    if (req.method === 'GET' && retrieve && sessions.has(retrieve[1])) {
      const id = retrieve[1];
      const made = sessions.get(id)!;
      const done = paid.has(id);
      return json(res, 200, {
        id,
        object: 'checkout.session',
        mode: 'payment',
        status: done ? 'complete' : 'open',
        payment_status: done ? 'paid' : 'unpaid',
        amount_total: Number(made['line_items[0][price_data][unit_amount]']),
        currency: made['line_items[0][price_data][currency]'],
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
  const signer = new Stripe(STRIPE_KEY);
  return {
    url,
    sessions,
    refunds,
    pay: (sessionId) => void paid.add(sessionId),
    down: (v) => void (isDown = v),
    delivery(event, opts = {}) {
      const id = event.id ?? `evt_test_${randomUUID()}`;
      const payload = JSON.stringify({ id, object: 'event', api_version: '2025-12-15.clover', created: Math.floor(Date.now() / 1000), type: event.type, data: { object: event.object }, livemode: false });
      const signature = signer.webhooks.generateTestHeaderString({ payload, secret: opts.secret ?? STRIPE_WEBHOOK_SECRET, ...(opts.timestamp ? { timestamp: opts.timestamp } : {}) });
      return { payload, signature, id };
    },
    paidEvent(sessionId, opts = {}) {
      const form = sessions.get(sessionId)!;
      return {
        id: opts.id,
        type: 'checkout.session.completed',
        object: {
          id: sessionId,
          object: 'checkout.session',
          status: 'complete',
          payment_status: 'paid',
          amount_total: opts.amount ?? Number(form['line_items[0][price_data][unit_amount]']),
          currency: form['line_items[0][price_data][currency]'],
          client_reference_id: form.client_reference_id,
          payment_intent: `pi_${sessionId}`,
        },
      };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export const PAYPAL_CLIENT = 'paypal-client';
export const PAYPAL_SECRET = 'paypal-secret';
export const PAYPAL_WEBHOOK_ID = 'WH-ATELIER-TEST';

interface FakeOrder {
  id: string;
  body: any;
  requestId: string;
  capture?: { id: string; value: string; currency: string };
}

export interface FakePayPal {
  url: string;
  orders: Map<string, FakeOrder>;
  refunds: { capture: string; body: any; requestId: string }[];
  /** The customer approved the order on PayPal's page (what the return URL then says). */
  approve(orderId: string): void;
  /** Captures the order here, as PayPal does on a capture call, and returns the capture's id. */
  capture(orderId: string): string;
  /** A webhook delivery as PayPal makes it: the event's JSON and its transmission headers, signed with the fake's certificate key. */
  delivery(event: { id?: string; event_type: string; resource: Record<string, unknown> }, opts?: { forge?: boolean }): { payload: string; headers: Record<string, string>; id: string };
  captureCompleted(orderId: string, opts?: { value?: string }): { event_type: string; resource: Record<string, unknown> };
  close(): Promise<void>;
}

export async function fakePayPal(): Promise<FakePayPal> {
  const orders = new Map<string, FakeOrder>();
  const refunds: FakePayPal['refunds'] = [];
  const approved = new Set<string>();
  // PayPal signs with the private key of the certificate at paypal-cert-url; the fake keeps both halves.
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  let n = 0;
  const token = `A21AA-${randomUUID()}`;
  const captureOf = (order: FakeOrder) => (order.capture ??= { id: `CAPTURE${++n}`, value: order.body.purchase_units[0].amount.value, currency: order.body.purchase_units[0].amount.currency_code });
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
    capture: (orderId) => captureOf(orders.get(orderId)!).id,
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
      const order = orders.get(orderId)!;
      const c = captureOf(order);
      return {
        event_type: 'PAYMENT.CAPTURE.COMPLETED',
        resource: { id: c.id, status: 'COMPLETED', amount: { currency_code: c.currency, value: opts.value ?? c.value }, final_capture: true, supplementary_data: { related_ids: { order_id: orderId } } },
      };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
