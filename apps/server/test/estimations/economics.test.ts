import { permissionsForLevel, type Permission } from '@atelier/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeUser, type MadeUser } from '../factories.ts';
import { createTestApp, type TestApp } from '../helpers.ts';
import { getPdf } from '../reports/pdf-text.ts';
import { act, E, estimateWorld, one, pricedEstimate, type EstimateWorld, type PricedLine } from './helpers.ts';

// Estimate economics (issue 27): a line's discount, its permission and its role's maximum; carried
// from the approved estimate to its repair and the repair's invoice, to the cent.

let t: TestApp;
let w: EstimateWorld;
let capped: MadeUser;
let cappedRole: string;
let without: MadeUser;
let gstOnly: string;

const ALL = permissionsForLevel('organization');

beforeAll(async () => {
  t = await createTestApp();
  w = await estimateWorld(t, { admin: { firstname: 'Alice', lastname: 'Admin' }, customer: { company_name: 'Transport Remise', type: 'company' } });
  capped = await makeUser(t, w.orgId, { firstname: 'Carl', lastname: 'Conseiller', permissions: ALL });
  cappedRole = (await one<{ role_id: string }>(t, sql`SELECT role_id FROM user_roles WHERE user_id = ${capped.id}`)).role_id;
  without = await makeUser(t, w.orgId, { firstname: 'Sam', lastname: 'Sansremise', permissions: ALL.filter((p: Permission) => p !== 'apply discounts estimations') });
  // The roles form: the advisor's role gives at most 10 %.
  const capSet = await t.api('PATCH', `/api/v1/roles/${cappedRole}`, { token: w.admin.token, body: { data: { type: 'roles', id: cappedRole, attributes: { max_discount_percent: '10' } } } });
  expect(capSet.status, JSON.stringify(capSet.body)).toBe(200);
  expect(Number(capSet.body.data.attributes.max_discount_percent)).toBe(10);
  const group = await t.api('POST', '/api/v1/tax-groups', {
    token: w.admin.token,
    body: { data: { type: 'tax-groups', attributes: { name: 'TPS seulement' }, relationships: { taxes: { data: [{ type: 'taxes', attributes: { code: 'TPS', rate: '5', type: 'percentage' } }] } } } },
  });
  expect(group.status, JSON.stringify(group.body)).toBe(201);
  gstOnly = group.body.data.id;
});
afterAll(() => t?.close());

const priced = (lines: PricedLine[]) => pricedEstimate(t, w, lines);

const discount = (id: string, who: MadeUser, attributes: Record<string, unknown>, lang = 'fr') =>
  t.api('PATCH', `/api/v1/estimation-items/${id}`, { token: who.token, body: { data: { type: 'estimation-items', id, attributes } }, headers: { 'accept-language': lang } });

describe('a line’s discount', () => {
  it('needs the permission (403), stays within the role’s maximum (422 naming it), never past its line; nothing written when refused', async () => {
    const e = await priced([{ detail: 'Plaquettes avant', unit_price: 20_000 }]);
    const [id] = e.ids;
    const before = (await t.api('GET', `/api/v1/estimation-items/${id}`, { token: w.admin.token })).body.data.attributes;
    // 200.00 $ + 1 h × 111.11 $ = 311.11 $
    expect(before.subtotal).toBe(31_111);

    const refused = await discount(id, without, { discount_percent: '5' }, 'en');
    expect(refused.status).toBe(403);
    expect(refused.body.errors[0]).toMatchObject({ code: 'discount.forbidden', detail: 'Giving a discount needs the “Apply discounts” permission.' });

    const over = await discount(id, capped, { discount_percent: '12,5' });
    expect(over.status, JSON.stringify(over.body)).toBe(422);
    expect(over.body.errors[0]).toMatchObject({ code: 'discount.over_cap', detail: 'La remise dépasse le maximum de votre rôle : 10 % de l’élément.', source: { pointer: '/data/attributes/discount_percent' } });
    const overAmount = await discount(id, capped, { discount_amount: 3112 }, 'en');
    expect(overAmount.status).toBe(422);
    expect(overAmount.body.errors[0].detail).toBe('The discount is over your role’s maximum: 10 % of the item.');
    expect((await t.api('GET', `/api/v1/estimation-items/${id}`, { token: w.admin.token })).body.data.attributes).toMatchObject({ discount_percent: null, discount_amount: null, total: before.total });

    const within = await discount(id, capped, { discount_percent: '10' });
    expect(within.status, JSON.stringify(within.body)).toBe(200);
    // 10 % of 311.11 $ = 31.11 $; taxes on 280.00 $, each printed part rounded.
    expect(within.body.data.attributes).toMatchObject({ discount_total: 3111, subtotal: 28_000 });
    expect(Number(within.body.data.attributes.discount_percent)).toBe(10);
    const read = await t.api('GET', `${E}/${e.id}`, { token: w.admin.token });
    expect(read.body.data.attributes).toMatchObject({ discount_total: 3111, subtotal: 28_000 });

    // The administrator's role has no maximum, but a discount never goes past its line nor below zero, nor is both.
    const tooMuch = await discount(id, w.admin, { discount_percent: null, discount_amount: 31_112 });
    expect(tooMuch.status).toBe(422);
    expect(tooMuch.body.errors[0]).toMatchObject({ code: 'discount.over_line', source: { pointer: '/data/attributes/discount_amount' } });
    expect((await discount(id, w.admin, { discount_percent: '101' })).status).toBe(422);
    expect((await discount(id, w.admin, { discount_percent: '-1' })).status).toBe(422);
    const both = await discount(id, w.admin, { discount_percent: '5', discount_amount: 100 });
    expect(both.status).toBe(422);
    expect(both.body.errors[0].code).toBe('discount.both');
    expect((await discount(id, w.admin, { discount_percent: null, discount_amount: 31_111 })).body.data.attributes).toMatchObject({ discount_total: 31_111, subtotal: 0, total: 0 });

    // Someone without the permission still edits the rest of the line: the discount given stays.
    const kept = await discount(id, without, { detail: 'Plaquettes avant (céramique)' });
    expect(kept.status, JSON.stringify(kept.body)).toBe(200);
    expect(kept.body.data.attributes.discount_amount).toBe(31_111);
  });

  it('is locked once the estimate is decided (409)', async () => {
    const e = await priced([{ detail: 'Filtre', unit_price: 3_000 }]);
    for (const route of ['end-components', 'end-times']) expect((await act(t, e.id, route, w.admin)).status).toBe(200);
    expect((await act(t, e.id, 'valid', w.admin)).status).toBe(200);
    const late = await discount(e.ids[0], w.admin, { discount_percent: '5' });
    expect(late.status).toBe(409);
  });
});

describe('a discount carried through', () => {
  it('the approved estimate, its repair and the repair’s invoice total the same, to the cent (a % and an amount, two tax groups)', async () => {
    const e = await priced([
      { detail: 'Pneus d’hiver', unit_price: 17_499, quantity: '4', time: '1.3' },
      { detail: 'Batterie', unit_price: 18_999, time: '0.4', group: gstOnly },
      { detail: 'Essuie-glaces', unit_price: 2_995, time: '0.2' },
    ]);
    expect((await discount(e.ids[0], w.admin, { discount_percent: '7,5' })).status).toBe(200);
    expect((await discount(e.ids[1], w.admin, { discount_amount: 2_501 })).status).toBe(200);
    for (const route of ['end-components', 'end-times']) expect((await act(t, e.id, route, w.admin)).status).toBe(200);
    const valid = await act(t, e.id, 'valid', w.admin);
    expect(valid.status, JSON.stringify(valid.body)).toBe(200);
    const estimation = valid.body.data.attributes;
    expect(estimation.discount_total).toBeGreaterThan(2_501);

    const repairId = valid.body.data.relationships.repair.data.id as string;
    const repairDoc = await t.api('GET', `/api/v1/repairs/${repairId}?include=items`, { token: w.admin.token });
    const repair = repairDoc.body.data.attributes;
    const repairItems = repairDoc.body.included.filter((r: { type: string }) => r.type === 'repair-items').sort((a: any, b: any) => a.attributes.position - b.attributes.position);
    // The discount columns are copied with the items, and the repair's pricing uses them.
    expect(repairItems.map((i: any) => [i.attributes.discount_percent && Number(i.attributes.discount_percent), i.attributes.discount_amount])).toEqual([[7.5, null], [null, 2_501], [null, null]]);
    expect(repair).toMatchObject({ discount_total: estimation.discount_total, subtotal: estimation.subtotal, tax_total: estimation.tax_total, total: estimation.approved_total, tax_details: estimation.tax_details });

    for (const action of ['start', 'complete']) {
      const done = await t.api('POST', `/api/v1/repairs/${repairId}/${action}`, { token: w.admin.token, body: {} });
      expect(done.status, JSON.stringify(done.body)).toBe(200);
    }
    const invoice = await t.api('POST', `/api/v1/repairs/${repairId}/invoice?include=items`, { token: w.admin.token, body: {} });
    expect(invoice.status, JSON.stringify(invoice.body)).toBe(201);
    const lines = invoice.body.included.filter((r: { type: string }) => r.type === 'sales-invoice-items').map((l: any) => l.attributes);
    const remises = lines.filter((l: any) => l.description.startsWith('Remise'));
    expect(remises.map((l: any) => [l.description, Number(l.quantity), l.subtotal])).toEqual([
      ['Remise : Pneus d’hiver', -1, -repairItems[0].attributes.discount_total],
      ['Remise : Batterie', -1, -2_501],
    ]);
    expect(invoice.body.data.attributes).toMatchObject({ subtotal: repair.subtotal, tax_total: repair.tax_total, total: repair.total, tax_details: repair.tax_details });
    expect(invoice.body.data.attributes.total).toBe(estimation.approved_total);

    // The quote, the work order and the invoice print the discounts.
    const money = (cents: number) => `${(cents / 100).toFixed(2).replace('.', ',')} $`;
    const headers = { authorization: `Bearer ${w.admin.token}`, 'accept-language': 'fr', 'x-timezone': 'America/Montreal' };
    const tires = repairItems[0].attributes.discount_total as number;
    for (const url of [`${E}/${e.id}/report`, `/api/v1/repairs/${repairId}/report`]) {
      const pdf = await getPdf(t, url, headers);
      expect(pdf.status, url).toBe(200);
      expect(pdf.text).toContain(`Remise : -${money(tires)}`);
      expect(pdf.text).toContain('Remise : -25,01 $');
      expect(pdf.text).toMatch(new RegExp(`Remises -${money(estimation.discount_total).replace(/[$]/g, '\\$')}`));
    }
    const invoicePdf = await getPdf(t, `/api/v1/sales-invoices/${invoice.body.data.id}/report`, headers);
    expect(invoicePdf.status).toBe(200);
    expect(invoicePdf.text).toContain('Remise : Pneus d’hiver');
    expect(invoicePdf.text).toContain('Remise : Batterie');
    const en = await getPdf(t, `${E}/${e.id}/report`, { ...headers, 'accept-language': 'en' });
    expect(en.text).toContain('Discount: -$25.01');
  });
});
