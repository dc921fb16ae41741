import Stripe from 'stripe';
import { providerLocale } from '@atelier/domain';
import type { Config } from '../../../config.ts';
import { header, providerUnavailable, WebhookRefused, type CheckoutRequest, type ProviderAdapter, type Settlement, type VerifiedEvent } from './provider.ts';

// Stripe through its SDK: a Checkout Session per checkout, read again when the customer comes back,
// the webhook read by webhooks.constructEvent (signature and a 5-minute tolerance: an old event
// replayed is refused), refunds on the PaymentIntent.

type StripeKeys = NonNullable<Config['onlinePayments']['stripe']>;

/** The events that say a session is paid (a card at once, a bank debit later). */
const PAID_EVENTS = new Set(['checkout.session.completed', 'checkout.session.async_payment_succeeded']);

export function stripeAdapter(keys: StripeKeys): ProviderAdapter {
  const api = new URL(keys.apiUrl);
  const stripe = new Stripe(keys.secretKey, {
    host: api.hostname,
    port: api.port || (api.protocol === 'http:' ? 80 : 443),
    protocol: api.protocol === 'http:' ? 'http' : 'https',
    maxNetworkRetries: 2,
    timeout: 15_000,
    telemetry: false,
  });

  async function call<T>(run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (err) {
      throw err instanceof Stripe.errors.StripeError ? Object.assign(providerUnavailable('stripe'), { cause: err }) : err;
    }
  }

  return {
    name: 'stripe',

    async createCheckout(r: CheckoutRequest) {
      const session = await call(() =>
        stripe.checkout.sessions.create(
          {
            mode: 'payment',
            line_items: [{ quantity: 1, price_data: { currency: r.currency.toLowerCase(), unit_amount: r.amount, product_data: { name: r.label } } }],
            client_reference_id: r.reference,
            metadata: { checkout_id: r.reference },
            payment_intent_data: { metadata: { checkout_id: r.reference } },
            ...(r.customerEmail ? { customer_email: r.customerEmail } : {}),
            locale: providerLocale('stripe', r.locale) as Stripe.Checkout.SessionCreateParams.Locale,
            success_url: r.successUrl,
            cancel_url: r.cancelUrl,
            expires_at: Math.floor(r.expiresAt.getTime() / 1000),
          },
          // A retry after a lost answer opens the same session, not a second one.
          { idempotencyKey: `checkout-${r.reference}` },
        ),
      );
      if (!session.url) throw providerUnavailable('stripe');
      return { url: session.url, providerReference: session.id };
    },

    returnUrl: (base) => `${base}?session_id={CHECKOUT_SESSION_ID}`,
    returnReference: (query) => (typeof query.session_id === 'string' ? query.session_id : undefined),

    async parseWebhook(rawBody, headers): Promise<VerifiedEvent> {
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, header(headers, 'stripe-signature') ?? '', keys.webhookSecret);
      } catch (err) {
        throw new WebhookRefused((err as Error).message);
      }
      if (!PAID_EVENTS.has(event.type)) return { id: event.id, type: event.type };
      const paid = settlementOf(event.data.object as Stripe.Checkout.Session);
      return { id: event.id, type: event.type, ...(paid ? { paid } : {}) };
    },

    // The customer is back: a session already paid is recorded now, not when its webhook comes.
    async complete(sessionId) {
      return settlementOf(await call(() => stripe.checkout.sessions.retrieve(sessionId)));
    },

    async refund(transactionId, amount, _currency, idempotencyKey) {
      const refund = await call(() => stripe.refunds.create({ payment_intent: transactionId, amount }, { idempotencyKey }));
      if (refund.status === 'failed' || refund.status === 'canceled') throw providerUnavailable('stripe');
      return { refundId: refund.id, status: refund.status ?? 'pending' };
    },
  };
}

/** What a paid session paid; null while it is not paid (a bank debit still pending). */
function settlementOf(session: Stripe.Checkout.Session): Settlement | null {
  if (session.payment_status !== 'paid') return null;
  const intent = typeof session.payment_intent === 'string' ? session.payment_intent : (session.payment_intent?.id ?? '');
  return { providerReference: session.id, transactionId: intent, amount: session.amount_total, currency: (session.currency ?? '').toUpperCase() };
}
