import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeOrganization, makeUser, makeVehicle, userWith, type MadeUser } from '../factories.ts';
import { fileApp } from '../helpers.ts';
import { PRINTED_SUBJECT_FR, WORK_ORDER_END_FR } from '../reports/fixtures.ts';
import { expectInlinePdf, expectReportGuarded, getPdf } from '../reports/pdf-text.ts';
import { estimate } from '../estimations/helpers.ts';
import { R, act, clock, makeRepair, makeTaxGroup, one, setOption, to } from './world.ts';

// The work order's PDF through the API (issue 12): GET /repairs/{id}/report in the reader's
// language, read back as text: the vehicle, the customer, the items with where they are done,
// the hours planned and clocked and who clocked them, Québec's GST + QST, the warranty line at
// zero, the totals and the settings' document footer.

const t = fileApp();
let orgId: string;
let admin: MadeUser;
let mechanic: MadeUser;
let stranger: MadeUser;
let repair: { id: string; code: string; estimationCode: string };
const FOOTER = 'Garage Québec inc. · TPS 123456789 RT0001 · TVQ 1234567890 TQ0001';

const pdf = (url: string, headers?: Record<string, string>) => getPdf(t, url, headers);
const report = (id: string, who: Pick<MadeUser, 'token'>, lang = 'fr') => pdf(`${R}/${id}/report`, { authorization: `Bearer ${who.token}`, 'accept-language': lang });

beforeAll(async () => {
  const org = await makeOrganization(t, { name: 'Garage Québec', locations: ['Succursale Laval'] });
  orgId = org.id;
  admin = await makeUser(t, org.id, { firstname: 'Alice', lastname: 'Admin' });
  mechanic = await makeUser(t, org.id, { role: 'mechanic', firstname: 'Maxime', lastname: 'Mécano' });
  stranger = await makeUser(t, (await makeOrganization(t)).id);
  const qc = (await makeTaxGroup(t, admin, 'Québec', [{ code: 'TPS', rate: '5', type: 'percentage' }, { code: 'TVQ', rate: '9.975', type: 'percentage' }])).id;
  await setOption(t, admin, orgId, 'estimations.default_tax_group', qc);
  await setOption(t, admin, orgId, 'general.document_footer', FOOTER);
  const customer = await t.api('POST', '/api/v1/customers', { token: admin.token, body: { data: { type: 'customers', attributes: { type: 'company', company_name: 'Transport Laval inc.', phone: '450-555-0101' } } } });
  expect(customer.status, JSON.stringify(customer.body)).toBe(201);
  const vehicle = await makeVehicle(t, admin.token, { vin: 'KM8K2CAB4PU001140', model_year: 2023, make: 'Hyundai', model: 'Kona', odometer: 18650 });
  const made = await makeRepair(t, admin, {
    vehicle: vehicle.id,
    relationships: { customer: to('customers', customer.body.data.id), allowedLocations: { data: [{ type: 'locations', id: org.locations['Succursale Laval'] }] } },
    attributes: { department: 'Atelier mécanique', notes: 'Client attend sur place.' },
    lines: [
      // 2 × 49,99 $ + 1,5 h × 110,00 $ = 264,98 $; TPS 13,25 $; TVQ 26,43 $ → 304,66 $
      { detail: 'Plaquettes', part: 'Plaquettes céramique', part_number: 'BP-11', quantity: '2', unit_price: 4999, time: '1.5', hourly_rate: 11000 },
      // 300,00 $ + 1 h × 120,00 $ under warranty: nothing charged, 420,00 $ covered
      { detail: 'Rappel du constructeur', unit_price: 30000, time: '1', hourly_rate: 12000, repair_mode: 'warranty', state: 'done' },
      // not done: not charged
      { detail: 'Essuie-glace', unit_price: 1000, state: 'not_done' },
    ],
  });
  const [pads, , wipers] = made.body.included.filter((i: any) => i.type === 'repair-items').sort((a: any, b: any) => a.attributes.position - b.attributes.position);
  // The part statuses the purchase orders would have given (read only in the API).
  await t.database.db.execute(sql`UPDATE repair_items SET part_status = CASE id WHEN ${pads.id}::uuid THEN 'received' WHEN ${wipers.id}::uuid THEN 'to_order' END WHERE id IN (${pads.id}::uuid, ${wipers.id}::uuid)`);
  // The work order comes from an estimate (its code printed).
  const from = await estimate(t, admin);
  await t.database.db.execute(sql`UPDATE repairs SET estimation_id = ${from.id} WHERE id = ${made.id}`);
  // The mechanic clocks 1 h 30 on the pads.
  expect((await act(t, made.id, 'start', admin, {})).status).toBe(200);
  expect((await clock(t, pads.id, 'start-clock', mechanic)).status).toBe(200);
  await t.database.db.execute(sql`UPDATE repair_time_entries SET started_at = now() - interval '90 minutes' WHERE user_id = ${mechanic.id} AND ended_at IS NULL`);
  expect((await clock(t, pads.id, 'stop-clock', mechanic)).status).toBe(200);
  const codes = await one<{ code: string; estimation_code: string }>(t, sql`SELECT r.code, e.code AS estimation_code FROM repairs r JOIN estimations e ON e.id = r.estimation_id WHERE r.id = ${made.id}`);
  repair = { id: made.id, code: codes.code, estimationCode: codes.estimation_code };
});

describe('GET /repairs/{id}/report', () => {
  it('answers the work order in French: vehicle, customer, items, who clocked what, TPS + TVQ, the warranty at zero, totals, the footer on every page', async () => {
    const res = await report(repair.id, admin);
    expectInlinePdf(res, `bon-de-travail-${repair.code}.pdf`);
    for (const s of [
      'Bon de travail',
      repair.code,
      'État : En cours',
      'Garage Québec',
      'Succursale Laval',
      ...PRINTED_SUBJECT_FR,
      'Atelier mécanique',
      repair.estimationCode,
      'Plaquettes céramique',
      'N° de pièce BP-11',
      'Reçue',
      'À commander',
      "À l'interne",
      'Sous garantie',
      'Non fait',
      'Maxime Mécano',
      'Rappel du constructeur',
      'Sous garantie : 420,00 $',
      'Non facturé',
      ...WORK_ORDER_END_FR,
    ])
      expect(res.text, s).toContain(s);
    // Planned 1 h 30, clocked 1 h 30 (to the clock's rounding) by the mechanic; nobody clocked the recall.
    expect(res.text).toMatch(/1 h 30 \/ 1 h 3[01] Maxime Mécano 304,66 \$/);
    expect(res.text).toMatch(/Rappel du constructeur Sous garantie Fait 1 × 300,00 \$ 1 h 00 \/ — 0,00 \$/);
    expect(res.text).toMatch(/Temps prévu 2 h 30 · temps réel 1 h 3[01]/);
    expect(res.text).toMatch(/Sous-total\s+264,98 \$/);
    expect(res.text).toMatch(/TPS \(5 %\)\s+13,25 \$/);
    expect(res.text).toMatch(/TVQ \(9,975 %\)\s+26,43 \$/);
    expect(res.text).toMatch(/Total\s+304,66 \$/);
    for (const page of res.pages) expect(page).toContain(FOOTER);
  });

  it('answers it in English with Accept-Language: en', async () => {
    const res = await report(repair.id, admin, 'en');
    expect(res.status).toBe(200);
    expect(res.headers['content-disposition']).toBe(`inline; filename="work-order-${repair.code}.pdf"`);
    for (const s of ['Work order', 'Status: In progress', 'VIN', '18,650 km', 'Internally', 'Under warranty', 'Not done', 'Maxime Mécano', 'TPS (5%)', 'TVQ (9.975%)', 'Not charged', 'Work completed (mechanic)', FOOTER])
      expect(res.text, s).toContain(s);
    expect(res.text).toMatch(/Total\s+\$304\.66/);
    expect(res.text).not.toContain('Bon de travail');
  });

  it('prints the totals the items stored: a tax rate edited afterwards changes neither the lines nor the totals, and is not printed', async () => {
    const group = (await makeTaxGroup(t, admin, 'Québec (taux à modifier)', [{ code: 'TPS', rate: '5', type: 'percentage' }, { code: 'TVQ', rate: '9.975', type: 'percentage' }])).id;
    // 2 × 49,99 $ + 1,5 h × 110,00 $ = 264,98 $; TPS 13,25 $; TVQ 26,43 $ → 304,66 $ (at 10 %: TVQ 26,50 $, 304,73 $)
    const vehicle = await makeVehicle(t, admin.token, { vin: '1HGCM82633A004352' });
    const made = await makeRepair(t, admin, { vehicle: vehicle.id, lines: [{ detail: 'Plaquettes', quantity: '2', unit_price: 4999, time: '1.5', hourly_rate: 11000, taxGroup: group }] });
    // The TVQ goes to 10 % once the items are saved.
    const { tps, tvq } = await one<{ tps: string; tvq: string }>(
      t,
      sql`SELECT max(id::text) FILTER (WHERE code = 'TPS') AS tps, max(id::text) FILTER (WHERE code = 'TVQ') AS tvq FROM taxes WHERE tax_group_id = ${group}`,
    );
    const edited = await t.api('PATCH', `/api/v1/tax-groups/${group}`, {
      token: admin.token,
      body: { data: { type: 'tax-groups', id: group, relationships: { taxes: { data: [{ type: 'taxes', id: tps }, { type: 'taxes', id: tvq, attributes: { rate: '10' } }] } } } },
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    const res = await report(made.id, admin);
    expect(res.status).toBe(200);
    expect(res.text).toMatch(/Plaquettes .*304,66 \$/);
    expect(res.text).toMatch(/Sous-total\s+264,98 \$/);
    expect(res.text).toMatch(/TPS \(5 %\)\s+13,25 \$/);
    expect(res.text).toMatch(/TVQ\s+26,43 \$/);
    expect(res.text).toMatch(/Total\s+304,66 \$/);
    for (const s of ['26,50 $', '304,73 $', '(10 %)', '(9,975 %)']) expect(res.text, s).not.toContain(s);
    const api = await t.api('GET', `${R}/${made.id}`, { token: admin.token });
    expect(api.body.data.attributes.total).toBe(30466);
  });

  it('is refused without the right to view repairs (403) and does not exist for another organization (404)', async () => {
    const nobody = await userWith(t, orgId, 'no-repairs@work-order.test', ['view any vehicles']);
    await expectReportGuarded(t, `${R}/${repair.id}/report`, nobody.token, stranger.token);
  });
});
