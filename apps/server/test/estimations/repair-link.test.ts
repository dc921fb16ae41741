import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeOrganization, makeUser, type MadeUser } from '../factories.ts';
import { createTestApp, type TestApp } from '../helpers.ts';
import { act, E, estimate, item, itemsOf, one, patchItems, PNG } from './helpers.ts';

// The repair an approved estimate opens (issue 12): with the work approved by the dealership and
// not declined by the customer; canceled when the approval is redone; by-pass opens it at once.

let t: TestApp;
let admin: MadeUser;
let mechanic: MadeUser;

beforeAll(async () => {
  t = await createTestApp();
  const org = await makeOrganization(t);
  admin = await makeUser(t, org.id, { firstname: 'Alice', lastname: 'Admin' });
  mechanic = await makeUser(t, org.id, { firstname: 'Marc', lastname: 'Mécano' });
});
afterAll(() => t?.close());

/** A complete estimate of three priced items, its mechanic named. */
async function complete() {
  const made = await estimate(t, admin, {
    items: [item({ detail: 'Plaquettes avant' }), item({ detail: 'Essuie-glaces' }), item({ detail: 'Filtre à air' })],
    relationships: { mechanics: { data: [{ type: 'users', id: mechanic.id }] } },
  });
  const ids = itemsOf(made.body).map((i: { id: string }) => i.id);
  for (const route of ['start-components', 'start-times']) expect((await act(t, made.id, route, admin)).status).toBe(200);
  expect((await patchItems(t, made.id, ids.map((id: string, k: number) => item({ quantity: '1', unit_price: [20_000, 5_000, 3_000][k], time: '1', hourly_rate: 10_000 }, undefined, id)), admin)).status).toBe(200);
  for (const route of ['end-components', 'end-times']) expect((await act(t, made.id, route, admin)).status).toBe(200);
  return { ...made, ids };
}

const repairOf = async (estimationId: string) => {
  const read = await t.api('GET', `${E}/${estimationId}?include=repair,repair.items`, { token: admin.token });
  const repair = (read.body.included ?? []).find((r: { type: string }) => r.type === 'repairs');
  const items = (read.body.included ?? []).filter((r: { type: string }) => r.type === 'repair-items');
  return { estimation: read.body.data, repair, items };
};

describe('the repair of an approved estimate', () => {
  it('carries the items approved and not declined by the customer, assigned to the estimate’s mechanics', async () => {
    const e = await complete();
    const sent = await act(t, e.id, 'send-client-approve', admin, { data: { attributes: { email: 'client@example.com' } } });
    const token = (sent.body.meta.approval.url as string).split('/').pop();
    const version = sent.body.data.attributes.version;
    const answered = await t.api('POST', `/api/v1/public/estimate-approvals/${token}`, {
      body: { data: { attributes: { version, signer_name: 'Client', signature: PNG, decisions: [{ item: e.ids[0], decision: 'approved' }, { item: e.ids[1], decision: 'declined' }, { item: e.ids[2], decision: 'approved' }] } } },
    });
    expect(answered.status, JSON.stringify(answered.body)).toBe(201);
    // The approver approves what is left undecided by their own decision: validating keeps the customer's refusal.
    const valid = await act(t, e.id, 'valid', admin);
    expect(valid.status, JSON.stringify(valid.body)).toBe(200);
    const { estimation, repair, items } = await repairOf(e.id);
    expect(estimation.relationships.repair.data.id).toBe(repair.id);
    expect(repair.attributes.state).toBe('assigned');
    expect(repair.relationships.assignedToUsers.data.map((u: { id: string }) => u.id)).toEqual([mechanic.id]);
    expect(items.map((i: { attributes: { detail: string } }) => i.attributes.detail).sort()).toEqual(['Filtre à air', 'Plaquettes avant']);
    // 200.00 + 100.00 labour and 30.00 + 100.00, with the items' tax group (the organization's default: GST 5 %).
    const read = await t.api('GET', `${E}/${e.id}?include=items`, { token: admin.token });
    const kept = itemsOf(read.body).filter((i: { attributes: { customer_decision: string } }) => i.attributes.customer_decision === 'approved');
    expect(repair.attributes.total).toBe(kept.reduce((s: number, i: { attributes: { total: number } }) => s + i.attributes.total, 0));
    expect(repair.attributes.subtotal).toBe(30_000 + 13_000);
  });

  it('is canceled when the approval is redone, and opened again at the next approval', async () => {
    const e = await complete();
    expect((await act(t, e.id, 'valid', admin)).status).toBe(200);
    const first = (await repairOf(e.id)).repair;
    expect(first.attributes.state).toBe('assigned');
    const redo = await act(t, e.id, 'redo-approve', admin);
    expect(redo.status, JSON.stringify(redo.body)).toBe(200);
    expect(redo.body.data.relationships.repair.data).toBeNull();
    expect((await one<{ state: string }>(t, sql`SELECT state FROM repairs WHERE id = ${first.id}`)).state).toBe('canceled');
    expect((await act(t, e.id, 'end-approve', admin)).status).toBe(200);
    const second = (await repairOf(e.id)).repair;
    expect(second.id).not.toBe(first.id);
  });

  it('keeps the approval when the repair’s work is done: redo-approve is refused and nothing changes', async () => {
    const e = await complete();
    expect((await act(t, e.id, 'valid', admin)).status).toBe(200);
    const { repair } = await repairOf(e.id);
    await t.database.db.execute(sql`UPDATE repairs SET state = 'completed' WHERE id = ${repair.id}`);
    const redo = await act(t, e.id, 'redo-approve', admin, {}, 'en');
    expect(redo.status).toBe(409);
    expect((await one<{ state: string; repair_id: string }>(t, sql`SELECT state, repair_id FROM estimations WHERE id = ${e.id}`)).repair_id).toBe(repair.id);
  });

  it('opens at once when the estimate is by-passed, even with no item yet', async () => {
    const made = await estimate(t, admin);
    const passed = await act(t, made.id, 'by-pass', admin);
    expect(passed.status, JSON.stringify(passed.body)).toBe(200);
    const { repair, items } = await repairOf(made.id);
    expect(repair.attributes.state).toBe('approved');
    expect(items).toEqual([]);
  });

  it('is not opened when nothing was approved', async () => {
    const e = await complete();
    expect((await act(t, e.id, 'start-approve', admin)).status).toBe(200);
    const denied = await t.api('PATCH', `${E}/${e.id}`, {
      token: admin.token,
      body: { data: { type: 'estimations', id: e.id, relationships: { items: { data: e.ids.map((id: string) => item({ state: 'denied' }, undefined, id)) } } } },
    });
    expect(denied.status, JSON.stringify(denied.body)).toBe(200);
    expect((await act(t, e.id, 'end-approve', admin)).status).toBe(200);
    expect((await repairOf(e.id)).estimation.relationships.repair.data).toBeNull();
  });
});

describe('deleting an estimate', () => {
  const remove = (id: string, lang = 'fr') => t.api('DELETE', `${E}/${id}`, { token: admin.token, headers: { 'accept-language': lang } });
  const exists = async (id: string) => (await one<{ n: number }>(t, sql`SELECT count(*)::int AS n FROM estimations WHERE id = ${id}`)).n === 1;

  /** A 409 in French and English, the estimate and its links as they were. */
  async function refused(id: string, fr: string, en: string) {
    const before = await one<Record<string, unknown>>(t, sql`SELECT * FROM estimations WHERE id = ${id}`);
    for (const [lang, detail] of [['fr', fr], ['en', en]]) {
      const res = await remove(id, lang);
      expect(res.status).toBe(409);
      expect(res.body.errors[0].detail).toBe(detail);
    }
    expect(await one<Record<string, unknown>>(t, sql`SELECT * FROM estimations WHERE id = ${id}`)).toEqual(before);
  }
  const REPAIR: [string, string] = ['Une estimation qui a ouvert une réparation ne peut pas être supprimée.', 'An estimate that opened a repair cannot be deleted.'];

  it('is refused once it opened a repair, which keeps its estimate', async () => {
    const e = await complete();
    expect((await act(t, e.id, 'valid', admin)).status).toBe(200);
    const { repair } = await repairOf(e.id);
    await refused(e.id, ...REPAIR);
    expect((await one<{ estimation_id: string }>(t, sql`SELECT estimation_id FROM repairs WHERE id = ${repair.id}`)).estimation_id).toBe(e.id);
  });

  it('is refused once it opened a repair canceled since (redo-approve unlinks it from the estimate)', async () => {
    const e = await complete();
    expect((await act(t, e.id, 'valid', admin)).status).toBe(200);
    expect((await act(t, e.id, 'redo-approve', admin)).status).toBe(200);
    await refused(e.id, ...REPAIR);
  });

  it('is refused once sent to the customer, answered or not', async () => {
    const e = await complete();
    expect((await act(t, e.id, 'send-client-approve', admin, { data: { attributes: { send_email: false } } })).status).toBe(200);
    await refused(e.id, 'Une estimation envoyée au client ne peut pas être supprimée : elle reste telle qu’il l’a reçue.', 'An estimate sent to the customer cannot be deleted: it stays as they received it.');
  });

  it('is refused once canceled, as a canceled repair is', async () => {
    const made = await estimate(t, admin);
    expect((await act(t, made.id, 'cancel', admin)).status).toBe(200);
    await refused(made.id, 'Une estimation annulée ne peut plus être modifiée.', 'A canceled estimate can no longer be changed.');
  });

  it('is allowed before: a draft, or an approved estimate that opened nothing and was never sent', async () => {
    const draft = await estimate(t, admin);
    expect((await remove(draft.id)).status).toBe(204);
    expect(await exists(draft.id)).toBe(false);
    const e = await complete();
    expect((await act(t, e.id, 'start-approve', admin)).status).toBe(200);
    const denied = await t.api('PATCH', `${E}/${e.id}`, {
      token: admin.token,
      body: { data: { type: 'estimations', id: e.id, relationships: { items: { data: e.ids.map((id: string) => item({ state: 'denied' }, undefined, id)) } } } },
    });
    expect(denied.status).toBe(200);
    expect((await act(t, e.id, 'end-approve', admin)).status).toBe(200);
    expect((await remove(e.id)).status).toBe(204);
    expect(await exists(e.id)).toBe(false);
  });
});
