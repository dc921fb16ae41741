import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers.ts';
import { getPdf } from '../reports/pdf-text.ts';
import { act, E, estimate, estimateWorld, item, itemsOf, one, patchItems, to, type EstimateWorld } from './helpers.ts';

// Parts pricing (issue 27): environmental fees from the settings by province, core charges and
// their return, the markup matrix filling a price left empty, the margin kept from public
// documents, and the approved estimate = its repair = its invoice to the cent.

let t: TestApp;
let w: EstimateWorld;
let gstOnly: string;
let tire: string;
let battery: string;

const option = async (name: string, value: unknown, lang = 'fr') => {
  const { id } = await one<{ id: string }>(t, sql`SELECT id FROM options WHERE organization_id = ${w.orgId} AND name = ${name}`);
  return t.api('PATCH', `/api/v1/options/${id}`, { token: w.admin.token, body: { data: { type: 'options', id, attributes: { value } } }, headers: { 'accept-language': lang } });
};

const product = async (attributes: Record<string, unknown>) => {
  const res = await t.api('POST', '/api/v1/products', { token: w.admin.token, body: { data: { type: 'products', attributes } } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data.id as string;
};

beforeAll(async () => {
  t = await createTestApp();
  w = await estimateWorld(t, { admin: { firstname: 'Alice', lastname: 'Admin' }, customer: { company_name: 'Pneus Boréal', type: 'company' } });
  // direct write: the test's organization is in Québec (the fees' province)
  await t.database.db.execute(sql`UPDATE organizations SET province = 'QC' WHERE id = ${w.orgId}`);
  const group = await t.api('POST', '/api/v1/tax-groups', {
    token: w.admin.token,
    body: { data: { type: 'tax-groups', attributes: { name: 'TPS seulement' }, relationships: { taxes: { data: [{ type: 'taxes', attributes: { code: 'TPS', rate: '5', type: 'percentage' } }] } } } },
  });
  expect(group.status, JSON.stringify(group.body)).toBe(201);
  gstOnly = group.body.data.id;
  tire = await product({ sku: 'PN-205', name: 'Pneu 205/55R16', buying_price: 10_000, selling_price: 16_000, environmental_fee_kind: 'tire' });
  battery = await product({ sku: 'BAT-24', name: 'Batterie groupe 24', buying_price: 12_000, core_charge: 2_000, environmental_fee_kind: 'battery' });
});
afterAll(() => t?.close());

const pick = (o: Record<string, unknown>, names: string[]) => Object.fromEntries(names.filter((n) => Object.hasOwn(o, n)).map((n) => [n, o[n]]));

/** An estimate whose items name products (prices left empty unless given), its phases worked by the admin. */
async function withProducts(lines: { detail: string; product: string; quantity: string; unit_price?: number; group?: string }[]) {
  const made = await estimate(t, w.admin, { items: lines.map((l) => item({ detail: l.detail })), relationships: { customer: to('customers', w.customerId) } });
  const ids: string[] = itemsOf(made.body).map((i: { id: string }) => i.id);
  for (const route of ['start-components', 'start-times']) expect((await act(t, made.id, route, w.admin)).status).toBe(200);
  const res = await patchItems(
    t,
    made.id,
    lines.map((l, k) =>
      item(
        { quantity: l.quantity, time: '0.5', hourly_rate: 12_000, ...(l.unit_price === undefined ? {} : { unit_price: l.unit_price }) },
        { taxGroup: to('tax-groups', l.group ?? w.qc), product: to('products', l.product) },
        ids[k],
      ),
    ),
    w.admin,
  );
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { id: made.id, ids, items: itemsOf(res.body).map((i: any) => i.attributes) };
}

describe('the settings of parts pricing', () => {
  it('start with Québec’s example fees and an empty matrix; refuse a bad matrix or fee (422, translated)', async () => {
    const fees = await one<{ value: unknown }>(t, sql`SELECT value FROM options WHERE organization_id = ${w.orgId} AND name = 'estimations.environmental_fees'`);
    expect(fees.value).toEqual({ QC: { tire: 300, battery: 300 } });
    const bad = await option('estimations.markup_matrix', [{ fromCents: 0, marginPercent: '50' }, { fromCents: 0, marginPercent: '40' }], 'en');
    expect(bad.status).toBe(422);
    expect(bad.body.errors[0].detail).toContain('no duplicates');
    expect((await option('estimations.environmental_fees', { QC: { tire: -5 } })).status).toBe(422);
    expect((await option('estimations.environmental_fees', { QC: { tire: 450, battery: 350 } })).status).toBe(200);
    const matrix = await option('estimations.markup_matrix', [{ fromCents: 10_000, marginPercent: '25' }, { fromCents: 0, marginPercent: 50 }]);
    expect(matrix.status, JSON.stringify(matrix.body)).toBe(200);
    expect(matrix.body.data.attributes.value).toEqual([
      { fromCents: 0, marginPercent: '50' },
      { fromCents: 10_000, marginPercent: '25' },
    ]);
  });
});

describe('a product on an item', () => {
  it('fills the price by the matrix only when empty, the fee of the province, the core and the cost', async () => {
    const e = await withProducts([
      { detail: 'Pneus d’hiver', product: tire, quantity: '4' },
      { detail: 'Batterie', product: battery, quantity: '1', unit_price: 19_999, group: gstOnly },
    ]);
    // 100.00 $ + 25 % = 125.00 $ (the matrix, not the product's selling price); the typed price stays.
    expect(e.items[0]).toMatchObject({ unit_price: 12_500, unit_cost: 10_000, environmental_fee_kind: 'tire', environmental_fee: 450, core_charge: null, part_charges_total: 1_800 });
    expect(e.items[1]).toMatchObject({ unit_price: 19_999, unit_cost: 12_000, environmental_fee_kind: 'battery', environmental_fee: 350, core_charge: 2_000, part_charges_total: 2_350 });
    // The tires' fee is taxed with GST and QST: (500 + 60 + 18) × 4 … each subline rounded once.
    // parts 50 000 + labour 6 000 + fee 1 800 = 57 800; TPS 2 890; TVQ 5 765.55 (rounded per subline: 4 987.5 + 598.5 + 179.55)
    expect(e.items[0]).toMatchObject({ subtotal: 57_800, tax_total: 2_890 + 4_988 + 599 + 180, tax_details: [{ code: 'TPS', amount: 2_890 }, { code: 'TVQ', amount: 4_988 + 599 + 180 }] });

    // A fee typed by a person is kept when the product is chosen again.
    const kept = await t.api('PATCH', `/api/v1/estimation-items/${e.ids[0]}`, {
      token: w.admin.token,
      body: { data: { type: 'estimation-items', id: e.ids[0], attributes: { environmental_fee: 400, unit_price: null }, relationships: { product: to('products', battery) } } },
    });
    expect(kept.status, JSON.stringify(kept.body)).toBe(200);
    // The battery: 120.00 $ + 25 % = 150.00 $; the typed fee stays; what the tire had put there is the battery's now.
    expect(kept.body.data.attributes).toMatchObject({ unit_price: 15_000, environmental_fee: 400, core_charge: 2_000, part: 'Batterie groupe 24', part_number: 'BAT-24', unit_cost: 12_000, environmental_fee_kind: 'battery' });
  });

  it('another product replaces what the previous one filled, even sent back as it was, and keeps what a person typed', async () => {
    const e = await withProducts([
      { detail: 'Batterie', product: battery, quantity: '1' },
      { detail: 'Batterie au prix du client', product: battery, quantity: '1', unit_price: 17_500 },
    ]);
    const swap = async (k: number, typed: Record<string, unknown> = {}) => {
      // As the screen sends a line: every field as it was, the product changed.
      const { subtotal, tax_total, tax_details, total, part_charges_total, margin, ...sent } = e.items[k];
      void [subtotal, tax_total, tax_details, total, part_charges_total, margin];
      const res = await t.api('PATCH', `/api/v1/estimation-items/${e.ids[k]}`, {
        token: w.admin.token,
        body: { data: { type: 'estimation-items', id: e.ids[k], attributes: { ...pick(sent, ['detail', 'quantity', 'unit_price', 'part', 'part_number', 'unit_cost', 'environmental_fee_kind', 'environmental_fee', 'core_charge']), ...typed }, relationships: { product: to('products', tire) } } },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.data.attributes;
    };
    // The tire has no core charge: the battery's goes with it; its fee, cost, name and matrix price come.
    expect(await swap(0)).toMatchObject({ part: 'Pneu 205/55R16', part_number: 'PN-205', unit_price: 12_500, unit_cost: 10_000, environmental_fee_kind: 'tire', environmental_fee: 450, core_charge: null });
    // The customer's price was typed: it stays; so does a name typed in the same request.
    expect(await swap(1, { part: 'Pneu d’hiver du client' })).toMatchObject({ part: 'Pneu d’hiver du client', unit_price: 17_500, unit_cost: 10_000, core_charge: null });
  });

  it('a canned job’s part left without a price takes the matrix’s, with its fee', async () => {
    const job = await t.api('POST', '/api/v1/canned-jobs', {
      token: w.admin.token,
      body: {
        data: {
          type: 'canned-jobs',
          attributes: { name: 'Pneus d’hiver posés', code: 'PNH' },
          relationships: { items: { data: [{ type: 'canned-job-items', attributes: { detail: 'Pneus', quantity: '4' }, relationships: { product: to('products', tire) } }] } },
        },
      },
    });
    expect(job.status, JSON.stringify(job.body)).toBe(201);
    const made = await estimate(t, w.admin, { relationships: { customer: to('customers', w.customerId) } });
    const added = await t.api('POST', `${E}/${made.id}/canned-job`, { token: w.admin.token, body: { data: { type: 'canned-jobs', id: job.body.data.id } } });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    const [row] = (await t.api('GET', `${E}/${made.id}?include=items`, { token: w.admin.token })).body.included.filter((r: { type: string }) => r.type === 'estimation-items');
    expect(row.attributes).toMatchObject({ unit_price: 12_500, unit_cost: 10_000, environmental_fee_kind: 'tire', environmental_fee: 450, part_charges_total: 1_800 });
  });

  it('keeps the cost and the margin out of the customer’s public documents', async () => {
    const e = await withProducts([{ detail: 'Pneus', product: tire, quantity: '2' }]);
    for (const route of ['end-components', 'end-times']) expect((await act(t, e.id, route, w.admin)).status).toBe(200);
    const sent = await act(t, e.id, 'send-client-approve', w.admin, { data: { send_email: false } });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const token = (sent.body.meta.approval.url as string).split('/').pop()!;
    const view = await t.api('GET', `/api/v1/public/estimate-approvals/${token}`);
    expect(view.status).toBe(200);
    const text = JSON.stringify(view.body);
    for (const secret of ['unit_cost', 'margin', 'buying_price', ':10000']) expect(text).not.toContain(secret);
    expect(view.body.items[0].totals.part_charges).toBe(900);
    const pdf = await getPdf(t, `/api/v1/public/estimate-approvals/${token}/report`, { 'accept-language': 'fr' });
    expect(pdf.status).toBe(200);
    expect(pdf.text).toContain('Droits environnementaux (pneus) 9,00 $');
    expect(pdf.text).not.toMatch(/Coût|Marge/);
  });
});

describe('fees and cores carried through', () => {
  it('the approved estimate, its repair and its invoice agree to the cent (two tax groups), the returned core credited', async () => {
    const e = await withProducts([
      { detail: 'Pneus d’hiver', product: tire, quantity: '4' },
      { detail: 'Batterie', product: battery, quantity: '1', unit_price: 19_999, group: gstOnly },
    ]);
    for (const route of ['end-components', 'end-times']) expect((await act(t, e.id, route, w.admin)).status).toBe(200);
    const valid = await act(t, e.id, 'valid', w.admin);
    expect(valid.status, JSON.stringify(valid.body)).toBe(200);
    const estimation = valid.body.data.attributes;
    expect(estimation.part_charges_total).toBe(1_800 + 2_350);

    const repairId = valid.body.data.relationships.repair.data.id as string;
    const read = async () => t.api('GET', `/api/v1/repairs/${repairId}?include=items`, { token: w.admin.token });
    let doc = await read();
    const items = doc.body.included.filter((r: { type: string }) => r.type === 'repair-items').sort((a: any, b: any) => a.attributes.position - b.attributes.position);
    expect(items.map((i: any) => [i.attributes.environmental_fee, i.attributes.core_charge, i.attributes.unit_cost])).toEqual([
      [450, null, 10_000],
      [350, 2_000, 12_000],
    ]);
    expect(doc.body.data.attributes).toMatchObject({ part_charges_total: estimation.part_charges_total, subtotal: estimation.subtotal, tax_total: estimation.tax_total, total: estimation.approved_total });

    // The old battery came back: its core is credited (20.00 $ + TPS 1.00 $).
    const back = await t.api('PATCH', `/api/v1/repair-items/${items[1].id}`, { token: w.admin.token, body: { data: { type: 'repair-items', id: items[1].id, attributes: { core_returned: true } } } });
    expect(back.status, JSON.stringify(back.body)).toBe(200);
    expect(back.body.data.attributes.part_charges_total).toBe(350);
    doc = await read();
    const repair = doc.body.data.attributes;
    expect(repair.total).toBe(estimation.approved_total - 2_100);

    for (const action of ['start', 'complete']) expect((await t.api('POST', `/api/v1/repairs/${repairId}/${action}`, { token: w.admin.token, body: {} })).status).toBe(200);
    const invoice = await t.api('POST', `/api/v1/repairs/${repairId}/invoice?include=items`, { token: w.admin.token, body: {} });
    expect(invoice.status, JSON.stringify(invoice.body)).toBe(201);
    const lines = invoice.body.included.filter((r: { type: string }) => r.type === 'sales-invoice-items').map((l: any) => [l.attributes.description, Number(l.attributes.quantity), l.attributes.subtotal]);
    expect(lines).toEqual([
      ['Pneu 205/55R16', 4, 50_000],
      ['Main-d’œuvre : Pneus d’hiver', 1, 6_000],
      ['Droits environnementaux (pneus)', 4, 1_800],
      ['Batterie groupe 24', 1, 19_999],
      ['Main-d’œuvre : Batterie', 1, 6_000],
      ['Droits environnementaux (batteries)', 1, 350],
      ['Consigne (noyau) : Batterie groupe 24', 1, 2_000],
      ['Consigne retournée : Batterie groupe 24', -1, -2_000],
    ]);
    expect(invoice.body.data.attributes).toMatchObject({ subtotal: repair.subtotal, tax_total: repair.tax_total, total: repair.total, tax_details: repair.tax_details });

    const headers = { authorization: `Bearer ${w.admin.token}`, 'accept-language': 'fr', 'x-timezone': 'America/Montreal' };
    const workOrder = await getPdf(t, `/api/v1/repairs/${repairId}/report`, headers);
    expect(workOrder.text).toContain('Consigne retournée : Batterie groupe 24 -20,00 $');
    const quote = await getPdf(t, `${E}/${e.id}/report`, headers);
    expect(quote.text).toContain('Droits environnementaux (pneus) 18,00 $');
    expect(quote.text).toContain('Droits environnementaux et consignes 41,50 $');
  });
});
