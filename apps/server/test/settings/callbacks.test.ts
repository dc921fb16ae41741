import { createHmac } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../src/db/client.ts';
import { makeInspectionForm, makeOrganization, makeUser, makeVehicle, nextVin, toOne, type MadeForm, type MadeUser } from '../factories.ts';
import { createKit, type Kit } from '../kit.ts';
import { callbackReceiver, createTestApp, fileApp, type TestApp } from '../helpers.ts';

// Callbacks (issue 12): an inspection completed is POSTed, signed, to the organization's URL by the
// background worker, retried when the receiver fails, never in the way of the user's action.

const t = fileApp({ CALLBACKS_ALLOW_PRIVATE: 'true', CALLBACKS_BACKOFF_SECONDS: '0.3', CALLBACKS_TIMEOUT_SECONDS: '2' });
let admin: MadeUser;
let orgId: string;
let form: MadeForm;
/** What the receiver answers next (status codes, in order; then 200). */
const answers: number[] = [];
const receiver = callbackReceiver(() => {
  const status = answers.shift() ?? 200;
  return { status, body: JSON.stringify({ ok: status < 300, padding: 'x'.repeat(2000) }) };
});
const { received } = receiver;


async function setOption(name: string, value: unknown, app = t, who = admin, organizationId = orgId, lang = 'fr') {
  const [{ id }] = rowsOf<{ id: string }>(await app.database.db.execute(sql`SELECT id FROM options WHERE organization_id = ${organizationId} AND name = ${name}`));
  return app.api('PATCH', `/api/v1/options/${id}`, { token: who.token, body: { data: { type: 'options', id, attributes: { value } } }, headers: { 'accept-language': lang } });
}

/** Makes, starts, answers and completes an inspection; returns its id and how long complete took. */
async function completeInspection() {
  const vehicle = (await makeVehicle(t, admin.token, { vin: nextVin() })).id;
  const made = await t.api('POST', '/api/v1/inspections', {
    token: admin.token,
    body: { data: { type: 'inspections', attributes: { odometer: 1000 }, relationships: { inspectionForm: toOne('inspection-forms', form.id), vehicle: toOne('vehicles', vehicle) } } },
  });
  const id = made.body.data.id as string;
  await t.api('POST', `/api/v1/inspections/${id}/start`, { token: admin.token, body: {} });
  const [field] = rowsOf<{ id: string }>(await t.database.db.execute(sql`SELECT id FROM inspection_fields WHERE inspection_id = ${id}`));
  await t.api('PATCH', `/api/v1/inspection-fields/${field.id}`, { token: admin.token, body: { data: { type: 'inspection-fields', id: field.id, attributes: { value: true } } } });
  const started = Date.now();
  const done = await t.api('POST', `/api/v1/inspections/${id}/complete`, { token: admin.token, body: { signature: 'data:image/png;base64,AAAA' } });
  expect(done.status, JSON.stringify(done.body)).toBe(200);
  return { id, took: Date.now() - started };
}

/** The delivery log of an inspection, once it has reached the status (polled through the API). */
async function deliveryOf(subjectId: string, status: string, timeoutMs = 15_000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const res = await t.api('GET', '/api/v1/callback-deliveries?page[size]=100', { token: admin.token });
    expect(res.status).toBe(200);
    const found = res.body.data.find((d: any) => d.attributes.subject_id === subjectId);
    if (found?.attributes.status === status) return found;
    if (Date.now() > until) throw new Error(`delivery of ${subjectId}: ${JSON.stringify(found?.attributes)} never ${status}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

beforeAll(async () => {
  const org = await makeOrganization(t);
  orgId = org.id;
  admin = await makeUser(t, org.id);
  form = await makeInspectionForm(t, admin.token, { sections: [{ name: 'Intérieur', subSections: [{ name: 'Commandes', fields: [{ name: 'Klaxon' }] }] }] });
});

describe('callbacks', () => {
  it('POSTs the completed inspection as a JSON:API document, signed with the organization’s secret', async () => {
    expect((await setOption('inspections.callback_url_completed', `http://127.0.0.1:${receiver.port}/hooks/atelier`)).status).toBe(200);
    const secret = await t.api('GET', '/api/v1/callbacks/secret', { token: admin.token });
    expect(secret.status).toBe(200);
    const key = secret.body.data.attributes.secret as string;
    expect(key).toMatch(/^whsec_[0-9a-f]{64}$/);

    const { id } = await completeInspection();
    const delivery = await deliveryOf(id, 'delivered');
    expect(delivery.attributes).toMatchObject({ event: 'inspection.completed', attempts: 1, response_code: 200, last_error: null });
    expect(delivery.attributes.response_excerpt.length).toBeLessThanOrEqual(500);

    const got = received.find((r) => r.headers['x-atelier-delivery'] === delivery.id)!;
    expect(got.headers['x-atelier-event']).toBe('inspection.completed');
    expect(got.headers['content-type']).toBe('application/vnd.api+json');
    expect(Number(got.headers['x-atelier-timestamp'])).toBeGreaterThan(1_700_000_000);
    expect(got.headers['x-atelier-signature']).toBe(`sha256=${createHmac('sha256', key).update(got.body).digest('hex')}`);
    const doc = JSON.parse(got.body);
    expect(doc.data).toMatchObject({ type: 'inspections', id, attributes: { state: 'completed' } });
    expect(doc.meta).toEqual({ event: 'inspection.completed', delivery: delivery.id });
    expect(doc.included.some((i: any) => i.type === 'vehicles')).toBe(true);

    // A regenerated secret signs the next deliveries; the old one no longer verifies.
    const regenerated = await t.api('POST', '/api/v1/callbacks/secret/regenerate', { token: admin.token });
    const next = regenerated.body.data.attributes.secret as string;
    expect(next).not.toBe(key);
    const again = await completeInspection();
    const second = await deliveryOf(again.id, 'delivered');
    const got2 = received.find((r) => r.headers['x-atelier-delivery'] === second.id)!;
    expect(got2.headers['x-atelier-signature']).toBe(`sha256=${createHmac('sha256', next).update(got2.body).digest('hex')}`);
  });

  it('retries with backoff when the receiver fails (500, then 200)', async () => {
    answers.push(500);
    const { id } = await completeInspection();
    const delivered = await deliveryOf(id, 'delivered');
    expect(delivered.attributes).toMatchObject({ attempts: 2, response_code: 200, last_error: null });
    const tries = received.filter((r) => JSON.parse(r.body).data.id === id);
    expect(tries).toHaveLength(2);
    // Every try sends the same bytes under the same delivery id.
    expect(tries[0].body).toBe(tries[1].body);
    expect(tries[0].headers['x-atelier-delivery']).toBe(tries[1].headers['x-atelier-delivery']);
  });

  it('neither slows nor fails the user’s action when the receiver is down, and gives up after the last attempt', async () => {
    const dead = createServer();
    await new Promise<void>((r) => dead.listen(0, '127.0.0.1', r));
    const deadPort = (dead.address() as AddressInfo).port;
    await new Promise((r) => dead.close(r));
    expect((await setOption('inspections.callback_url_completed', `http://127.0.0.1:${deadPort}/`)).status).toBe(200);
    const { id } = await completeInspection();
    const pending = await deliveryOf(id, 'pending', 5000);
    expect(pending.attributes.attempts).toBeLessThanOrEqual(1);
    // Skip the waits: the worker tries again at once, eight times in all, then leaves it failed. Only
    // between two tries (not leased): a try in flight would write its own count over ours.
    for (let skipped = 0; !skipped; await new Promise((r) => setTimeout(r, 50)))
      skipped = rowsOf(
        await t.database.db.execute(
          sql`UPDATE callback_deliveries SET attempts = 7, next_attempt_at = now() WHERE subject_id = ${id} AND status = 'pending' AND (lease_until IS NULL OR lease_until < now()) RETURNING id`,
        ),
      ).length;
    const failed = await deliveryOf(id, 'failed');
    expect(failed.attributes.attempts).toBe(8);
    expect(failed.attributes.last_error).toMatch(/ECONNREFUSED|connect/);
  });

  // PostgreSQL only: the embedded database's one connection never lets a claim meet another's lock.
  it.skipIf(!process.env.DATABASE_URL)('tries a delivery whose row a short write held when its attempt came, without waiting for the resume timer', async () => {
    expect((await setOption('inspections.callback_url_completed', `http://127.0.0.1:${receiver.port}/`)).status).toBe(200);
    // A pending delivery without its job (as the resume timer finds them, every 30 s here), then
    // one attempt's job arriving while a short write holds the row: its claim waits, not skips.
    const id = crypto.randomUUID();
    await t.database.db.execute(sql`
      INSERT INTO callback_deliveries (id, organization_id, event, url, subject_type, subject_id, body, lease_until)
      VALUES (${id}, ${orgId}, 'inspection.completed', ${`http://127.0.0.1:${receiver.port}/held`}, 'inspections', ${id}, '{}', NULL)`);
    await t.database.db.transaction(async (tx) => {
      await tx.execute(sql`UPDATE callback_deliveries SET next_attempt_at = now() WHERE id = ${id}`);
      await t.database.db.execute(sql`INSERT INTO pgboss.job (name, data) VALUES ('callbacks.deliver', ${JSON.stringify({ id })}::jsonb)`);
      const until = Date.now() + 10_000;
      const taken = () => t.database.db.execute(sql`SELECT 1 FROM pgboss.job WHERE name = 'callbacks.deliver' AND data->>'id' = ${id} AND state <> 'created'`);
      while (!rowsOf(await taken()).length && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
      await new Promise((r) => setTimeout(r, 200));
    });
    const delivered = await deliveryOf(id, 'delivered', 5000);
    expect(delivered.attributes.attempts).toBe(1);
  });

  it('sends nothing when the organization has no URL for the event', async () => {
    expect((await setOption('inspections.callback_url_completed', null)).status).toBe(200);
    const { id } = await completeInspection();
    expect(rowsOf(await t.database.db.execute(sql`SELECT id FROM callback_deliveries WHERE subject_id = ${id}`))).toHaveLength(0);
  });

  it('shows the delivery log and the secret only to their organization, read only', async () => {
    const other = await makeOrganization(t);
    const stranger = await makeUser(t, other.id);
    const mine = await t.api('GET', '/api/v1/callback-deliveries', { token: admin.token });
    expect(mine.body.meta.page.total).toBeGreaterThan(0);
    const theirs = await t.api('GET', '/api/v1/callback-deliveries', { token: stranger.token });
    expect(theirs.body.meta.page.total).toBe(0);
    expect((await t.api('GET', `/api/v1/callback-deliveries/${mine.body.data[0].id}`, { token: stranger.token })).status).toBe(404);
    const mySecret = await t.api('GET', '/api/v1/callbacks/secret', { token: admin.token });
    const theirSecret = await t.api('GET', '/api/v1/callbacks/secret', { token: stranger.token });
    expect(theirSecret.body.data.attributes.secret).not.toBe(mySecret.body.data.attributes.secret);
    const reader = await makeUser(t, orgId, { permissions: ['view any settings', 'view settings'] });
    expect((await t.api('GET', '/api/v1/callback-deliveries', { token: reader.token })).status).toBe(200);
    expect((await t.api('GET', '/api/v1/callbacks/secret', { token: reader.token })).status).toBe(403);
  });
});

describe('server-side request forgery', () => {
  let strict: TestApp;
  let boss: MadeUser;
  let bossOrg: string;
  let kit: Kit;
  beforeAll(async () => {
    // A short lease: the resume timer (every half lease) finds the delivery written below without its job.
    strict = await createTestApp({ JOB_LEASE_SECONDS: '2' });
    kit = await createKit(strict);
    bossOrg = kit.organization.id;
    boss = kit.admin;
  });
  afterAll(() => strict?.close());

  it('refuses loopback, private, link-local and metadata callback URLs without CALLBACKS_ALLOW_PRIVATE', async () => {
    for (const [url, address] of [
      [`http://127.0.0.1:${receiver.port}/`, '127.0.0.1'],
      ['http://localhost/', null],
      ['http://10.1.2.3/', '10.1.2.3'],
      ['http://169.254.169.254/latest/meta-data/', '169.254.169.254'],
      ['http://[::1]/', '::1'],
      ['http://[::ffff:127.0.0.1]/', '::ffff:7f00:1'],
      ['http://[fd00::1]/', 'fd00::1'],
    ] as const) {
      const res = await setOption('repairs.callback_url_completed', url, strict, boss, bossOrg, 'en');
      expect(res.status, url).toBe(422);
      expect(res.body.errors[0].detail).toMatch(address ? `The address ${address} is local or private` : /is local or private/);
    }
    const fr = await setOption('repairs.callback_url_completed', 'http://192.168.0.10/', strict, boss, bossOrg);
    expect(fr.body.errors[0].detail).toBe('L’adresse 192.168.0.10 est locale ou privée : les rappels ne peuvent viser qu’Internet.');
    const unknown = await setOption('repairs.callback_url_completed', 'https://no-such-host.invalid/', strict, boss, bossOrg, 'en');
    expect(unknown.body.errors[0].detail).toBe('The host name no-such-host.invalid cannot be found.');
    const [row] = rowsOf<{ value: unknown }>(await strict.database.db.execute(sql`SELECT value FROM options WHERE organization_id = ${bossOrg} AND name = 'repairs.callback_url_completed'`));
    expect(row.value).toBeNull();
  });

  it('refuses at send time a URL that now reaches a private address', async () => {
    // Written behind the check's back (as if the name had been re-pointed since it was saved).
    await strict.database.db.execute(sql`UPDATE options SET value = to_jsonb(${`http://127.0.0.1:${receiver.port}/`}::text) WHERE organization_id = ${bossOrg} AND name = 'inspections.callback_url_completed'`);
    const before = received.length;
    const inspection = await kit.make('inspections');
    await strict.database.db.execute(sql`
      INSERT INTO callback_deliveries (id, organization_id, event, url, subject_type, subject_id, body)
      VALUES (gen_random_uuid(), ${bossOrg}, 'inspection.completed', ${`http://127.0.0.1:${receiver.port}/`}, 'inspections', ${inspection.id}, '{}')`);
    const until = Date.now() + 10_000;
    let row: { attempts: number; last_error: string | null } | undefined;
    while (Date.now() < until) {
      [row] = rowsOf<{ attempts: number; last_error: string | null }>(await strict.database.db.execute(sql`SELECT attempts, last_error FROM callback_deliveries WHERE organization_id = ${bossOrg}`));
      if (row?.attempts) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(row?.last_error).toBe('address 127.0.0.1 is loopback: refused');
    expect(received.length).toBe(before);
  });
});
