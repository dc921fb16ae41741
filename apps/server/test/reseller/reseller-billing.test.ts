import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildRegistry } from '../../src/app.ts';
import { AREAS } from '../../src/areas/index.ts';
import { runRenewals } from '../../src/areas/reseller/renewals.ts';
import { resellerInvoiceData } from '../../src/areas/reseller/report/reseller-invoice-data.ts';
import { resellerInvoices } from '../../src/areas/reseller/reseller.table.ts';
import { createMailer } from '../../src/mail/mailer.ts';
import { rowsOf } from '../../src/db/client.ts';
import { makeOrganization, makePlatformAdmin, makeReseller, makeUser, makeWorld, toOne, type MadeReseller, type MadeUser, type World } from '../factories.ts';
import { createTestApp, type TestApp } from '../helpers.ts';
import { expectInlinePdf, expectReportGuarded, getPdf } from '../reports/pdf-text.ts';
import { storageOf } from '../../src/storage/storage.ts';

// Reseller billing (issue 24): a reseller's catalogue and packages, its organizations'
// subscriptions (renewed by hand and by the job), the package's user limit, the subscription's
// invoice once per period, validation, payments and balances, and resellers kept apart.

const API = '/api/v1';
let t: TestApp;
let w: World;
let rival: MadeReseller;
let reseller: MadeUser;

const call = (method: string, path: string, as: { token: string }, body?: unknown, locale = 'fr') =>
  t.api(method, `${API}${path}`, { token: as.token, body, headers: { 'accept-language': locale } });

async function ok(method: string, path: string, as: { token: string }, body?: unknown, status = 200) {
  const res = await call(method, path, as, body);
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  return res.body;
}

const services = () => ({ database: t.database, config: t.config, mailer: createMailer({ from: t.config.mailFrom }), registry: buildRegistry(AREAS) });
const doc = (type: string, attributes: Record<string, unknown>, relationships: Record<string, unknown> = {}) => ({ data: { type, attributes, relationships } });

let plan: string;
let subscription: any;
/** The reseller's tax groups: Québec's GST and QST, the GST alone. */
let quebec: string;
let gstOnly: string;

const tax = (code: string, rate: string) => ({ type: 'reseller-taxes', attributes: { code, rate, type: 'percentage' } });
async function taxGroup(as: { token: string }, name: string, taxes: ReturnType<typeof tax>[]) {
  return (await ok('POST', '/reseller-tax-groups', as, doc('reseller-tax-groups', { name }, { resellerTaxes: { data: taxes } }), 201)).data.id as string;
}

beforeAll(async () => {
  t = await createTestApp({}, { demo: false });
  w = await makeWorld(t);
  reseller = w.reseller.user;
  rival = await makeReseller(t);
  quebec = await taxGroup(reseller, 'TPS et TVQ', [tax('TPS', '5'), tax('TVQ', '9,975')]);
  gstOnly = await taxGroup(reseller, 'TPS seulement', [tax('TPS', '5')]);
  const made = await ok('POST', '/packages', reseller, doc('packages', { name: 'Atelier Trio', frequency: 'monthly', maximum_users: 3, price: 14_900 }, { taxGroup: toOne('reseller-tax-groups', quebec) }), 201);
  plan = made.data.id;
  subscription = await ok('POST', '/subscriptions?include=organization', reseller, doc('subscriptions', { auto_renew: true }, { organization: toOne('organizations', w.garage.id), package: toOne('packages', plan) }), 201);
});
afterAll(() => t?.close());

describe('the catalogue and subscriptions', () => {
  it('stamps the reseller, runs one period of the package and names the subscription on the organization', async () => {
    const a = subscription.data.attributes;
    expect(a.state).toBe('active');
    const months = (Date.parse(a.end_time) - Date.parse(a.start_time)) / 86_400_000;
    expect(months).toBeGreaterThanOrEqual(28);
    expect(months).toBeLessThanOrEqual(31);
    expect(subscription.data.relationships.reseller.data.id).toBe(w.reseller.id);
    const org = await ok('GET', `/organizations/${w.garage.id}?include=package,subscription`, reseller);
    expect(org.data.relationships.package.data.id).toBe(plan);
    expect(org.data.relationships.subscription.data.id).toBe(subscription.data.id);
    expect(subscription.data.attributes.available_actions).toEqual(['renew']);
  });

  it('refuses a second subscription of the organization, and an organization of another reseller', async () => {
    const again = await call('POST', '/subscriptions', reseller, doc('subscriptions', {}, { organization: toOne('organizations', w.garage.id), package: toOne('packages', plan) }));
    expect(again.status).toBe(422);
    expect(again.body.errors[0].detail).toMatch(/déjà un abonnement/);
    const direct = await call('POST', '/subscriptions', reseller, doc('subscriptions', {}, { organization: toOne('organizations', w.other.id), package: toOne('packages', plan) }));
    expect(direct.status).toBe(422);
  });

  it('names the duplicate package in French and English', async () => {
    const dup = await call('POST', '/packages', reseller, doc('packages', { name: 'atelier trio', frequency: 'yearly', price: 100 }), 'en');
    expect(dup.status).toBe(422);
    expect(dup.body.errors[0].source.pointer).toBe('/data/attributes/name');
  });

  it('lets the organization read its subscription, package and reseller, and not change them', async () => {
    const org = await ok('GET', `/organizations/${w.garage.id}?include=subscription,package,reseller`, w.manager);
    const types = (org.included ?? []).map((r: { type: string }) => r.type).sort();
    expect(types).toEqual(['packages', 'resellers', 'subscriptions']);
    // What the expiry notice reads, for any user of the organization (the inspector has no organization permission).
    const me = await ok('GET', '/me?include=organization.subscription,organization.package,organization.reseller', w.inspector);
    const reseller = me.included.find((r: { type: string }) => r.type === 'resellers');
    expect(reseller.attributes).toMatchObject({ name: w.reseller.name, email: w.reseller.user.email });
    expect(me.included.map((r: { type: string }) => r.type).sort()).toEqual(['organizations', 'packages', 'resellers', 'subscriptions']);
    expect((await call('GET', `/subscriptions/${subscription.data.id}/renew`, w.manager)).status).toBe(403);
    expect((await call('GET', '/packages', w.manager)).status).toBe(403);
  });
});

describe('the package’s user limit', () => {
  it('refuses a fourth active user, in French and English, and an activation beyond the limit', async () => {
    // The garage has its manager and inspector: a third fits.
    const third = await makeUser(t, w.garage.id, { email: `third-${Date.now()}@factory.test` });
    const fourth = (locale: string) =>
      call('POST', '/users', w.manager, doc('users', { firstname: 'Quatre', lastname: 'Usager', email: `fourth-${locale}-${Date.now()}@factory.test` }), locale);
    const fr = await fourth('fr');
    expect(fr.status).toBe(422);
    expect(fr.body.errors[0].detail).toBe('Le forfait « Atelier Trio » permet au plus 3 utilisateurs actifs : désactivez-en un ou changez de forfait.');
    const en = await fourth('en');
    expect(en.body.errors[0].detail).toBe('The “Atelier Trio” package allows at most 3 active users: deactivate one or change the package.');
    // An inactive one is created; activating it is refused while three are active.
    const idle = await ok('POST', '/users', w.manager, doc('users', { firstname: 'Au', lastname: 'Repos', email: `idle-${Date.now()}@factory.test`, active: false }), 201);
    expect((await call('GET', `/users/${idle.data.id}/activate`, w.manager)).status).toBe(422);
    await ok('GET', `/users/${third.id}/deactivate`, w.manager);
    await ok('GET', `/users/${idle.data.id}/activate`, w.manager);
    const patch = await call('PATCH', `/users/${third.id}`, w.manager, { data: { type: 'users', id: third.id, attributes: { active: true } } });
    expect(patch.status).toBe(422);
    expect(patch.body.errors[0].source.pointer).toBe('/data/attributes/active');
  });
});

describe('the subscription’s invoice, payments and balance', () => {
  let invoice: any;

  it('makes the current period’s invoice once', async () => {
    invoice = await ok('POST', `/organizations/${w.garage.id}/generate_subscription_invoice`, reseller);
    const again = await ok('POST', `/organizations/${w.garage.id}/generate_subscription_invoice`, reseller);
    expect(again.data.id).toBe(invoice.data.id);
    const a = invoice.data.attributes;
    expect(a).toMatchObject({ state: 'draft', subtotal: 14_900, tax_total: 745 + 1486, total: 17_131, period_start: subscription.data.attributes.start_time.slice(0, 10) });
    expect(a.code).toMatch(/^RF-\d{4}-000001$/);
    expect(invoice.included.map((i: any) => i.attributes.description)[0]).toMatch(/^Abonnement Atelier Trio/);
    const list = await ok('GET', `/reseller-invoices?filter[subscription]=${subscription.data.id}`, reseller);
    expect(list.meta.page.total).toBe(1);
  });

  it('refuses payments of a draft, validates once, then takes payments up to the balance', async () => {
    const id = invoice.data.id;
    const pay = (amount: number) => call('POST', '/reseller-payments', reseller, doc('reseller-payments', { amount, paid_on: '2026-05-01', method: 'cheque' }, { invoice: toOne('reseller-invoices', id) }));
    expect((await pay(1000)).status).toBe(422);
    // The organization billed may not validate its own invoice.
    expect((await call('GET', `/reseller-invoices/${id}/validate`, w.manager)).status).toBe(403);
    const validated = await ok('GET', `/reseller-invoices/${id}/validate`, reseller);
    expect(validated.data.attributes).toMatchObject({ state: 'validated', balance: 17_131, payment_status: 'unpaid' });
    expect((await call('GET', `/reseller-invoices/${id}/validate`, reseller)).status).toBe(409);
    const over = await pay(17_132);
    expect(over.status).toBe(422);
    expect(over.body.errors[0].detail).toMatch(/171,31/);
    expect((await pay(10_000)).status).toBe(201);
    let now = await ok('GET', `/reseller-invoices/${id}`, reseller);
    expect(now.data.attributes).toMatchObject({ amount_paid: 10_000, balance: 7_131, payment_status: 'partially_paid' });
    expect((await pay(7_131)).status).toBe(201);
    now = await ok('GET', `/reseller-invoices/${id}`, reseller);
    expect(now.data.attributes).toMatchObject({ balance: 0, payment_status: 'paid' });
    // Its PDF in the reseller's colour, French and English, with its taxes, paid and balance.
    await t.database.db.execute(sql`UPDATE resellers SET brand_color = '#c2255c' WHERE id = ${w.reseller.id}`);
    const url = `${API}/reseller-invoices/${id}/report`;
    const fr = await getPdf(t, url, { authorization: `Bearer ${reseller.token}` });
    expectInlinePdf(fr, `facture-${now.data.attributes.code}.pdf`);
    const [row] = await t.database.db.select().from(resellerInvoices).where(eq(resellerInvoices.id, id));
    expect((await resellerInvoiceData(t.database.db, storageOf(t.config), row, 'fr')).model).toMatchObject({ color: '#c2255c', reseller: { name: w.reseller.name } });
    expect(fr.text).toContain('Facturé à');
    expect(fr.text).toContain(w.garage.name);
    expect(fr.text).toMatch(/TPS.*7,45 \$/);
    expect(fr.text).toMatch(/TVQ.*14,86 \$/);
    expect(fr.text).toMatch(/Solde dû 0,00 \$/);
    const en = await getPdf(t, url, { authorization: `Bearer ${reseller.token}`, 'accept-language': 'en' });
    expect(en.text).toContain('Bill to');
    expect(en.text).toMatch(/Balance due \$0\.00/);
    await expectReportGuarded(t, url, w.manager.token, rival.user.token);
    const cancel = await call('GET', `/reseller-invoices/${id}/cancel`, reseller);
    expect(cancel.status).toBe(409);
    expect(cancel.body.errors[0].detail).toMatch(/paiements/);
  });

  it('writes an invoice by hand from products and services, priced and taxed by them', async () => {
    const service = await ok('POST', '/reseller-services', reseller, doc('reseller-services', { name: 'Formation', price: 45_000 }, { taxGroup: toOne('reseller-tax-groups', gstOnly) }), 201);
    const made = await ok(
      'POST',
      '/reseller-invoices?include=items,items.taxGroup',
      reseller,
      doc('reseller-invoices', {}, {
        recipient: toOne('organizations', w.garage.id),
        items: { data: [{ type: 'reseller-invoice-items', attributes: { quantity: '2' }, relationships: { resellerService: toOne('reseller-services', service.data.id) } }, { type: 'reseller-invoice-items', attributes: { description: 'Frais', quantity: '1,5', unit_price: 1000 } }] },
      }),
      201,
    );
    expect(made.data.attributes).toMatchObject({ subtotal: 91_500, tax_total: 4_500, total: 96_000, code: expect.stringMatching(/000002$/) });
    const line = made.included.find((r: any) => r.type === 'reseller-invoice-items' && r.attributes.description === 'Formation');
    expect(line.attributes).toMatchObject({ unit_price: 45_000, tax_total: 4_500 });
    expect(line.relationships.taxGroup.data.id).toBe(gstOnly);
    // The organization billed reads it; another organization and another reseller do not.
    expect((await call('GET', `/reseller-invoices/${made.data.id}`, w.manager)).status).toBe(403);
    expect((await call('GET', `/reseller-invoices/${made.data.id}`, rival.user)).status).toBe(404);
    expect((await call('GET', `/organizations/${w.garage.id}/generate_subscription_invoice`, rival.user)).status).toBe(404);
    expect((await call('POST', `/organizations/${w.garage.id}/generate_subscription_invoice`, rival.user)).status).toBe(404);
    await ok('GET', `/reseller-invoices/${made.data.id}/cancel`, reseller);
  });
});

describe('renewals', () => {
  it('renews by hand by the package’s frequency', async () => {
    const before = (await ok('GET', `/subscriptions/${subscription.data.id}`, reseller)).data.attributes;
    const renewed = await ok('GET', `/subscriptions/${subscription.data.id}/renew`, reseller);
    expect(renewed.data.attributes.start_time).toBe(before.end_time);
    expect(Date.parse(renewed.data.attributes.end_time)).toBeGreaterThan(Date.parse(before.end_time) + 27 * 86_400_000);
    expect(renewed.data.attributes.renewed_at).toBeTruthy();
  });

  it('renews automatic subscriptions at their end and makes their invoice, once', async () => {
    const garage2 = await makeOrganization(t, { name: `Garage ${Date.now()}`, reseller_id: w.reseller.id, locations: ['Sherbrooke'] });
    const day = 86_400_000;
    const ended = await ok(
      'POST',
      '/subscriptions',
      reseller,
      doc('subscriptions', { start_time: new Date(Date.now() - 40 * day).toISOString(), end_time: new Date(Date.now() - day).toISOString() }, { organization: toOne('organizations', garage2.id), package: toOne('packages', plan) }),
      201,
    );
    expect(ended.data.attributes.state).toBe('expired');
    const first = await runRenewals(services());
    expect(first.renewed).toBe(1);
    const now = (await ok('GET', `/subscriptions/${ended.data.id}`, reseller)).data.attributes;
    expect(now.state).toBe('active');
    expect(Date.parse(now.end_time)).toBeGreaterThan(Date.now() + 27 * day);
    expect((await runRenewals(services())).renewed).toBe(0);
    const invoices = await ok('GET', `/reseller-invoices?filter[subscription]=${ended.data.id}`, reseller);
    expect(invoices.meta.page.total).toBe(1);
    expect(invoices.data[0].attributes).toMatchObject({ state: 'draft', period_start: now.start_time.slice(0, 10), total: 17_131 });
    // Ended for good: the subscription deleted, the organization is on no package (its invoice stays).
    await ok('GET', `/reseller-invoices/${invoices.data[0].id}/cancel`, reseller);
    expect((await call('DELETE', `/subscriptions/${ended.data.id}`, reseller)).status).toBe(204);
    const org = await ok('GET', `/organizations/${garage2.id}`, reseller);
    expect([org.data.relationships.package.data, org.data.relationships.subscription.data]).toEqual([null, null]);
  });

  it('marks an ended subscription without automatic renewal expired', async () => {
    await ok('PATCH', `/subscriptions/${subscription.data.id}`, reseller, { data: { type: 'subscriptions', id: subscription.data.id, attributes: { auto_renew: false } } });
    await t.database.db.execute(sql`UPDATE subscriptions SET start_time = now() - interval '40 days', end_time = now() - interval '1 day' WHERE id = ${subscription.data.id}`);
    expect(await runRenewals(services())).toEqual({ renewed: 0, changed: 1 });
    const now = await ok('GET', `/subscriptions/${subscription.data.id}`, reseller);
    expect(now.data.attributes.state).toBe('expired');
  });
});

describe('the package’s default role', () => {
  it('limits what the organization’s users may do to what the role holds', async () => {
    const catalogue = await ok('GET', '/permissions?page[size]=1000', reseller);
    const idOf = (name: string) => catalogue.data.find((p: any) => p.attributes.name === name).id;
    const role = await ok('POST', '/roles', reseller, doc('roles', { name: `Forfait de base ${Date.now()}` }, { permissions: { data: ['view app admin', 'view module users', 'view any users', 'view users'].map((n) => ({ type: 'permissions', id: String(idOf(n)) })) } }), 201);
    const theirs = await call('POST', '/packages', reseller, doc('packages', { name: 'Autre rôle', frequency: 'monthly', price: 100 }, { defaultRole: toOne('roles', (await ok('GET', `/roles?filter[organization]=${w.garage.id}&page[size]=1`, reseller)).data[0].id) }));
    expect(theirs.status).toBe(422);
    const base = await ok('POST', '/packages', reseller, doc('packages', { name: 'Base', frequency: 'yearly', price: 50_000 }, { defaultRole: toOne('roles', role.data.id) }), 201);
    const shop = await makeOrganization(t, { name: `Atelier ${Date.now()}`, reseller_id: w.reseller.id, locations: ['Lévis'] });
    const boss = await makeUser(t, shop.id, { email: `boss-${Date.now()}@factory.test` });
    expect((await call('GET', '/vehicles', boss)).status).toBe(200);
    await ok('POST', '/subscriptions', reseller, doc('subscriptions', {}, { organization: toOne('organizations', shop.id), package: toOne('packages', base.data.id) }), 201);
    expect((await call('GET', '/vehicles', boss)).status).toBe(403);
    expect((await call('GET', '/users', boss)).status).toBe(200);
  });
});

describe('resellers kept apart', () => {
  it('never shows one reseller’s organizations, packages, subscriptions or invoices to another', async () => {
    for (const type of ['packages', 'subscriptions', 'reseller-invoices', 'reseller-payments', 'reseller-services', 'organizations']) {
      const list = await ok('GET', `/${type}?page[size]=100`, rival.user);
      expect(list.meta.page.total, type).toBe(0);
    }
    expect((await call('GET', `/packages/${plan}`, rival.user)).status).toBe(404);
    const theirs = await call('POST', '/subscriptions', rival.user, doc('subscriptions', {}, { organization: toOne('organizations', w.garage.id), package: toOne('packages', plan) }));
    expect(theirs.status).toBe(422);
  });
});

describe('the reseller’s home', () => {
  it('reads each organization’s active users and what it owes with the list, in one request', async () => {
    const made = await ok('POST', '/reseller-invoices', reseller, doc('reseller-invoices', {}, {
      recipient: toOne('organizations', w.garage.id),
      items: { data: [{ type: 'reseller-invoice-items', attributes: { description: 'Installation', quantity: '1', unit_price: 20_000 } }] },
    }), 201);
    await ok('GET', `/reseller-invoices/${made.data.id}/validate`, reseller);
    const home = await ok('GET', '/organizations?add_data=usage&page[size]=100', reseller);
    const due = await ok('GET', `/reseller-invoices?filter[recipient]=${w.garage.id}&filter[state]=validated&filter[payment_status]=unpaid,partially_paid&page[size]=100`, reseller);
    const owed = due.data.reduce((sum: number, i: any) => sum + i.attributes.balance, 0);
    expect(owed).toBeGreaterThanOrEqual(20_000);
    const [{ count }] = rowsOf<{ count: number }>(await t.database.db.execute(sql`SELECT count(*)::int AS count FROM users WHERE organization_id = ${w.garage.id} AND active`));
    expect(home.meta.usage[w.garage.id]).toEqual({ active_users: count, balance: owed });
    // Only the organizations of the list: another reseller's has none of them.
    const theirs = await ok('GET', '/organizations?add_data=usage', rival.user);
    expect(theirs.meta.usage).toEqual({});
    // The organization's own manager (no right to read reseller invoices) reads its users, not a balance.
    const own = await ok('GET', `/organizations/${w.garage.id}?add_data=usage`, w.manager);
    expect(own.meta.usage[w.garage.id]).toEqual({ active_users: count, balance: 0 });
  });
});

describe('the reseller’s tax groups', () => {
  it('taxes each line by the group of its product or service, to the cent; a line without a group is not taxed', async () => {
    const product = await ok('POST', '/reseller-products', reseller, doc('reseller-products', { name: 'Lecteur', price: 4_999 }, { taxGroup: toOne('reseller-tax-groups', quebec) }), 201);
    const service = await ok('POST', '/reseller-services', reseller, doc('reseller-services', { name: 'Installation sur place', price: 12_345 }, { taxGroup: toOne('reseller-tax-groups', gstOnly) }), 201);
    const made = await ok(
      'POST',
      '/reseller-invoices?include=items',
      reseller,
      doc('reseller-invoices', {}, {
        recipient: toOne('organizations', w.garage.id),
        items: {
          data: [
            { type: 'reseller-invoice-items', attributes: { quantity: '3' }, relationships: { resellerProduct: toOne('reseller-products', product.data.id) } },
            { type: 'reseller-invoice-items', attributes: { quantity: '1' }, relationships: { resellerService: toOne('reseller-services', service.data.id) } },
            { type: 'reseller-invoice-items', attributes: { description: 'Déplacement', quantity: '2,5', unit_price: 1_999 } },
            { type: 'reseller-invoice-items', attributes: { description: 'Frais de dossier', quantity: '1', unit_price: 1_000 }, relationships: { taxGroup: toOne('reseller-tax-groups', gstOnly) } },
          ],
        },
      }),
      201,
    );
    const lines = made.included.filter((r: any) => r.type === 'reseller-invoice-items').sort((a: any, b: any) => a.attributes.position - b.attributes.position);
    // 3 × 49,99 = 149,97: TPS 7,50 (7,4985), TVQ 14,96 (14,960…); 123,45: TPS 6,17 (6,1725); 2,5 × 19,99 = 49,98 (49,975): no tax.
    expect(lines.map((l: any) => [l.attributes.subtotal, l.attributes.tax_total])).toEqual([
      [14_997, 750 + 1_496],
      [12_345, 617],
      [4_998, 0],
      [1_000, 50],
    ]);
    expect(made.data.attributes).toMatchObject({ subtotal: 14_997 + 12_345 + 4_998 + 1_000, tax_total: 750 + 1_496 + 617 + 50, total: 14_997 + 12_345 + 4_998 + 1_000 + 750 + 1_496 + 617 + 50 });
    // A line's group chosen by hand is kept over its product's.
    const kept = await ok(
      'POST',
      '/reseller-invoice-items',
      reseller,
      doc('reseller-invoice-items', { quantity: '1' }, { resellerInvoice: toOne('reseller-invoices', made.data.id), resellerProduct: toOne('reseller-products', product.data.id), taxGroup: toOne('reseller-tax-groups', gstOnly) }),
      201,
    );
    expect(kept.data.attributes).toMatchObject({ subtotal: 4_999, tax_total: 250 });
    // A group in use is not deleted.
    expect((await call('DELETE', `/reseller-tax-groups/${gstOnly}`, reseller)).status).toBe(409);
    await ok('GET', `/reseller-invoices/${made.data.id}/cancel`, reseller);
  });

  it('refuses a rate out of bounds, in French and English', async () => {
    const bad = doc('reseller-tax-groups', { name: 'Trop' }, { resellerTaxes: { data: [tax('TVX', '150')] } });
    const fr = await call('POST', '/reseller-tax-groups', reseller, bad, 'fr');
    const en = await call('POST', '/reseller-tax-groups', reseller, bad, 'en');
    expect([fr.status, en.status]).toEqual([422, 422]);
    expect(fr.body.errors[0].detail).not.toBe(en.body.errors[0].detail);
  });

  it('keeps each reseller’s groups its own', async () => {
    const theirs = await taxGroup(rival.user, 'TVH 13', [tax('TVH', '13')]);
    const mine = await ok('GET', '/reseller-tax-groups', reseller);
    expect(mine.data.map((g: any) => g.id)).toEqual(expect.arrayContaining([quebec, gstOnly]));
    expect(mine.data.map((g: any) => g.id)).not.toContain(theirs);
    expect((await call('GET', `/reseller-tax-groups/${quebec}`, rival.user)).status).toBe(404);
    expect((await call('GET', `/reseller-taxes?filter[resellerTaxGroup]=${quebec}`, rival.user)).body.data).toEqual([]);
    // Another reseller's group cannot be named by a product, nor changed.
    const refused = await call('POST', '/reseller-products', rival.user, doc('reseller-products', { name: 'Emprunt', price: 100 }, { taxGroup: toOne('reseller-tax-groups', quebec) }));
    expect(refused.status).toBe(422);
    expect((await call('PATCH', `/reseller-tax-groups/${quebec}`, rival.user, { data: { type: 'reseller-tax-groups', id: quebec, attributes: { name: 'Pris' } } })).status).toBe(404);
    // Platform staff, who see every reseller's groups, cannot give one reseller's group to another's product.
    const staff = await makePlatformAdmin(t);
    const crossed = await call('POST', '/reseller-products', staff, doc('reseller-products', { name: 'Croisé', price: 100 }, { reseller: toOne('resellers', rival.id), taxGroup: toOne('reseller-tax-groups', quebec) }), 'en');
    expect(crossed.status).toBe(422);
    expect(crossed.body.errors[0]).toMatchObject({ code: 'reseller.tax_group_not_yours', source: { pointer: '/data/relationships/taxGroup' } });
    await ok('POST', '/reseller-products', staff, doc('reseller-products', { name: 'Croisé', price: 100 }, { reseller: toOne('resellers', rival.id), taxGroup: toOne('reseller-tax-groups', theirs) }), 201);
    // An organization's users do not see them.
    expect((await call('GET', `/reseller-tax-groups/${quebec}`, w.manager)).status).toBeGreaterThanOrEqual(403);
  });
});
