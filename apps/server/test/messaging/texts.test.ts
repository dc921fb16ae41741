import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../src/db/client.ts';
import { sendText } from '../../src/areas/messaging/texts.ts';
import { inTransaction } from '../../src/jsonapi/router.ts';
import { createTestApp } from '../helpers.ts';
import { userContext } from '../repairs/world.ts';
import { act, estimate, estimateWorld, item, itemsOf, patchItems, to, type EstimateWorld } from '../estimations/helpers.ts';
import { FROM, postText, textingApp, WEBHOOK } from './texting.ts';

// Texts and consent (issue 26) against a local Twilio: no text without consent, every text keeps
// its consent and sid, replies come through the signed webhook once, STOP withdraws at once, other
// replies land in the discussion of the record last texted, in its organization only.

const PHONE = '+15145550142';
const { fake, t } = textingApp();
let w: EstimateWorld;
let other: EstimateWorld;

beforeAll(async () => {
  w = await estimateWorld(t, { admin: { firstname: 'Alice', lastname: 'Admin' }, customer: { firstname: 'Éric', lastname: 'Tremblay', phone: '514 555-0142', locale: 'fr' } });
  other = await estimateWorld(t, { organization: { name: 'Autre garage' }, admin: { firstname: 'Olga', lastname: 'Autre' }, customer: { firstname: 'Paul', lastname: 'Same', phone: '(514) 555-0199', locale: 'en' } });
});

const rows = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(await t.database.db.execute(query));

/** A complete estimate of the world's customer, ready to be sent. */
async function complete(world: EstimateWorld) {
  const made = await estimate(t, world.admin, { items: [item({ detail: 'Plaquettes avant' })], relationships: { customer: to('customers', world.customerId) } });
  const ids = itemsOf(made.body).map((i: any) => i.id as string);
  for (const route of ['start-components', 'start-times']) expect((await act(t, made.id, route, world.admin)).status).toBe(200);
  const priced = await patchItems(t, made.id, ids.map((id: string) => item({ quantity: '1', unit_price: 10_000, time: '0' }, { taxGroup: to('tax-groups', world.qc) }, id)), world.admin);
  expect(priced.status, JSON.stringify(priced.body)).toBe(200);
  for (const route of ['end-components', 'end-times']) expect((await act(t, made.id, route, world.admin)).status).toBe(200);
  return made.id as string;
}

const textIt = (world: EstimateWorld, id: string, lang = 'fr') => act(t, id, 'send-client-approve', world.admin, { data: { attributes: { send_email: false, send_sms: true } } }, lang);

const consent = (world: EstimateWorld, attributes: Record<string, unknown>, lang = 'fr') =>
  t.api('POST', '/api/v1/customer-consents', {
    token: world.admin.token,
    headers: { 'accept-language': lang },
    body: { data: { type: 'customer-consents', attributes: { channel: 'sms', kind: 'transactional', given: true, ...attributes }, relationships: { customer: to('customers', world.customerId) } } },
  });

/** A reply posted to the webhook as Twilio does (signed with the auth token, or forged). */
const reply = (body: string, opts: { from?: string; sid?: string; forge?: boolean } = {}) => postText(t, fake, { from: PHONE, ...opts, body });

describe('consent', () => {
  it('is recorded at the counter with the number in E.164, by whom, and a bad contact is a 422 on contact (fr, en)', async () => {
    for (const [lang, text] of [['fr', 'numéro de téléphone valide'], ['en', 'valid phone number']]) {
      const bad = await consent(w, { contact: '555' }, lang);
      expect(bad.status).toBe(422);
      expect(bad.body.errors[0]).toMatchObject({ source: { pointer: '/data/attributes/contact' } });
      expect(bad.body.errors[0].detail).toContain(text);
    }
    const promotional = await consent(w, { contact: '514 555-0142', kind: 'promotional' });
    expect(promotional.status, JSON.stringify(promotional.body)).toBe(201);
    expect(promotional.body.data.attributes).toMatchObject({ contact: PHONE, source: 'counter', given: true, kind: 'promotional' });
    expect(promotional.body.data.relationships.givenBy.data.id).toBe(w.admin.id);
  });

  it('is never changed: a change of mind is a new record', async () => {
    const [row] = await rows<{ id: string }>(sql`SELECT id FROM customer_consents LIMIT 1`);
    const patch = await t.api('PATCH', `/api/v1/customer-consents/${row.id}`, { token: w.admin.token, body: { data: { type: 'customer-consents', id: row.id, attributes: { given: false } } } });
    expect([403, 405]).toContain(patch.status);
  });

  it('is another organization’s to see: none of it reaches its users', async () => {
    const list = await t.api('GET', '/api/v1/customer-consents', { token: other.admin.token });
    expect(list.body.meta.page.total).toBe(0);
  });
});

describe('sending a text', () => {
  let id: string;
  beforeAll(async () => {
    id = await complete(w);
  });

  it('is refused without transactional consent (promotional is another), in the request’s language, and nothing is sent or written', async () => {
    const before = fake.sent.length;
    for (const [lang, text] of [['fr', 'consentement'], ['en', 'consented']]) {
      const res = await textIt(w, id, lang);
      expect(res.status).toBe(422);
      expect(res.body.errors[0]).toMatchObject({ code: 'sms.no_consent', source: { pointer: '/data/attributes/send_sms' } });
      expect(res.body.errors[0].detail).toContain(text);
    }
    expect(fake.sent.length).toBe(before);
    expect(await rows(sql`SELECT 1 FROM messages WHERE direction = 'out' AND subject_id = ${id}`)).toHaveLength(0);
    // The send rolled back whole: no new version, no link.
    expect(await rows(sql`SELECT 1 FROM estimation_approvals WHERE estimation_id = ${id}`)).toHaveLength(0);
  });

  it('goes out with consent, in the customer’s language, keeping its consent and Twilio’s sid', async () => {
    const given = await consent(w, { contact: PHONE });
    expect(given.status).toBe(201);
    const res = await textIt(w, id);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.meta.approval).toMatchObject({ sms: PHONE, email: null });
    const sent = fake.sent.at(-1);
    expect(sent).toMatchObject({ to: PHONE, from: FROM });
    expect(sent.body).toContain(res.body.meta.approval.url);
    expect(sent.body).toContain('attend votre approbation');
    const [message] = await rows<{ consent_id: string; provider_sid: string; sent_by_id: string; status: string }>(sql`SELECT * FROM messages WHERE direction = 'out' AND subject_id = ${id}`);
    expect(message).toMatchObject({ consent_id: given.body.data.id, provider_sid: sent.sid, sent_by_id: w.admin.id, status: 'sent' });
    expect(res.body.meta.approval.text).toMatchObject({ to: PHONE, status: 'sent', error: null });
    const listed = await t.api('GET', `/api/v1/messages?filter[customer]=${w.customerId}&include=consent`, { token: w.admin.token });
    expect(listed.body.data.map((m: any) => m.attributes.provider_sid)).toEqual([sent.sid]);
    expect((await t.api('GET', '/api/v1/messages', { token: other.admin.token })).body.meta.page.total).toBe(0);
  });
});

describe('the outbox: a text is written before it leaves, and leaves after the commit', () => {
  let id: string;
  beforeAll(async () => {
    id = await complete(w);
  });

  it('is already written (queued, no sid) and committed when Twilio is asked, then sent with the sid', async () => {
    const seen: unknown[] = [];
    // Read from outside the request: with the send inside the transaction this read would wait for it (and Twilio for the read).
    fake.onMessage = async () => {
      seen.push(...(await rows(sql`SELECT status, provider_sid FROM messages WHERE direction = 'out' AND subject_id = ${id}`)));
    };
    try {
      const res = await textIt(w, id);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(seen).toEqual([{ status: 'queued', provider_sid: null }]);
      const [row] = await rows<{ status: string; provider_sid: string }>(sql`SELECT status, provider_sid FROM messages WHERE id = ${res.body.meta.approval.text.message_id}`);
      expect(row).toEqual({ status: 'sent', provider_sid: fake.sent.at(-1).sid });
    } finally {
      fake.onMessage = null;
    }
  });

  /** The admin's request context, as a job or another area's send would have it. */
  const contextOf = () => userContext(t, w.admin.id);
  const request = (url: string) => ({ customerId: w.customerId, subject: { type: 'estimations' as const, id }, template: 'estimate_approval' as const, locale: 'fr' as const, params: { code: 'E-X', url }, pointer: '/data/attributes/send_sms' });

  it('sends nothing, and keeps no row, for a send that rolls back after its text was written', async () => {
    const before = fake.sent.length;
    const ctx = await contextOf();
    await expect(
      inTransaction(ctx, async (tx) => {
        expect((await sendText(tx, request('http://atelier.test/rolled-back'))).status).toBe('queued');
        throw new Error('a later step failed');
      }),
    ).rejects.toThrow('a later step failed');
    expect(fake.sent.length).toBe(before);
    expect(await rows(sql`SELECT 1 FROM messages WHERE body LIKE '%rolled-back%'`)).toHaveLength(0);
  });

  it('outside a transaction (a job’s send), is handed to Twilio at once and answers the outcome', async () => {
    const sent = await sendText(await contextOf(), request('http://atelier.test/from-a-job'));
    expect(sent).toMatchObject({ to: PHONE, status: 'sent', error: null });
    expect(fake.sent.at(-1).body).toContain('from-a-job');
  });

  it('a refusal by Twilio keeps the send (the link is made): the text is failed with a reason in the sender’s language, Twilio’s words apart', async () => {
    fake.failures.set(PHONE, { status: 400, code: 21211, message: "The 'To' number +15145550142 is not a valid phone number." });
    try {
      for (const [lang, reason] of [['fr', 'a refusé ce message'], ['en', 'refused this message']]) {
        const res = await textIt(w, id, lang);
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        expect(res.body.meta.approval.url).toContain('/approve/estimates/');
        const text = res.body.meta.approval.text;
        expect(text).toMatchObject({ to: PHONE, status: 'failed' });
        expect(text.error).toContain(reason);
        expect(text.error).not.toMatch(/Twilio|21211|valid phone number/);
        const [row] = await rows<{ status: string; error_code: string; provider_error: string; provider_sid: string | null }>(sql`SELECT status, error_code, provider_error, provider_sid FROM messages WHERE id = ${text.message_id}`);
        expect(row).toMatchObject({ status: 'failed', error_code: 'provider_refused', provider_sid: null });
        expect(row.provider_error).toContain('21211');
      }
      const listed = await t.api('GET', `/api/v1/messages?filter[customer]=${w.customerId}&filter[subject_id]=${id}&sort=-at`, { token: w.admin.token });
      expect(listed.body.data[0].attributes).toMatchObject({ status: 'failed', error_code: 'provider_refused' });
    } finally {
      fake.failures.delete(PHONE);
    }
  });

  it('an outage (503) is provider_unavailable, without Twilio’s English in the French reason', async () => {
    fake.failures.set(PHONE, { status: 503, code: 20503, message: 'Service Unavailable' });
    try {
      const res = await textIt(w, id);
      expect(res.status).toBe(200);
      expect(res.body.meta.approval.text.status).toBe('failed');
      expect(res.body.meta.approval.text.error).toContain('n’a pas pu être joint');
      expect(res.body.meta.approval.text.error).not.toContain('Service Unavailable');
      const [row] = await rows<{ error_code: string; provider_error: string }>(sql`SELECT error_code, provider_error FROM messages WHERE id = ${res.body.meta.approval.text.message_id}`);
      expect(row.error_code).toBe('provider_unavailable');
      expect(row.provider_error).toContain('Service Unavailable');
    } finally {
      fake.failures.delete(PHONE);
    }
  });

  it('an e-mail sent with the link is in the customer’s conversation (channel email)', async () => {
    const res = await act(t, id, 'send-client-approve', w.admin, { data: { attributes: { email: 'eric@example.com' } } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const listed = await t.api('GET', `/api/v1/messages?filter[customer]=${w.customerId}&filter[channel]=email`, { token: w.admin.token });
    expect(listed.body.data.map((m: any) => m.attributes.contact)).toEqual(['eric@example.com']);
    expect(listed.body.data[0].attributes.body).toContain(res.body.meta.approval.url);
    // Queued as the organization's mail (its sender settings and the outbox's ownership).
    const queued = await rows<{ organization_id: string | null }>(sql`SELECT organization_id FROM mail_outbox WHERE "to" = 'eric@example.com'`);
    expect(queued.map((m) => m.organization_id)).toEqual([w.orgId]);
  });
});

describe('replies through the webhook', () => {
  let id: string;
  beforeAll(async () => {
    id = await complete(w);
    expect((await textIt(w, id)).status).toBe(200);
  });

  it('refuses a forged signature (403) and writes nothing', async () => {
    const before = await rows(sql`SELECT 1 FROM messages WHERE direction = 'in'`);
    expect((await reply('Bonjour', { forge: true })).status).toBe(403);
    expect(await rows(sql`SELECT 1 FROM messages WHERE direction = 'in'`)).toHaveLength(before.length);
  });

  it('puts a reply in the discussion of the estimate last texted and tells its people, once however often it is delivered', async () => {
    const sid = `SM${'a'.repeat(32)}`;
    expect(await reply('Merci, à demain', { sid })).toEqual({ status: 200, outcome: 'threaded' });
    expect(await reply('Merci, à demain', { sid })).toEqual({ status: 200, outcome: 'replayed' });
    const thread = await t.api('GET', `/api/v1/comments?filter[object_id]=${id}`, { token: w.admin.token });
    expect(thread.body.data.map((c: any) => c.attributes.body)).toEqual(['Texto de Éric Tremblay : Merci, à demain']);
    const notices = await rows<{ user_id: string; event: string }>(sql`SELECT user_id, event FROM notifications WHERE subject_id = ${id}`);
    expect(notices).toEqual([{ user_id: w.admin.id, event: 'customer_answered' }]);
    expect(await rows(sql`SELECT 1 FROM messages WHERE provider_sid = ${sid}`)).toHaveLength(1);
  });

  it('STOP (or ARRÊT) withdraws both kinds at once: the next text is refused with the reason', async () => {
    expect((await reply('ARRÊT')).outcome).toBe('withdrawn');
    const latest = await rows<{ kind: string; given: boolean; source: string; given_by_id: string | null }>(sql`SELECT DISTINCT ON (kind) kind, given, source, given_by_id FROM customer_consents WHERE customer_id = ${w.customerId} ORDER BY kind, at DESC, created_at DESC`);
    expect(latest).toEqual([
      { kind: 'promotional', given: false, source: 'reply', given_by_id: null },
      { kind: 'transactional', given: false, source: 'reply', given_by_id: null },
    ]);
    const refused = await textIt(w, id, 'en');
    expect(refused.status).toBe(422);
    expect(refused.body.errors[0]).toMatchObject({ code: 'sms.consent_withdrawn' });
    expect(refused.body.errors[0].detail).toContain('withdrew');
  });

  it('START gives transactional texts back (promotional needs a person’s word again)', async () => {
    expect((await reply('start')).outcome).toBe('given');
    expect((await textIt(w, id)).status).toBe(200);
    const [promotional] = await rows<{ given: boolean }>(sql`SELECT given FROM customer_consents WHERE customer_id = ${w.customerId} AND kind = 'promotional' ORDER BY at DESC, created_at DESC LIMIT 1`);
    expect(promotional.given).toBe(false);
  });

  it('keeps a reply in the organization that texted the number: another organization never sees it', async () => {
    const id2 = await complete(other);
    expect((await consent(other, { contact: '514 555-0199' })).status).toBe(201);
    expect((await textIt(other, id2)).status).toBe(200);
    expect((await reply('See you', { from: '+15145550199' })).outcome).toBe('threaded');
    const mine = await t.api('GET', `/api/v1/comments?filter[object_id]=${id2}`, { token: other.admin.token });
    expect(mine.body.data.map((c: any) => c.attributes.body)).toEqual(['Text from Paul Same: See you']);
    expect((await t.api('GET', `/api/v1/comments?filter[object_id]=${id2}`, { token: w.admin.token })).body.data).toHaveLength(0);
    expect((await t.api('GET', `/api/v1/messages?filter[direction]=in`, { token: w.admin.token })).body.data.map((m: any) => m.attributes.contact)).not.toContain('+15145550199');
  });

  it('stores nothing from a number nobody texted', async () => {
    expect((await reply('Qui est-ce ?', { from: '+15145559999' })).outcome).toBe('unknown_sender');
    expect(await rows(sql`SELECT 1 FROM messages WHERE contact = '+15145559999'`)).toHaveLength(0);
  });
});

describe('without Twilio’s keys', () => {
  it('hides texting (sms_enabled false), refuses a text with 409 and has no webhook', async () => {
    const bare = await createTestApp();
    try {
      expect((await bare.api('GET', '/api/v1/app-config')).body.sms_enabled).toBe(false);
      expect((await t.api('GET', '/api/v1/app-config')).body.sms_enabled).toBe(true);
      const res = await bare.app.inject({ method: 'POST', url: WEBHOOK, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'Body=STOP' });
      expect(res.statusCode).toBe(404);
    } finally {
      await bare.close();
    }
  });
});
