import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '../../src/db/client.ts';
import { makeCustomer, makeInspectionForm, makeOrganization, makeUser, makeVehicle, nextVin, type MadeForm, type MadeUser } from '../factories.ts';
import { beforeTests, fileApp, uploadFile } from '../helpers.ts';
import { E, act, item, itemsOf, one, patchItems, PNG, to } from '../estimations/helpers.ts';

// Issue 26: the customer approves from the shared inspection report. The report shows the
// inspection's estimate sent for approval (an open link), each job under the finding it was made
// from; the answer goes through the approval's own answer (answerApproval): one per version, the
// signer, the time and address kept, the declined jobs deferred; the typed name signs.

const t = fileApp();
const R = '/api/v1/public/inspection-reports';
const A = '/api/v1/public/estimate-approvals';

const widget = [
  { option: 'good', points: 10 },
  { option: 'to_replace', points: 0 },
  { option: 'bad', points: 0 },
  { option: 'not_applicable', points: 0 },
];

interface World {
  orgId: string;
  admin: MadeUser;
  form: MadeForm;
  customerId: string;
  qc: string;
}

async function world(name: string): Promise<World> {
  const org = await makeOrganization(t, { name });
  const admin = await makeUser(t, org.id, { firstname: 'Alice', lastname: 'Admin' });
  const form = await makeInspectionForm(t, admin.token, {
    sections: [
      { name: 'Freins', subSections: [{ name: 'Avant', fields: [{ name: 'Pneu AG', field_type: 'TIRE_STATE_WIDGET', points_threshold: widget }] }] },
      { name: 'Intérieur', subSections: [{ name: 'Commandes', fields: [{ name: 'Klaxon' }] }] },
    ],
  });
  const customerId = (await makeCustomer(t, admin.token, { firstname: 'Mary', lastname: 'Grant', email: `mary.${name.length}@example.com`, locale: 'en' })).id;
  const qc = (await one<{ id: string }>(t, sql`SELECT g.id FROM tax_groups g WHERE g.organization_id = ${org.id} AND EXISTS (SELECT 1 FROM taxes x WHERE x.tax_group_id = g.id AND x.code = 'TVQ')`)).id;
  return { orgId: org.id, admin, form, customerId, qc };
}

const s = beforeTests(async () => ({ a: await world('Garage A'), b: await world('Garage B') }));

/**
 * A completed inspection (the tire to replace, the horn to monitor), its estimate (a job per
 * finding and one more of no finding) priced and sent to the customer, and the report shared:
 * answers the report's and the approval's tokens.
 */
async function inspectedAndSent(w: World, { share = true, jobPhoto }: { share?: boolean; jobPhoto?: string } = {}) {
  const vehicle = (await makeVehicle(t, w.admin.token, { vin: nextVin() })).id;
  const made = await t.api('POST', '/api/v1/inspections', {
    token: w.admin.token,
    body: { data: { type: 'inspections', attributes: { odometer: 50_000 }, relationships: { inspectionForm: to('inspection-forms', w.form.id), vehicle: to('vehicles', vehicle), customer: to('customers', w.customerId) } } },
  });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  const inspection = made.body.data.id as string;
  const answer = (name: string, values: ReturnType<typeof sql>) =>
    t.database.db.execute(sql`UPDATE inspection_fields SET touched = true, ${values} WHERE inspection_id = ${inspection} AND field_id = ${w.form.ids[name]}`);
  await answer('Pneu AG', sql`action = 'replace', comment = 'Usure avancée', score = 20`);
  await answer('Klaxon', sql`action = 'monitor', value = 'true'::jsonb, score = 100`);
  await t.database.db.execute(sql`UPDATE inspections SET state = 'completed', completed_at = now() WHERE id = ${inspection}`);

  const res = await t.api('POST', `${E}?include=items`, {
    token: w.admin.token,
    body: { data: { type: 'estimations', attributes: { type: 'customer' }, relationships: { inspection: to('inspections', inspection), customer: to('customers', w.customerId) } } },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const id = res.body.data.id as string;
  const drafted = itemsOf(res.body).map((i: any) => i.id as string);
  expect(drafted).toHaveLength(2);
  for (const route of ['start-components', 'start-times']) expect((await act(t, id, route, w.admin)).status).toBe(200);
  const priced = await patchItems(
    t,
    id,
    [
      ...drafted.map((itemId: string, k: number) => item({ quantity: '1', unit_price: [20_000, 5_000][k], time: '0' }, { taxGroup: to('tax-groups', w.qc) }, itemId)),
      item({ detail: 'Cabin filter', quantity: '1', unit_price: 3_000, time: '0', ...(jobPhoto ? { images: [jobPhoto] } : {}) }, { taxGroup: to('tax-groups', w.qc) }),
    ],
    w.admin,
  );
  expect(priced.status, JSON.stringify(priced.body)).toBe(200);
  const ids = itemsOf(priced.body).map((i: any) => i.id as string);
  for (const route of ['end-components', 'end-times']) expect((await act(t, id, route, w.admin)).status).toBe(200);
  const sent = await act(t, id, 'send-client-approve', w.admin, { data: { attributes: { send_email: false } } });
  expect(sent.status, JSON.stringify(sent.body)).toBe(200);
  const approvalToken = String(sent.body.meta.approval.url).split('/').pop()!;
  let reportToken = '';
  if (share) {
    const shared = await t.api('POST', `/api/v1/inspections/${inspection}/share`, { token: w.admin.token, body: { locale: 'en' } });
    expect(shared.status, JSON.stringify(shared.body)).toBe(200);
    reportToken = shared.body.meta.share.token as string;
  }
  return { inspection, estimation: id, ids, version: sent.body.data.attributes.version as number, approvalToken, reportToken };
}

type Sent = Awaited<ReturnType<typeof inspectedAndSent>>;
const decisions = (e: Sent): [string, 'approved' | 'declined'][] => [
  [e.ids[0], 'approved'],
  [e.ids[1], 'declined'],
  [e.ids[2], 'approved'],
];
const body = (version: number, list: [string, string][], over: Record<string, unknown> = {}) => ({
  data: { attributes: { version, signer_name: 'Mary Grant', decisions: list.map(([item, decision]) => ({ item, decision })), ...over } },
});
const answerRows = (estimation: string) =>
  t.database.db.execute(sql`SELECT signer_name, signature, ip, version, accepted_total, declined_total FROM estimation_answers WHERE estimation_id = ${estimation}`).then((r) => rowsOf<Record<string, unknown>>(r));

/** What an answer leaves on the estimate: its items' decisions, its state, the deferred work. */
async function outcome(estimation: string) {
  const items = rowsOf<{ detail: string; customer_decision: string | null }>(
    await t.database.db.execute(sql`SELECT detail, customer_decision FROM estimation_items WHERE estimation_id = ${estimation} ORDER BY position, id`),
  );
  const state = await one<Record<string, unknown>>(t, sql`SELECT state, approval_status FROM estimations WHERE id = ${estimation}`);
  const deferred = rowsOf<{ detail: string; total: number }>(await t.database.db.execute(sql`SELECT detail, total FROM deferred_work WHERE estimation_id = ${estimation} ORDER BY detail`));
  const answers = (await answerRows(estimation)).map(({ signature: _s, ...rest }) => rest);
  return { items, state, deferred, answers };
}

describe('the shared report of an inspection whose estimate was sent for approval', () => {
  it('shows the estimate’s jobs, each under its finding, and takes no answer when none was sent', async () => {
    const e = await inspectedAndSent(s.a);
    const summary = await t.api('GET', `${R}/${e.reportToken}/summary`);
    expect(summary.status, JSON.stringify(summary.body)).toBe(200);
    const approval = summary.body.approval;
    expect(approval).toMatchObject({ version: e.version, accepting: true, answer: null, customer: 'Mary Grant' });
    expect(approval.items.map((i: any) => i.id)).toEqual(e.ids);
    const findings = summary.body.work.flatMap((g: any) => g.items);
    const tire = findings.find((f: any) => f.field === 'Pneu AG');
    // The tire's job names the tire's finding; the cabin filter was made from none.
    expect(approval.items[0].inspection_field_id).toBe(tire.inspection_field_id);
    expect(tire.inspection_field_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(approval.items[2].inspection_field_id).toBeNull();

    // A report without an estimate sent: no approval, an answer refused (409, in the link’s language).
    const v = (await makeVehicle(t, s.a.admin.token, { vin: nextVin() })).id;
    const plain = await t.api('POST', '/api/v1/inspections', {
      token: s.a.admin.token,
      body: { data: { type: 'inspections', relationships: { inspectionForm: to('inspection-forms', s.a.form.id), vehicle: to('vehicles', v) } } },
    });
    await t.database.db.execute(sql`UPDATE inspections SET state = 'completed', completed_at = now() WHERE id = ${plain.body.data.id}`);
    const share = await t.api('POST', `/api/v1/inspections/${plain.body.data.id}/share`, { token: s.a.admin.token, body: { locale: 'fr' } });
    const token = share.body.meta.share.token;
    expect((await t.api('GET', `${R}/${token}/summary`)).body.approval).toBeNull();
    const none = await t.api('POST', `${R}/${token}/answer`, { body: body(1, []) });
    expect(none.status).toBe(409);
    expect(none.body.errors[0]).toMatchObject({ code: 'report_approval.none', detail: expect.stringContaining('Aucune estimation') });
  });

  it('serves the photos of the jobs it asks about through its own link, and no other upload', async () => {
    const PNG_BYTES = Buffer.from(PNG.split(',')[1], 'base64');
    // Uploads of the organization (a profile picture stands for any image it holds).
    const photo = await uploadFile(t, `users/${s.a.admin.id}/profile_image`, s.a.admin.token, { name: 'filtre.png', type: 'image/png', content: PNG_BYTES });
    expect(photo.status, JSON.stringify(photo.body)).toBe(201);
    const other = await uploadFile(t, `users/${s.a.admin.id}/profile_image`, s.a.admin.token, { name: 'autre.png', type: 'image/png', content: PNG_BYTES });
    expect(other.status).toBe(201);
    const e = await inspectedAndSent(s.a, { jobPhoto: photo.body.url });
    const summary = await t.api('GET', `${R}/${e.reportToken}/summary`);
    const photoId = String(photo.body.url).split('/')[4];
    expect(summary.body.approval.items[2].images).toEqual([`${R}/${e.reportToken}/photos/${photoId}`]);
    expect((await t.app.inject({ method: 'GET', url: summary.body.approval.items[2].images[0] })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: `${R}/${e.reportToken}/photos/${String(other.body.url).split('/')[4]}` })).statusCode).toBe(404);
  });

  it('answers as the approval link does: the same decisions, deferred work, totals and signer, the time and address kept', async () => {
    const viaLink = await inspectedAndSent(s.a, { share: false });
    const viaReport = await inspectedAndSent(s.a);
    const linked = await t.api('POST', `${A}/${viaLink.approvalToken}`, { body: body(viaLink.version, decisions(viaLink), { signature: PNG }) });
    expect(linked.status, JSON.stringify(linked.body)).toBe(201);
    const reported = await t.api('POST', `${R}/${viaReport.reportToken}/answer`, { body: body(viaReport.version, decisions(viaReport)) });
    expect(reported.status, JSON.stringify(reported.body)).toBe(201);
    expect(reported.body).toMatchObject({ accepting: false, answer: { version: viaReport.version, signer_name: 'Mary Grant' } });
    expect(reported.body.answer.decisions).toEqual(expect.arrayContaining(decisions(viaReport).map(([item, decision]) => ({ item, decision }))));

    const a = await outcome(viaLink.estimation);
    const b = await outcome(viaReport.estimation);
    expect(b).toEqual(a);
    expect(b.deferred).toHaveLength(1);
    expect(b.items.map((i) => i.customer_decision)).toEqual(['approved', 'declined', 'approved']);
    const [row] = await answerRows(viaReport.estimation);
    // The typed name signs: no image kept; who, when and from where are.
    expect(row).toMatchObject({ signer_name: 'Mary Grant', signature: '', version: viaReport.version });
    expect(row.ip).toBeTruthy();
    // The approval link shows the answer given through the report, and takes no second one.
    const seen = await t.api('GET', `${A}/${viaReport.approvalToken}`);
    expect(seen.body).toMatchObject({ accepting: false, answer: { signer_name: 'Mary Grant' } });
    const again = await t.api('POST', `${A}/${viaReport.approvalToken}`, { body: body(viaReport.version, decisions(viaReport), { signature: PNG }) });
    expect(again.status).toBe(409);
    expect(again.body.errors[0].code).toBe('approval.already_answered');
    // The report's summary shows it answered.
    const summary = await t.api('GET', `${R}/${viaReport.reportToken}/summary`);
    expect(summary.body.approval).toMatchObject({ accepting: false, answer: { signer_name: 'Mary Grant' } });
    // The quote's PDF of an answer signed by name still prints.
    const pdf = await t.app.inject({ method: 'GET', url: `${A}/${viaReport.approvalToken}/report` });
    expect(pdf.statusCode).toBe(200);
  });

  it('takes one answer per version (409, translated), and says every problem of a bad one at its pointer, keeping nothing', async () => {
    const e = await inspectedAndSent(s.a);
    const bad = await t.api('POST', `${R}/${e.reportToken}/answer`, { body: body(e.version, [[e.ids[0], 'approved']], { signer_name: ' ' }), headers: { 'accept-language': 'fr' } });
    expect(bad.status).toBe(422);
    // In the link's language (en), whatever the browser asks; no signature is asked.
    expect(bad.body.errors.map((x: any) => [x.source.pointer, x.detail])).toEqual([
      ['/data/attributes/signer_name', 'Your name is required'],
      ['/data/attributes/decisions', '2 job(s) still have no decision'],
    ]);
    expect(await answerRows(e.estimation)).toEqual([]);
    const changed = await t.api('POST', `${R}/${e.reportToken}/answer`, { body: body(e.version - 1, decisions(e)) });
    expect(changed.status).toBe(409);
    expect(changed.body.errors[0].code).toBe('approval.version_changed');
    expect((await t.api('POST', `${R}/${e.reportToken}/answer`, { body: body(e.version, decisions(e)) })).status).toBe(201);
    const twice = await t.api('POST', `${R}/${e.reportToken}/answer`, { body: body(e.version, decisions(e)) });
    expect(twice.status).toBe(409);
    expect(twice.body.errors[0]).toMatchObject({ code: 'approval.already_answered', detail: 'This version of the estimate has already been answered.' });
    expect(await answerRows(e.estimation)).toHaveLength(1);
  });

  it('keeps one of two answers sent at once (the approval read once, locked), its writes caused by the approval’s link', async () => {
    const e = await inspectedAndSent(s.a);
    const both = await Promise.all([0, 1].map(() => t.api('POST', `${R}/${e.reportToken}/answer`, { body: body(e.version, decisions(e)) })));
    expect(both.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(both.find((r) => r.status === 201)!.body).toMatchObject({ accepting: false, answer: { version: e.version, signer_name: 'Mary Grant' } });
    expect(await answerRows(e.estimation)).toHaveLength(1);
    const link = await one<{ id: string }>(t, sql`SELECT id FROM estimation_approvals WHERE estimation_id = ${e.estimation}`);
    const caused = rowsOf<{ type: string }>(await t.database.db.execute(sql`SELECT properties->'cause'->>'type' AS type FROM logs WHERE properties->'cause'->>'id' = ${link.id}`));
    expect(caused.length).toBeGreaterThan(0);
    expect(new Set(caused.map((c) => c.type))).toEqual(new Set(['estimate-approvals']));
    expect(rowsOf(await t.database.db.execute(sql`SELECT 1 FROM logs WHERE properties->'cause'->>'type' = 'inspection-shares'`))).toEqual([]);
  });

  it('refuses an expired or revoked report link (410), and an expired or revoked approval link leaves nothing to answer (409)', async () => {
    const e = await inspectedAndSent(s.a);
    await t.database.db.execute(sql`UPDATE inspection_shares SET expires_at = now() - interval '1 minute' WHERE inspection_id = ${e.inspection}`);
    const expired = await t.api('POST', `${R}/${e.reportToken}/answer`, { body: body(e.version, decisions(e)) });
    expect(expired.status).toBe(410);
    expect(expired.body.errors[0].detail).toMatch(/expired|revoked/);

    const f = await inspectedAndSent(s.a);
    expect((await t.api('POST', `/api/v1/inspections/${f.inspection}/unshare`, { token: s.a.admin.token, body: {} })).status).toBe(200);
    expect((await t.api('POST', `${R}/${f.reportToken}/answer`, { body: body(f.version, decisions(f)) })).status).toBe(410);

    const g = await inspectedAndSent(s.a);
    await t.database.db.execute(sql`UPDATE estimation_approvals SET expires_at = now() - interval '1 minute' WHERE estimation_id = ${g.estimation}`);
    expect((await t.api('GET', `${R}/${g.reportToken}/summary`)).body.approval).toBeNull();
    const closed = await t.api('POST', `${R}/${g.reportToken}/answer`, { body: body(g.version, decisions(g)) });
    expect(closed.status).toBe(409);
    expect(closed.body.errors[0]).toMatchObject({ code: 'report_approval.none', detail: expect.stringMatching(/^No estimate awaits/) });
    const h = await inspectedAndSent(s.a);
    await t.database.db.execute(sql`UPDATE estimation_approvals SET revoked_at = now() WHERE estimation_id = ${h.estimation}`);
    expect((await t.api('POST', `${R}/${h.reportToken}/answer`, { body: body(h.version, decisions(h)) })).status).toBe(409);
    for (const x of [e, f, g, h]) expect(await answerRows(x.estimation)).toEqual([]);
  });

  it('a report of one organization never answers (nor shows) another’s estimate', async () => {
    const mine = await inspectedAndSent(s.a);
    const theirs = await inspectedAndSent(s.b, { share: false });
    // A pointer gone wrong: the inspection of A names B's estimate.
    await t.database.db.execute(sql`UPDATE inspections SET estimation_id = ${theirs.estimation} WHERE id = ${mine.inspection}`);
    expect((await t.api('GET', `${R}/${mine.reportToken}/summary`)).body.approval).toBeNull();
    const res = await t.api('POST', `${R}/${mine.reportToken}/answer`, { body: body(theirs.version, decisions(theirs)) });
    expect(res.status).toBe(409);
    expect(await answerRows(theirs.estimation)).toEqual([]);
    // Nor its jobs' photos.
    expect((await t.app.inject({ method: 'GET', url: `${R}/${mine.reportToken}/photos/00000000-0000-4000-8000-000000000000` })).statusCode).toBe(404);
    // Back in place, A's report answers A's own estimate only.
    await t.database.db.execute(sql`UPDATE inspections SET estimation_id = ${mine.estimation} WHERE id = ${mine.inspection}`);
    expect((await t.api('POST', `${R}/${mine.reportToken}/answer`, { body: body(theirs.version, decisions(theirs)) })).status).toBe(422);
    expect((await t.api('POST', `${R}/${mine.reportToken}/answer`, { body: body(mine.version, decisions(mine)) })).status).toBe(201);
    expect(await answerRows(theirs.estimation)).toEqual([]);
  });

  it('takes hostile bodies without a 5xx or a partial write', async () => {
    const e = await inspectedAndSent(s.a);
    const hostile: unknown[] = [
      null,
      [],
      'x',
      42,
      { data: null },
      { data: { attributes: [] } },
      { data: { attributes: { version: '1', signer_name: ['x'], decisions: 'all' } } },
      { data: { attributes: { version: e.version, signer_name: 'x'.repeat(10_000), decisions: decisions(e).map(([item, decision]) => ({ item, decision })) } } },
      { data: { attributes: { version: e.version, signer_name: 'M', decisions: [{ item: '__proto__', decision: 'approved' }, { item: 'constructor', decision: 'declined' }, { item: e.ids[0], decision: 'toString' }] } } },
      { data: { attributes: { version: e.version, signer_name: 'M', decisions: [null, 1, [], { item: {}, decision: {} }] } } },
      { data: { attributes: { version: Number.MAX_SAFE_INTEGER + 2, signer_name: 'M', decisions: [] } } },
      { __proto__: { data: { attributes: {} } } },
    ];
    for (const b of hostile) {
      const res = await t.app.inject({ method: 'POST', url: `${R}/${e.reportToken}/answer`, headers: { 'content-type': 'application/json' }, payload: JSON.stringify(b) });
      expect(res.statusCode, JSON.stringify(b)?.slice(0, 200)).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, res.body).toBeLessThan(500);
    }
    const raw = await t.app.inject({ method: 'POST', url: `${R}/${e.reportToken}/answer`, headers: { 'content-type': 'application/json' }, payload: '{"data":' });
    expect(raw.statusCode).toBe(400);
    expect(await answerRows(e.estimation)).toEqual([]);
    expect((await outcome(e.estimation)).items.every((i) => i.customer_decision === null)).toBe(true);
  });
});
