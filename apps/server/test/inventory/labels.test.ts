import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers.ts';
import { createKit, type Kit } from '../kit.ts';
import { getPdf, picturesPerPage } from '../reports/pdf-text.ts';

// Product labels (issue 22): one product's label, a selection on sheets of 30, each with its name,
// SKU and Code 128 barcode (its barcode, else its SKU), in the reader's language; guarded as the
// products are.

let t: TestApp;
let kit: Kit;
let pads: string;
let plain: string;

const as = (path: string, token = kit.admin.token, locale = 'fr') => getPdf(t, `/api/v1${path}`, { authorization: `Bearer ${token}`, 'accept-language': locale });

beforeAll(async () => {
  t = await createTestApp({}, { demo: false });
  kit = await createKit(t);
  pads = (await kit.make('products', { sku: 'PLAQ-AV', name: 'Plaquettes avant céramique', barcode: '0123456789012' })).id;
  plain = (await kit.make('products', { sku: 'FILT-01', name: 'Filtre à huile' })).id;
});
afterAll(() => t?.close());

describe('product labels', () => {
  it('prints one product’s label: its name, SKU and barcode (else its SKU) as Code 128', async () => {
    const one = await as(`/products/${pads}/label`);
    expect(one.status).toBe(200);
    expect(one.headers['content-type']).toBe('application/pdf');
    expect(one.headers['content-disposition']).toBe('inline; filename="etiquettes-PLAQ-AV.pdf"');
    expect(one.pages).toHaveLength(1);
    for (const expected of ['Plaquettes avant céramique', 'PLAQ-AV', '0123456789012']) expect(one.text).toContain(expected);
    expect(picturesPerPage(one.raw)).toEqual([1]);
    // No barcode: the SKU is the code.
    const other = await as(`/products/${plain}/label`, kit.admin.token, 'en');
    expect(other.headers['content-disposition']).toBe('inline; filename="labels-FILT-01.pdf"');
    expect(other.text.match(/FILT-01/g)).toHaveLength(2);
  });

  it('prints a selection on sheets of 30, in the order named', async () => {
    const more = [];
    for (let n = 0; n < 30; n++) more.push((await kit.make('products', { sku: `LOT-${n}`, name: `Pièce ${n}` })).id);
    const sheets = await as(`/products/labels?ids=${[plain, pads, ...more].join(',')}`);
    expect(sheets.status).toBe(200);
    expect(sheets.pages).toHaveLength(2);
    expect(sheets.pages[0].indexOf('FILT-01')).toBeLessThan(sheets.pages[0].indexOf('PLAQ-AV'));
    expect(sheets.pages[1]).toContain('LOT-29');
    // One barcode image per product, drawn where its label is.
    expect(picturesPerPage(sheets.raw).reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(2);
  });

  it('refuses without ids (translated), without the right to view products, and out of the organization', async () => {
    const none = await as('/products/labels', kit.admin.token, 'en');
    expect(none.status).toBe(400);
    expect(none.json.errors[0]).toMatchObject({ code: 'product_labels.ids_required', source: { parameter: 'ids' } });
    expect(none.json.errors[0].detail).toMatch(/Name the products/);
    const nobody = await kit.user({ permissions: [] });
    expect((await as(`/products/${pads}/label`, nobody.token)).status).toBe(403);
    const stranger = await createKit(t);
    expect((await as(`/products/${pads}/label`, stranger.admin.token)).status).toBe(404);
    expect((await as(`/products/labels?ids=${plain},${pads}`, stranger.admin.token)).status).toBe(404);
  });
});
