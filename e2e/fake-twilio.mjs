// A local stand-in for Twilio's Messages API, shared by the API tests and the browser journeys.
// It answers POST /2010-04-01/Accounts/{AccountSid}/Messages.json as Twilio documents it, and
// posts inbound replies to the app signed as Twilio does (X-Twilio-Signature).
import { createHmac, randomBytes } from 'node:crypto';
import { createServer } from 'node:http';

/** Twilio's signature: HMAC-SHA1 of the full URL followed by each POST parameter's name and value, sorted by name, base64. */
export function twilioSignature(authToken, url, params) {
  const data = Object.keys(params).sort().reduce((acc, key) => acc + key + params[key], url);
  return createHmac('sha1', authToken).update(data, 'utf8').digest('base64');
}

const messageSid = () => `SM${randomBytes(16).toString('hex')}`;

/**
 * Starts the fake. With `webhookUrl` (the app's reply webhook) and `number` (the app's TWILIO_FROM),
 * a journey in another process drives it over HTTP: GET /_fake/sent lists the texts received,
 * POST /_fake/reply { from, body } posts a customer's reply to the app, signed as Twilio does,
 * and answers { status, outcome }.
 */
export async function startFakeTwilio({ accountSid = `AC${'0'.repeat(32)}`, authToken = 'fake-auth-token', port = 0, webhookUrl = null, number = '+15145550000' } = {}) {
  const sent = [];
  /** Numbers to refuse, each with Twilio's answer: { status, code, message } (e.g. 400, 21211 for an invalid number; 503 for an outage). */
  const failures = new Map();
  const fake = { onMessage: null };
  const server = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk) => (raw += chunk));
    req.on('end', async () => {
      if (req.url === '/_fake/sent' && req.method === 'GET') {
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify(sent));
        return;
      }
      if (req.url === '/_fake/reply' && req.method === 'POST' && webhookUrl) {
        const { from, body } = JSON.parse(raw || '{}');
        const answer = await fake.reply(webhookUrl, { from, to: number, body });
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify({ status: answer.status, outcome: answer.headers.get('x-atelier-outcome') }));
        return;
      }
      const path = `/2010-04-01/Accounts/${accountSid}/Messages.json`;
      const expected = `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString('base64')}`;
      res.setHeader('content-type', 'application/json');
      if (req.method !== 'POST' || req.url !== path) {
        res.statusCode = 404;
        res.end(JSON.stringify({ code: 20404, message: 'The requested resource was not found', status: 404 }));
        return;
      }
      if (req.headers.authorization !== expected) {
        res.statusCode = 401;
        res.end(JSON.stringify({ code: 20003, message: 'Authenticate', status: 401 }));
        return;
      }
      const form = new URLSearchParams(raw);
      const to = form.get('To');
      const body = form.get('Body');
      if (!to || !body) {
        res.statusCode = 400;
        res.end(JSON.stringify({ code: 21604, message: "A 'To' phone number and a 'Body' are required.", status: 400 }));
        return;
      }
      const failure = failures.get(to);
      if (failure) {
        res.statusCode = failure.status;
        res.end(JSON.stringify({ code: failure.code, message: failure.message, more_info: `https://www.twilio.com/docs/errors/${failure.code}`, status: failure.status }));
        return;
      }
      // A test's look at the app while Twilio is being asked (is the message already written?).
      if (fake.onMessage) await fake.onMessage({ to, body });
      const now = new Date().toUTCString();
      const sid = messageSid();
      const message = {
        sid, uri: `/2010-04-01/Accounts/${accountSid}/Messages/${sid}.json`, account_sid: accountSid, to, from: form.get('From'),
        messaging_service_sid: form.get('MessagingServiceSid'), body, status: 'queued', direction: 'outbound-api',
        num_segments: '1', date_created: now, date_updated: now, date_sent: null, error_code: null, error_message: null,
      };
      sent.push(message);
      res.statusCode = 201;
      res.end(JSON.stringify(message));
    });
  });
  await new Promise((resolve) => server.listen(port, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${server.address().port}`;
  return Object.assign(fake, {
    url, accountSid, authToken, number, sent, failures,
    /** Posts an inbound text to the app's webhook, signed (or forged), as Twilio would; returns the fetch Response. */
    async reply(webhookUrl, { from, to, body, sid = messageSid(), forge = false }) {
      const params = { AccountSid: accountSid, MessageSid: sid, SmsSid: sid, From: from, To: to, Body: body, NumMedia: '0' };
      const signature = twilioSignature(forge ? 'not-the-token' : authToken, webhookUrl, params);
      return fetch(webhookUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': signature },
        body: new URLSearchParams(params).toString(),
      });
    },
    close: () => new Promise((resolve) => server.close(resolve)),
  });
}
