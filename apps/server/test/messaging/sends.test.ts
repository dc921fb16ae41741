import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_FORMS, writeDemoForm } from '../../src/areas/inspections/demo.ts';
import { rowsOf } from '../../src/db/client.ts';
import { createKit, type Kit } from '../kit.ts';
import { textingApp } from './texting.ts';

// The other sends of issue 26 through the same path as the approval link: the inspection report's
// link (share) and "your vehicle is ready" (a completed repair), by text under the customer's
// consent to transactional texts, and by e-mail; each written into the customer's conversation.

const PHONE = '+15145550177';
const { fake, t } = textingApp();
let garage: Kit;
let other: Kit;
let customer: string;
let noConsent: string;
let inspection: string;
let repair: string;

const rows = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(await t.database.db.execute(query));
const body = (type: string, id: string, attributes: Record<string, unknown>) => ({ data: { type, id, attributes } });
const conversation = async (customerId: string, kit = garage) =>
  (await t.api('GET', `/api/v1/messages?filter[customer]=${customerId}&sort=at`, { token: kit.admin.token })).body.data.map((m: any) => m.attributes);

beforeAll(async () => {
  garage = await createKit(t, { name: 'Garage Texto' });
  other = await createKit(t, { name: 'Autre garage' });
  customer = (await garage.make('customers', { type: 'individual', firstname: 'Julie', lastname: 'Roy', phone: '514 555-0177', email: 'julie@example.com', locale: 'fr' })).id;
  noConsent = (await garage.make('customers', { type: 'individual', firstname: 'Marc', lastname: 'Sans', phone: '514 555-0178', locale: 'en' })).id;
  const consent = await t.api('POST', '/api/v1/customer-consents', {
    token: garage.admin.token,
    body: { data: { type: 'customer-consents', attributes: { channel: 'sms', kind: 'transactional', given: true, contact: PHONE }, relationships: { customer: { data: { type: 'customers', id: customer } } } } },
  });
  expect(consent.status).toBe(201);
  await writeDemoForm(t.database.db, garage.organization.id, DEMO_FORMS.preDelivery);
  const [{ id: form }] = await rows<{ id: string }>(sql`SELECT id FROM inspection_forms WHERE organization_id = ${garage.organization.id}`);
  const vehicle = await garage.make('vehicles', { vin: 'KM8K2CAB4PU001140', make: 'Hyundai', model: 'Kona', model_year: 2023 });
  inspection = (await garage.make('inspections', {}, { inspectionForm: form, vehicle, customer })).id;
  repair = (await garage.make('repairs', { type: 'customer' }, { vehicle, customer })).id;
  // Completed work (how it got there is the inspections' and repairs' tests').
  await t.database.db.execute(sql`UPDATE inspections SET state = 'completed' WHERE id = ${inspection}`);
  await t.database.db.execute(sql`UPDATE repairs SET state = 'completed' WHERE id = ${repair}`);
}, 120_000);

describe('the inspection report’s link', () => {
  it('is texted under consent and e-mailed when asked, both in the customer’s conversation', async () => {
    const res = await garage.act('inspections', inspection, 'share', garage.admin, body('inspections', inspection, { send_sms: true, send_email: true }));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const share = res.body.meta.share;
    expect(share).toMatchObject({ email: 'julie@example.com', sms: PHONE, text: { to: PHONE, status: 'sent', error: null } });
    const sent = fake.sent.at(-1);
    expect(sent).toMatchObject({ to: PHONE });
    expect(sent.body).toContain('le rapport d’inspection de votre véhicule est prêt');
    expect(sent.body).toContain(share.url);
    const mail = await rows<{ to: string; text: string }>(sql`SELECT "to", text FROM mail_outbox WHERE "to" = 'julie@example.com'`);
    expect(mail).toHaveLength(1);
    expect(mail[0].text).toContain(share.url);
    const messages = await conversation(customer);
    expect(messages.map((m: any) => [m.channel, m.subject_type, m.subject_id])).toEqual([
      ['email', 'inspections', inspection],
      ['sms', 'inspections', inspection],
    ]);
    const [row] = await rows<{ consent_id: string | null }>(sql`SELECT consent_id FROM messages WHERE channel = 'sms' AND subject_id = ${inspection}`);
    expect(row.consent_id).toBeTruthy();
  });

  it('without a send option is only a link, as before (nothing sent)', async () => {
    const before = fake.sent.length;
    const res = await garage.act('inspections', inspection, 'share', garage.admin, {});
    expect(res.status).toBe(200);
    expect(res.body.meta.share).toMatchObject({ email: null, sms: null, text: null });
    expect(fake.sent.length).toBe(before);
  });
});

describe('the inspection report’s link to an address given', () => {
  it('is e-mailed for an inspection without a customer (the address is enough; no conversation to write)', async () => {
    const [{ id: form }] = await rows<{ id: string }>(sql`SELECT id FROM inspection_forms WHERE organization_id = ${garage.organization.id}`);
    const walkIn = (await garage.make('inspections', {}, { inspectionForm: form, vehicle: await garage.make('vehicles', { vin: 'KM8K2CAB4PU001144' }) })).id;
    await t.database.db.execute(sql`UPDATE inspections SET state = 'completed' WHERE id = ${walkIn}`);
    const res = await garage.act('inspections', walkIn, 'share', garage.admin, body('inspections', walkIn, { send_email: true, email: 'passant@example.com' }));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.meta.share.email).toBe('passant@example.com');
    const mail = await rows<{ text: string }>(sql`SELECT text FROM mail_outbox WHERE "to" = 'passant@example.com'`);
    expect(mail).toHaveLength(1);
    expect(mail[0].text).toContain(res.body.meta.share.url);
    expect(await rows(sql`SELECT id FROM messages WHERE subject_id = ${walkIn}`)).toEqual([]);
  });
});

describe('the inspection report’s link, refused', () => {
  it('without an address to e-mail (422 on email) or consent to texts (422 on send_sms): no link is left, nothing sent (fr, en)', async () => {
    const [{ id: form }] = await rows<{ id: string }>(sql`SELECT id FROM inspection_forms WHERE organization_id = ${garage.organization.id}`);
    const theirs = (await garage.make('inspections', {}, { inspectionForm: form, vehicle: await garage.make('vehicles', { vin: 'KM8K2CAB4PU001143' }), customer: noConsent })).id;
    await t.database.db.execute(sql`UPDATE inspections SET state = 'completed' WHERE id = ${theirs}`);
    const before = fake.sent.length;
    for (const [lang, text] of [['fr', 'pas d’adresse courriel'], ['en', 'no e-mail address']]) {
      const res = await t.api('POST', `/api/v1/inspections/${theirs}/share`, { token: garage.admin.token, headers: { 'accept-language': lang }, body: body('inspections', theirs, { send_email: true }) });
      expect(res.status).toBe(422);
      expect(res.body.errors[0]).toMatchObject({ code: 'share.no_email', source: { pointer: '/data/attributes/email' } });
      expect(res.body.errors[0].detail).toContain(text);
    }
    const texted = await garage.act('inspections', theirs, 'share', garage.admin, body('inspections', theirs, { send_sms: true }));
    expect(texted.status).toBe(422);
    expect(texted.body.errors[0].code).toBe('sms.no_consent');
    expect(await rows(sql`SELECT 1 FROM inspection_shares WHERE inspection_id = ${theirs}`)).toHaveLength(0);
    expect(fake.sent.length).toBe(before);
  });
});

describe('“your vehicle is ready”', () => {
  it('is texted under consent and e-mailed, in the customer’s language, both in their conversation', async () => {
    const res = await garage.act('repairs', repair, 'notify-ready', garage.admin, body('repairs', repair, { send_sms: true, send_email: true }));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.meta.ready).toMatchObject({ email: 'julie@example.com', sms: PHONE, text: { status: 'sent' } });
    expect(fake.sent.at(-1).body).toContain('votre véhicule est prêt');
    const messages = await conversation(customer);
    expect(messages.slice(-2).map((m: any) => [m.channel, m.subject_type, m.status])).toEqual([
      ['email', 'repairs', 'queued'],
      ['sms', 'repairs', 'sent'],
    ]);
  });

  it('is refused without the customer’s consent (nothing sent or written), and without a channel (fr, en)', async () => {
    const other = (await garage.make('repairs', { type: 'customer' }, { vehicle: await garage.make('vehicles', { vin: 'KM8K2CAB4PU001141' }), customer: noConsent })).id;
    await t.database.db.execute(sql`UPDATE repairs SET state = 'completed' WHERE id = ${other}`);
    const before = fake.sent.length;
    const refused = await garage.act('repairs', other, 'notify-ready', garage.admin, body('repairs', other, { send_sms: true }));
    expect(refused.status).toBe(422);
    expect(refused.body.errors[0]).toMatchObject({ code: 'sms.no_consent', source: { pointer: '/data/attributes/send_sms' } });
    expect(fake.sent.length).toBe(before);
    expect(await rows(sql`SELECT 1 FROM messages WHERE subject_id = ${other}`)).toHaveLength(0);
    for (const [lang, text] of [['fr', 'Choisissez comment'], ['en', 'Choose how']]) {
      const none = await t.api('POST', `/api/v1/repairs/${other}/notify-ready`, { token: garage.admin.token, headers: { 'accept-language': lang }, body: body('repairs', other, {}) });
      expect(none.status).toBe(422);
      expect(none.body.errors[0].detail).toContain(text);
    }
  });

  it('is refused before the work is completed (409), and to another organization (404)', async () => {
    const fresh = (await garage.make('repairs', { type: 'customer' }, { vehicle: await garage.make('vehicles', { vin: 'KM8K2CAB4PU001142' }), customer })).id;
    expect((await garage.act('repairs', fresh, 'notify-ready', garage.admin, body('repairs', fresh, { send_sms: true }))).status).toBe(409);
    expect((await garage.act('repairs', repair, 'notify-ready', other.admin, body('repairs', repair, { send_sms: true }))).status).toBe(404);
    expect(await conversation(customer, other)).toEqual([]);
  });
});
