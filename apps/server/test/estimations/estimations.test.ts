import { estimationStep, estimationWorkflow, type EstimationPhases, type EstimationState } from '@atelier/domain';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeOrganization, makeUser, userWith, type MadeUser } from '../factories.ts';
import { expectCountsLikeList, fileApp } from '../helpers.ts';
import { setOption } from '../repairs/world.ts';
import { E, act, estimate, item, itemsOf, one, patchItems, stateOf, to } from './helpers.ts';

// Estimations (issue 12): items written in the estimate's document by phase, totals to the cent,
// the workflow over the domain's phases, holders and take-overs, counts, tenant isolation.

const t = fileApp();
let orgId: string;
let admin: MadeUser;
let other: MadeUser;
let third: MadeUser;
let viewer: MadeUser;
const groups: Record<string, string> = {};

async function taxGroup(name: string, taxes: { code: string; rate: string; type: string }[]) {
  const res = await t.api('POST', '/api/v1/tax-groups', {
    token: admin.token,
    body: { data: { type: 'tax-groups', attributes: { name }, relationships: { taxes: { data: taxes.map((attributes) => ({ type: 'taxes', attributes })) } } } },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data.id as string;
}

beforeAll(async () => {
  const org = await makeOrganization(t);
  orgId = org.id;
  admin = await makeUser(t, org.id, { firstname: 'Alice', lastname: 'Admin' });
  other = await makeUser(t, org.id, { firstname: 'Olivier', lastname: 'Autre' });
  third = await makeUser(t, org.id, { firstname: 'Tina', lastname: 'Tierce' });
  viewer = await userWith(t, org.id, `viewer-${Date.now()}@factory.test`, [
    'view module estimations',
    'view any estimations',
    'view estimations',
    'edit estimations',
    'view any vehicles',
    'view vehicles',
    'create vehicles',
  ]);
  groups.QC = await taxGroup('Québec test', [
    { code: 'TPS', rate: '5', type: 'percentage' },
    { code: 'TVQ', rate: '9.975', type: 'percentage' },
  ]);
  groups.ON = await taxGroup('Ontario test', [{ code: 'HST', rate: '13', type: 'percentage' }]);
  groups.TIRES = await taxGroup('Pneus test', [
    { code: 'ECO', rate: '4', type: 'amount' },
    { code: 'TPS', rate: '5', type: 'percentage' },
  ]);
});

describe('creating an estimate', () => {
  it('gives it a code, to assign, every phase not started, its actions and the default rate and tax group on new items', async () => {
    const { body } = await estimate(t, admin, { items: [item({ detail: 'Pneus avant', condition: 'to_replace' })] });
    expect(body.data.attributes.code).toMatch(/^E-\d{4}-\d{6}$/);
    expect(body.data.attributes).toMatchObject({ state: 'pending', components_status: 'pending', times_status: 'pending', approval_status: 'pending', version: 0, total: 0 });
    expect(body.data.attributes.available_actions).toEqual(expect.arrayContaining(['assign', 'start_components', 'start_times', 'by_pass', 'cancel']));
    expect(body.data.relationships.creator.data.id).toBe(admin.id);
    const [line] = itemsOf(body);
    expect(line.attributes).toMatchObject({ detail: 'Pneus avant', condition: 'to_replace', quantity: '1', hourly_rate: 12_000, position: 0 });
    const option = await one<{ value: string }>(t, sql`SELECT value #>> '{}' AS value FROM options WHERE organization_id = ${orgId} AND name = 'estimations.default_tax_group'`);
    expect(line.relationships.taxGroup.data?.id ?? null).toBe(option?.value ?? null);
  });

  it('gives an item added without a tax group the settings’ group, on creation and when cleared; an exempt group chosen stays', async () => {
    await setOption(t, admin, orgId, 'estimations.default_tax_group', groups.QC);
    const { id: exempt } = await one<{ id: string }>(t, sql`SELECT id FROM tax_groups WHERE organization_id = ${orgId} AND name = 'Exempté'`);
    const { id, body } = await estimate(t, admin, {
      items: [item({ detail: 'Ajouté à la main' }, { taxGroup: { data: null } }), item({ detail: 'Exempté' }, { taxGroup: to('tax-groups', exempt) })],
    });
    const [manual, free] = itemsOf(body);
    expect(manual.attributes.quantity).toBe('1');
    expect([manual.relationships.taxGroup.data?.id, free.relationships.taxGroup.data?.id]).toEqual([groups.QC, exempt]);
    const res = await patchItems(t, id, [item({}, { taxGroup: { data: null } }, manual.id), item({}, undefined, free.id)], admin);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(itemsOf(res.body).map((i: any) => i.relationships.taxGroup.data?.id)).toEqual([groups.QC, exempt]);
  });

  it('needs assign estimations to name assignees, and starts to do with them', async () => {
    const vehicle = (await estimate(t, admin)).vehicle;
    const refused = await t.api('POST', E, {
      token: viewer.token,
      body: { data: { type: 'estimations', attributes: { type: 'customer' }, relationships: { vehicle: to('vehicles', vehicle), assignedToUsers: { data: [{ type: 'users', id: other.id }] } } } },
    });
    expect(refused.status).toBe(403);
    const { body } = await estimate(t, admin, { relationships: { assignedToUsers: { data: [{ type: 'users', id: other.id }] } } });
    expect(body.data.attributes.state).toBe('assigned');
  });
});

describe('the approver', () => {
  it('is changed only with change manager estimations (403 on the relationship)', async () => {
    const { id } = await estimate(t, admin);
    const patch = (who: MadeUser, userId: string) =>
      t.api('PATCH', `${E}/${id}`, { token: who.token, body: { data: { type: 'estimations', id, relationships: { approver: to('users', userId) } } } });
    const refused = await patch(viewer, other.id);
    expect(refused.status).toBe(403);
    expect(refused.body.errors[0].source.pointer).toBe('/data/relationships/approver');
    const done = await patch(admin, other.id);
    expect(done.status).toBe(200);
    expect(done.body.data.relationships.approver.data.id).toBe(other.id);
    // Sending the same approver back is no change.
    expect((await patch(viewer, other.id)).status).toBe(200);
  });
});

describe('items and totals', () => {
  it('prices parts and labour by phase, with each item’s taxes, to the cent (QC GST+QST, ON HST, an amount per unit, a warranty line)', async () => {
    const { id, body } = await estimate(t, admin, {
      items: [
        item({ detail: 'Pneus avant' }),
        item({ detail: 'Freins' }),
        item({ detail: 'Pneus d’hiver' }),
        item({ detail: 'Capteur sous garantie', warranty: true }),
      ],
    });
    const ids = itemsOf(body).map((i: any) => i.id as string);
    expect((await act(t, id, 'start-components', admin)).status).toBe(200);
    const parts = await patchItems(t, id, [
      item({ quantity: '2', unit_price: 19_999, part: 'Michelin', part_number: 'MIC-1' }, { taxGroup: to('tax-groups', groups.QC) }, ids[0]),
      item({ quantity: '1', unit_price: 10_000 }, { taxGroup: to('tax-groups', groups.ON) }, ids[1]),
      item({ quantity: '4', unit_price: 15_000 }, { taxGroup: to('tax-groups', groups.TIRES) }, ids[2]),
      item({ quantity: '1', unit_price: 8_000 }, { taxGroup: to('tax-groups', groups.QC) }, ids[3]),
    ], admin);
    expect(parts.status, JSON.stringify(parts.body)).toBe(200);
    // Labour is the labour phase's: refused until someone holds it (409, pointed into the list).
    const early = await patchItems(t, id, [item({ time: '1.5' }, undefined, ids[0]), item({}, undefined, ids[1]), item({}, undefined, ids[2]), item({}, undefined, ids[3])], admin);
    expect(early.status).toBe(409);
    expect(early.body.errors[0].source.pointer).toBe('/data/relationships/items/data/0/attributes/time');
    expect(early.body.errors[0].detail).toContain('Main-d\'œuvre');
    expect((await act(t, id, 'start-times', admin)).status).toBe(200);
    const labour = await patchItems(t, id, [
      item({ time: '1.5', hourly_rate: 12_000 }, undefined, ids[0]),
      item({ manual_labour: 5_000 }, undefined, ids[1]),
      item({}, undefined, ids[2]),
      item({ time: '1' }, undefined, ids[3]),
    ], admin);
    expect(labour.status, JSON.stringify(labour.body)).toBe(200);
    const lines = itemsOf(labour.body).map((i: any) => i.attributes);
    // 2 × 199.99 + 1.5 h × 120.00 = 579.98; TPS 5 % 20.00 + 9.00; TVQ 9.975 % on the part and the labour apart (as their invoice lines): 39.90 (39.898) + 17.96 (17.955) = 57.86.
    expect(lines[0]).toMatchObject({ parts_total: 39_998, labour_total: 18_000, subtotal: 57_998, tax_total: 8_686, total: 66_684, tax_details: [{ code: 'TPS', amount: 2_900 }, { code: 'TVQ', amount: 5_786 }] });
    // 100.00 + 50.00 by hand; HST 13 % 19.50.
    expect(lines[1]).toMatchObject({ parts_total: 10_000, labour_total: 5_000, total: 16_950, tax_details: [{ code: 'HST', amount: 1_950 }] });
    // 4 × 150.00; 4 × 4.00 $ of levy, TPS on the 600.00 only.
    expect(lines[2]).toMatchObject({ subtotal: 60_000, total: 64_600, tax_details: [{ code: 'ECO', amount: 1_600 }, { code: 'TPS', amount: 3_000 }] });
    // Under warranty: nothing charged, its value shown apart (80.00 + 1 h at the default 120.00).
    expect(lines[3]).toMatchObject({ total: 0, tax_total: 0, warranty_total: 20_000 });
    expect(labour.body.data.attributes).toMatchObject({
      parts_total: 39_998 + 10_000 + 60_000,
      labour_total: 18_000 + 5_000,
      subtotal: 132_998,
      total: 66_684 + 16_950 + 64_600,
      warranty_total: 20_000,
      tax_details: [{ code: 'TPS', amount: 5_900 }, { code: 'TVQ', amount: 5_786 }, { code: 'HST', amount: 1_950 }, { code: 'ECO', amount: 1_600 }],
      approved_total: 0,
    });
    // Totals are the server's: sent values are ignored.
    const handSet = await t.api('PATCH', `${E}/${id}`, { token: admin.token, body: { data: { type: 'estimations', id, attributes: { total: 1, approved_total: 1 } } } });
    expect(handSet.body.data.attributes.total).toBe(148_234);
    // Validating approves every undecided item: approved_total is the whole.
    expect((await act(t, id, 'end-components', admin)).status).toBe(200);
    const done = await act(t, id, 'end-times', admin);
    expect(done.body.data.attributes.state).toBe('completed');
    const valid = await act(t, id, 'valid', admin);
    expect(valid.status, JSON.stringify(valid.body)).toBe(200);
    expect(valid.body.data.attributes).toMatchObject({ state: 'approved', approved_total: 148_234 });
    expect(valid.body.data.relationships.validatedBy.data.id).toBe(admin.id);
  });

  it('keeps a tax group used by items from deletion (409)', async () => {
    const group = await taxGroup('Utilisé test', [{ code: 'TPS', rate: '5', type: 'percentage' }]);
    await estimate(t, admin, { items: [item({ detail: 'A' }, { taxGroup: to('tax-groups', group) })] });
    const res = await t.api('DELETE', `/api/v1/tax-groups/${group}`, { token: admin.token });
    expect(res.status).toBe(409);
  });

  it('reads decimal quantities and hours as people type them, "," or "." (issue 20, point 2)', async () => {
    const { id, body } = await estimate(t, admin, { items: [item({ detail: 'A' }), item({ detail: 'B' })] });
    const [a, b] = itemsOf(body).map((i: any) => i.id as string);
    for (const route of ['start-components', 'start-times']) expect((await act(t, id, route, admin)).status, route).toBe(200);
    const res = await patchItems(t, id, [item({ quantity: '2,5', time: '1.25' }, undefined, a), item({ quantity: '1 234,5', time: '0,5' }, undefined, b)], admin);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(itemsOf(res.body).map((i: any) => [i.attributes.quantity, i.attributes.time])).toEqual([
      ['2.5', '1.25'],
      ['1234.5', '0.5'],
    ]);
    const bad = await patchItems(t, id, [item({ quantity: '1,2,3' }, undefined, a)], admin, 'en');
    expect(bad.status).toBe(422);
    expect(bad.body.errors[0].source.pointer).toBe('/data/relationships/items/data/0/attributes/quantity');
  });

  it('answers every line’s errors at once, pointed into the list, and writes nothing', async () => {
    const { id, body } = await estimate(t, admin, { items: [item({ detail: 'A' }), item({ detail: 'B' })] });
    const ids = itemsOf(body).map((i: any) => i.id as string);
    const res = await patchItems(t, id, [item({ detail: 'A2' }, undefined, ids[0]), item({ detail: '', quantity: '-1' }, undefined, ids[1]), item({ nope: 1 })], admin, 'en');
    expect(res.status).toBe(422);
    const pointers = res.body.errors.map((e: any) => e.source.pointer).sort();
    expect(pointers).toEqual([
      '/data/relationships/items/data/1/attributes/detail',
      '/data/relationships/items/data/1/attributes/quantity',
      '/data/relationships/items/data/2/attributes/detail',
      '/data/relationships/items/data/2/attributes/nope',
    ]);
    const after = await t.api('GET', `${E}/${id}?include=items`, { token: admin.token });
    expect(itemsOf(after.body).map((i: any) => i.attributes.detail)).toEqual(['A', 'B']);
  });

  it('keeps descriptions from changing after completion and decisions to the approver (409), and items at /estimation-items and /evaluation-items', async () => {
    const { id, body } = await estimate(t, admin, { items: [item({ detail: 'A' }), item({ detail: 'B' })] });
    const [a, b] = itemsOf(body).map((i: any) => i.id as string);
    const decided = await t.api('PATCH', `/api/v1/estimation-items/${a}`, { token: admin.token, body: { data: { type: 'estimation-items', id: a, attributes: { state: 'approved' } } } });
    expect(decided.status).toBe(409);
    expect(decided.body.errors[0].source.pointer).toBe('/data/attributes/state');
    // Removing a line by its older route, while descriptions may change.
    expect((await t.api('DELETE', `/api/v1/evaluation-items/${b}`, { token: admin.token })).status).toBe(204);
    for (const route of ['start-components', 'start-times', 'end-components', 'end-times']) expect((await act(t, id, route, admin)).status, route).toBe(200);
    const late = await t.api('PATCH', `/api/v1/estimation-items/${a}`, { token: admin.token, body: { data: { type: 'estimation-items', id: a, attributes: { detail: 'Autre' } } } });
    expect(late.status).toBe(409);
    expect(late.body.errors[0].detail).toBe('La description des éléments ne se modifie qu’avant l’approbation (l’estimation est « À approuver »).');
    expect((await t.api('DELETE', `/api/v1/evaluation-items/${a}`, { token: admin.token })).status).toBe(409);
    expect((await patchItems(t, id, [], admin)).status).toBe(409);
    // The approver decides item by item once the approval is theirs.
    expect((await act(t, id, 'start-approve', admin)).status).toBe(200);
    const ok = await t.api('PATCH', `/api/v1/estimation-items/${a}`, { token: admin.token, body: { data: { type: 'estimation-items', id: a, attributes: { state: 'denied' } } } });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    const held = await t.api('PATCH', `/api/v1/estimation-items/${a}`, {
      token: other.token,
      body: { data: { type: 'estimation-items', id: a, attributes: { state: 'approved' } } },
      headers: { 'accept-language': 'en' },
    });
    expect(held.status).toBe(403);
    expect(held.body.errors[0].detail).toBe('Alice Admin is currently working on the phase “Approval”: take it over to change these values.');
  });
});

describe('holders and take-overs', () => {
  it('tells another user who holds a phase, shows it in the document, and lets them take it over', async () => {
    const { id } = await estimate(t, admin);
    await act(t, id, 'start-components', admin);
    const seen = await t.api('GET', `${E}/${id}?include=componentsHolder`, { token: other.token });
    expect(seen.body.data.relationships.componentsHolder.data.id).toBe(admin.id);
    expect(seen.body.data.attributes.available_actions).toContain('take_over_components');
    expect(seen.body.data.attributes.available_actions).not.toContain('end_components');
    const fr = await act(t, id, 'end-components', other);
    expect(fr.status).toBe(409);
    expect(fr.body.errors[0].detail).toBe('Alice Admin travaille actuellement sur la phase « Pièces » de cette estimation : prenez-la en charge pour continuer.');
    const en = await act(t, id, 'end-components', other, {}, 'en');
    expect(en.body.errors[0].detail).toBe('Alice Admin is currently working on the phase “Parts” of this estimate: take it over to continue.');
    expect((await act(t, id, 'take-over/components', other, { holder: 42 })).status).toBe(422);
    const taken = await act(t, id, 'take-over/components', other, { holder: admin.id });
    expect(taken.status, JSON.stringify(taken.body)).toBe(200);
    expect(taken.body.data.relationships.componentsHolder.data.id).toBe(other.id);
    expect((await act(t, id, 'take-over/components', other, { holder: other.id })).status).toBe(409);
  });

  it('of two simultaneous take-overs, exactly one wins; the other is told who has it (409)', async () => {
    const { id } = await estimate(t, admin);
    await act(t, id, 'start-times', admin);
    const [a, b] = await Promise.all([act(t, id, 'take-over/times', other, { holder: admin.id }), act(t, id, 'take-over/times', third, { data: { attributes: { holder: admin.id } } })]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const winner = a.status === 200 ? other : third;
    const loser = a.status === 200 ? b : a;
    expect(loser.body.errors[0].detail).toBe(`${winner.firstname} ${winner.lastname} vient de prendre en charge la phase « Main-d'œuvre » de cette estimation.`);
    expect((await one<{ h: string }>(t, sql`SELECT times_holder_id AS h FROM estimations WHERE id = ${id}`)).h).toBe(winner.id);
  });
});

describe('the take-over rule of every work record (admin/take-over.ts)', () => {
  const componentsHolder = async (id: string) => (await one<{ h: string }>(t, sql`SELECT components_holder_id AS h FROM estimations WHERE id = ${id}`)).h;

  it('takes a phase over without a body, as the spec’s clients call it', async () => {
    const { id } = await estimate(t, admin);
    await act(t, id, 'start-components', admin);
    const taken = await t.api('POST', `${E}/${id}/take-over/components`, { token: other.token });
    expect(taken.status, JSON.stringify(taken.body)).toBe(200);
    expect(await componentsHolder(id)).toBe(other.id);
  });

  it('refuses a take-over from a holder who no longer holds the phase (409 naming the holder now, fr and en), nothing changed', async () => {
    const { id } = await estimate(t, admin);
    await act(t, id, 'start-components', admin);
    expect((await act(t, id, 'take-over/components', other, { data: { relationships: { holder: to('users', admin.id) } } })).status).toBe(200);
    const stale = { data: { type: 'estimations', id, attributes: { holder: admin.id } } };
    const fr = await act(t, id, 'take-over/components', third, stale);
    expect(fr.status).toBe(409);
    expect(fr.body.errors[0].detail).toBe('Olivier Autre vient de prendre en charge la phase « Pièces » de cette estimation.');
    const en = await act(t, id, 'take-over/components', third, stale, 'en');
    expect(en.body.errors[0].detail).toBe('Olivier Autre has just taken over the phase “Parts” of this estimate.');
    expect(await componentsHolder(id)).toBe(other.id);
  });

  it('refuses a body it cannot read rather than taking over unchecked (400, 422), nothing changed', async () => {
    const { id } = await estimate(t, admin);
    await act(t, id, 'start-components', admin);
    const holder = (data: unknown) => ({ data: { relationships: { holder: { data } } } });
    const cases: [unknown, number, string][] = [
      [holder({ type: 'user', id: admin.id }), 422, 'validation.relationship_type'],
      [holder({ type: 'users', id: 5 }), 422, 'validation.relationship_invalid'],
      [{ data: { relationships: { holder: admin.id } } }, 422, 'validation.relationship_invalid'],
      [{ data: { relationships: 'holder' } }, 400, 'error.invalid_document'],
      [{ data: { attributes: 'holder' } }, 400, 'error.invalid_document'],
      [{ data: [] }, 400, 'error.invalid_document'],
      [[], 400, 'error.body_not_object'],
      ['"holder"', 400, 'error.body_not_object'],
    ];
    for (const [body, status, code] of cases) {
      const res = await t.api('POST', `${E}/${id}/take-over/components`, { token: other.token, body: body as object, headers: { 'accept-language': 'en' } });
      expect([res.status, res.body.errors?.[0]?.code], JSON.stringify(body)).toEqual([status, code]);
    }
    const wrongType = await act(t, id, 'take-over/components', other, holder({ type: 'user', id: admin.id }), 'en');
    expect(wrongType.body.errors[0]).toMatchObject({ detail: 'The relationship expects the type users', source: { pointer: '/data/relationships/holder' } });
    expect(await componentsHolder(id)).toBe(admin.id);
  });
});

describe('every action from every state', () => {
  /** A typical estimate in each state: the acting user holds what is in progress (another user, for take-overs). */
  const phasesIn = (state: EstimationState, holder: string): EstimationPhases => {
    const p = (status: 'pending' | 'in_progress' | 'done') => ({ status, holder: status === 'in_progress' ? holder : null });
    if (state === 'in_progress') return { components: p('in_progress'), times: p('in_progress'), approval: p('pending') };
    if (state === 'completed') return { components: p('done'), times: p('done'), approval: p('in_progress') };
    if (state === 'reviewed') return { components: p('done'), times: p('done'), approval: p('pending') };
    if (state === 'approved' || state === 'denied') return { components: p('done'), times: p('done'), approval: p('done') };
    return { components: p('pending'), times: p('pending'), approval: p('pending') };
  };
  const CASES = estimationWorkflow.states.flatMap((state) => estimationWorkflow.actions.map((action) => [state, action] as const));

  it.each(CASES)('%s --%s-->', async (state, action) => {
    const { id } = await estimate(t, admin);
    const holder = action.startsWith('take_over') ? other.id : admin.id;
    const phases = phasesIn(state, holder);
    await t.database.db.execute(sql`UPDATE estimations SET state = ${state},
      components_status = ${phases.components.status}, components_holder_id = ${phases.components.holder},
      times_status = ${phases.times.status}, times_holder_id = ${phases.times.holder},
      approval_status = ${phases.approval.status}, approval_holder_id = ${phases.approval.holder} WHERE id = ${id}`);
    const expected = estimationStep(state, phases, action, admin.id);
    const body = action === 'assign' ? { data: { relationships: { assignedToUsers: { data: [{ type: 'users', id: other.id }] } } } } : { holder };
    const res = await act(t, id, estimationWorkflow.route(action), admin, body);
    if (expected.ok) {
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.data.attributes).toMatchObject({ state: expected.state, components_status: expected.phases.components.status, approval_status: expected.phases.approval.status });
    } else {
      expect(res.status).toBe(409);
      expect(res.body.errors[0].detail).toBeTruthy();
      expect(await stateOf(t, id)).toBe(state);
    }
  });

  it('needs each action’s permission (403), nothing changed', async () => {
    const { id } = await estimate(t, admin);
    for (const action of estimationWorkflow.actions) expect((await act(t, id, estimationWorkflow.route(action), viewer, { holder: admin.id })).status, action).toBe(403);
    expect(await stateOf(t, id)).toBe('pending');
  });

  it('refuses what the state does not offer in French and English (409), and cancels by GET or POST', async () => {
    const { id } = await estimate(t, admin);
    const fr = await act(t, id, 'valid', admin);
    expect(fr.status).toBe(409);
    expect(fr.body.errors[0].detail).toBe('Cette estimation ne permet pas « Valider » dans l’état « À assigner ».');
    const en = await act(t, id, 'redo-approve', admin, {}, 'en');
    expect(en.body.errors[0].detail).toBe('This estimate does not allow “Redo the approval” in the state “To assign”.');
    const canceled = await t.api('POST', `${E}/${id}/cancel`, { token: admin.token });
    expect(canceled.body.data.attributes.state).toBe('canceled');
    expect((await act(t, id, 'cancel', admin)).status).toBe(409);
    const edit = await t.api('PATCH', `${E}/${id}`, { token: admin.token, body: { data: { type: 'estimations', id, attributes: { notes: 'x' } } } });
    expect(edit.status).toBe(409);
  });

  it('sends to the customer: a new version, sent now, the approval started', async () => {
    const { id } = await estimate(t, admin, { items: [item({ detail: 'A' })] });
    for (const route of ['start-components', 'start-times', 'end-components', 'end-times']) await act(t, id, route, admin);
    const sent = await act(t, id, 'send-client-approve', admin, { data: {} });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body.data.attributes).toMatchObject({ state: 'completed', approval_status: 'in_progress', version: 1 });
    expect(sent.body.data.attributes.sent_at).toBeTruthy();
    expect((await act(t, id, 'send-client-approve', admin)).body.data.attributes.version).toBe(2);
    const ended = await act(t, id, 'end-approve', admin);
    expect(ended.body.data.attributes).toMatchObject({ state: 'approved', approval_status: 'done', approved_total: 0 });
    const redo = await act(t, id, 'redo-approve', admin);
    expect(redo.body.data.attributes).toMatchObject({ state: 'completed', approval_status: 'in_progress', approved_at: null });
  });

  it('notifies the users an estimate is assigned to', async () => {
    const { id } = await estimate(t, admin);
    const res = await act(t, id, 'assign', admin, { data: { relationships: { assignedToUsers: { data: [{ type: 'users', id: third.id }] } } } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.attributes.state).toBe('assigned');
    const notes = await t.api('GET', '/api/v1/notifications?page[size]=50', { token: third.token });
    expect(notes.body.data.some((n: any) => n.attributes.subject_type === 'estimations' && n.attributes.subject_id === id)).toBe(true);
    const missing = await act(t, id, 'assign', admin, { data: { relationships: {} } }, 'en');
    expect(missing.status).toBe(422);
    expect(missing.body.errors[0].detail).toBe('Name at least one user or role to assign the estimate to.');
  });

  it('refuses an assignee it cannot read rather than dropping it, nothing assigned', async () => {
    const { id } = await estimate(t, admin);
    const before = await one<{ state: string }>(t, sql`SELECT state FROM estimations WHERE id = ${id}`);
    const users = (...data: unknown[]) => ({ data: { relationships: { assignedToUsers: { data } } } });
    const wrongType = await act(t, id, 'assign', admin, users({ type: 'users', id: third.id }, { type: 'roles', id: other.id }), 'en');
    expect(wrongType.status).toBe(422);
    expect(wrongType.body.errors[0]).toMatchObject({ code: 'validation.relationship_type', source: { pointer: '/data/relationships/assignedToUsers' } });
    const noId = await act(t, id, 'assign', admin, users({ type: 'users', id: third.id }, { type: 'users', id: 7 }));
    expect(noId.status).toBe(422);
    expect(noId.body.errors[0].code).toBe('validation.relationship_invalid');
    expect((await act(t, id, 'assign', admin, { data: { relationships: [] } })).status).toBe(400);
    // Unknown ids are named, the first ten: not 40,000 of them in one message.
    const many = await act(t, id, 'assign', admin, users(...Array.from({ length: 40_000 }, (_, k) => ({ type: 'users', id: `unknown-${k}` }))), 'en');
    expect(many.status).toBe(422);
    expect(many.body.errors[0].detail).toBe(`The related record ${Array.from({ length: 10 }, (_, k) => `unknown-${k}`).join(', ')}, … does not exist or you have no access to it`);
    const row = await one<{ state: string; n: number }>(t, sql`SELECT state, cardinality(assigned_user_ids) AS n FROM estimations WHERE id = ${id}`);
    expect(row).toEqual({ state: before.state, n: 0 });
  });
});

describe('one estimation in progress per vehicle', () => {
  it('is enforced by the database: of two starts at once, one is refused (409)', async () => {
    const a = await estimate(t, admin);
    const b = await estimate(t, admin, { vehicle: a.vehicle });
    const [ra, rb] = await Promise.all([act(t, a.id, 'start-components', admin), act(t, b.id, 'start-times', admin, {}, 'en')]);
    expect([ra.status, rb.status].sort()).toEqual([200, 409]);
    const refused = ra.status === 409 ? ra : rb;
    expect(refused.body.errors[0].detail).toBe(ra.status === 409 ? 'Une estimation est déjà en cours pour ce véhicule' : 'An estimate is already in progress for this vehicle');
  });
});

describe('counts and tenancy', () => {
  it('answers the count per state like the list', async () => {
    await expectCountsLikeList(t, E, estimationWorkflow.states, admin.token);
  });

  it('refuses a filter, field or page parameter it cannot read (400 naming it) rather than answering the list unfiltered', async () => {
    for (const name of ['filter[state][]', 'filter[state][in]', 'fields[estimations][]', 'page[size][]']) {
      const res = await t.api('GET', `${E}?${encodeURIComponent(name)}=canceled`, { token: admin.token, headers: { 'accept-language': 'en' } });
      expect([res.status, res.body.errors?.[0]?.detail], name).toEqual([400, `The parameter ${name} is not recognised.`]);
      expect(res.body.errors[0].source).toEqual({ parameter: name });
    }
    expect((await t.api('GET', `${E}/list/count?${encodeURIComponent('filter[state][]')}=canceled`, { token: admin.token })).status).toBe(400);
  });

  it('keeps another organization’s estimates and items out of sight and out of reach', async () => {
    const { id, body } = await estimate(t, admin, { items: [item({ detail: 'A' })] });
    const itemId = itemsOf(body)[0].id;
    const stranger = await makeUser(t, (await makeOrganization(t)).id);
    expect((await t.api('GET', `${E}/${id}`, { token: stranger.token })).status).toBe(404);
    expect((await t.api('GET', E, { token: stranger.token })).body.meta.page.total).toBe(0);
    expect((await t.api('GET', `${E}/list/count`, { token: stranger.token })).body.meta.total).toBe(0);
    expect((await t.api('GET', `/api/v1/estimation-items/${itemId}`, { token: stranger.token })).status).toBe(404);
    expect((await t.api('PATCH', `/api/v1/estimation-items/${itemId}`, { token: stranger.token, body: { data: { type: 'estimation-items', id: itemId, attributes: { detail: 'x' } } } })).status).toBe(404);
    expect((await t.api('DELETE', `/api/v1/evaluation-items/${itemId}`, { token: stranger.token })).status).toBe(404);
    expect((await act(t, id, 'start-components', stranger)).status).toBe(404);
    const item2 = await t.api('POST', '/api/v1/estimation-items', {
      token: stranger.token,
      body: { data: { type: 'estimation-items', attributes: { detail: 'x' }, relationships: { estimation: to('estimations', id) } } },
    });
    expect(item2.status).toBe(422);
  });
});
