import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../src/db/columns.ts';
import { makeVehicle, nextVin, userWith, type MadeUser } from '../factories.ts';
import { fileApp } from '../helpers.ts';
import { expectInlinePdf, expectReportGuarded, getPdf } from '../reports/pdf-text.ts';
import { PRINTED_SUBJECT_FR } from '../reports/fixtures.ts';
import { setOption } from '../repairs/world.ts';
import { act, E, estimate, estimateWorld, type EstimateWorld, item, itemsOf, one, patchItems, PNG, to } from './helpers.ts';

// The estimate's PDF through the API (issue 12): GET /estimations/{id}/report in the reader's
// language, and the customer's copy through the approval link, in the link's language. Read
// back as text: the vehicle, the customer, the items, Québec's GST + QST, the totals, each item's
// decisions and the settings' document footer.

const t = fileApp();
let w: EstimateWorld;
const FOOTER = 'Garage Québec inc. · TPS 123456789 RT0001 · TVQ 1234567890 TQ0001';
const P = '/api/v1/public/estimate-approvals';

const pdf = (url: string, headers?: Record<string, string>) => getPdf(t, url, headers);
const report = (id: string, who: Pick<MadeUser, 'token'>, lang = 'fr') => pdf(`${E}/${id}/report`, { authorization: `Bearer ${who.token}`, 'accept-language': lang, 'x-timezone': 'America/Montreal' });

/** A stored photo (a JPEG upload) of the organization given; its URL. */
async function upload(organizationId: string) {
  const id = newId();
  const path = join('uploads', organizationId, 'quote-test', `${id}.jpg`);
  const file = join(t.config.dataDir, path);
  await mkdir(dirname(file), { recursive: true });
  const bytes = await sharp({ create: { width: 1200, height: 900, channels: 3, background: '#3366cc' } }).jpeg().toBuffer();
  await writeFile(file, bytes);
  await t.database.db.execute(
    sql`INSERT INTO uploads (id, organization_id, resource_type, record_id, field, path, mime, size) VALUES (${id}, ${organizationId}, 'inspection-fields', 'x', 'images', ${path}, 'image/jpeg', ${bytes.length})`,
  );
  return `/api/v1/uploads/${id}/content`;
}

beforeAll(async () => {
  w = await estimateWorld(t, { organization: { name: 'Garage Québec' }, admin: { firstname: 'Julie', lastname: 'Côté' }, customer: { type: 'company', firstname: null, lastname: null, company_name: 'Transport Laval inc.', phone: '450-555-0101', email: 'flotte@laval.example', locale: 'en' } });
  await setOption(t, w.admin, w.orgId, 'general.document_footer', FOOTER);
});

/**
 * A complete estimate of a 2023 Hyundai Kona for the customer, three items priced with the Québec
 * taxes (the organization's group unless another is given; the first with a photo of ours and one of another organization), sent to the customer.
 */
async function sentEstimate(vin = 'KM8K2CAB4PU001140', taxGroup = w.qc) {
  const vehicle = await makeVehicle(t, w.admin.token, { vin, model_year: 2023, make: 'Hyundai', model: 'Kona', odometer: 18650 });
  const made = await estimate(t, w.admin, {
    vehicle: vehicle.id,
    items: [
      item({ detail: 'Plaquettes de frein avant', condition: 'to_replace', urgency: 'urgent' }),
      item({ detail: 'Essuie-glaces', condition: 'to_schedule', urgency: 'monitor' }),
      item({ detail: 'Filtre d’habitacle', condition: 'to_replace', urgency: 'soon' }),
    ],
    relationships: { customer: to('customers', w.customerId), estimators: { data: [{ type: 'users', id: w.admin.id }] } },
    attributes: { stock: 'S-1234' },
  });
  const ids: string[] = itemsOf(made.body).map((i: any) => i.id);
  for (const route of ['start-components', 'start-times']) expect((await act(t, made.id, route, w.admin)).status).toBe(200);
  // Pads: 200,00 $ + 2 h × 100,00 $ = 400,00 $; TPS 20,00 $; TVQ 39,90 $ → 459,90 $.
  // Wipers: 2 × 25,00 $ = 50,00 $; TPS 2,50 $; TVQ 4,99 $ → 57,49 $.  Filter: 30,00 $; TPS 1,50 $; TVQ 2,99 $ → 34,49 $.
  const prices = [
    { quantity: '1', unit_price: 20_000, time: '2', hourly_rate: 10_000, part: 'Plaquettes céramique', part_number: 'BP-11' },
    { quantity: '2', unit_price: 2_500, time: '0' },
    { quantity: '1', unit_price: 3_000, time: '0' },
  ];
  const priced = await patchItems(t, made.id, ids.map((id, k) => item(prices[k], { taxGroup: to('tax-groups', taxGroup) }, id)), w.admin);
  expect(priced.status, JSON.stringify(priced.body)).toBe(200);
  for (const route of ['end-components', 'end-times']) expect((await act(t, made.id, route, w.admin)).status).toBe(200);
  const mine = await upload(w.orgId);
  const theirs = await upload((await one<{ organization_id: string }>(t, sql`SELECT organization_id FROM users WHERE id = ${w.stranger.id}`)).organization_id);
  await t.database.db.execute(sql`UPDATE estimation_items SET images = ${JSON.stringify([mine, theirs])}::jsonb WHERE id = ${ids[0]}`);
  const sent = await act(t, made.id, 'send-client-approve', w.admin, { data: {} });
  expect(sent.status, JSON.stringify(sent.body)).toBe(200);
  return { id: made.id, ids, token: (sent.body.meta.approval.url as string).split('/').pop()!, version: sent.body.data.attributes.version as number };
}

let e: Awaited<ReturnType<typeof sentEstimate>>;
beforeAll(async () => {
  e = await sentEstimate();
  // The customer approves the pads and the filter and declines the wipers.
  const decisions = [
    { item: e.ids[0], decision: 'approved' },
    { item: e.ids[1], decision: 'declined' },
    { item: e.ids[2], decision: 'approved' },
  ];
  const answered = await t.api('POST', `${P}/${e.token}`, { body: { data: { attributes: { version: e.version, signer_name: 'Marc Laval', signature: PNG, decisions } } } });
  expect(answered.status, JSON.stringify(answered.body)).toBe(201);
});

describe('GET /estimations/{id}/report', () => {
  it('answers the quote in French: vehicle, customer, items by urgency, TPS + TVQ, totals, the decisions, the footer on every page', async () => {
    const res = await report(e.id, w.admin);
    expectInlinePdf(res, /^inline; filename="soumission-E-\d{4}-\d{6}\.pdf"$/);
    for (const s of [
      'Soumission',
      'Garage Québec',
      ...PRINTED_SUBJECT_FR,
      'S-1234',
      'Julie Côté',
      'À faire maintenant · À remplacer',
      'À prévoir · À remplacer',
      'À surveiller · À planifier',
      'Plaquettes de frein avant',
      'Plaquettes céramique',
      'N° de pièce BP-11',
      '2 h × 100,00 $/h',
      'TPS 20,00 $',
      'TVQ 39,90 $',
      '459,90 $',
      'Essuie-glaces',
      '2 × 25,00 $',
      'Filtre d’habitacle',
      'Accepté par le client',
      'Refusé par le client',
      'TPS (5 %)',
      'TVQ (9,975 %)',
      // The other organization's photo is never read.
      'Photo non disponible',
      'Signé par Marc Laval',
    ])
      expect(res.text, s).toContain(s);
    // Proposed: pads and filter (the wipers were declined): 430,00 $ + TPS 21,50 $ + TVQ 42,89 $.
    expect(res.text).toMatch(/Sous-total\s+430,00 \$/);
    expect(res.text).toMatch(/TPS \(5 %\)\s+21,50 \$/);
    expect(res.text).toMatch(/TVQ \(9,975 %\)\s+42,89 \$/);
    expect(res.text).toMatch(/Total proposé\s+494,39 \$/);
    expect(res.text).not.toContain('PROVISOIRE');
    // The one photo of this organization, as a JPEG (the signature and the logo are PNG).
    expect(res.raw.toString('latin1').match(/\/DCTDecode/g) ?? []).toHaveLength(1);
    for (const page of res.pages) expect(page).toContain(FOOTER);
  });

  it('answers it in English with Accept-Language: en', async () => {
    const res = await report(e.id, w.admin, 'en');
    expect(res.status).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/filename="estimate-E-/);
    for (const s of ['Estimate', 'Needed now · To replace', 'Plaquettes de frein avant', '18,650 km', '2 h × $100.00/h', 'TPS $20.00', 'TVQ $39.90', 'Accepted by the customer', 'Declined by the customer', 'TPS (5%)', 'TVQ (9.975%)', 'Signed by Marc Laval', FOOTER])
      expect(res.text, s).toContain(s);
    expect(res.text).toMatch(/Proposed total\s+\$494\.39/);
    expect(res.text).not.toContain('Soumission');
  });

  it('shows the dealership’s decisions and the approved total once the estimate is validated', async () => {
    const valid = await act(t, e.id, 'valid', w.admin);
    expect(valid.status, JSON.stringify(valid.body)).toBe(200);
    const res = await report(e.id, w.admin);
    expect(res.text).toContain('Approuvée');
    expect(res.text).toMatch(/Total des travaux approuvés\s+494,39 \$/);
  });

  it('prints the totals the items stored: a tax rate edited afterwards changes neither the lines nor the totals, and is not printed', async () => {
    const made = await t.api('POST', '/api/v1/tax-groups', {
      token: w.admin.token,
      body: { data: { type: 'tax-groups', attributes: { name: 'Québec (rates to edit)' }, relationships: { taxes: { data: [{ type: 'taxes', attributes: { code: 'TPS', rate: '5', type: 'percentage' } }, { type: 'taxes', attributes: { code: 'TVQ', rate: '9.975', type: 'percentage' } }] } } } },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const saved = await sentEstimate(nextVin(), made.body.data.id);
    // The TVQ goes to 10 % once the items are saved.
    const { tps, tvq } = await one<{ tps: string; tvq: string }>(
      t,
      sql`SELECT max(id::text) FILTER (WHERE code = 'TPS') AS tps, max(id::text) FILTER (WHERE code = 'TVQ') AS tvq FROM taxes WHERE tax_group_id = ${made.body.data.id}`,
    );
    const edited = await t.api('PATCH', `/api/v1/tax-groups/${made.body.data.id}`, {
      token: w.admin.token,
      body: { data: { type: 'tax-groups', id: made.body.data.id, relationships: { taxes: { data: [{ type: 'taxes', id: tps }, { type: 'taxes', id: tvq, attributes: { rate: '10' } }] } } } },
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    const res = await report(saved.id, w.admin);
    expect(res.status).toBe(200);
    // Pads: TVQ 39,90 $ stored (at 10 % it would be 40,00 $); three items proposed: 480,00 $ + TPS 24,00 $ + TVQ 47,88 $.
    for (const s of ['TPS 20,00 $', 'TVQ 39,90 $', '459,90 $', 'TPS (5 %)']) expect(res.text, s).toContain(s);
    expect(res.text).toMatch(/Sous-total\s+480,00 \$/);
    expect(res.text).toMatch(/TVQ\s+47,88 \$/);
    expect(res.text).toMatch(/Total proposé\s+551,88 \$/);
    expect(res.text).not.toContain('TVQ 40,00 $');
    expect(res.text).not.toContain('(10 %)');
    const api = await t.api('GET', `${E}/${saved.id}`, { token: w.admin.token });
    expect(api.body.data.attributes.total).toBe(55188);
  });

  it('marks an estimate still being priced as a draft', async () => {
    const draft = await estimate(t, w.admin, { items: [item({ detail: 'Vidange' })] });
    const fr = await report(draft.id, w.admin);
    expect(fr.status).toBe(200);
    for (const page of fr.pages) expect(page).toContain('PROVISOIRE');
    expect((await report(draft.id, w.admin, 'en')).text).toContain('DRAFT');
  });

  it('is refused without the right to view estimations (403) and does not exist for another organization (404)', async () => {
    const nobody = await userWith(t, w.orgId, 'no-estimations@quote.test', ['view any vehicles']);
    await expectReportGuarded(t, `${E}/${e.id}/report`, nobody.token, w.stranger.token);
  });
});

describe('GET /public/estimate-approvals/{token}/report', () => {
  it('answers the quote in the link’s language without signing in, with the items the customer was asked about', async () => {
    const { state } = await one<{ state: string | null }>(t, sql`SELECT state FROM estimation_items WHERE id = ${e.ids[1]}`);
    await t.database.db.execute(sql`UPDATE estimation_items SET state = 'denied' WHERE id = ${e.ids[1]}`);
    const res = await pdf(`${P}/${e.token}/report?tz=America/Montreal`);
    expect(res.status).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/filename="estimate-E-/);
    for (const s of ['Estimate', 'KM8K2CAB4PU001140', 'Transport Laval inc.', 'Plaquettes de frein avant', 'Accepted by the customer', 'TVQ (9.975%)', FOOTER]) expect(res.text, s).toContain(s);
    // Denied by the dealership: not on the customer's copy.
    expect(res.text).not.toContain('Essuie-glaces');
    await t.database.db.execute(sql`UPDATE estimation_items SET state = ${state} WHERE id = ${e.ids[1]}`);
  });

  it('is 404 for a token nobody made and 410, in the link’s language, once the link expired', async () => {
    const unknown = await pdf(`${P}/${'x'.repeat(43)}/report`);
    expect(unknown.status).toBe(404);
    expect((await pdf(`${P}/short/report`)).status).toBe(404);
    const other = await sentEstimate(nextVin());
    await t.database.db.execute(sql`UPDATE estimation_approvals SET expires_at = now() - interval '1 minute' WHERE estimation_id = ${other.id}`);
    const gone = await pdf(`${P}/${other.token}/report`);
    expect(gone.status).toBe(410);
    expect(gone.json.errors[0].detail).toMatch(/expired|withdrawn/i);
  });

  it('counts against the address’s public reads (429 once over)', async () => {
    let status = 0;
    for (let k = 0; k < 70 && status !== 429; k++) status = (await pdf(`${P}/${'y'.repeat(42)}${k % 10}/report`)).status;
    expect(status).toBe(429);
  });
});
