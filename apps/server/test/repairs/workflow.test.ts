import { createHmac } from 'node:crypto';
import { repairWorkflow } from '@atelier/domain';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeInspectionForm, makeOrganization, makeUser, makeVehicle, nextVin, userWith, type MadeUser } from '../factories.ts';
import { callbackReceiver, fileApp } from '../helpers.ts';
import { R, act, clock, makeRepair, one, setOption, stateOf, to } from './world.ts';

// The repair workflow (issue 12): every action from every state, the holder's rule and the
// take-over race, the mechanics' clocks, one work in progress per vehicle, the callback.

const t = fileApp({ CALLBACKS_ALLOW_PRIVATE: 'true', CALLBACKS_BACKOFF_SECONDS: '0.3' });
let orgId: string;
let admin: MadeUser;
let mechanic: MadeUser;
let mechanic2: MadeUser;
let viewer: MadeUser;
const receiver = callbackReceiver();
const { received } = receiver;

const assignBody = () => ({ data: { relationships: { assignedToUsers: { data: [{ type: 'users', id: mechanic.id }] } } } });

beforeAll(async () => {
  const org = await makeOrganization(t);
  orgId = org.id;
  admin = await makeUser(t, org.id, { firstname: 'Alice', lastname: 'Admin' });
  mechanic = await makeUser(t, org.id, { role: 'mechanic', firstname: 'Maxime', lastname: 'Mécano' });
  mechanic2 = await makeUser(t, org.id, { role: 'mechanic', firstname: 'Nadia', lastname: 'Garagiste' });
  viewer = await userWith(t, org.id, `viewer-${org.id}@factory.test`, ['view any repairs', 'view repairs', 'edit repairs']);
});

describe('every action from every state', () => {
  const CASES = repairWorkflow.states.flatMap((state) => repairWorkflow.actions.map((action) => [state, action, repairWorkflow.transition(state, action)] as const));

  it.each(CASES)('%s --%s--> %s', async (state, action, next) => {
    const { id } = await makeRepair(t, admin, { lines: [] });
    // The holder is the user acting, so that only the state decides (take-over: someone else holds it).
    await t.database.db.execute(sql`UPDATE repairs SET state = ${state}, holder_id = ${action === 'take_over' ? mechanic.id : admin.id} WHERE id = ${id}`);
    const res = await act(t, id, repairWorkflow.route(action), admin, action === 'assign' ? assignBody() : action === 'redo' ? undefined : {});
    if (!next) {
      expect(res.status).toBe(409);
      expect(res.body.errors[0].detail).toMatch(/^Cette réparation ne permet pas « .+ » dans l’état « .+ »\.$/);
      expect(await stateOf(t, id)).toBe(state);
    } else {
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.data.attributes.state).toBe(next);
      expect(await stateOf(t, id)).toBe(next);
    }
  });

  it('refuses in English too, and needs each action’s permission (403)', async () => {
    const { id } = await makeRepair(t, admin, { lines: [] });
    const en = await act(t, id, 'validate', admin, {}, 'en');
    expect(en.status).toBe(409);
    expect(en.body.errors[0].detail).toBe('This repair does not allow “Validate” in the state “To assign”.');
    for (const action of repairWorkflow.actions) expect((await act(t, id, repairWorkflow.route(action), viewer, action === 'assign' ? assignBody() : {})).status, action).toBe(403);
    expect(await stateOf(t, id)).toBe('pending');
  });

  it('answers the repair with ?include, and takes cancel as POST too', async () => {
    const { id } = await makeRepair(t, admin);
    const res = await t.api('POST', `${R}/${id}/assign?include=assignedToUsers,items`, { token: admin.token, body: assignBody() });
    expect(res.status).toBe(200);
    expect(res.body.included.map((i: any) => i.type).sort()).toEqual(['repair-items', 'users']);
    // The assignee hears of it.
    const notes = await t.api('GET', '/api/v1/notifications?page[size]=50', { token: mechanic.token });
    expect(notes.body.data.some((n: any) => n.attributes.subject_id === id && n.attributes.event === 'assign')).toBe(true);
    const missing = await t.api('POST', `${R}/${id}/assign`, { token: admin.token, body: {} });
    expect(missing.status).toBe(422);
    expect(missing.body.errors[0].detail).toBe('Indiquez au moins un utilisateur ou un rôle à qui assigner la réparation.');
    expect((await t.api('POST', `${R}/${id}/cancel`, { token: admin.token })).body.data.attributes.state).toBe('canceled');
  });
});

describe('the holder', () => {
  it('completes the work; another user is told who holds it and may take it over', async () => {
    const { id } = await makeRepair(t, admin);
    const started = await act(t, id, 'start', admin, {});
    expect(started.body.data.relationships.holder.data.id).toBe(admin.id);
    expect(started.body.data.attributes.available_actions).toEqual(['assign', 'complete', 'cancel']);
    const refused = await act(t, id, 'complete', mechanic, {});
    expect(refused.status).toBe(403);
    expect(refused.body.errors[0].detail).toBe('Alice Admin travaille sur cette réparation : prenez-la en charge pour la continuer.');
    const en = await act(t, id, 'complete', mechanic, {}, 'en');
    expect(en.body.errors[0].detail).toBe('Alice Admin is working on this repair: take it over to continue it.');
    expect((await act(t, id, 'take-over', admin, {})).status).toBe(409);
    // Without a body, as the spec's clients call it.
    const taken = await act(t, id, 'take-over', mechanic);
    expect(taken.status).toBe(200);
    expect(taken.body.data.relationships.holder.data.id).toBe(mechanic.id);
    expect(taken.body.data.relationships.repairers.data.map((u: any) => u.id).sort()).toEqual([admin.id, mechanic.id].sort());
    expect((await act(t, id, 'complete', admin, {})).status).toBe(403);
    const done = await act(t, id, 'complete', mechanic, {});
    expect(done.status).toBe(200);
    expect(done.body.data.relationships.completedBy.data.id).toBe(mechanic.id);
    expect(done.body.data.relationships.endedBy.data.id).toBe(mechanic.id);
  });

  it('refuses a take-over from a holder who no longer holds it (409 naming the holder now, fr and en), nothing changed', async () => {
    const { id } = await makeRepair(t, admin);
    await act(t, id, 'start', admin, {});
    expect((await act(t, id, 'take-over', mechanic)).status).toBe(200);
    const stale = { data: { relationships: { holder: to('users', admin.id) } } };
    const fr = await act(t, id, 'take-over', mechanic2, stale);
    expect(fr.status).toBe(409);
    expect(fr.body.errors[0].detail).toBe('Maxime Mécano a pris cette réparation en charge entre-temps.');
    const en = await act(t, id, 'take-over', mechanic2, { holder: admin.id }, 'en');
    expect(en.body.errors[0].detail).toBe('Maxime Mécano took this repair over in the meantime.');
    expect((await one<{ holder_id: string }>(t, sql`SELECT holder_id FROM repairs WHERE id = ${id}`)).holder_id).toBe(mechanic.id);
  });

  it('of two take-overs at once, one wins; the other is told who took it', async () => {
    const { id } = await makeRepair(t, admin);
    await act(t, id, 'start', admin, {});
    const from = { data: { relationships: { holder: to('users', admin.id) } } };
    const [a, b] = await Promise.all([act(t, id, 'take-over', mechanic, from), act(t, id, 'take-over', mechanic2, from)]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const [winner, lost] = a.status === 200 ? [mechanic, b] : [mechanic2, a];
    expect(lost.body.errors[0].detail).toBe(`${winner.firstname} ${winner.lastname} a pris cette réparation en charge entre-temps.`);
    expect((await one<{ holder_id: string }>(t, sql`SELECT holder_id FROM repairs WHERE id = ${id}`)).holder_id).toBe(winner.id);
  });
});

describe('clocks', () => {
  it('run only while the repair is in progress', async () => {
    const { body } = await makeRepair(t, admin);
    const itemId = body.included[0].id;
    const fr = await clock(t, itemId, 'start-clock', mechanic);
    expect(fr.status).toBe(409);
    expect(fr.body.errors[0].detail).toBe('Le temps ne se pointe que sur une réparation en cours (état « À assigner »).');
    expect((await clock(t, itemId, 'start-clock', mechanic, 'en')).body.errors[0].detail).toBe('Time is clocked only on a repair in progress (state “To assign”).');
    expect((await clock(t, itemId, 'start-clock', viewer)).status).toBe(403);
  });

  it('one per mechanic: starting another item stops the first; stopping counts the hours; completing stops them all', async () => {
    const { id, body } = await makeRepair(t, admin, { lines: [{ detail: 'Freins', time: '2' }, { detail: 'Suspension', time: '1.5' }] });
    const [brakes, arm] = body.included.map((i: any) => i.id as string);
    await act(t, id, 'start', admin, {});
    const on = await clock(t, brakes, 'start-clock', mechanic);
    expect(on.status, JSON.stringify(on.body)).toBe(200);
    expect(on.body.data.attributes.clock_started_at).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(on.body.data.attributes.state).toBe('in_progress');
    // Another reader sees their own clock, not the mechanic's.
    expect((await t.api('GET', `/api/v1/repair-items/${brakes}`, { token: admin.token })).body.data.attributes.clock_started_at).toBeNull();
    // Again on the same item: nothing changes.
    expect((await clock(t, brakes, 'start-clock', mechanic)).body.data.attributes.clock_started_at).toBe(on.body.data.attributes.clock_started_at);

    expect(on.body.meta.stopped_clock).toBeNull();
    const moved = await clock(t, arm, 'start-clock', mechanic);
    expect(moved.body.data.attributes.clock_started_at).not.toBeNull();
    // The answer names the clock it stopped, so the screen says so (issue 20 point 23), whatever repair it ran on.
    const code = (await t.api('GET', `${R}/${id}`, { token: admin.token })).body.data.attributes.code;
    expect(moved.body.meta.stopped_clock).toEqual({ repair_item: brakes, repair: id, repair_code: code, detail: 'Freins' });
    expect((await t.api('GET', `/api/v1/repair-items/${brakes}`, { token: mechanic.token })).body.data.attributes.clock_started_at).toBeNull();
    const running = await t.api('GET', `/api/v1/repair-time-entries?filter[user]=${mechanic.id}&filter[running]=true`, { token: admin.token });
    expect(running.body.data.map((e: any) => e.relationships.repairItem.data.id)).toEqual([arm]);
    const stopWrong = await clock(t, brakes, 'stop-clock', mechanic, 'en');
    expect(stopWrong.status).toBe(409);
    expect(stopWrong.body.errors[0].detail).toBe('Your clock is not running on this item.');

    // The mechanic has worked 1 h 30 on the arm; the manager joins them on it.
    await t.database.db.execute(sql`UPDATE repair_time_entries SET started_at = now() - interval '90 minutes' WHERE user_id = ${mechanic.id} AND ended_at IS NULL`);
    expect((await clock(t, arm, 'start-clock', admin)).status).toBe(200);
    const stopped = await clock(t, arm, 'stop-clock', mechanic);
    expect(stopped.status).toBe(200);
    expect(Number(stopped.body.data.attributes.time_spent)).toBeCloseTo(1.5, 2);
    const repair = await t.api('GET', `${R}/${id}`, { token: admin.token });
    expect(repair.body.data.attributes.planned_time).toBe('3.5000');
    expect(Number(repair.body.data.attributes.time_spent)).toBeCloseTo(1.5, 2);
    expect(repair.body.data.relationships.repairers.data.map((u: any) => u.id).sort()).toEqual([admin.id, mechanic.id].sort());
    const ofArm = await t.api('GET', `/api/v1/repair-time-entries?filter[repairItem]=${arm}`, { token: admin.token });
    expect(ofArm.body.data).toHaveLength(2);
    const ofRepair = await t.api('GET', `/api/v1/repair-time-entries?filter[repair]=${id}&page[size]=50`, { token: admin.token });
    expect(ofRepair.body.data).toHaveLength(3);

    const done = await act(t, id, 'complete', admin, {});
    expect(done.status).toBe(200);
    const open = await one<{ n: number }>(t, sql`SELECT count(*)::int AS n FROM repair_time_entries WHERE repair_id = ${id} AND ended_at IS NULL`);
    expect(open.n).toBe(0);
    expect((await t.api('GET', `/api/v1/repair-items/${arm}`, { token: admin.token })).body.data.attributes.clock_started_at).toBeNull();
    expect((await clock(t, arm, 'start-clock', admin)).status).toBe(409);
  });

  it('stop when the repair is canceled', async () => {
    const { id, body } = await makeRepair(t, admin);
    await act(t, id, 'start', admin, {});
    await clock(t, body.included[0].id, 'start-clock', mechanic2);
    expect((await act(t, id, 'cancel', admin)).status).toBe(200);
    expect((await one<{ n: number }>(t, sql`SELECT count(*)::int AS n FROM repair_time_entries WHERE repair_id = ${id} AND ended_at IS NULL`)).n).toBe(0);
  });
});

describe('one work in progress per vehicle', () => {
  it('refuses a repair while an inspection is in progress on the vehicle, and the other way round (French and English)', async () => {
    const form = await makeInspectionForm(t, admin.token);
    const vehicle = (await makeVehicle(t, admin.token, { vin: nextVin() })).id;
    const inspection = await t.api('POST', '/api/v1/inspections', {
      token: admin.token,
      body: { data: { type: 'inspections', relationships: { inspectionForm: to('inspection-forms', form.id), vehicle: to('vehicles', vehicle) } } },
    });
    const inspectionId = inspection.body.data.id;
    expect((await t.api('POST', `/api/v1/inspections/${inspectionId}/start`, { token: admin.token, body: {} })).status).toBe(200);
    const { id } = await makeRepair(t, admin, { vehicle });
    const fr = await act(t, id, 'start', admin, {});
    expect(fr.status).toBe(409);
    expect(fr.body.errors[0].detail).toBe('Une inspection est déjà en cours pour ce véhicule');
    expect((await act(t, id, 'start', admin, {}, 'en')).body.errors[0].detail).toBe('An inspection is already in progress for this vehicle');
    expect(await stateOf(t, id)).toBe('pending');

    await t.api('GET', `/api/v1/inspections/${inspectionId}/cancel`, { token: admin.token });
    expect((await act(t, id, 'start', admin, {})).status).toBe(200);
    const second = await t.api('POST', '/api/v1/inspections', {
      token: admin.token,
      body: { data: { type: 'inspections', relationships: { inspectionForm: to('inspection-forms', form.id), vehicle: to('vehicles', vehicle) } } },
    });
    const refused = await t.api('POST', `/api/v1/inspections/${second.body.data.id}/start`, { token: admin.token, body: {}, headers: { 'accept-language': 'fr' } });
    expect(refused.status).toBe(409);
    expect(refused.body.errors[0].detail).toBe('Une réparation est déjà en cours pour ce véhicule');
    const en = await t.api('POST', `/api/v1/inspections/${second.body.data.id}/start`, { token: admin.token, body: {}, headers: { 'accept-language': 'en' } });
    expect(en.body.errors[0].detail).toBe('A repair is already in progress for this vehicle');
  });

  it('of two repairs of one vehicle started at once, one is refused', async () => {
    const vehicle = (await makeVehicle(t, admin.token, { vin: nextVin() })).id;
    const a = await makeRepair(t, admin, { vehicle });
    const b = await makeRepair(t, admin, { vehicle });
    const [ra, rb] = await Promise.all([act(t, a.id, 'start', admin, {}), act(t, b.id, 'start', mechanic, {})]);
    expect([ra.status, rb.status].sort()).toEqual([200, 409]);
    expect((ra.status === 409 ? ra : rb).body.errors[0].detail).toBe('Une réparation est déjà en cours pour ce véhicule');
  });
});

describe('the repair.completed callback', () => {
  it('POSTs the completed repair, signed, to the organization’s URL', async () => {
    await setOption(t, admin, orgId, 'repairs.callback_url_completed', `http://127.0.0.1:${receiver.port}/hooks/repairs`);
    const { id } = await makeRepair(t, admin, { lines: [{ detail: 'Vidange', unit_price: 5000 }] });
    await act(t, id, 'start', admin, {});
    expect((await act(t, id, 'complete', admin, {})).status).toBe(200);
    const until = Date.now() + 15_000;
    while (!received.some((r) => r.body.includes(id)) && Date.now() < until) await new Promise((r) => setTimeout(r, 100));
    const got = received.find((r) => r.body.includes(id))!;
    expect(got.headers['x-atelier-event']).toBe('repair.completed');
    const doc = JSON.parse(got.body);
    expect(doc.data).toMatchObject({ type: 'repairs', id, attributes: { state: 'completed' } });
    expect(doc.included.some((i: any) => i.type === 'repair-items')).toBe(true);
    const secret = await t.api('GET', '/api/v1/callbacks/secret', { token: admin.token });
    const key = secret.body.data.attributes.secret as string;
    expect(got.headers['x-atelier-signature']).toBe(`sha256=${createHmac('sha256', key).update(got.body).digest('hex')}`);
  });
});
