import { PAYMENT_PROVIDERS, isPaymentProvider, type PaymentProvider } from '@atelier/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError, attributePointer } from '../../jsonapi/errors.ts';
import type { JsonSchema } from '../../jsonapi/define-resource.ts';
import { describeRoute, publicTokenRoute } from '../../jsonapi/openapi.ts';
import type { RouteRegistrar, Services } from '../../jsonapi/router.ts';
import { customerReturned, providersOf, receiveEvent, startCheckout } from './checkouts.ts';
import { payableOf } from './payables.ts';

// The customer's calls (no sign-in) and the providers' webhooks. The webhooks read the body as
// the provider sent it, byte for byte: the signature is over those bytes, not over a JSON re-read.

export const onlinePaymentRoutes: RouteRegistrar = (api, _contextOf, services) => {
  api.get('/public/online-payments/providers', async (_request, reply) =>
    reply.header('Cache-Control', 'no-store').send({ providers: PAYMENT_PROVIDERS.filter((p) => providersOf(services.config).has(p)) }),
  );

  api.post('/public/online-payments/:type/:token/checkouts', async (request, reply) => {
    await services.limits.consume('shared_report', { ip: request.ip });
    const { type, token } = request.params as { type: string; token: string };
    const provider = (request.body as { data?: { attributes?: { provider?: unknown } } } | undefined)?.data?.attributes?.provider;
    if (!isPaymentProvider(provider)) throw new ApiError(422, 'online_payments.provider_required', undefined, { pointer: attributePointer('provider') });
    const opener = payableOf(type)?.open;
    if (!opener) throw new ApiError(404, 'error.route_not_found');
    const { id, pageUrl } = await opener(services.database.db, token);
    const sep = pageUrl.includes('?') ? '&' : '?';
    const started = await startCheckout(services, { type, id }, provider, { success: `${pageUrl}${sep}payment=returned`, cancel: `${pageUrl}${sep}payment=canceled` });
    return reply.code(201).header('Cache-Control', 'no-store').send(started);
  });

  api.get('/public/online-payments/:provider/return', async (request, reply) => {
    await services.limits.consume('shared_report', { ip: request.ip });
    const { provider } = request.params as { provider: string };
    const { checkout, outcome, unavailable } = await customerReturned(services, provider, request.query as Record<string, unknown>);
    if (unavailable) request.log.warn({ err: unavailable.cause, checkout: checkout.id, provider }, 'online payment: the provider did not answer on return');
    if (outcome === 'amount_mismatch' || outcome === 'payable_refused') request.log.error({ checkout: checkout.id, provider, outcome }, 'online payment: completed on return, nothing recorded');
    return reply.code(303).header('Cache-Control', 'no-store').header('Location', checkout.success_url).send();
  });

  api.register(async (webhooks) => registerWebhooks(webhooks, services));
};

function registerWebhooks(webhooks: FastifyInstance, services: Services) {
  // The body as sent (the signature's bytes); app.ts's JSON parser is not used here.
  webhooks.removeAllContentTypeParsers();
  webhooks.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 256 * 1024 }, (_request, body, done) => done(null, body));

  const receive = (provider: PaymentProvider) => async (request: FastifyRequest) => {
    const adapter = providersOf(services.config).get(provider);
    if (!adapter) throw new ApiError(404, 'error.route_not_found');
    const rawBody = typeof request.body === 'string' ? request.body : '';
    let event;
    try {
      event = await adapter.parseWebhook(rawBody, request.headers);
    } catch (err) {
      request.log.warn({ provider, reason: (err as { reason?: string }).reason }, 'online payment: webhook refused');
      throw err;
    }
    const outcome = await receiveEvent(services, adapter, event);
    if (outcome === 'amount_mismatch' || outcome === 'unknown_checkout' || outcome === 'payable_refused')
      request.log.error({ provider, event: event.id, type: event.type, outcome }, 'online payment: an event nothing was recorded for');
    return { received: true, outcome };
  };
  for (const provider of PAYMENT_PROVIDERS) webhooks.post(`/webhooks/payments/${provider}`, receive(provider));
}

const PROVIDER: JsonSchema = { enum: [...PAYMENT_PROVIDERS] };

describeRoute('GET', '/public/online-payments/providers', {
  summary: 'The providers a customer may pay through (those whose keys the deployment has); empty: no online payment is offered',
  tag: 'online-payments',
  public: true,
  responses: {
    200: {
      contentType: 'application/json',
      schema: { type: 'object', required: ['providers'], additionalProperties: false, properties: { providers: { type: 'array', items: PROVIDER } } },
    },
  },
});

publicTokenRoute('POST', '/public/online-payments/:type/:token/checkouts', {
  summary: 'Sends the customer of a public link (a sales invoice’s) to a provider to pay what is due now',
  description:
    'Body: { data: { attributes: { provider: stripe | paypal } } }. Answers the provider’s page to open (url); a checkout still open for the same amount is given again. 409 when nothing is due, 422 for a provider not offered, 503 when the provider does not answer.',
  tag: 'online-payments',
  body: { schema: { type: 'object', properties: { data: { type: 'object', properties: { attributes: { type: 'object', properties: { provider: PROVIDER }, required: ['provider'] } } } } } },
  responses: {
    201: {
      contentType: 'application/json',
      schema: {
        type: 'object',
        required: ['url', 'provider', 'amount', 'currency', 'expires_at'],
        additionalProperties: false,
        properties: { url: { type: 'string', format: 'uri' }, provider: PROVIDER, amount: { type: 'integer', description: 'Cents.' }, currency: { type: 'string' }, expires_at: { type: 'string', format: 'date-time' } },
      },
    },
  },
  errors: [409, 415, 422, 503],
});

describeRoute('GET', '/public/online-payments/:provider/return', {
  summary: 'Where the provider sends the customer back: a paid Stripe session, or a PayPal order approved (then captured), is recorded, then the customer goes to the page the payment started from',
  tag: 'online-payments',
  public: true,
  query: [
    { name: 'session_id', description: 'Stripe: the Checkout Session.', schema: { type: 'string' } },
    { name: 'token', description: 'PayPal: the order.', schema: { type: 'string' } },
  ],
  responses: { 303: { description: 'To the payable’s page.', headers: { Location: { description: 'The page the payment started from.', schema: { type: 'string' } } } } },
  errors: [404, 429],
});

for (const provider of PAYMENT_PROVIDERS)
  describeRoute('POST', `/webhooks/payments/${provider}`, {
    summary: `${provider === 'stripe' ? 'Stripe' : 'PayPal'}’s webhook: a signed event; a payment it reports is recorded once, however often it is delivered`,
    description:
      provider === 'stripe'
        ? 'Signed with the endpoint’s secret (Stripe-Signature header, 5 minutes of tolerance). Read: checkout.session.completed and checkout.session.async_payment_succeeded.'
        : 'Verified by PayPal (verify-webhook-signature, with PAYPAL_WEBHOOK_ID). Read: CHECKOUT.ORDER.APPROVED (captured then) and PAYMENT.CAPTURE.COMPLETED.',
    tag: 'online-payments',
    public: true,
    body: { schema: { type: 'object' }, contentType: 'application/json' },
    responses: {
      200: {
        contentType: 'application/json',
        description: 'Received (a replayed event too: outcome replayed, nothing done).',
        schema: {
          type: 'object',
          required: ['received', 'outcome'],
          additionalProperties: false,
          properties: { received: { const: true }, outcome: { enum: ['recorded', 'already_paid', 'amount_mismatch', 'unknown_checkout', 'payable_refused', 'ignored', 'replayed'] } },
        },
      },
    },
    errors: [404, 413, 415, 503],
  });
