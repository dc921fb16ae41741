import { requestWorkflow, type RequestState } from '@atelier/domain';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '../../src/db/client.ts';
import { errorAt, beforeTests, fileApp } from '../helpers.ts';
import { makeRequest, makeVehicle, makeWorld, userWith } from '../factories.ts';

const t = fileApp();
const w = beforeTests(() => makeWorld(t));
const R = '/api/v1/requests';

const request = (attributes: Record<string, unknown>, relationships?: Record<string, unknown>, id?: string) => ({
  data: { type: 'requests', ...(id ? { id } : {}), attributes, ...(relationships ? { relationships } : {}) },
});
const to = (type: string, id: string | null) => ({ data: id ? { type, id } : null });
const one = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(await t.database.db.execute(query))[0];
const accordId = async () => ({ id: accord.id });

/** A draft inspection request for the garage's Accord, created by the manager. */
async function draft(attributes: Record<string, unknown> = {}): Promise<string> {
  const res = await t.api('POST', R, {
    token: w.manager.token,
    body: request({ type: 'inspection', ...attributes }, { vehicle: to('vehicles', (await accordId()).id) }),
  });
  expect(res.status).toBe(201);
  return res.body.data.id;
}

/**
 * The garage's Accord, and requests of both organizations before the tests': one assigned to the
 * inspector, one draft for a vehicle not in the system yet, and the other organization's repair.
 */
const accord = beforeTests(async () => {
  const vehicle = await makeVehicle(t, w.manager.token, { vin: '1HGCM82633A004352', make: 'Honda', model: 'Accord', sku: 'GD-1001' }, { locations: [w.garage.montreal] });
  await makeRequest(t, w.manager.token, { priority: 30 }, { vehicle: { data: { type: 'vehicles', id: vehicle.id } }, assignedTo: { data: { type: 'users', id: w.inspector.id } } });
  await makeRequest(t, w.manager.token, { type: 'evaluation', priority: 20, vehicle_vin: '2HGFC2F58JH512345' });
  await makeRequest(t, w.manager2.token, { type: 'repair', priority: 10, vehicle_vin: 'JH4KA7561PC008269', vehicle_sku: 'AR-501' });
  return vehicle;
});

describe('requests: create, read, update, delete', () => {
  let id: string;

  it('creates a draft for a vehicle, copying its VIN and SKU, the creator from the user', async () => {
    const accord = (await accordId()).id;
    const res = await t.api('POST', `${R}?include=vehicle,creator`, {
      token: w.manager.token,
      body: request(
        { type: 'inspection', priority: '30', due_at: '2031-05-01T14:00:00-04:00', notes: 'Bruit au freinage' },
        { vehicle: to('vehicles', accord), tags: { data: [] } },
      ),
    });
    expect(res.status).toBe(201);
    id = res.body.data.id;
    expect(res.body.data.attributes).toMatchObject({
      type: 'inspection',
      state: 'draft',
      priority: 30,
      due_at: '2031-05-01T18:00:00.000Z',
      vehicle_vin: '1HGCM82633A004352',
      vehicle_sku: 'GD-1001',
      available_actions: ['assign', 'cancel'],
    });
    expect(res.body.data.relationships.creator.data.id).toBe(w.manager.id);
    expect(res.body.data.relationships.assignedTo.data).toBeNull();
    expect(res.body.included.map((r: any) => r.type).sort()).toEqual(['users', 'vehicles']);
  });

  it('links a typed VIN to the organization’s vehicle, or keeps the VIN and SKU of a vehicle not in the system', async () => {
    const linked = await t.api('POST', R, { token: w.manager.token, body: request({ type: 'repair', vehicle_vin: '1hgcm82633a004352' }) });
    expect(linked.status).toBe(201);
    expect(linked.body.data.relationships.vehicle.data.id).toBe((await accordId()).id);
    expect(linked.body.data.attributes.vehicle_sku).toBe('GD-1001');

    const outside = await t.api('POST', R, {
      token: w.manager.token,
      body: request({ type: 'evaluation', vehicle_vin: '5YJ3E1EA7KF317001', vehicle_sku: 'TRADE-9' }),
    });
    expect(outside.status).toBe(201);
    expect(outside.body.data.relationships.vehicle.data).toBeNull();
    expect(outside.body.data.attributes).toMatchObject({ vehicle_vin: '5YJ3E1EA7KF317001', vehicle_sku: 'TRADE-9' });
    // A doubtful check digit is a warning on the request too.
    expect(outside.body.meta.warnings[0].source.pointer).toBe('/data/attributes/vehicle_vin');

    const skuOnly = await t.api('POST', R, { token: w.manager.token, body: request({ type: 'repair', vehicle_sku: 'LOT-42' }) });
    expect(skuOnly.status).toBe(201);
  });

  it('refuses a request without vehicle, VIN or SKU, a bad VIN, type or priority', async () => {
    const none = await t.api('POST', R, { token: w.manager.token, body: request({ type: 'repair' }) });
    expect(none.status).toBe(422);
    expect(errorAt(none, '/data/relationships/vehicle').detail).toBe('Indiquez le véhicule, son NIV ou son numéro de stock.');

    const bad = await t.api('POST', R, { token: w.manager.token, body: request({ type: 'wash', priority: 15, vehicle_vin: 'ABC' }) });
    expect(bad.status).toBe(422);
    expect(errorAt(bad, '/data/attributes/type')).toBeTruthy();
    expect(errorAt(bad, '/data/attributes/priority').detail).toBe('La valeur doit être l’une de : 10, 20, 30');
    expect(errorAt(bad, '/data/attributes/vehicle_vin').detail).toBe('Le NIV doit contenir 17 caractères');
  });

  it('reads it with its people and vehicle included', async () => {
    const res = await t.api('GET', `${R}/${id}?include=vehicle,creator,assignedTo,assignedBy,approvedBy,completedBy,allowedLocations,tags`, {
      token: w.manager.token,
    });
    expect(res.status).toBe(200);
    expect(res.body.included.find((r: any) => r.type === 'vehicles').attributes.make).toBe('Honda');
    expect(res.body.included.find((r: any) => r.type === 'users').attributes.email).toBe(w.manager.email);
  });

  it('updates it; the assignee and state only change through the actions', async () => {
    const res = await t.api('PATCH', `${R}/${id}`, {
      token: w.manager.token,
      body: request({ priority: 10, notes: 'Client attend sur place', state: 'completed' }, { assignedTo: to('users', w.inspector.id) }, id),
    });
    expect(res.status).toBe(200);
    expect(res.body.data.attributes).toMatchObject({ priority: 10, notes: 'Client attend sur place', state: 'draft' });
    expect(res.body.data.relationships.assignedTo.data).toBeNull();

    // Unlinking the vehicle keeps its VIN; emptying everything is refused.
    const unlinked = await t.api('PATCH', `${R}/${id}`, { token: w.manager.token, body: request({}, { vehicle: to('vehicles', null) }, id) });
    expect(unlinked.body.data.attributes.vehicle_vin).toBe('1HGCM82633A004352');
    const empty = await t.api('PATCH', `${R}/${id}`, { token: w.manager.token, body: request({ vehicle_vin: null, vehicle_sku: null }, undefined, id) });
    expect(empty.status).toBe(422);
  });

  it('deletes it', async () => {
    expect((await t.api('DELETE', `${R}/${id}`, { token: w.manager.token })).status).toBe(204);
    expect((await t.api('GET', `${R}/${id}`, { token: w.manager.token })).status).toBe(404);
  });
});

describe('request lists: filters and sorting', () => {
  it('filters by state, type, priority, assignee, vehicle and search', async () => {
    const q = async (query: string) => (await t.api('GET', `${R}?${query}`, { token: w.manager.token })).body;
    const assigned = await q('filter[state]=assigned');
    expect(assigned.data.every((r: any) => r.attributes.state === 'assigned')).toBe(true);
    expect(assigned.meta.page.total).toBeGreaterThan(0);
    expect((await q('filter[type]=evaluation')).data.every((r: any) => r.attributes.type === 'evaluation')).toBe(true);
    expect((await q('filter[priority]=30')).data.every((r: any) => r.attributes.priority === 30)).toBe(true);
    const mine = await q(`filter[assignedTo]=${w.inspector.id}`);
    expect(mine.data.every((r: any) => r.relationships.assignedTo.data.id === w.inspector.id)).toBe(true);
    expect(mine.meta.page.total).toBeGreaterThan(0);
    const accord = (await accordId()).id;
    expect((await q(`filter[vehicle]=${accord}`)).data.every((r: any) => r.relationships.vehicle.data.id === accord)).toBe(true);
    const search = await q('filter[search]=2HGFC2F58');
    expect(search.data.map((r: any) => r.attributes.vehicle_vin)).toEqual(['2HGFC2F58JH512345']);
    expect((await t.api('GET', `${R}?filter[priority]=high`, { token: w.manager.token })).status).toBe(400);
    expect((await t.api('GET', `${R}?filter[colour]=red`, { token: w.manager.token })).status).toBe(400);
  });

  it('sorts by priority and due date', async () => {
    const byPriority = (await t.api('GET', `${R}?sort=-priority&page[size]=100`, { token: w.manager.token })).body.data.map((r: any) => r.attributes.priority);
    expect(byPriority).toEqual([...byPriority].sort((a, b) => b - a));
    await draft({ due_at: '2030-01-01T00:00:00Z' });
    await draft({ due_at: '2029-01-01T00:00:00Z' });
    const due = (await t.api('GET', `${R}?sort=due_at&filter[type]=inspection&page[size]=100`, { token: w.manager.token })).body.data
      .map((r: any) => r.attributes.due_at)
      .filter(Boolean);
    expect(due).toEqual([...due].sort());
    expect(due.length).toBeGreaterThanOrEqual(2);
  });
});

describe('request permissions', () => {
  it('needs the permission of the type asked for, besides create requests', async () => {
    const clerk = await userWith(t, w.garage.id, 'clerk@garage.test', ['view any requests', 'create requests', 'make inspection requests']);
    const accord = (await accordId()).id;
    const ok = await t.api('POST', R, { token: clerk.token, body: request({ type: 'inspection' }, { vehicle: to('vehicles', accord) }) });
    expect(ok.status).toBe(201);
    for (const [type, fr] of [
      ['repair', "Vous n'avez pas la permission de faire une demande de réparation."],
      ['evaluation', "Vous n'avez pas la permission de faire une demande d'évaluation."],
    ]) {
      const res = await t.api('POST', R, { token: clerk.token, body: request({ type }, { vehicle: to('vehicles', accord) }) });
      expect(res.status).toBe(403);
      expect(res.body.errors[0].detail).toBe(fr);
    }
    // Changing the type of one's request needs the new type's permission as well.
    const change = await t.api('PATCH', `${R}/${ok.body.data.id}`, { token: clerk.token, body: request({ type: 'repair' }, undefined, ok.body.data.id) });
    expect(change.status).toBe(403);
    // Assigning at creation is assigning.
    const assigned = await t.api('POST', R, {
      token: clerk.token,
      body: request({ type: 'inspection' }, { vehicle: to('vehicles', accord), assignedTo: to('users', w.inspector.id) }),
    });
    expect(assigned.status).toBe(403);
    expect(assigned.body.errors[0].detail).toBe("Vous n'avez pas la permission d'assigner une demande.");
    // No action without its permission.
    for (const [method, action] of [['POST', 'assign'], ['POST', 'approve'], ['POST', 'complete'], ['GET', 'cancel']] as const) {
      const res = await t.api(method, `${R}/${ok.body.data.id}/${action}`, { token: clerk.token, body: method === 'POST' ? {} : undefined });
      expect(res.status, action).toBe(403);
    }
    const nobody = await userWith(t, w.garage.id, 'nobody@garage.test', ['view app vehicles']);
    expect((await t.api('GET', R, { token: nobody.token })).status).toBe(403);
  });
});

describe('request workflow', () => {
  /** A request put directly in a state (with an assignee where the state has one). */
  async function inState(state: RequestState): Promise<string> {
    const id = await draft();
    const assignee = state === 'draft' ? null : w.inspector.id;
    await t.database.db.execute(sql`UPDATE requests SET state = ${state}, assigned_to_id = ${assignee} WHERE id = ${id}`);
    return id;
  }
  const act = (id: string, action: string, body: unknown = {}, lang = 'fr') =>
    action === 'cancel'
      ? t.api('GET', `${R}/${id}/cancel`, { token: w.manager.token, headers: { 'accept-language': lang } })
      : t.api('POST', `${R}/${id}/${action}`, { token: w.manager.token, body: body as object, headers: { 'accept-language': lang } });

  const CASES = requestWorkflow.states.flatMap((state) => requestWorkflow.actions.map((action) => [state, action, requestWorkflow.transition(state, action)] as const));

  it.each(CASES)('from %s, %s leads to %s (null: 409, nothing changes)', async (state, action, next) => {
    const id = await inState(state);
    const before = await one<Record<string, unknown>>(sql`SELECT * FROM requests WHERE id = ${id}`);
    const res = await act(id, action, action === 'assign' ? { data: { type: 'users', id: w.manager.id } } : {});
    if (next) {
      expect(res.status).toBe(200);
      expect(res.body.data.attributes.state).toBe(next);
    } else {
      expect(res.status).toBe(409);
      expect(res.body.errors[0].code).toBe(`request.cannot_${action}`);
      expect(await one(sql`SELECT * FROM requests WHERE id = ${id}`)).toEqual(before);
    }
  });

  it('says why in the user’s language', async () => {
    const id = await inState('completed');
    expect((await act(id, 'approve')).body.errors[0].detail).toBe('Cette demande ne peut pas être approuvée dans l’état « Complétée ».');
    expect((await act(id, 'cancel', {}, 'en')).body.errors[0].detail).toBe('This request cannot be canceled in the state “Completed”.');
    const edit = await t.api('PATCH', `${R}/${id}`, { token: w.manager.token, body: request({ notes: 'trop tard' }, undefined, id) });
    expect(edit.status).toBe(409);
    expect(edit.body.errors[0].detail).toBe('Une demande complétée ou annulée ne peut plus être modifiée.');
  });

  it('assigns, approves and completes, recording who did each, and notifies the assignee', async () => {
    const id = await draft();
    const assigned = await act(id, 'assign', { data: { relationships: { assignedTo: { data: { type: 'users', id: w.inspector.id } } } } });
    expect(assigned.status).toBe(200);
    expect(assigned.body.data.attributes).toMatchObject({ state: 'assigned', available_actions: ['assign', 'approve', 'complete', 'cancel'] });
    expect(assigned.body.data.attributes.assigned_at).toBeTruthy();
    expect(assigned.body.data.relationships.assignedTo.data.id).toBe(w.inspector.id);
    expect(assigned.body.data.relationships.assignedBy.data.id).toBe(w.manager.id);

    const notes = await t.api('GET', `/api/v1/notifications?filter[subject_id]=${id}`, { token: w.inspector.token });
    expect(notes.body.data.map((n: any) => n.attributes.event)).toContain('assign');
    expect(notes.body.data[0].attributes).toMatchObject({ subject_type: 'requests', data: { causer_name: 'Marie Gagnon' } });

    const approved = await act(id, 'approve');
    expect(approved.body.data.relationships.approvedBy.data.id).toBe(w.manager.id);
    const completed = await act(id, 'complete', { data: { attributes: { note: 'Inspection faite, rapport envoyé.' } } });
    expect(completed.body.data.attributes).toMatchObject({ state: 'completed', completion_note: 'Inspection faite, rapport envoyé.', available_actions: [] });
    expect(completed.body.data.relationships.completedBy.data.id).toBe(w.manager.id);

    const log = await t.api('GET', `/api/v1/logs?filter[subject_id]=${id}&sort=created_at&page[size]=20`, { token: w.manager.token });
    expect(log.body.data.map((l: any) => l.attributes.event)).toEqual(['created', 'assign', 'approve', 'complete']);
    expect(log.body.data[1].attributes.properties.attributes).toMatchObject({ state: 'assigned', assigned_to_id: w.inspector.id });
  });

  it('starts assigned when created with an assignee, who is notified', async () => {
    const res = await t.api('POST', R, {
      token: w.manager.token,
      body: request({ type: 'repair', vehicle_sku: 'LOT-7' }, { assignedTo: to('users', w.inspector.id) }),
    });
    expect(res.body.data.attributes.state).toBe('assigned');
    expect(res.body.data.relationships.assignedBy.data.id).toBe(w.manager.id);
    const notes = await t.api('GET', `/api/v1/notifications?filter[subject_id]=${res.body.data.id}`, { token: w.inspector.token });
    expect(notes.body.data.map((n: any) => n.attributes.event)).toEqual(['created']);
  });

  it('takes the assignee as a relationship, a resource identifier or assigned_to_id, and checks them', async () => {
    const id = await draft();
    expect((await act(id, 'assign', { assigned_to_id: w.inspector.id })).body.data.relationships.assignedTo.data.id).toBe(w.inspector.id);
    expect((await act(id, 'assign', { data: { type: 'users', id: w.manager.id } })).body.data.relationships.assignedTo.data.id).toBe(w.manager.id);

    const missing = await act(id, 'assign', {});
    expect(missing.status).toBe(422);
    expect(missing.body.errors[0].detail).toBe('Indiquez l’utilisateur à qui assigner la demande.');
    const foreign = await act(id, 'assign', { assigned_to_id: w.manager2.id });
    expect(foreign.status).toBe(422);
    const inactive = await userWith(t, w.garage.id, 'gone@garage.test', []);
    await t.database.db.execute(sql`UPDATE users SET active = false WHERE id = ${inactive.id}`);
    const refused = await act(id, 'assign', { assigned_to_id: inactive.id });
    expect(refused.status).toBe(422);
    expect(refused.body.errors[0].detail).toBe('Cet utilisateur est désactivé : la demande ne peut pas lui être assignée.');
    expect((await t.api('GET', `${R}/${id}`, { token: w.manager.token })).body.data.relationships.assignedTo.data.id).toBe(w.manager.id);
  });

  it('cancels through POST as well (the spec’s GET changes data; new clients POST)', async () => {
    const id = await draft();
    const res = await t.api('POST', `${R}/${id}/cancel`, { token: w.manager.token });
    expect(res.status).toBe(200);
    expect(res.body.data.attributes.state).toBe('canceled');
    expect((await t.api('POST', `${R}/${id}/cancel`, { token: w.manager.token })).status).toBe(409);
  });

  it('cancels through GET, recording who canceled', async () => {
    const id = await draft();
    const res = await act(id, 'cancel');
    expect(res.body.data.attributes).toMatchObject({ state: 'canceled', available_actions: [] });
    expect(res.body.data.relationships.canceledBy.data.id).toBe(w.manager.id);
  });
});

describe('request codes', () => {
  it('numbers requests D-<year>-<number> per organization and year, those made before too, searchable', async () => {
    const year = new Date().getUTCFullYear();
    const seeded = await t.api('GET', `${R}?sort=code&page[size]=100`, { token: w.manager.token });
    const codes: string[] = seeded.body.data.map((r: any) => r.attributes.code);
    for (const code of codes) expect(code).toMatch(new RegExp(`^D-${year}-\\d{4}$`));
    expect(new Set(codes).size).toBe(codes.length);

    const [a, b] = [await draft(), await draft()];
    const codeOf = async (id: string) => (await t.api('GET', `${R}/${id}`, { token: w.manager.token })).body.data.attributes.code as string;
    const [ca, cb] = [await codeOf(a), await codeOf(b)];
    expect(Number(cb.slice(-4))).toBe(Number(ca.slice(-4)) + 1);

    // Another organization counts its own: its next code does not follow the garage's.
    const other = w.manager2.token;
    const theirs = await t.api('POST', R, { token: other, body: request({ type: 'repair', vehicle_vin: '5YJ3E1EA7KF317001' }) });
    expect(theirs.status).toBe(201);
    const rivCodes = (await t.api('GET', `${R}?page[size]=100`, { token: other })).body.data.map((r: any) => r.attributes.code);
    expect(rivCodes).toContain(`D-${year}-${String(rivCodes.length).padStart(4, '0')}`);

    // A code sent by a client is ignored (read only), and the search finds a request by its code.
    const ignored = await t.api('PATCH', `${R}/${a}`, { token: w.manager.token, body: request({ code: 'D-1999-0001' }, undefined, a) });
    expect(ignored.body.data.attributes.code).toBe(ca);
    const found = await t.api('GET', `${R}?filter[search]=${ca}`, { token: w.manager.token });
    expect(found.body.data.map((r: any) => r.id)).toEqual([a]);
  });
});
