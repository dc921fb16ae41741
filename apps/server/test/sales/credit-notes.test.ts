import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toOne } from '../factories.ts';
import { act as estimationAct, estimate, item, itemsOf, patchItems } from '../estimations/helpers.ts';
import { createTestApp, type TestApp } from '../helpers.ts';
import { createKit, type Kit, type KitUser } from '../kit.ts';
import { pdfPages } from '../reports/pdf-text.ts';

// Getting paid, the corrections (issue 23): a validated invoice is corrected by a credit note
// (all of it or chosen lines, never more than is left, numbered in its own series, taking its
// amount off the invoice's balance); a payment is refunded, whole or in part, never more than it
// less its refunds, even at once; a deposit asked on an approved estimate is deducted on the
// invoice of the repair it opened; a draft invoice is named « Brouillon » and whom it bills.

const API = '/api/v1';
let t: TestApp;
let kit: Kit;
let customer: string;

const call = (method: string, path: string, body?: unknown, locale = 'fr', as: KitUser = kit.admin) => t.api(method, `${API}${path}`, { token: as.token, body, headers: { 'accept-language': locale } });
async function ok(method: string, path: string, body?: unknown, status = 200) {
  const res = await call(method, path, body);
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  return res.body;
}
const linesOf = (doc: any) => doc.included.filter((r: any) => r.type === 'sales-invoice-items');

/** A validated invoice of the lines given. */
async function invoiceOf(lines: { description: string; quantity: number | string; unit_price: number }[]) {
  const made = await ok('POST', '/sales-invoices?include=items', { data: { type: 'sales-invoices', relationships: { recipient: toOne('customers', customer), items: { data: lines.map((attributes) => ({ type: 'sales-invoice-items', attributes })) } } } }, 201);
  const valid = await ok('POST', `/sales-invoices/${made.data.id}/validate`);
  return { ...valid, included: made.included };
}
const pay = (invoice: string, amount: number) =>
  call('POST', '/sales-payments', { data: { type: 'sales-payments', attributes: { amount, paid_on: '2026-11-28', method: 'cash' }, relationships: { invoice: toOne('sales-invoices', invoice) } } });

beforeAll(async () => {
  t = await createTestApp({}, { demo: false });
  kit = await createKit(t);
  customer = (await kit.make('customers', { firstname: 'Julie', lastname: 'Tremblay', address: '12 rue des Érables', city: 'Laval', province: 'QC', postal_code: 'H7N 1A1' })).id;
});
afterAll(() => t?.close());

describe('credit notes', () => {
  it('corrects chosen lines of a validated invoice, never more than is left; validated, it takes a number of its own series and lowers the balance', async () => {
    const invoice = await invoiceOf([
      { description: 'Plaquettes', quantity: 2, unit_price: 5000 },
      { description: 'Pose', quantity: 1, unit_price: 3000 },
    ]);
    const id = invoice.data.id;
    const [pads, labour] = linesOf(invoice);
    // A draft is not credited: only a validated invoice.
    const draft = await ok('POST', '/sales-invoices', { data: { type: 'sales-invoices', relationships: { recipient: toOne('customers', customer) } } }, 201);
    expect((await call('POST', `/sales-invoices/${draft.data.id}/credit`)).status).toBe(409);
    // More than the line: 409 naming it, nothing made.
    const over = await call('POST', `/sales-invoices/${id}/credit`, { data: { attributes: { items: [{ id: pads.id, quantity: '2,5' }] } } }, 'en');
    expect(over.status).toBe(409);
    expect(over.body.errors[0].detail).toBe('Line 1 (Plaquettes): only 2 is left to credit.');
    // One set of pads back.
    const note = await ok('POST', `/sales-invoices/${id}/credit?include=items`, { data: { attributes: { items: [{ id: pads.id, quantity: '1' }] } } }, 201);
    expect(note.data.attributes).toMatchObject({ kind: 'credit_note', state: 'draft', code: null });
    expect(note.data.relationships.creditedInvoice.data.id).toBe(id);
    const [line] = linesOf(note);
    expect(Number(line.attributes.quantity)).toBe(-1);
    expect(line.relationships.creditedItem.data.id).toBe(pads.id);
    expect(note.data.attributes.total).toBeLessThan(0);
    const valid = await ok('POST', `/sales-invoices/${note.data.id}/validate`);
    expect(valid.data.attributes.code).toMatch(/^NC-\d{4}-\d{6}$/);
    const after = (await ok('GET', `/sales-invoices/${id}?include=creditNotes`)).data;
    expect(after.attributes).toMatchObject({ amount_credited: -note.data.attributes.total, balance: invoice.data.attributes.total + note.data.attributes.total });
    expect(after.relationships.creditNotes.data.map((r: any) => r.id)).toEqual([note.data.id]);
    // What is left: one set of pads and the labour; the rest of the pads twice is refused at the second validation.
    const a = await ok('POST', `/sales-invoices/${id}/credit`, { data: { attributes: { items: [{ id: pads.id, quantity: 1 }] } } }, 201);
    const b = await ok('POST', `/sales-invoices/${id}/credit`, { data: { attributes: { items: [{ id: pads.id, quantity: 1 }] } } }, 201);
    await ok('POST', `/sales-invoices/${a.data.id}/validate`);
    const twice = await call('POST', `/sales-invoices/${b.data.id}/validate`, undefined, 'en');
    expect(twice.status).toBe(409);
    expect(twice.body.errors[0].detail).toBe('Line 1 (Plaquettes): only 0 is left to credit.');
    // All that is left: the labour; then nothing.
    const rest = await ok('POST', `/sales-invoices/${id}/credit?include=items`, undefined, 201);
    expect(linesOf(rest).map((l: any) => l.relationships.creditedItem.data.id)).toEqual([labour.id]);
    await ok('POST', `/sales-invoices/${b.data.id}/cancel`);
    await ok('POST', `/sales-invoices/${rest.data.id}/validate`);
    expect((await ok('GET', `/sales-invoices/${id}`)).data.attributes).toMatchObject({ balance: 0, payment_status: 'paid', amount_credited: invoice.data.attributes.total });
    expect((await call('POST', `/sales-invoices/${id}/credit`)).status).toBe(409);
    // A credited invoice is not canceled, nor a validated credit note.
    expect((await call('POST', `/sales-invoices/${id}/cancel`)).status).toBe(409);
    expect((await call('POST', `/sales-invoices/${note.data.id}/cancel`)).status).toBe(409);
  });

  it('on a paid invoice, the credit is owed back: a negative balance, settled by a refund', async () => {
    const invoice = await invoiceOf([{ description: 'Batterie', quantity: 1, unit_price: 20000 }]);
    const id = invoice.data.id;
    const total = invoice.data.attributes.total as number;
    expect((await pay(id, total)).status).toBe(201);
    const note = await ok('POST', `/sales-invoices/${id}/credit`, undefined, 201);
    await ok('POST', `/sales-invoices/${note.data.id}/validate`);
    expect((await ok('GET', `/sales-invoices/${id}`)).data.attributes).toMatchObject({ balance: -total, payment_status: 'paid' });
    const [payment] = (await ok('GET', `/sales-payments?filter[invoice]=${id}`)).data;
    const refund = await ok('POST', `/sales-payments/${payment.id}/refund`, {}, 201);
    expect(refund.data.attributes).toMatchObject({ amount: -total });
    expect(refund.data.relationships.refundOf.data.id).toBe(payment.id);
    expect((await ok('GET', `/sales-invoices/${id}`)).data.attributes).toMatchObject({ balance: 0, amount_paid: 0 });
  });

  it('prints « Note de crédit » naming the invoice it corrects', async () => {
    const invoice = await invoiceOf([{ description: 'Diagnostic', quantity: 1, unit_price: 9500 }]);
    const note = await ok('POST', `/sales-invoices/${invoice.data.id}/credit`, undefined, 201);
    const { data } = await ok('POST', `/sales-invoices/${note.data.id}/validate`);
    const pdf = async (locale: string) => t.app.inject({ method: 'GET', url: `${API}/sales-invoices/${note.data.id}/report`, headers: { authorization: `Bearer ${kit.admin.token}`, 'accept-language': locale } });
    const fr = await pdf('fr');
    expect(String(fr.headers['content-disposition'])).toContain(`note-de-credit-${data.attributes.code}.pdf`);
    const text = (await pdfPages(fr.rawPayload)).join('\n');
    for (const expected of ['Note de crédit', data.attributes.code, 'Corrige la facture', invoice.data.attributes.code]) expect(text, expected).toContain(expected);
    const en = (await pdfPages((await pdf('en')).rawPayload)).join('\n');
    for (const expected of ['Credit note', 'Corrects invoice', invoice.data.attributes.code]) expect(en, expected).toContain(expected);
  });

  it.runIf(!!process.env.DATABASE_URL)('20 simultaneous validations give 20 consecutive credit note numbers (PostgreSQL)', async () => {
    const invoice = await invoiceOf([{ description: 'Pièces', quantity: 20, unit_price: 100 }]);
    const [line] = linesOf(invoice);
    const ids: string[] = [];
    for (let k = 0; k < 20; k++) ids.push((await ok('POST', `/sales-invoices/${invoice.data.id}/credit`, { data: { attributes: { items: [{ id: line.id, quantity: 1 }] } } }, 201)).data.id);
    const answers = await Promise.all(ids.map((id) => call('POST', `/sales-invoices/${id}/validate`)));
    expect(answers.map((a) => a.status)).toEqual(ids.map(() => 200));
    const numbers = answers.map((a) => Number(String(a.body.data.attributes.code).slice(-6))).sort((x, y) => x - y);
    expect(numbers.at(-1)! - numbers[0]).toBe(19);
    expect((await ok('GET', `/sales-invoices/${invoice.data.id}`)).data.attributes.balance).toBe(0);
  });
});

describe('refunds', () => {
  it('gives back part, then the rest, of a payment; never more (422, translated); a refund is not refunded', async () => {
    const invoice = await invoiceOf([{ description: 'Vidange', quantity: 1, unit_price: 10000 }]);
    const id = invoice.data.id;
    const paid = (await pay(id, 6000)).body.data;
    const part = await ok('POST', `/sales-payments/${paid.id}/refund`, { data: { attributes: { amount: 2500 } } }, 201);
    expect(part.data.attributes).toMatchObject({ amount: -2500, method: 'cash' });
    expect((await ok('GET', `/sales-payments/${paid.id}`)).data.attributes.amount_refunded).toBe(2500);
    const over = await call('POST', `/sales-payments/${paid.id}/refund`, { data: { attributes: { amount: 3501 } } }, 'en');
    expect(over.status).toBe(422);
    expect(over.body.errors[0]).toMatchObject({ source: { pointer: '/data/attributes/amount' } });
    expect(over.body.errors[0].detail).toContain('$35.00');
    expect((await ok('GET', `/sales-invoices/${id}`)).data.attributes).toMatchObject({ amount_paid: 3500, balance: invoice.data.attributes.total - 3500 });
    // The rest by default; then nothing is left (409), and a refund itself is not refunded.
    expect((await ok('POST', `/sales-payments/${paid.id}/refund`, {}, 201)).data.attributes.amount).toBe(-3500);
    expect((await call('POST', `/sales-payments/${paid.id}/refund`)).status).toBe(409);
    expect((await call('POST', `/sales-payments/${part.data.id}/refund`)).status).toBe(409);
    // A negative payment is never typed in.
    expect((await pay(id, -100)).status).toBe(422);
    // All given back: nothing is paid any more.
    expect((await ok('GET', `/sales-invoices/${id}`)).data.attributes).toMatchObject({ amount_paid: 0, payment_status: 'unpaid' });
  });

  it('cancel only while not paid', async () => {
    const invoice = await invoiceOf([{ description: 'Alignement', quantity: 1, unit_price: 8000 }]);
    expect((await pay(invoice.data.id, 1000)).status).toBe(201);
    const refused = await call('POST', `/sales-invoices/${invoice.data.id}/cancel`, undefined, 'en');
    expect(refused.status).toBe(409);
    expect(refused.body.errors[0].detail).toContain(invoice.data.attributes.code);
    expect((await ok('GET', `/sales-invoices/${invoice.data.id}`)).data.attributes.state).toBe('validated');
    const other = await invoiceOf([{ description: 'Inspection', quantity: 1, unit_price: 5000 }]);
    expect((await ok('POST', `/sales-invoices/${other.data.id}/cancel`)).data.attributes.state).toBe('canceled');
  });

  it('another organization’s payment is not found', async () => {
    const invoice = await invoiceOf([{ description: 'Pneus', quantity: 1, unit_price: 4000 }]);
    const paid = (await pay(invoice.data.id, 4000)).body.data;
    const stranger = await createKit(t);
    expect((await call('POST', `/sales-payments/${paid.id}/refund`, {}, 'fr', stranger.admin)).status).toBe(404);
  });

  it.runIf(!!process.env.DATABASE_URL)('20 simultaneous refunds never give back more than was paid (PostgreSQL)', async () => {
    const invoice = await invoiceOf([{ description: 'Moteur', quantity: 1, unit_price: 100000 }]);
    const paid = (await pay(invoice.data.id, 10000)).body.data;
    const answers = await Promise.all(Array.from({ length: 20 }, () => call('POST', `/sales-payments/${paid.id}/refund`, { data: { attributes: { amount: 1500 } } })));
    expect(answers.every((a) => a.status === 201 || a.status === 422 || a.status === 409)).toBe(true);
    const done = answers.filter((a) => a.status === 201).length;
    expect(done).toBe(6);
    expect((await ok('GET', `/sales-payments/${paid.id}`)).data.attributes.amount_refunded).toBe(9000);
    expect((await ok('GET', `/sales-invoices/${invoice.data.id}`)).data.attributes.amount_paid).toBe(1000);
  });
});

describe('a deposit on an approved estimate', () => {
  it('30 % of the approved work, paid, is deducted on the invoice of the repair it opened', async () => {
    const made = await estimate(t, kit.admin as any, { items: [item({ detail: 'Freins' })], relationships: { customer: toOne('customers', customer) } });
    const ids = itemsOf(made.body).map((i: { id: string }) => i.id);
    for (const route of ['start-components', 'start-times']) expect((await estimationAct(t, made.id, route, kit.admin)).status).toBe(200);
    expect((await patchItems(t, made.id, ids.map((id: string) => item({ quantity: '1', unit_price: 20_000, time: '1', hourly_rate: 10_000 }, undefined, id)), kit.admin as any)).status).toBe(200);
    for (const route of ['end-components', 'end-times']) expect((await estimationAct(t, made.id, route, kit.admin)).status).toBe(200);
    // Not before it is approved.
    expect((await call('POST', `/estimations/${made.id}/deposit-invoice`, { data: { attributes: { percentage: 30 } } })).status).toBe(409);
    expect((await estimationAct(t, made.id, 'valid', kit.admin)).status).toBe(200);
    const deposit = await ok('POST', `/estimations/${made.id}/deposit-invoice?include=items`, { data: { attributes: { percentage: 30 } } }, 201);
    expect(deposit.data.attributes).toMatchObject({ kind: 'deposit', subtotal: 9000 });
    expect(deposit.data.relationships.estimation.data.id).toBe(made.id);
    // More than the approved work: 422 at the amount.
    expect((await call('POST', `/estimations/${made.id}/deposit-invoice`, { data: { attributes: { amount: 30001 } } })).status).toBe(422);
    const { data: validDeposit } = await ok('POST', `/sales-invoices/${deposit.data.id}/validate`);
    expect((await pay(validDeposit.id, validDeposit.attributes.total)).status).toBe(201);
    // The repair the estimate opened: done, invoiced with the deposit deducted.
    const repairId = (await ok('GET', `/estimations/${made.id}`)).data.relationships.repair.data.id;
    for (const action of ['start', 'complete']) await ok('POST', `/repairs/${repairId}/${action}`);
    const invoice = await ok('POST', `/repairs/${repairId}/invoice?include=items`, undefined, 201);
    const deducted = linesOf(invoice).find((l: any) => l.relationships.deductedInvoice.data?.id === deposit.data.id);
    expect(deducted.attributes.subtotal).toBe(-9000);
    expect(invoice.data.attributes.subtotal).toBe(30_000 - 9000);
    const valid = await ok('POST', `/sales-invoices/${invoice.data.id}/validate`);
    const repairTotal = linesOf(invoice).filter((l: any) => l.attributes.subtotal > 0).reduce((s: number, l: any) => s + l.attributes.total, 0);
    expect(valid.data.attributes.balance).toBe(repairTotal - validDeposit.attributes.total);
  });
});

describe('an invoice’s name', () => {
  it('a draft is « Brouillon » and whom it bills in the activity, never its id; validated, its number', async () => {
    const draft = await ok('POST', '/sales-invoices', { data: { type: 'sales-invoices', relationships: { recipient: toOne('customers', customer), items: { data: [{ type: 'sales-invoice-items', attributes: { description: 'Lavage', quantity: 1, unit_price: 2000 } }] } } } }, 201);
    const logs = async (locale: string) => (await call('GET', `/logs?filter[subject_type]=sales-invoices&filter[subject_id]=${draft.data.id}&add_data=subjects`, undefined, locale)).body;
    const fr = await logs('fr');
    expect(JSON.stringify(fr)).toContain('Brouillon — Julie Tremblay');
    expect(JSON.stringify(await logs('en'))).toContain('Draft — Julie Tremblay');
    const { data } = await ok('POST', `/sales-invoices/${draft.data.id}/validate`);
    const now = JSON.stringify(await logs('fr'));
    expect(now).toContain(data.attributes.code);
    expect(now).not.toContain('Brouillon');
  });
});
