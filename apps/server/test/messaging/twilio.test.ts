import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendSms, twilioConfig, validTwilioSignature } from '../../src/areas/messaging/twilio.ts';
// @ts-expect-error plain .mjs shared with the browser journeys
import { startFakeTwilio, twilioSignature } from '../../../../e2e/fake-twilio.mjs';

let fake: { url: string; accountSid: string; authToken: string; sent: { to: string; body: string }[]; close(): Promise<void> };
beforeAll(async () => { fake = await startFakeTwilio(); });
afterAll(async () => { await fake.close(); });

const env = () => ({ TWILIO_ACCOUNT_SID: fake.accountSid, TWILIO_AUTH_TOKEN: fake.authToken, TWILIO_FROM: '+33700000000', TWILIO_API_URL: fake.url });

describe('the Twilio adapter', () => {
  it('is off without the TWILIO_* keys', () => {
    expect(twilioConfig({})).toBeNull();
    expect(twilioConfig({ TWILIO_ACCOUNT_SID: 'AC1', TWILIO_AUTH_TOKEN: 't' })).toBeNull();
  });
  it('sends a text and returns its message sid', async () => {
    const config = twilioConfig(env());
    if (!config) throw new Error('configured');
    const sid = await sendSms(config, '+33612345678', 'Votre véhicule est prêt');
    expect(sid).toMatch(/^SM/);
    expect(fake.sent.at(-1)).toMatchObject({ to: '+33612345678', body: 'Votre véhicule est prêt' });
  });
  it('rejects on wrong credentials', async () => {
    const config = twilioConfig({ ...env(), TWILIO_AUTH_TOKEN: 'wrong' });
    if (!config) throw new Error('configured');
    await expect(sendSms(config, '+33612345678', 'x')).rejects.toThrow(/401/);
  });
  it('accepts Twilio signatures and refuses forged ones', () => {
    const url = 'https://atelier.example/webhooks/twilio';
    const params = { MessageSid: 'SM1', From: '+33612345678', Body: 'STOP' };
    const signature = twilioSignature('token', url, params) as string;
    const map = new Map(Object.entries(params));
    expect(validTwilioSignature('token', url, map, signature)).toBe(true);
    expect(validTwilioSignature('other', url, map, signature)).toBe(false);
    expect(validTwilioSignature('token', url, new Map([...map, ['Body', 'START']]), signature)).toBe(false);
    expect(validTwilioSignature('token', url, map, 'short')).toBe(false);
  });
});
