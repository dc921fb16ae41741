// @ts-expect-error plain .mjs shared with the browser journeys
import { startFakeTwilio, twilioSignature } from '../../../../e2e/fake-twilio.mjs';
import { beforeTests, createTestApp, type TestApp } from '../helpers.ts';

// A test file's texts against a local Twilio (issue 26): the fake, the app texting through it,
// and the customer's replies posted to the webhook as Twilio posts them.

export type FakeTwilio = Awaited<ReturnType<typeof startFakeTwilio>>;

/** The number the app texts from. */
export const FROM = '+15145550000';
export const WEBHOOK = '/api/v1/webhooks/texts/twilio';

/** The file's fake Twilio and its app texting through it (createTestApp's other settings in `env`), both closed after its tests. */
export function textingApp(env: Record<string, string> = {}): { fake: FakeTwilio; t: TestApp } {
  const fake = beforeTests<FakeTwilio>(
    () => startFakeTwilio(),
    (f) => f.close(),
  );
  const t = beforeTests(
    () => createTestApp({ TWILIO_ACCOUNT_SID: fake.accountSid, TWILIO_AUTH_TOKEN: fake.authToken, TWILIO_FROM: FROM, TWILIO_API_URL: fake.url, ...env }),
    (app) => app.close(),
  );
  return { fake, t };
}

/** A text from `from` to the app's number, posted to the webhook as Twilio does (signed with the auth token, or forged). */
export async function postText(t: TestApp, fake: FakeTwilio, text: { from: string; body: string; sid?: string; forge?: boolean }) {
  const sid = text.sid ?? `SM${Math.random().toString(16).slice(2).padEnd(32, '0')}`;
  const params: Record<string, string> = { AccountSid: fake.accountSid, MessageSid: sid, From: text.from, To: FROM, Body: text.body, NumMedia: '0' };
  const signature = twilioSignature(text.forge ? 'not-the-token' : fake.authToken, `http://atelier.test${WEBHOOK}`, params);
  const res = await t.app.inject({ method: 'POST', url: WEBHOOK, headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': signature }, payload: new URLSearchParams(params).toString() });
  return { status: res.statusCode, outcome: res.headers['x-atelier-outcome'] };
}
