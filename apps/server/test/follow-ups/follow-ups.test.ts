import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../src/db/client.ts';
import { FollowUpRunner, followUpRunnerOf } from '../../src/areas/follow-ups/runner.ts';
import { makeCustomer, makeOrganization, makeRequest, makeUser, makeVehicle, nextVin, toOne, type MadeUser } from '../factories.ts';
import { postText, textingApp } from '../messaging/texting.ts';
import { setOption } from '../repairs/world.ts';

// Follow-ups of declined work (issue 26) against a local Twilio, with the runner's clock in the
// test's hands (no sleeps): each step sent once whatever the runners and restarts, a text only
// under a promotional consent, STOP, a reply or a booking stop the sequence, in the customer's
// language, one organization's follow-ups never reach another's users.

const DAY = 86_400_000;
const { fake, t } = textingApp({ FOLLOW_UPS_EVERY_SECONDS: '0', ATELIER_TEST_OUTBOX: '1' });
let admin: MadeUser;
let orgId: string;
let stranger: MadeUser;
let strangerOrg: string;
let serial = 0;

beforeAll(async () => {
  const org = await makeOrganization(t, { name: 'Garage Relances' });
  orgId = org.id;
  admin = await makeUser(t, org.id, { firstname: 'Alice', lastname: 'Admin' });
  await setOption(t, admin, orgId, 'estimations.follow_ups_enabled', true);
  const other = await makeOrganization(t, { name: 'Autre garage' });
  strangerOrg = other.id;
  stranger = await makeUser(t, other.id, { firstname: 'Olga', lastname: 'Autre' });
  await setOption(t, stranger, strangerOrg, 'estimations.follow_ups_enabled', true);
});

const rows = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(await t.database.db.execute(query));
const runner = () => followUpRunnerOf(t.database)!;
/** A tick of the runner as if it were `days` days from now. */
const at = (days: number) => new Date(Date.now() + days * DAY);
const tick = (days: number, r: FollowUpRunner = runner()) => r.tick(at(days));

interface Case {
  customer: string;
  vehicle: string;
  work: string;
  phone: string;
}

/** A customer (a phone of their own, the attributes given) whose vehicle has work they declined today. */
async function declined(attributes: Record<string, unknown> = {}, who: MadeUser = admin, organizationId = orgId): Promise<Case> {
  const phone = `+1514555${String(1000 + ++serial).slice(-4)}`;
  const customer = await makeCustomer(t, who.token, { firstname: 'Éric', lastname: `Tremblay ${serial}`, phone, locale: 'fr', ...attributes });
  const vehicle = await makeVehicle(t, who.token, { vin: nextVin(), make: 'Honda', model: 'Civic' }, {});
  await t.api('PATCH', `/api/v1/vehicles/${vehicle.id}`, { token: who.token, body: { data: { type: 'vehicles', id: vehicle.id, relationships: { customer: toOne('customers', customer.id) } } } });
  // The customer's answer makes deferred work (estimations' tests cover it); here, it is given.
  const [work] = await rows<{ id: string }>(sql`
    INSERT INTO deferred_work (id, organization_id, vehicle_id, customer_id, detail, condition, urgency, total, declined_at)
    VALUES (gen_random_uuid(), ${organizationId}, ${vehicle.id}, ${customer.id}, 'Plaquettes de frein avant', 'to_replace', 'soon', 24900, now())
    RETURNING id`);
  return { customer: customer.id, vehicle: vehicle.id, work: work.id, phone };
}

const consent = (c: Case, attributes: Record<string, unknown>, who: MadeUser = admin) =>
  t.api('POST', '/api/v1/customer-consents', {
    token: who.token,
    body: { data: { type: 'customer-consents', attributes: { channel: 'sms', kind: 'promotional', given: true, contact: c.phone, ...attributes }, relationships: { customer: toOne('customers', c.customer) } } },
  });

const stepsOf = (c: Case) =>
  rows<{ step: number; status: string; reason: string | null; channel: string | null; contact: string | null; message_id: string | null }>(
    sql`SELECT step, status, reason, channel, contact, message_id FROM follow_ups WHERE deferred_work_id = ${c.work} ORDER BY step`,
  );
const textsTo = (c: Case) => fake.sent.filter((m: { to: string }) => m.to === c.phone);

/** A text from the customer, posted to the webhook as Twilio does. */
async function reply(c: Case, body: string) {
  expect((await postText(t, fake, { from: c.phone, body })).status).toBeLessThan(300);
}

describe('the schedule', () => {
  it('is an organization’s options, checked: days increasing, a known channel (422 in both languages)', async () => {
    const [{ id }] = await rows<{ id: string }>(sql`SELECT id FROM options WHERE organization_id = ${orgId} AND name = 'estimations.follow_up_days'`);
    for (const [lang, text] of [['fr', 'croissants'], ['en', 'increasing']]) {
      const bad = await t.api('PATCH', `/api/v1/options/${id}`, { token: admin.token, headers: { 'accept-language': lang }, body: { data: { type: 'options', id, attributes: { value: [90, 30] } } } });
      expect(bad.status).toBe(422);
      expect(bad.body.errors[0].detail).toContain(text);
    }
    const typed = await t.api('PATCH', `/api/v1/options/${id}`, { token: admin.token, body: { data: { type: 'options', id, attributes: { value: '30, 90' } } } });
    expect(typed.status).toBe(200);
    expect(typed.body.data.attributes.value).toEqual([30, 90]);
    const [{ id: channel }] = await rows<{ id: string }>(sql`SELECT id FROM options WHERE organization_id = ${orgId} AND name = 'estimations.follow_up_channel'`);
    expect((await t.api('PATCH', `/api/v1/options/${channel}`, { token: admin.token, body: { data: { type: 'options', id: channel, attributes: { value: 'pigeon' } } } })).status).toBe(422);
  });
});

describe('a due follow-up', () => {
  it('is planned, waits for its day, and is texted once under a promotional consent, even with two runners and a restart', async () => {
    const c = await declined();
    expect((await consent(c, {})).status).toBe(201);
    await tick(29);
    expect(await stepsOf(c)).toMatchObject([{ step: 1, status: 'scheduled' }]);
    expect(textsTo(c)).toHaveLength(0);

    const second = new FollowUpRunner(runner().services);
    await Promise.all([tick(31), tick(31, second), tick(32)]);
    expect(textsTo(c)).toHaveLength(1);
    const [step] = await stepsOf(c);
    expect(step).toMatchObject({ step: 1, status: 'sent', channel: 'sms', contact: c.phone });
    expect(textsTo(c)[0].body).toContain('Plaquettes de frein avant');
    expect(textsTo(c)[0].body).toContain('http://atelier.test/reminders/');
    const [message] = await rows<{ consent_id: string; provider_sid: string; direction: string }>(sql`SELECT consent_id, provider_sid, direction FROM messages WHERE id = ${step.message_id}`);
    expect(message).toMatchObject({ provider_sid: textsTo(c)[0].sid, direction: 'out' });
    expect(message.consent_id).toBeTruthy();

    await t.restart();
    await tick(33);
    await tick(45);
    expect(textsTo(c)).toHaveLength(1);
    // The second step waits for day 90, then goes once too.
    expect(await stepsOf(c)).toMatchObject([{ status: 'sent' }, { step: 2, status: 'scheduled' }]);
    await tick(91);
    await tick(92);
    expect(textsTo(c)).toHaveLength(2);
    expect(await stepsOf(c)).toMatchObject([{ status: 'sent' }, { step: 2, status: 'sent' }]);
    await tick(400);
    expect(await stepsOf(c)).toHaveLength(2);
  });

  it('left sending by a runner that died is never sent again (failed: interrupted)', async () => {
    const c = await declined();
    await consent(c, {});
    await tick(1);
    await rows(sql`UPDATE follow_ups SET status = 'sending', lease_until = now() - interval '1 second', due_at = now() WHERE deferred_work_id = ${c.work}`);
    await tick(31);
    expect(textsTo(c)).toHaveLength(0);
    expect((await stepsOf(c))[0]).toMatchObject({ status: 'failed', reason: 'interrupted' });
  });
});

describe('a provider that refuses', () => {
  it('leaves the step failed with its error, never retried; the next step still goes', async () => {
    const c = await declined();
    await consent(c, {});
    const services = runner().services;
    // Twilio unreachable for this runner only.
    const down = new FollowUpRunner({ ...services, config: { ...services.config, sms: { ...services.config.sms!, apiUrl: 'http://127.0.0.1:9' } } });
    await down.tick(at(31));
    const [failed] = await stepsOf(c);
    expect(failed).toMatchObject({ status: 'failed', reason: 'provider_error', channel: 'sms' });
    // The text is in the customer's conversation, failed with its reason (as a transactional one).
    const [message] = rowsOf<{ status: string; error_code: string | null }>(await t.database.db.execute(sql`SELECT status, error_code FROM messages WHERE id = ${failed.message_id}`));
    expect(message).toEqual({ status: 'failed', error_code: 'provider_unavailable' });
    await tick(32);
    expect(textsTo(c)).toHaveLength(0);
    await tick(91);
    expect(textsTo(c)).toHaveLength(1);
    expect(await stepsOf(c)).toMatchObject([{ status: 'failed' }, { step: 2, status: 'sent' }]);
  });
});

describe('consent', () => {
  it('a transactional consent is not enough to text a follow-up: not sent, no consent', async () => {
    const c = await declined();
    expect((await consent(c, { kind: 'transactional' })).status).toBe(201);
    await tick(31);
    expect(textsTo(c)).toHaveLength(0);
    expect(await stepsOf(c)).toMatchObject([{ status: 'skipped', reason: 'no_consent', message_id: null }]);
  });

  it('without a text consent, goes by e-mail under the implied consent of the estimate (CASL, six months), and not after a withdrawal', async () => {
    const c = await declined({ email: 'eric.courriel@example.com' });
    await tick(31);
    expect(textsTo(c)).toHaveLength(0);
    expect(await stepsOf(c)).toMatchObject([{ status: 'sent', channel: 'email', contact: 'eric.courriel@example.com' }]);
    const [mail] = await t.outbox('eric.courriel@example.com');
    expect(mail.subject).toContain('Garage Relances');
    expect(mail.text).toContain('Plaquettes de frein avant');
    expect(mail.text).toContain('/reminders/');
    // CASL: the sender named with a way to reach it, and a way to unsubscribe.
    expect(mail.text).toMatch(/\n\nGarage Relances(\n|$)/);
    expect(mail.text).toMatch(/\/reminders\/[\w-]+\?stop=1/);
    expect((await consent(c, { channel: 'email', contact: 'eric.courriel@example.com', given: false })).status).toBe(201);
    await tick(91);
    expect((await stepsOf(c))[1]).toMatchObject({ status: 'skipped', reason: 'no_consent' });
    expect(await t.outbox('eric.courriel@example.com')).toHaveLength(1);
  });

  it('a consent withdrawn at the counter, or by STOP, stops the texts', async () => {
    const c = await declined();
    await consent(c, {});
    await consent(c, { given: false });
    await tick(31);
    expect(textsTo(c)).toHaveLength(0);
    expect(await stepsOf(c)).toMatchObject([{ status: 'skipped', reason: 'no_consent' }]);

    const d = await declined();
    await consent(d, {});
    await tick(31);
    expect(textsTo(d)).toHaveLength(1);
    await reply(d, 'ARRÊT');
    const [latest] = await rows<{ given: boolean }>(sql`SELECT given FROM customer_consents WHERE customer_id = ${d.customer} AND kind = 'promotional' ORDER BY at DESC LIMIT 1`);
    expect(latest.given).toBe(false);
    await tick(91);
    expect(textsTo(d)).toHaveLength(1);
    expect((await stepsOf(d))[1]).toMatchObject({ status: 'stopped' });
  });
});

describe('the sequence stops', () => {
  it('at a reply from the customer after a follow-up', async () => {
    const c = await declined();
    await consent(c, {});
    await tick(31);
    await reply(c, 'Je vous appelle la semaine prochaine');
    await tick(91);
    expect(textsTo(c)).toHaveLength(1);
    expect(await stepsOf(c)).toMatchObject([{ status: 'sent' }, { step: 2, status: 'stopped', reason: 'replied' }]);
    await tick(400);
    expect(await stepsOf(c)).toHaveLength(2);
  });

  it('at a booking: a service request for the vehicle', async () => {
    const c = await declined();
    await consent(c, {});
    await tick(5);
    const [{ vin }] = await rows<{ vin: string }>(sql`SELECT vin FROM vehicles WHERE id = ${c.vehicle}`);
    await makeRequest(t, admin.token, { type: 'repair', vehicle_vin: vin }, { vehicle: toOne('vehicles', c.vehicle) });
    await tick(31);
    expect(textsTo(c)).toHaveLength(0);
    expect(await stepsOf(c)).toMatchObject([{ status: 'stopped', reason: 'booked' }]);
  });

  it('when the work is closed, and nothing is planned for an organization that does not follow up', async () => {
    const c = await declined();
    await consent(c, {});
    await tick(1);
    const closed = await t.api('PATCH', `/api/v1/deferred-work/${c.work}`, { token: admin.token, body: { data: { type: 'deferred-work', id: c.work, attributes: { state: 'dismissed' } } } });
    expect(closed.status, JSON.stringify(closed.body)).toBe(200);
    await tick(31);
    expect(await stepsOf(c)).toMatchObject([{ status: 'stopped', reason: 'closed' }]);

    // Turned off: a planned step is skipped when due; turned on again, the sequence goes on.
    const paused = await declined();
    await consent(paused, {});
    await tick(1);
    await setOption(t, admin, orgId, 'estimations.follow_ups_enabled', false);
    await tick(31);
    expect(await stepsOf(paused)).toMatchObject([{ status: 'skipped', reason: 'disabled' }]);
    await setOption(t, admin, orgId, 'estimations.follow_ups_enabled', true);
    await tick(91);
    expect(await stepsOf(paused)).toMatchObject([{ status: 'skipped' }, { step: 2, status: 'sent' }]);

    const off = await makeOrganization(t);
    const offAdmin = await makeUser(t, off.id);
    const d = await declined({}, offAdmin, off.id);
    await tick(31);
    expect(await stepsOf(d)).toEqual([]);
  });
});

describe('language and isolation', () => {
  it('speaks the customer’s language', async () => {
    const c = await declined({ locale: 'en', firstname: 'Paul' });
    await consent(c, {});
    await tick(31);
    expect(textsTo(c)[0].body).toContain('we recommended: Plaquettes de frein avant');
    expect(textsTo(c)[0].body).toContain('Reply STOP');
    const f = await declined({ locale: 'fr' });
    await consent(f, {});
    await tick(31);
    expect(textsTo(f)[0].body).toContain('nous avions recommandé');
  });

  it('shows each organization only its own follow-ups, on the vehicle and the deferred work', async () => {
    const c = await declined();
    await consent(c, {});
    await tick(31);
    const theirs = await declined({}, stranger, strangerOrg);
    await tick(1);
    const mine = await t.api('GET', `/api/v1/follow-ups?filter[vehicle]=${c.vehicle}&include=message&sort=step`, { token: admin.token });
    expect(mine.status).toBe(200);
    // The first sent, the next one planned for day 90.
    expect(mine.body.data.map((f: any) => [f.attributes.step, f.attributes.status])).toEqual([
      [1, 'sent'],
      [2, 'scheduled'],
    ]);
    expect(mine.body.data[0].attributes).toMatchObject({ channel: 'sms', contact: c.phone });
    expect(mine.body.included.find((m: any) => m.type === 'messages').attributes.body).toContain('Plaquettes');
    expect(mine.body.data[0].attributes.token).toBeUndefined();
    const byWork = await t.api('GET', `/api/v1/follow-ups?filter[deferredWork]=${c.work}&filter[status]=sent`, { token: admin.token });
    expect(byWork.body.meta.page.total).toBe(1);
    const seen = await t.api('GET', `/api/v1/follow-ups?page[size]=100`, { token: stranger.token });
    expect(seen.body.data.every((f: any) => f.relationships?.vehicle?.data?.id !== c.vehicle)).toBe(true);
    expect((await t.api('GET', `/api/v1/follow-ups?filter[vehicle]=${c.vehicle}`, { token: stranger.token })).body.meta.page.total).toBe(0);
    expect((await t.api('GET', `/api/v1/follow-ups?filter[vehicle]=${theirs.vehicle}`, { token: admin.token })).body.meta.page.total).toBe(0);
    expect((await t.api('GET', `/api/v1/follow-ups?filter[vehicle]=${theirs.vehicle}`, { token: stranger.token })).body.meta.page.total).toBe(1);
    expect((await t.api('GET', `/api/v1/follow-ups/${mine.body.data[0].id}`, { token: stranger.token })).status).toBe(404);
  });

  it('skips a step found long overdue (follow-ups just turned on) instead of sending a burst', async () => {
    const c = await declined();
    await consent(c, {});
    await rows(sql`UPDATE deferred_work SET declined_at = now() - interval '200 days' WHERE id = ${c.work}`);
    await tick(0);
    expect(textsTo(c)).toHaveLength(0);
    expect(await stepsOf(c)).toMatchObject([
      { step: 1, status: 'skipped', reason: 'late' },
      { step: 2, status: 'skipped', reason: 'late' },
    ]);
  });
});

describe('the customer’s page of a follow-up', () => {
  const tokenOf = async (c: Case, step = 1) => (await rows<{ token: string }>(sql`SELECT token FROM follow_ups WHERE deferred_work_id = ${c.work} AND step = ${step}`))[0].token;
  const page = (token: string, path = '', method: 'GET' | 'POST' = 'GET') => t.api(method, `/api/v1/public/reminders/${token}${path}`, {});

  it('shows the work in the customer’s language; an unknown or unsent link is a 404', async () => {
    const c = await declined({ locale: 'en', firstname: 'Paul' });
    await consent(c, {});
    await tick(31);
    const token = await tokenOf(c);
    const res = await page(token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ locale: 'en', organization: 'Garage Relances', work: 'Plaquettes de frein avant', vehicle: 'Honda Civic', booked: false, stopped: false });
    expect(textsTo(c)[0].body).toContain(`/reminders/${token}`);
    expect((await page('x'.repeat(32))).status).toBe(404);
    // The planned step's link does not open before it is sent.
    await tick(32);
    expect((await page(await tokenOf(c, 2))).status).toBe(404);
  });

  it('books a visit once: a repair request for the vehicle, in its organization, which stops the next step', async () => {
    const c = await declined();
    await consent(c, {});
    await tick(31);
    const token = await tokenOf(c);
    // Tapped twice at once, then once more: one booking.
    const [booked, twice] = (await Promise.all([page(token, '/book', 'POST'), page(token, '/book', 'POST')])).sort((a, b) => b.status - a.status);
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    // 201 the booking made, 200 the page as it is once it was.
    expect([booked.body.booked, twice.status, twice.body.booked]).toEqual([true, 200, true]);
    expect((await page(token, '/book', 'POST')).status).toBe(200);
    const made = await rows<{ organization_id: string; customer_id: string; type: string; notes: string }>(sql`SELECT organization_id, customer_id, type, notes FROM requests WHERE vehicle_id = ${c.vehicle}`);
    expect(made).toEqual([{ organization_id: orgId, customer_id: c.customer, type: 'repair', notes: expect.stringContaining('Plaquettes de frein avant') }]);
    await tick(91);
    expect(await stepsOf(c)).toMatchObject([{ status: 'sent' }, { status: 'stopped', reason: 'booked' }]);
    expect(textsTo(c)).toHaveLength(1);
  });

  it('stops the reminders: the promotional consents withdrawn (CASL’s unsubscribe), no next text nor e-mail', async () => {
    const c = await declined({ email: 'stop.me@example.com' });
    await consent(c, {});
    await tick(31);
    const res = await page(await tokenOf(c), '/stop', 'POST');
    expect(res.status).toBe(201);
    expect(res.body.stopped).toBe(true);
    const withdrawn = await rows<{ channel: string; given: boolean; source: string }>(sql`SELECT channel, given, source FROM customer_consents WHERE customer_id = ${c.customer} AND given = false ORDER BY channel`);
    expect(withdrawn).toEqual([
      { channel: 'email', given: false, source: 'form' },
      { channel: 'sms', given: false, source: 'form' },
    ]);
    // Asked again: nothing left to withdraw, the page as it is (200), nothing written.
    const again = await page(await tokenOf(c), '/stop', 'POST');
    expect([again.status, again.body.stopped]).toEqual([200, true]);
    expect(await rows(sql`SELECT 1 FROM customer_consents WHERE customer_id = ${c.customer} AND given = false`)).toHaveLength(2);
    await tick(91);
    expect(textsTo(c)).toHaveLength(1);
    expect(await t.outbox('stop.me@example.com')).toHaveLength(0);
    expect((await stepsOf(c))[1]).toMatchObject({ status: 'skipped', reason: 'no_consent' });
    // A consent given again at the counter takes reminders again: the page offers to stop them.
    await consent(c, {});
    expect((await page(await tokenOf(c))).body.stopped).toBe(false);
  });

  it('without a number or an address, has nothing to withdraw: 200, not stopped', async () => {
    const c = await declined();
    await consent(c, {});
    await tick(31);
    await rows(sql`UPDATE customers SET phone = NULL, email = NULL WHERE id = ${c.customer}`);
    const res = await page(await tokenOf(c), '/stop', 'POST');
    expect([res.status, res.body.stopped]).toEqual([200, false]);
  });

  it('the journeys’ clock refuses days that are no number (400 on days, translated)', async () => {
    for (const [lang, text] of [['fr', 'chiffres'], ['en', 'numbers']]) {
      // A route outside the contract (test servers only): asked directly.
      const res = await t.app.inject({ method: 'POST', url: '/api/v1/dev/follow-ups/tick?days=abc', headers: { authorization: `Bearer ${admin.token}`, 'accept-language': lang } });
      expect(res.statusCode).toBe(400);
      const [error] = res.json().errors;
      expect(error).toMatchObject({ code: 'validation.numeric', source: { parameter: 'days' } });
      expect(error.detail.toLowerCase()).toContain(text);
    }
  });
});
