import { amountTextToCents, centsToAmountText, providerLocale } from '@atelier/domain';
import type { Config } from '../../../config.ts';
import { header, providerUnavailable, WebhookRefused, type CheckoutRequest, type ProviderAdapter, type Settlement, type VerifiedEvent } from './provider.ts';

// PayPal through its REST API (docs/decisions.md "Online payments"): an order per checkout
// (intent CAPTURE), captured when the customer comes back or when PayPal says it was approved;
// webhooks verified by PayPal itself (verify-webhook-signature, against our webhook id); refunds
// on the capture. Every write carries a PayPal-Request-Id: a retry does not act twice.

type PayPalKeys = NonNullable<Config['onlinePayments']['paypal']>;

interface PayPalCapture {
  id: string;
  status: string;
  amount?: { currency_code?: string; value?: string };
  supplementary_data?: { related_ids?: { order_id?: string } };
}

const WEBHOOK_HEADERS = ['paypal-auth-algo', 'paypal-cert-url', 'paypal-transmission-id', 'paypal-transmission-sig', 'paypal-transmission-time'] as const;

export function paypalAdapter(keys: PayPalKeys): ProviderAdapter {
  let token: { value: string; until: number } | null = null;

  async function accessToken(): Promise<string> {
    if (token && token.until > Date.now()) return token.value;
    const res = await send('/v1/oauth2/token', {
      method: 'POST',
      headers: { authorization: `Basic ${Buffer.from(`${keys.clientId}:${keys.clientSecret}`).toString('base64')}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=client_credentials',
    });
    const body = (await res.json()) as { access_token?: string; expires_in?: number };
    if (!res.ok || typeof body.access_token !== 'string') throw providerUnavailable('paypal');
    // Taken again a minute before PayPal says it ends.
    token = { value: body.access_token, until: Date.now() + Math.max(0, (body.expires_in ?? 0) - 60) * 1000 };
    return token.value;
  }

  async function send(path: string, init: RequestInit): Promise<Response> {
    try {
      return await fetch(`${keys.apiUrl}${path}`, { ...init, signal: AbortSignal.timeout(15_000) });
    } catch (err) {
      throw Object.assign(providerUnavailable('paypal'), { cause: err });
    }
  }

  /** A JSON call with our token; the answer's status and body. */
  async function call(path: string, body: unknown, requestId?: string): Promise<{ status: number; body: Record<string, unknown> }> {
    const res = await send(path, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${await accessToken()}`,
        'content-type': 'application/json',
        prefer: 'return=representation',
        ...(requestId ? { 'paypal-request-id': requestId } : {}),
      },
      body: JSON.stringify(body),
    });
    const answer = (await res.json().catch(() => ({}))) as Record<string, unknown>;
    return { status: res.status, body: answer };
  }

  const captureOf = (capture: PayPalCapture, order: string): Settlement => ({
    providerReference: order,
    transactionId: capture.id,
    amount: amountTextToCents(capture.amount?.value),
    currency: capture.amount?.currency_code ?? '',
  });

  return {
    name: 'paypal',

    async createCheckout(r: CheckoutRequest) {
      const { status, body } = await call(
        '/v2/checkout/orders',
        {
          intent: 'CAPTURE',
          purchase_units: [{ reference_id: r.reference, custom_id: r.reference, description: r.label.slice(0, 127), amount: { currency_code: r.currency, value: centsToAmountText(r.amount) } }],
          payment_source: {
            paypal: {
              ...(r.customerEmail ? { email_address: r.customerEmail } : {}),
              experience_context: { return_url: r.successUrl, cancel_url: r.cancelUrl, locale: providerLocale('paypal', r.locale), user_action: 'PAY_NOW', shipping_preference: 'NO_SHIPPING' },
            },
          },
        },
        `checkout-${r.reference}`,
      );
      const links = Array.isArray(body.links) ? (body.links as { rel?: string; href?: string }[]) : [];
      const approve = links.find((l) => l.rel === 'payer-action' || l.rel === 'approve')?.href;
      if (status >= 300 || typeof body.id !== 'string' || !approve) throw providerUnavailable('paypal');
      return { url: approve, providerReference: body.id };
    },

    // PayPal adds ?token=<order id>&PayerID=… to the return URL.
    returnUrl: (base) => base,
    returnReference: (query) => (typeof query.token === 'string' ? query.token : undefined),

    async parseWebhook(rawBody, headers): Promise<VerifiedEvent> {
      const given = WEBHOOK_HEADERS.map((name) => header(headers, name));
      if (given.some((v) => !v)) throw new WebhookRefused('missing PayPal transmission headers');
      let event: { id?: unknown; event_type?: unknown; resource?: Record<string, unknown> };
      try {
        event = JSON.parse(rawBody);
      } catch {
        throw new WebhookRefused('not JSON');
      }
      const [auth_algo, cert_url, transmission_id, transmission_sig, transmission_time] = given;
      const { status, body } = await call('/v1/notifications/verify-webhook-signature', { auth_algo, cert_url, transmission_id, transmission_sig, transmission_time, webhook_id: keys.webhookId, webhook_event: event });
      if (status >= 500) throw providerUnavailable('paypal');
      if (status !== 200 || body.verification_status !== 'SUCCESS') throw new WebhookRefused(`verification ${String(body.verification_status ?? status)}`);
      if (typeof event.id !== 'string' || typeof event.event_type !== 'string') throw new WebhookRefused('no event id');
      const resource = event.resource ?? {};
      if (event.event_type === 'PAYMENT.CAPTURE.COMPLETED') {
        const capture = resource as unknown as PayPalCapture;
        const order = capture.supplementary_data?.related_ids?.order_id;
        if (typeof capture.id === 'string' && typeof order === 'string') return { id: event.id, type: event.event_type, paid: captureOf(capture, order) };
      }
      if (event.event_type === 'CHECKOUT.ORDER.APPROVED' && typeof resource.id === 'string') return { id: event.id, type: event.event_type, approved: resource.id };
      return { id: event.id, type: event.event_type };
    },

    async complete(order) {
      const { status, body } = await call(`/v2/checkout/orders/${encodeURIComponent(order)}/capture`, {}, `capture-${order}`);
      // Captured already (the return and the approval's webhook both came): its own webhook records it.
      if (status === 422) return null;
      if (status >= 300) throw providerUnavailable('paypal');
      const units = Array.isArray(body.purchase_units) ? (body.purchase_units as { payments?: { captures?: PayPalCapture[] } }[]) : [];
      const capture = units[0]?.payments?.captures?.[0];
      return capture && capture.status === 'COMPLETED' ? captureOf(capture, order) : null;
    },

    async refund(transactionId, amount, currency, idempotencyKey) {
      const { status, body } = await call(`/v2/payments/captures/${encodeURIComponent(transactionId)}/refund`, { amount: { value: centsToAmountText(amount), currency_code: currency } }, idempotencyKey);
      if (status >= 300 || typeof body.id !== 'string' || body.status === 'FAILED' || body.status === 'CANCELLED') throw providerUnavailable('paypal');
      return { refundId: body.id, status: String(body.status ?? 'PENDING') };
    },
  };
}
