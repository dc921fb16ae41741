import type { FastifyInstance } from 'fastify';
import { ApiError } from '../../jsonapi/errors.ts';
import { API_PREFIX, describeRoute } from '../../jsonapi/openapi.ts';
import type { RouteRegistrar, Services } from '../../jsonapi/router.ts';
import { receiveText } from './texts.ts';
import { validTwilioSignature } from './twilio.ts';

const WEBHOOK = '/webhooks/texts/twilio';

/** The URL Twilio is given for replies (its signature covers it): the app's public address. */
export const textWebhookUrl = (appUrl: string) => `${appUrl.replace(/\/+$/, '')}${API_PREFIX}${WEBHOOK}`;

export const messagingRoutes: RouteRegistrar = (api, _contextOf, services) => api.register(async (webhooks) => registerWebhook(webhooks, services));

function registerWebhook(webhooks: FastifyInstance, services: Services) {
  // Twilio posts a form; the signature is over its parameters as sent.
  webhooks.removeAllContentTypeParsers();
  webhooks.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_request, body, done) => done(null, body));

  webhooks.post(WEBHOOK, async (request, reply) => {
    const config = services.config.sms;
    if (!config) throw new ApiError(404, 'error.route_not_found');
    const params = new Map(new URLSearchParams(typeof request.body === 'string' ? request.body : ''));
    const signature = String(request.headers['x-twilio-signature'] ?? '');
    if (!validTwilioSignature(config.authToken, textWebhookUrl(services.config.appUrl), params, signature)) {
      request.log.warn('texts: a reply with a wrong Twilio signature was refused');
      throw new ApiError(403, 'sms.forged');
    }
    const [sid, from, to, body] = ['MessageSid', 'From', 'To', 'Body'].map((k) => params.get(k) ?? '');
    // Twilio sends only for our number; another account's or number's posts are not ours to read.
    if (!sid || !from || params.get('AccountSid') !== config.accountSid || to !== config.from) throw new ApiError(403, 'sms.forged');
    const outcome = await receiveText(services, { sid, from, to, body });
    if (outcome === 'unknown_sender') request.log.warn({ sid }, 'texts: a reply from a number nobody texted');
    // An empty TwiML answer: Twilio sends nothing back (its own STOP/START replies aside).
    return reply.header('content-type', 'text/xml').header('x-atelier-outcome', outcome).send('<Response/>');
  });
}

describeRoute('POST', WEBHOOK, {
  summary: 'Twilio’s webhook for replies: a signed form; stored once per MessageSid; STOP/ARRÊT withdraws the consent to texts, START gives it back, any other reply lands in the discussion of the record last texted to that number',
  description: 'Signed with the account’s auth token (X-Twilio-Signature over this URL and the sorted parameters). Set as the “A message comes in” webhook of the TWILIO_FROM number.',
  tag: 'messages',
  public: true,
  body: { schema: { type: 'object', properties: { MessageSid: { type: 'string' }, From: { type: 'string' }, To: { type: 'string' }, Body: { type: 'string' } } }, contentType: 'application/x-www-form-urlencoded' },
  responses: {
    200: {
      contentType: 'text/xml',
      description: 'Received (a replayed MessageSid too; nothing done). X-Atelier-Outcome says what became of it.',
      schema: { type: 'string' },
      headers: { 'X-Atelier-Outcome': { description: 'withdrawn, given, threaded, stored, unknown_sender or replayed', schema: { enum: ['withdrawn', 'given', 'threaded', 'stored', 'unknown_sender', 'replayed'] } } },
    },
  },
  errors: [403, 404, 413, 415],
});
