import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { makeOrganization, makeUser, type MadeUser } from '../factories.ts';
import { beforeTests, fileApp } from '../helpers.ts';
import { setOption } from '../repairs/world.ts';
import { act, E, estimate, item, itemsOf, one, patchItems, PNG, to } from './helpers.ts';

// POST /estimations/{id}/deferred-work (issue 12): the vehicle's work declined at an earlier visit
// becomes items of a new estimate, priced as new items are, and leaves the suggestions.

const t = fileApp();
/** An organization pricing at 135 $/h with a tax group of its own (TPS 5 %): its admin, and a user who only reads estimates. */
const s = beforeTests(async () => {
  const org = await makeOrganization(t);
  const admin = await makeUser(t, org.id, { firstname: 'Alice', lastname: 'Admin' });
  const reader = await makeUser(t, org.id, { permissions: ['view any estimations', 'view estimations'] });
  const group = await t.api('POST', '/api/v1/tax-groups', {
    token: admin.token,
    body: { data: { type: 'tax-groups', attributes: { name: 'QC deferred' }, relationships: { taxes: { data: [{ type: 'taxes', attributes: { code: 'TPS', rate: '5', type: 'percentage' } }] } } } },
  });
  const qc: string = group.body.data.id;
  await setOption(t, admin, org.id, 'estimations.default_tax_group', qc);
  await setOption(t, admin, org.id, 'estimations.default_hourly_rate', 13_500);
  return { admin, reader, qc };
});

/** A vehicle whose customer declined two of three items on an estimate (then canceled, so the vehicle is free): its deferred work. */
async function declinedTwo(vehicle?: string) {
  const made = await estimate(t, s.admin, {
    ...(vehicle ? { vehicle } : {}),
    items: [item({ detail: 'Front brake pads', condition: 'to_replace', urgency: 'urgent' }), item({ detail: 'Wiper blades', condition: 'to_replace', urgency: 'soon' }), item({ detail: 'Cabin filter' })],
  });
  const ids = itemsOf(made.body).map((i: any) => i.id as string);
  for (const route of ['start-components', 'start-times']) expect((await act(t, made.id, route, s.admin)).status).toBe(200);
  expect((await patchItems(t, made.id, ids.map((id: string) => item({ unit_price: 10_000, time: '0' }, { taxGroup: to('tax-groups', s.qc) }, id)), s.admin)).status).toBe(200);
  for (const route of ['end-components', 'end-times']) expect((await act(t, made.id, route, s.admin)).status).toBe(200);
  const sent = await act(t, made.id, 'send-client-approve', s.admin, { data: {} });
  const token = (sent.body.meta.approval.url as string).split('/').pop();
  const decisions = ids.map((id: string, k: number) => ({ item: id, decision: k === 2 ? 'approved' : 'declined' }));
  const answered = await t.api('POST', `/api/v1/public/estimate-approvals/${token}`, {
    body: { data: { attributes: { version: sent.body.data.attributes.version, signer_name: 'Mary Grant', signature: PNG, decisions } } },
  });
  expect(answered.status, JSON.stringify(answered.body)).toBe(201);
  return { estimation: made.id, vehicle: made.vehicle, approval: made.id };
}

const openWork = async (vehicle: string) =>
  (await t.api('GET', `/api/v1/deferred-work?filter[vehicle]=${vehicle}&filter[state]=open&sort=declined_at`, { token: s.admin.token })).body.data as any[];
const add = (id: string, ids: string[], who: MadeUser = s.admin, lang = 'fr') =>
  t.api('POST', `${E}/${id}/deferred-work?include=items`, { token: who.token, body: { data: ids.map((w) => ({ type: 'deferred-work', id: w })) }, headers: { 'accept-language': lang } });

describe('adding deferred work to a new estimate', () => {
  it('makes one item per suggestion, priced as new items are, and closes each suggestion as offered again', async () => {
    const first = await declinedTwo();
    // While the first estimate awaits approval, its descriptions are locked: 409, nothing written.
    const work = await openWork(first.vehicle);
    expect(work.map((w) => w.attributes.detail).sort()).toEqual(['Front brake pads', 'Wiper blades']);
    const locked = await add(first.estimation, [work[0].id]);
    expect(locked.status).toBe(409);
    expect(locked.body.errors[0].detail).toContain('avant l’approbation');
    const lockedEn = await add(first.estimation, [work[0].id], s.admin, 'en');
    expect(lockedEn.body.errors[0].detail).toContain('only before the approval');
    expect((await act(t, first.estimation, 'cancel', s.admin)).status).toBe(200);

    const next = await estimate(t, s.admin, { vehicle: first.vehicle, items: [item({ detail: 'Oil change' })] });
    expect((await add(next.id, work.map((w) => w.id), s.reader)).status).toBe(403);
    const res = await add(next.id, work.map((w) => w.id));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const items = itemsOf(res.body).map((i: any) => i.attributes);
    expect(items.map((i: any) => i.detail)).toEqual(['Oil change', ...work.map((w) => w.attributes.detail)]);
    const brakes = items.find((i: any) => i.detail === 'Front brake pads');
    expect(brakes).toMatchObject({ condition: 'to_replace', urgency: 'urgent', hourly_rate: 13_500, quantity: '1' });
    const rows = await one<{ n: number; groups: string[] }>(t, sql`SELECT count(*)::int AS n, array_agg(DISTINCT tax_group_id::text) AS groups FROM estimation_items WHERE estimation_id = ${next.id} AND detail <> 'Oil change'`);
    expect(rows).toEqual({ n: 2, groups: [s.qc] });
    expect(await openWork(first.vehicle)).toEqual([]);
    const closed = await t.api('GET', `/api/v1/deferred-work/${work[0].id}?include=reofferedIn`, { token: s.admin.token });
    expect(closed.body.data.attributes.state).toBe('reoffered');
    expect(closed.body.data.relationships.reofferedIn.data.id).toBe(next.id);

    // Offered again already: no longer to suggest (422, in both languages), nothing added.
    const again = await add(next.id, [work[0].id]);
    expect(again.status).toBe(422);
    expect(again.body.errors[0]).toMatchObject({ source: { pointer: '/data/0' }, detail: 'Ce travail reporté n’est plus à proposer' });
    expect((await add(next.id, [work[0].id], s.admin, 'en')).body.errors[0].detail).toBe('This deferred work is no longer to suggest');
    expect((await one<{ n: number }>(t, sql`SELECT count(*)::int AS n FROM estimation_items WHERE estimation_id = ${next.id}`)).n).toBe(3);
  });

  it('refuses work of another vehicle, an unknown id or an empty list (422), all at once and nothing written', async () => {
    const other = await declinedTwo();
    const [theirs] = await openWork(other.vehicle);
    const mine = await estimate(t, s.admin);
    const res = await add(mine.id, [theirs.id, '00000000-0000-4000-8000-000000000000', 'not-an-id']);
    expect(res.status).toBe(422);
    expect(res.body.errors.map((e: any) => e.source.pointer)).toEqual(['/data/0', '/data/1', '/data/2']);
    // Each problem at its entry of the body, a repeated entry counted in its place.
    const repeated = await add(mine.id, [theirs.id, theirs.id, 'not-an-id']);
    expect(repeated.body.errors.map((e: any) => e.source.pointer)).toEqual(['/data/0', '/data/1', '/data/2']);
    expect(res.body.errors[0].detail).toBe('Ce travail reporté n’est pas celui du véhicule de l’estimation');
    const en = await add(mine.id, [theirs.id], s.admin, 'en');
    expect(en.body.errors[0].detail).toBe('This deferred work is not of the estimate’s vehicle');
    const empty = await t.api('POST', `${E}/${mine.id}/deferred-work`, { token: s.admin.token, body: { data: [] } });
    expect(empty.status).toBe(422);
    expect((await one<{ n: number }>(t, sql`SELECT count(*)::int AS n FROM estimation_items WHERE estimation_id = ${mine.id}`)).n).toBe(0);
    expect((await openWork(other.vehicle)).length).toBe(2);
  });
});
