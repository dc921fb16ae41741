// The SMS channel through Twilio's REST Messages API, with plain fetch (see docs/decisions.md).
import { createHmac, timingSafeEqual } from 'node:crypto';

export interface TwilioConfig {
  readonly accountSid: string;
  readonly authToken: string;
  readonly from: string;
  readonly apiUrl: string;
}

/** The SMS channel exists only when the TWILIO_* keys are set; otherwise null and the option is hidden. */
export function twilioConfig(env: Partial<Record<'TWILIO_ACCOUNT_SID' | 'TWILIO_AUTH_TOKEN' | 'TWILIO_FROM' | 'TWILIO_API_URL', string>>): TwilioConfig | null {
  const { TWILIO_ACCOUNT_SID: accountSid, TWILIO_AUTH_TOKEN: authToken, TWILIO_FROM: from } = env;
  if (!accountSid || !authToken || !from) return null;
  return { accountSid, authToken, from, apiUrl: (env.TWILIO_API_URL ?? 'https://api.twilio.com').replace(/\/+$/, '') };
}

/** Twilio's refusal: its HTTP status (0: not reached), its error code and its own (English) words. */
export class TwilioError extends Error {
  constructor(
    readonly status: number,
    readonly code: number | null,
    message: string,
  ) {
    super(message);
  }
  /** Refused this message (a bad or unsubscribed number...), as opposed to unreachable or refusing our keys. */
  get refused(): boolean {
    return this.status >= 400 && this.status < 500 && ![401, 403, 404, 429].includes(this.status);
  }
}

/** Sends one text; resolves to Twilio's message sid, rejects with a TwilioError (its code and message). */
export async function sendSms(config: TwilioConfig, to: string, body: string): Promise<string> {
  let res: Response;
  let json: { sid?: string; code?: number; message?: string };
  try {
    res = await fetch(`${config.apiUrl}/2010-04-01/Accounts/${encodeURIComponent(config.accountSid)}/Messages.json`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${config.accountSid}:${config.authToken}`).toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({ To: to, From: config.from, Body: body }).toString(),
      signal: AbortSignal.timeout(15_000),
    });
    json = (await res.json().catch(() => ({}))) as typeof json;
  } catch (err) {
    throw new TwilioError(0, null, `Twilio unreachable: ${(err as Error).message}`);
  }
  if (!res.ok || !json.sid) throw new TwilioError(res.status, json.code ?? null, `Twilio ${res.status} ${json.code ?? ''}: ${json.message ?? ''}`);
  return json.sid;
}

/** Checks X-Twilio-Signature: HMAC-SHA1 of the URL followed by the sorted POST parameters, base64, in constant time. */
export function validTwilioSignature(authToken: string, url: string, params: ReadonlyMap<string, string>, signature: string): boolean {
  const data = [...params.keys()].sort().reduce((acc, key) => acc + key + params.get(key), url);
  const expected = Buffer.from(createHmac('sha1', authToken).update(data, 'utf8').digest('base64'));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
