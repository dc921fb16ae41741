import { createServer } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error plain .mjs shared with the browser journeys
import { startFakeTwilio, twilioSignature } from '../../../../e2e/fake-twilio.mjs';

type Fake = Awaited<ReturnType<typeof startFakeTwilio>>;
let fake: Fake;
beforeAll(async () => { fake = await startFakeTwilio(); });
afterAll(async () => { await fake.close(); });

const messagesUrl = () => `${fake.url}/2010-04-01/Accounts/${fake.accountSid}/Messages.json`;
const auth = (token: string) => `Basic ${Buffer.from(`${fake.accountSid}:${token}`).toString('base64')}`;

describe('the fake Twilio Messages API', () => {
  it('answers a send as Twilio documents it (201, SM sid, queued)', async () => {
    const res = await fetch(messagesUrl(), {
      method: 'POST',
      headers: { authorization: auth(fake.authToken), 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ To: '+33612345678', From: '+33700000000', Body: 'Bonjour' }).toString(),
    });
    expect(res.status).toBe(201);
    const json = (await res.json()) as { sid: string };
    expect(json).toMatchObject({ to: '+33612345678', body: 'Bonjour', status: 'queued', account_sid: fake.accountSid });
    expect(json.sid).toMatch(/^SM[0-9a-f]{32}$/);
  });
  it('refuses a wrong auth token with 401', async () => {
    const res = await fetch(messagesUrl(), { method: 'POST', headers: { authorization: auth('bad') }, body: 'To=%2B1&Body=x' });
    expect(res.status).toBe(401);
  });
  it('signs replies with HMAC-SHA1 of the URL and sorted parameters; a forged one differs', async () => {
    const received: { signature: string; params: Record<string, string> }[] = [];
    const app = createServer((req, res) => {
      let raw = '';
      req.on('data', (c) => (raw += c));
      req.on('end', () => {
        received.push({ signature: String(req.headers['x-twilio-signature']), params: Object.fromEntries(new URLSearchParams(raw)) });
        res.end('<Response/>');
      });
    });
    await new Promise<void>((r) => app.listen(0, '127.0.0.1', r));
    const address = app.address();
    const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/webhooks/twilio`;
    await fake.reply(url, { from: '+33612345678', to: '+33700000000', body: 'Merci, à demain' });
    await fake.reply(url, { from: '+33612345678', to: '+33700000000', body: 'x', forge: true });
    await new Promise<void>((r) => app.close(() => r()));
    const [good, forged] = received;
    expect(good.signature).toBe(twilioSignature(fake.authToken, url, good.params));
    expect(forged.signature).not.toBe(twilioSignature(fake.authToken, url, forged.params));
    expect(good.params.Body).toBe('Merci, à demain');
  });
});
