import { permissionsForLevel, type Permission } from '@atelier/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeUser, type MadeUser } from '../factories.ts';
import { createTestApp, type TestApp } from '../helpers.ts';
import { getPdf } from '../reports/pdf-text.ts';
import { makeRepair } from '../repairs/world.ts';
import { act, E, estimateWorld, one, pricedEstimate, type EstimateWorld, type PricedLine } from './helpers.ts';

// Shop supplies and the document discount (issue 27): the supplies' terms taken from the settings
// when an estimate is made and kept on it; the document discount's permission, the role's maximum
// and the document's amount; the approved estimate, its repair and the repair's invoice equal to
// the cent with two tax groups.

let t: TestApp;
let w: EstimateWorld;
let capped: MadeUser;
let without: MadeUser;
let gstOnly: string;

const ALL = permissionsForLevel('organization');

async function setOption(name: string, value: unknown) {
  const found = await t.api('GET', `/api/v1/options?filter[name]=${name}`, { token: w.admin.token });
  const id = found.body.data[0].id as string;
  const res = await t.api('PATCH', `/api/v1/options/${id}`, { token: w.admin.token, body: { data: { type: 'options', id, attributes: { value } } } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res;
}

beforeAll(async () => {
  t = await createTestApp();
  w = await estimateWorld(t, { admin: { firstname: 'Alice', lastname: 'Admin' }, customer: { company_name: 'Transport Fournitures', type: 'company' } });
  capped = await makeUser(t, w.orgId, { firstname: 'Carl', lastname: 'Conseiller', permissions: ALL });
  const cappedRole = (await one<{ role_id: string }>(t, sql`SELECT role_id FROM user_roles WHERE user_id = ${capped.id}`)).role_id;
  without = await makeUser(t, w.orgId, { firstname: 'Sam', lastname: 'Sansremise', permissions: ALL.filter((p: Permission) => p !== 'apply discounts estimations') });
  const capSet = await t.api('PATCH', `/api/v1/roles/${cappedRole}`, { token: w.admin.token, body: { data: { type: 'roles', id: cappedRole, attributes: { max_discount_percent: '10' } } } });
  expect(capSet.status).toBe(200);
  const group = await t.api('POST', '/api/v1/tax-groups', {
    token: w.admin.token,
    body: { data: { type: 'tax-groups', attributes: { name: 'TPS seulement' }, relationships: { taxes: { data: [{ type: 'taxes', attributes: { code: 'TPS', rate: '5', type: 'percentage' } }] } } } },
  });
  expect(group.status).toBe(201);
  gstOnly = group.body.data.id;
  await setOption('estimations.default_tax_group', w.qc);
});
afterAll(() => t?.close());

const priced = (lines: PricedLine[]) => pricedEstimate(t, w, lines);

const patchEstimate = (id: string, who: MadeUser, attributes: Record<string, unknown>, lang = 'fr') =>
  t.api('PATCH', `${E}/${id}`, { token: who.token, body: { data: { type: 'estimations', id, attributes } }, headers: { 'accept-language': lang } });

describe('shop supplies', () => {
  it('are the settings’ percentage of the labour, capped, kept on the estimate when it is made', async () => {
    const bad = await t.api('PATCH', `/api/v1/options/${(await t.api('GET', '/api/v1/options?filter[name]=estimations.shop_supplies_percent', { token: w.admin.token })).body.data[0].id}`, {
      token: w.admin.token,
      headers: { 'accept-language': 'en' },
      body: { data: { type: 'options', id: (await t.api('GET', '/api/v1/options?filter[name]=estimations.shop_supplies_percent', { token: w.admin.token })).body.data[0].id, attributes: { value: '101' } } },
    });
    expect(bad.status).toBe(422);
    expect(bad.body.errors[0].detail).toBe('The percentage must be a number from 0 to 100, with four decimals at most.');
    expect(Number((await setOption('estimations.shop_supplies_percent', '7,5')).body.data.attributes.value)).toBe(7.5);
    await setOption('estimations.shop_supplies_cap', 2_500);

    // Labour 2 × 111.11 $ = 222.22 $: 7.5 % = 16.67 $
    const e = await priced([{ detail: 'Freins', unit_price: 10_000 }, { detail: 'Alignement', unit_price: 0 }]);
    expect(e.attributes).toMatchObject({ shop_supplies_cap: 2_500, shop_supplies_total: 1_667, labour_total: 22_222, subtotal: 10_000 + 22_222 + 1_667 });
    expect(Number(e.attributes.shop_supplies_percent)).toBe(7.5);
    const read = await t.api('GET', `${E}/${e.id}`, { token: w.admin.token });
    expect(read.body.data.relationships.shopSuppliesTaxGroup.data.id).toBe(w.qc);
    // TPS 5 % and TVQ 9.975 % on the supplies too (Québec taxes them).
    const lineTaxes = (await t.api('GET', `/api/v1/estimation-items?filter[estimation]=${e.id}`, { token: w.admin.token })).body.data.reduce((s: number, i: any) => s + i.attributes.tax_total, 0);
    expect(e.attributes.tax_total).toBe(lineTaxes + Math.round(1_667 * 0.05) + Math.round(1_667 * 0.09975));

    // A repair made without an estimate takes the settings too: 2 h × 100.00 $ × 7.5 % = 15.00 $.
    const direct = await makeRepair(t, w.admin, { lines: [{ detail: 'Alignement', time: '2', hourly_rate: 10_000 }] });
    expect(direct.body.data.attributes).toMatchObject({ shop_supplies_cap: 2_500, shop_supplies_total: 1_500 });

    // The cap: 5 h of labour would be 41.67 $, capped at 25.00 $.
    const big = await priced([{ detail: 'Moteur', unit_price: 0, time: '5' }]);
    expect(big.attributes.shop_supplies_total).toBe(2_500);

    // A later change of the settings leaves the estimates made before as they were.
    await setOption('estimations.shop_supplies_percent', '0');
    const again = await t.api('GET', `${E}/${e.id}`, { token: w.admin.token });
    expect(again.body.data.attributes.shop_supplies_total).toBe(1_667);
    const none = await priced([{ detail: 'Vidange', unit_price: 5_000 }]);
    expect(none.attributes.shop_supplies_total).toBe(0);

    // Staff change them on the estimate; the totals follow.
    const edited = await patchEstimate(e.id, w.admin, { shop_supplies_percent: '10', shop_supplies_cap: null });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body.data.attributes.shop_supplies_total).toBe(2_222);
  });
});

describe('the document discount', () => {
  it('needs the permission (403), stays within the role’s maximum (422 naming it) and the document (422); nothing written when refused', async () => {
    await setOption('estimations.shop_supplies_percent', '0');
    const e = await priced([{ detail: 'Plaquettes', unit_price: 20_000 }]);
    // 200.00 $ + 111.11 $ = 311.11 $
    const before = e.attributes;
    const refused = await patchEstimate(e.id, without, { document_discount_percent: '5' }, 'en');
    expect(refused.status).toBe(403);
    expect(refused.body.errors[0]).toMatchObject({ code: 'discount.forbidden', source: { pointer: '/data/attributes/document_discount_percent' } });
    const over = await patchEstimate(e.id, capped, { document_discount_amount: 3_112 });
    expect(over.status).toBe(422);
    expect(over.body.errors[0]).toMatchObject({ code: 'discount.over_cap_document', detail: 'La remise du document dépasse le maximum de votre rôle : 10 % du document.' });
    const overEn = await patchEstimate(e.id, capped, { document_discount_percent: '12.5' }, 'en');
    expect(overEn.body.errors[0].detail).toBe('The document discount is over your role’s maximum: 10 % of the document.');
    const tooMuch = await patchEstimate(e.id, w.admin, { document_discount_amount: 31_112 });
    expect(tooMuch.status).toBe(422);
    expect(tooMuch.body.errors[0]).toMatchObject({ code: 'discount.over_document', source: { pointer: '/data/attributes/document_discount_amount' } });
    const both = await patchEstimate(e.id, w.admin, { document_discount_amount: 100, document_discount_percent: '5' });
    expect(both.body.errors[0].code).toBe('discount.both');
    expect((await t.api('GET', `${E}/${e.id}`, { token: w.admin.token })).body.data.attributes).toMatchObject({ document_discount_amount: null, document_discount_percent: null, total: before.total });

    const within = await patchEstimate(e.id, capped, { document_discount_amount: 3_111 });
    expect(within.status, JSON.stringify(within.body)).toBe(200);
    expect(within.body.data.attributes).toMatchObject({ document_discount_total: 3_111, discount_total: 3_111, subtotal: 28_000 });
    // Someone without the permission still edits the estimate: the discount given stays.
    const kept = await patchEstimate(e.id, without, { notes: 'Client fidèle' });
    expect(kept.status, JSON.stringify(kept.body)).toBe(200);
    expect(kept.body.data.attributes.document_discount_amount).toBe(3_111);
  });
});

describe('supplies and a document discount carried through', () => {
  it('the approved estimate, its repair and the repair’s invoice total the same, to the cent (two tax groups)', async () => {
    await setOption('estimations.shop_supplies_percent', '5');
    await setOption('estimations.shop_supplies_cap', null);
    const e = await priced([
      { detail: 'Pneus d’hiver', unit_price: 17_499, quantity: '4', time: '1.3' },
      { detail: 'Batterie', unit_price: 18_999, time: '0.4', group: gstOnly },
      { detail: 'Essuie-glaces', unit_price: 2_995, time: '0.2' },
    ]);
    const given = await patchEstimate(e.id, w.admin, { document_discount_percent: '3.33' });
    expect(given.status, JSON.stringify(given.body)).toBe(200);
    for (const route of ['end-components', 'end-times']) expect((await act(t, e.id, route, w.admin)).status).toBe(200);
    const valid = await act(t, e.id, 'valid', w.admin);
    expect(valid.status, JSON.stringify(valid.body)).toBe(200);
    const estimation = valid.body.data.attributes;
    expect(estimation.shop_supplies_total).toBeGreaterThan(0);
    expect(estimation.document_discount_total).toBeGreaterThan(0);
    expect(estimation.approved_total).toBe(estimation.total);
    // Decided: its supplies and discount are locked, as its items' discounts are.
    const late = await patchEstimate(e.id, w.admin, { document_discount_percent: '5' }, 'en');
    expect(late.status).toBe(409);
    expect(late.body.errors[0]).toMatchObject({ code: 'estimation.charges_locked', source: { pointer: '/data/attributes/document_discount_percent' } });

    const repairId = valid.body.data.relationships.repair.data.id as string;
    const repair = (await t.api('GET', `/api/v1/repairs/${repairId}`, { token: w.admin.token })).body.data.attributes;
    expect(repair).toMatchObject({
      shop_supplies_total: estimation.shop_supplies_total,
      document_discount_total: estimation.document_discount_total,
      subtotal: estimation.subtotal,
      tax_total: estimation.tax_total,
      tax_details: estimation.tax_details,
      total: estimation.approved_total,
    });
    expect(Number(repair.document_discount_percent)).toBe(3.33);

    for (const action of ['start', 'complete']) expect((await t.api('POST', `/api/v1/repairs/${repairId}/${action}`, { token: w.admin.token, body: {} })).status).toBe(200);
    const invoice = await t.api('POST', `/api/v1/repairs/${repairId}/invoice?include=items`, { token: w.admin.token, body: {} });
    expect(invoice.status, JSON.stringify(invoice.body)).toBe(201);
    const lines = invoice.body.included.filter((r: { type: string }) => r.type === 'sales-invoice-items').map((l: any) => l.attributes);
    const supplies = lines.filter((l: any) => l.description === 'Fournitures d’atelier');
    expect(supplies.map((l: any) => l.subtotal)).toEqual([estimation.shop_supplies_total]);
    const deductions = lines.filter((l: any) => l.description.startsWith('Remise sur le document'));
    // One deduction line per tax group of the charged lines.
    expect(deductions).toHaveLength(2);
    expect(deductions.reduce((s: number, l: any) => s + l.subtotal, 0)).toBe(-estimation.document_discount_total);
    expect(invoice.body.data.attributes).toMatchObject({ subtotal: repair.subtotal, tax_total: repair.tax_total, total: repair.total, tax_details: repair.tax_details });

    // The quote and the work order print both lines; the invoice prints its lines.
    const money = (cents: number) => `${(cents / 100).toFixed(2).replace('.', ',')} $`;
    const headers = { authorization: `Bearer ${w.admin.token}`, 'accept-language': 'fr', 'x-timezone': 'America/Montreal' };
    for (const url of [`${E}/${e.id}/report`, `/api/v1/repairs/${repairId}/report`]) {
      const pdf = await getPdf(t, url, headers);
      expect(pdf.status, url).toBe(200);
      expect(pdf.text).toContain(`Fournitures d’atelier ${money(estimation.shop_supplies_total)}`);
      expect(pdf.text).toContain(`Remise sur le document -${money(estimation.document_discount_total)}`);
    }
    const invoicePdf = await getPdf(t, `/api/v1/sales-invoices/${invoice.body.data.id}/report`, headers);
    expect(invoicePdf.text).toContain('Fournitures d’atelier');
    expect(invoicePdf.text).toContain('Remise sur le document (TPS seulement)');
    const en = await getPdf(t, `${E}/${e.id}/report`, { ...headers, 'accept-language': 'en' });
    expect(en.text).toContain('Shop supplies');
    expect(en.text).toContain('Document discount');
  });
});
