import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../src/db/client.ts';
import { selectComparables, type MarketSale, type Subject } from '@atelier/domain';
import { demoSales, insertSales } from '../../src/areas/pricing/demo.ts';
import { salesFor, today } from '../../src/areas/pricing/market-provider.ts';
import { purgeRequestLogs } from '../../src/areas/pricing/request-log.ts';
import { embedPageHeaders } from '../../src/areas/pricing/embed-page.ts';
import { ISO_UTC, createTestApp, type TestApp } from '../helpers.ts';
import { makeOrganization, makeVehicle, makeWorld, userWith, type World } from '../factories.ts';

// The price estimation's API (issue 13): answers, every input error in French and English,
// permissions, the API key, the allowed-domain rule of the frame, the request logs, isolation.

let t: TestApp;
let w: World;
const JSON_HEADERS = { 'content-type': 'application/json' };
const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);

const sale = (organization_id: string, over: Record<string, unknown> = {}) => ({
  organization_id,
  year: 2021,
  make: 'Toyota',
  model: 'RAV4',
  series: 'LE',
  kind: 'sale',
  price: 30_000_00,
  sold_on: day(10),
  kilometers: 60_000,
  province: 'QC',
  condition: 'good',
  days_on_market: 20,
  ...over,
});

const body = { year: 2021, make: 'Toyota', model: 'RAV4', series: 'LE', kilometers: 60_000, province: 'QC', status: 'good' };
const estimate = (token: string | undefined, payload: unknown, headers: Record<string, string> = {}, query = '') =>
  t.api('POST', `/api/v1/estimations/vehicle-price${query}`, { token, body: payload as object, headers: { ...JSON_HEADERS, ...headers } });

beforeAll(async () => {
  t = await createTestApp();
  w = await makeWorld(t);
  await insertSales(t.database.db, [
    ...[55_000, 58_000, 60_000, 62_000, 65_000].map((kilometers, i) => sale(w.garage.id, { kilometers, price: (29_000 + i * 500) * 100, days_on_market: 10 + i * 10 })),
    // Outliers the ±30 % rule drops, and a Honda of another make.
    sale(w.garage.id, { price: 12_000_00 }),
    sale(w.garage.id, { price: 55_000_00 }),
    sale(w.garage.id, { make: 'Honda', model: 'Civic', series: 'EX', year: 2020, price: 21_000_00 }),
    // A RAV4 with an unknown series sold in two trims: the worst-price candidates.
    ...Array.from({ length: 5 }, () => sale(w.garage.id, { series: 'XLE', price: 34_000_00 })),
  ]);
  // The other organization's market must never count for the garage.
  await insertSales(t.database.db, Array.from({ length: 5 }, () => sale(w.other.id, { price: 90_000_00 })));
}, 120_000);
afterAll(() => t.close());

describe('POST /estimations/vehicle-price', () => {
  it('answers the market statistics, the official range taxed with the province taxes, and the offer with its steps', async () => {
    const res = await estimate(w.manager.token, { ...body, aggression_percentage: 10, desired_profit: 1500, damage_cost: 500, accident: true }, {}, '?debug=1');
    expect(res.status).toBe(200);
    const a = res.body.data.attributes;
    expect(a.ess.vehicle_count).toBe(5);
    expect(a.ess.comparables.filter((c: { kept: boolean }) => !c.kept)).toHaveLength(2);
    expect(a.ess.average_retail_sales).toBeGreaterThan(29_000);
    expect(a.ess.average_retail_sales).toBeLessThan(31_000);
    expect(a.ess.average_days_on_market).toBe(30);
    expect(a.ess.valid_price_range_margin).toBe(30);
    expect(a.ess.official_price.tax_rate_percent).toBeCloseTo(14.975);
    expect(a.ess.official_price.taxed_low).toBeGreaterThan(a.ess.official_price.low);
    expect(a.offer.steps.map((s: { code: string }) => s.code)).toEqual(['market_retail', 'accident', 'aggression', 'desired_profit', 'damage_cost', 'offer']);
    const retail = a.ess.average_retail_sales;
    const afterAccident = Math.round(retail * 0.9);
    expect(a.offer.amount).toBe(Math.round(afterAccident * 0.9) - 1500 - 500);
    // The garage's manager holds the debug permission and asks: the comparables and adjustments come along.
    expect(a.debug.comparables).toHaveLength(7);
    expect(a.debug.km_slope.fitted).toBe(false);
    expect(a.black_book).toEqual({ status: 'not_configured', message: expect.stringContaining('Canadian Black Book') });
  });

  it('gives the debug block only when asked by a user with the debug permission, and miles are kilometres', async () => {
    expect((await estimate(w.manager.token, body)).body.data.attributes.debug).toBeUndefined();
    const user = await userWith(t, w.garage.id, `screen-${Date.now()}@factory.test`, ['view module vehicle estimations']);
    const { miles: _m, kilometers: _k, ...rest } = { ...body, miles: 0, kilometers: 0 };
    const res = await estimate(user.token, { ...rest, miles: 37_282 }, {}, '?debug=1');
    expect(res.status).toBe(200);
    expect(res.body.data.attributes.debug).toBeUndefined();
    expect(res.body.data.attributes.mileage).toBe(60_000);
  });

  it.each([
    ['fr', 'Aucun prix trouvé pour ce véhicule'],
    ['en', 'No price found for this vehicle'],
  ])('no comparable anywhere: 404 in %s', async (locale, detail) => {
    const res = await estimate(w.manager.token, { ...body, make: 'Lada', model: 'Niva' }, { 'accept-language': locale });
    expect(res.status).toBe(404);
    expect(res.body.errors[0].detail).toBe(detail);
  });

  it('never reads another organization’s sales', async () => {
    const res = await estimate(w.manager2.token, body);
    expect(res.status).toBe(200);
    expect(res.body.data.attributes.ess.average_retail_sales).toBeGreaterThan(80_000);
  });

  const errors: [string, unknown, string, string, string][] = [
    ['not an object', [1], '', 'Le corps de la requête doit être un objet JSON', 'The request body must be a JSON object'],
    ['an unknown member', { ...body, colour: 'red' }, '', 'Le champ colour n’existe pas', 'The field colour does not exist'],
    ['neither VIN nor vehicle', { kilometers: 1, province: 'QC' }, '/make', 'Donnez le NIV, ou l’année, la marque et le modèle', 'Give the VIN, or the year, make and model'],
    ['a VIN too short', { ...body, vin: 'ABC' }, '/vin', 'Le NIV doit contenir 17 caractères', 'The VIN must have 17 characters'],
    ['a year before 1950', { ...body, year: 1900 }, '/year', 'La valeur doit être au moins 1950', 'The value must be at least 1950'],
    ['kilometres below zero', { ...body, kilometers: -5 }, '/kilometers', 'La valeur doit être au moins 0', 'The value must be at least 0'],
    ['kilometres and miles', { ...body, miles: 10 }, '/miles', 'Donnez le kilométrage en kilomètres ou en milles, pas les deux', 'Give the mileage in kilometres or in miles, not both'],
    ['no mileage', { year: 2021, make: 'Toyota', model: 'RAV4', province: 'QC' }, '/kilometers', 'Ce champ est obligatoire', 'This field is required'],
    ['an unknown province', { ...body, province: 'ZZ' }, '/province', 'La valeur doit être l’une de : AB, BC, CN, MB, NB, NL, NS, NT, NU, ON, PE, QC, SK, YT', 'The value must be one of: AB, BC, CN, MB, NB, NL, NS, NT, NU, ON, PE, QC, SK, YT'],
    ['an unknown status', { ...body, status: 'rough' }, '/status', 'La valeur doit être l’une de : excellent, good, average, poor', 'The value must be one of: excellent, good, average, poor'],
    ['an accident that is not a boolean', { ...body, accident: 'oui' }, '/accident', 'Le champ doit être vrai ou faux', 'This field must be true or false'],
    ['a negative profit', { ...body, desired_profit: -1 }, '/desired_profit', 'La valeur doit être au moins 0', 'The value must be at least 0'],
    ['a damage cost in cents', { ...body, damage_cost: 10.5 }, '/damage_cost', 'Le champ doit être un nombre entier', 'This field must be a whole number'],
    ['an aggression over 100 %', { ...body, aggression_percentage: 120 }, '/aggression_percentage', 'La valeur doit être au plus 100', 'The value must be at most 100'],
    ['an aggression in words', { ...body, aggression_percentage: 'beaucoup' }, '/aggression_percentage', 'Le champ ne peut contenir que des chiffres', 'This field may only contain numbers'],
  ];
  it.each(errors)('422 for %s, in French and English', async (_name, payload, pointer, fr, en) => {
    for (const [locale, detail] of [['fr', fr], ['en', en]] as const) {
      const res = await estimate(w.manager.token, payload, { 'accept-language': locale });
      expect(res.status).toBe(422);
      const error = res.body.errors.find((e: { source: { pointer: string } }) => e.source.pointer === pointer);
      expect(error?.detail).toBe(detail);
    }
  });

  it('refuses users without the module or API permission, and non-organization users', async () => {
    const user = await userWith(t, w.garage.id, `none-${Date.now()}@factory.test`, ['view any vehicles']);
    expect((await estimate(user.token, body)).status).toBe(403);
    const api = await userWith(t, w.garage.id, `api-${Date.now()}@factory.test`, ['make vehicle estimations via api']);
    expect((await estimate(api.token, body)).status).toBe(200);
    expect((await estimate(w.admin.token, body)).status).toBe(403);
    expect((await estimate(undefined, body)).status).toBe(401);
  });

  it('answers a flood of unknown members with a bounded 422, never a 5xx (the frame’s call checks the body the same way)', async () => {
    const flood = Object.fromEntries(Array.from({ length: 150_000 }, (_, k) => [`k${k}`, 1]));
    const res = await estimate(w.manager.token, flood, { 'accept-language': 'en' });
    expect(res.status).toBe(422);
    expect(res.body.errors).toHaveLength(101);
    expect(res.body.errors[100].detail).toMatch(/^\d{1,3}(,\d{3})* more problems are not listed\.$/);
  });
});

describe('the secret API key', () => {
  it('is shown once, kept hashed, answers the API in place of a session, and stops when revoked', async () => {
    const made = await t.api('POST', '/api/v1/estimate-vehicle-keys/secret', { token: w.manager.token });
    expect(made.status).toBe(200);
    const secret = made.body.data.attributes.secret as string;
    expect(secret).toMatch(/^sk_/);
    const stored = rowsOf<{ secret_hash: string }>(await t.database.db.execute(sql`SELECT secret_hash FROM estimate_vehicle_keys WHERE organization_id = ${w.garage.id}`));
    expect(stored[0]!.secret_hash).not.toContain(secret);
    const read = await t.api('GET', '/api/v1/estimate-vehicle-keys', { token: w.manager.token });
    expect(read.body.data.attributes).toMatchObject({ has_secret: true, secret_hint: secret.slice(-4), secret_created_at: expect.stringMatching(ISO_UTC) });
    expect(read.body.data.attributes.secret).toBeUndefined();

    const withKey = await estimate(undefined, body, { 'x-api-key': secret });
    expect(withKey.status).toBe(200);
    expect(withKey.body.data.attributes.debug).toBeUndefined();
    const logged = rowsOf<{ channel: string; user_id: string | null }>(await t.database.db.execute(sql`SELECT channel, user_id FROM request_logs WHERE organization_id = ${w.garage.id} AND channel = 'api'`));
    expect(logged).toEqual([{ channel: 'api', user_id: null }]);

    expect((await estimate(undefined, body, { 'x-api-key': 'sk_wrong' })).status).toBe(401);
    expect((await t.api('DELETE', '/api/v1/estimate-vehicle-keys/secret', { token: w.manager.token })).status).toBe(200);
    expect((await estimate(undefined, body, { 'x-api-key': secret })).status).toBe(401);
  });

  it('is managed only with the API permission', async () => {
    const screen = await userWith(t, w.garage.id, `keys-${Date.now()}@factory.test`, ['view module vehicle estimations']);
    expect((await t.api('GET', '/api/v1/estimate-vehicle-keys', { token: screen.token })).status).toBe(200);
    expect((await t.api('POST', '/api/v1/estimate-vehicle-keys/secret', { token: screen.token })).status).toBe(403);
  });
});

describe('the embeddable frame and its allowed domains', () => {
  let key: string;
  beforeAll(async () => {
    key = (await t.api('GET', '/api/v1/estimate-vehicle-keys', { token: w.manager.token })).body.data.attributes.public_key;
  });
  const embed = (origin: Record<string, string>, k = key) =>
    t.api('POST', `/api/v1/public/embed/vehicle-price?key=${encodeURIComponent(k)}`, { body: body as object, headers: { ...JSON_HEADERS, ...origin } });

  it('keeps a domain as a host, and refuses what is not one, in French and English', async () => {
    const made = await t.api('POST', '/api/v1/estimate-vehicle-allow-domains', { token: w.manager.token, body: { data: { type: 'estimate-vehicle-allow-domains', attributes: { domain: 'https://www.Garage-Test.ca/contact' } } } });
    expect(made.status).toBe(201);
    expect(made.body.data.attributes.domain).toBe('www.garage-test.ca');
    for (const [locale, detail] of [
      ['fr', 'Le domaine doit être un nom d’hôte (garage.ca, *.garage.ca), avec un port au besoin'],
      ['en', 'The domain must be a host name (garage.ca, *.garage.ca), with a port if needed'],
    ]) {
      const bad = await t.api('POST', '/api/v1/estimate-vehicle-allow-domains', { token: w.manager.token, headers: { 'accept-language': locale }, body: { data: { type: 'estimate-vehicle-allow-domains', attributes: { domain: "x.ca 'unsafe-inline'" } } } });
      expect(bad.status).toBe(422);
      expect(bad.body.errors[0].detail).toBe(detail);
    }
    const twice = await t.api('POST', '/api/v1/estimate-vehicle-allow-domains', { token: w.manager.token, body: { data: { type: 'estimate-vehicle-allow-domains', attributes: { domain: 'WWW.garage-test.ca' } } } });
    expect(twice.status).toBe(422);
  });

  it('answers an allowed origin, refuses another origin and a call without origin, and logs the domain', async () => {
    const ok = await embed({ origin: 'https://www.garage-test.ca' });
    expect(ok.status).toBe(200);
    expect(ok.body.data.attributes.debug).toBeUndefined();
    const other = await embed({ origin: 'https://evil.example', 'accept-language': 'en' });
    expect(other.status).toBe(403);
    expect(other.body.errors[0].detail).toBe('This website is not allowed to embed this dealership’s price estimation');
    expect((await embed({ referer: 'https://evil.example/page' })).status).toBe(403);
    expect((await embed({})).status).toBe(403);
    expect((await embed({ referer: 'https://www.garage-test.ca/used-cars' })).status).toBe(200);
    expect((await embed({ origin: 'https://www.garage-test.ca' }, 'pk_unknown')).status).toBe(404);
    // Answered and refused calls alike are logged, with the site they came from.
    const logs = rowsOf<{ host: string | null; domain_id: string | null; http_status_code: number }>(
      await t.database.db.execute(sql`SELECT host, domain_id, http_status_code FROM request_logs WHERE channel = 'embed' AND organization_id = ${w.garage.id} ORDER BY created_at`),
    );
    expect(logs.map((l) => [l.http_status_code, l.host, l.domain_id !== null])).toEqual([
      [200, 'www.garage-test.ca', true],
      [403, 'evil.example', false],
      [403, 'evil.example', false],
      [403, null, false],
      [200, 'www.garage-test.ca', true],
    ]);
  });

  it('logs a bounded copy of what a refused caller sent: the known members, their text cut, the others by name', async () => {
    const junk: Record<string, unknown> = { ...body, make: 'M'.repeat(100_000), model: { nested: ['x'.repeat(1000)] }, series: [1, 2] };
    for (let k = 0; k < 40; k++) junk[`extra_${k}_${'z'.repeat(500)}`] = 'y'.repeat(10_000);
    const res = await t.api('POST', `/api/v1/public/embed/vehicle-price?key=${encodeURIComponent(key)}`, { body: junk, headers: { ...JSON_HEADERS, origin: 'https://flood.example' } });
    expect(res.status).toBe(403);
    const [log] = rowsOf<{ request: Record<string, unknown>; size: number }>(
      await t.database.db.execute(sql`SELECT request, length(request::text) AS size FROM request_logs WHERE host = 'flood.example'`),
    );
    expect(log.size).toBeLessThan(5_000);
    expect(log.request).toMatchObject({ year: 2021, make: 'M'.repeat(200), model: '[object]', series: '[array]', province: 'QC' });
    expect(log.request.unknown_members).toHaveLength(20);
    expect((log.request.unknown_members as string[])[0]).toBe(`extra_0_${'z'.repeat(92)}`);
  });

  it('our own frame names the embedding site in X-Embed-Parent; the app itself is the preview', async () => {
    const self = { origin: 'http://atelier.test', host: 'atelier.test' };
    expect((await embed({ ...self, 'x-embed-parent': 'https://www.garage-test.ca' })).status).toBe(200);
    expect((await embed({ ...self, 'x-embed-parent': 'https://evil.example' })).status).toBe(403);
    expect((await embed({ ...self, 'x-embed-parent': 'http://atelier.test' })).status).toBe(200);
  });

  it('lists the allowed domains as the page’s frame-ancestors', async () => {
    const headers = await embedPageHeaders({ query: { key } } as never, { database: t.database } as never);
    expect(headers['Content-Security-Policy']).toBe("frame-ancestors 'self' www.garage-test.ca:*");
    const unknown = await embedPageHeaders({ query: { key: 'pk_nobody' } } as never, { database: t.database } as never);
    expect(unknown['Content-Security-Policy']).toBe("frame-ancestors 'self'");
  });

  it('stops answering a removed domain', async () => {
    const list = await t.api('GET', '/api/v1/estimate-vehicle-allow-domains', { token: w.manager.token });
    for (const d of list.body.data) expect((await t.api('DELETE', `/api/v1/estimate-vehicle-allow-domains/${d.id}`, { token: w.manager.token })).status).toBe(204);
    expect((await embed({ origin: 'https://www.garage-test.ca' })).status).toBe(403);
  });

  it('are another organization’s business only', async () => {
    const list = await t.api('GET', '/api/v1/estimate-vehicle-allow-domains', { token: w.manager2.token });
    expect(list.body.meta.page.total).toBe(0);
  });
});

describe('the frame’s margin and leads (issue 20 point 5)', () => {
  const SITE = { origin: 'https://www.frame-lead.ca' };
  let key: string;
  let key2: string;
  const settings = (token: string, attributes: Record<string, unknown>, locale = 'fr') =>
    t.api('PATCH', '/api/v1/estimate-vehicle-frame-settings', { token, headers: { 'accept-language': locale }, body: { data: { type: 'estimate-vehicle-frame-settings', attributes } } });
  const framePrice = (payload: unknown, k = key, headers: Record<string, string> = SITE) =>
    t.api('POST', `/api/v1/public/embed/vehicle-price?key=${encodeURIComponent(k)}`, { body: payload as object, headers: { ...JSON_HEADERS, ...headers } });
  const lead = (payload: unknown, headers: Record<string, string> = {}) =>
    t.api('POST', `/api/v1/public/embed/leads?key=${encodeURIComponent(key)}`, { body: payload as object, headers: { ...JSON_HEADERS, ...SITE, ...headers } });
  const evaluations = async () =>
    rowsOf<{ id: string; code: string; type: string; notes: string; vehicle_vin: string | null }>(await t.database.db.execute(sql`SELECT id, code, type, notes, vehicle_vin FROM requests WHERE organization_id = ${w.garage.id} AND type = 'evaluation' ORDER BY created_at`));
  const contact = { name: 'Julie Vézina', phone: '514 555-0199', consent: true };

  beforeAll(async () => {
    key = (await t.api('GET', '/api/v1/estimate-vehicle-keys', { token: w.manager.token })).body.data.attributes.public_key;
    key2 = (await t.api('GET', '/api/v1/estimate-vehicle-keys', { token: w.manager2.token })).body.data.attributes.public_key;
    await t.api('POST', '/api/v1/estimate-vehicle-allow-domains', { token: w.manager.token, body: { data: { type: 'estimate-vehicle-allow-domains', attributes: { domain: 'www.frame-lead.ca' } } } });
    await t.api('POST', '/api/v1/estimate-vehicle-allow-domains', { token: w.manager2.token, body: { data: { type: 'estimate-vehicle-allow-domains', attributes: { domain: 'www.frame-lead.ca' } } } });
  });

  it('refuses the margin from a public caller, each member named, in French and English; nothing is saved', async () => {
    for (const [locale, detail] of [
      ['fr', '« desired_profit » est la marge du concessionnaire : le cadre public la prend dans ses réglages, ne l’envoyez pas'],
      ['en', '“desired_profit” is the dealership’s margin: the public frame takes it from its settings, do not send it'],
    ]) {
      const res = await framePrice({ ...body, desired_profit: 0, aggression_percentage: 0, damage_cost: 0 }, key, { ...SITE, 'accept-language': locale });
      expect(res.status).toBe(422);
      expect(res.body.errors.map((e: { source: { pointer: string } }) => e.source.pointer)).toEqual(['/desired_profit', '/aggression_percentage', '/damage_cost']);
      expect(res.body.errors[0].detail).toBe(detail);
    }
    const before = (await evaluations()).length;
    const refused = await lead({ ...body, ...contact, desired_profit: 1 });
    expect(refused.status).toBe(422);
    expect(await evaluations()).toHaveLength(before);
  });

  it('takes the margin from the organization’s frame settings, and answers the offer, never the retail or the margin', async () => {
    const none = await framePrice(body);
    expect(none.status).toBe(200);
    const retail = (await estimate(w.manager.token, body)).body.data.attributes.offer.market_retail;
    // No settings yet: the margin is zero, the offer is the retail.
    expect(none.body.data.attributes.offer).toBe(retail);
    const saved = await settings(w.manager.token, { desired_profit: 2000, aggression_percentage: 10, damage_cost: 750 });
    expect(saved.status).toBe(200);
    expect(saved.body.data.attributes).toEqual({ desired_profit: 2000, aggression_percentage: 10, damage_cost: 750, display: 'offer' });
    // Another organization's generous settings are its own.
    expect((await settings(w.manager2.token, { desired_profit: 0, aggression_percentage: 0, damage_cost: 0 })).status).toBe(200);
    const res = await framePrice(body);
    expect(res.status).toBe(200);
    const expected = (await estimate(w.manager.token, { ...body, desired_profit: 2000, aggression_percentage: 10, damage_cost: 750 })).body.data.attributes.offer.amount;
    expect(res.body.data.attributes).toEqual({ vehicle: expect.objectContaining({ make: 'Toyota', model: 'RAV4' }), province: 'QC', status: 'good', mileage: 60_000, display: 'offer', offer: expected, low: expected, high: expected });
    expect(expected).toBe(Math.round(retail * 0.9) - 2000 - 750);
    // The other organization's frame values its own market (its RAV4s sold 90 000 $) with its own margin (none).
    const theirs = await framePrice(body, key2);
    expect(theirs.status).toBe(200);
    expect(theirs.body.data.attributes.offer).toBeGreaterThan(80_000);
    expect((await t.api('GET', '/api/v1/estimate-vehicle-frame-settings', { token: w.manager.token })).body.data.attributes.desired_profit).toBe(2000);
  });

  it('shows a range when the dealership chooses one', async () => {
    expect((await settings(w.manager.token, { display: 'range' })).body.data.attributes).toMatchObject({ display: 'range', desired_profit: 2000 });
    const a = (await framePrice(body)).body.data.attributes;
    expect(a.display).toBe('range');
    expect(a.low).toBeLessThan(a.offer);
    expect(a.high).toBeGreaterThan(a.offer);
    await settings(w.manager.token, { display: 'offer' });
  });

  it('checks the settings, and only whoever manages the frame changes them', async () => {
    const bad = await settings(w.manager.token, { aggression_percentage: 150, display: 'all', desired_profit: -1 }, 'en');
    expect(bad.status).toBe(422);
    expect(bad.body.errors.map((e: { source: { pointer: string } }) => e.source.pointer).sort()).toEqual(['/data/attributes/aggression_percentage', '/data/attributes/desired_profit', '/data/attributes/display']);
    expect((await t.api('GET', '/api/v1/estimate-vehicle-frame-settings', { token: w.manager.token })).body.data.attributes.desired_profit).toBe(2000);
    expect((await settings(w.inspector.token, { desired_profit: 0 })).status).toBe(403);
  });

  it('saves a lead as an evaluation request with the vehicle and the offer shown, and notifies the dispatchers', async () => {
    const before = (await evaluations()).length;
    const res = await lead({ ...body, vin: '2T3W1RFV8MW123456', ...contact });
    expect(res.status).toBe(201);
    const expected = (await framePrice(body)).body.data.attributes.offer;
    expect(res.body.data.attributes.offer).toMatchObject({ display: 'offer', offer: expected });
    const saved = await evaluations();
    expect(saved).toHaveLength(before + 1);
    const request = saved.at(-1)!;
    expect(request).toMatchObject({ id: res.body.data.id, type: 'evaluation', vehicle_vin: '2T3W1RFV8MW123456' });
    expect(request.code).toBeTruthy();
    expect(request.notes).toContain('Julie Vézina · 514 555-0199');
    expect(request.notes).toContain('2021 Toyota RAV4 LE');
    expect(request.notes).toContain(new Intl.NumberFormat('fr-CA', { style: 'currency', currency: 'CAD', maximumFractionDigits: 0 }).format(expected));
    expect(request.notes).toContain('www.frame-lead.ca');
    // The manager (who assigns requests) is told; the inspector is not; nobody of the other organization.
    const told = rowsOf<{ user_id: string; organization_id: string }>(await t.database.db.execute(sql`SELECT user_id, organization_id FROM notifications WHERE subject_type = 'requests' AND subject_id = ${request.id}`));
    expect(told.map((n) => n.user_id)).toContain(w.manager.id);
    expect(told.map((n) => n.user_id)).not.toContain(w.inspector.id);
    expect(told.map((n) => n.user_id)).not.toContain(w.manager2.id);
    // The request reads through the API like any other.
    const read = await t.api('GET', `/api/v1/requests/${request.id}`, { token: w.manager.token });
    expect(read.status).toBe(200);
    expect(read.body.data.attributes.type).toBe('evaluation');
    expect((await t.api('GET', `/api/v1/requests/${request.id}`, { token: w.manager2.token })).status).toBe(404);
  });

  it('refuses a lead without consent or a way to reach the visitor, in French and English; nothing is saved', async () => {
    const before = (await evaluations()).length;
    const res = await lead({ ...body, name: 'Julie', consent: false }, { 'accept-language': 'en' });
    expect(res.status).toBe(422);
    expect(res.body.errors.map((e: { source: { pointer: string }; detail: string }) => [e.source.pointer, e.detail])).toEqual([
      ['/phone', 'Give a phone number or an email address'],
      ['/consent', 'Tick the box to agree to be contacted'],
    ]);
    const fr = await lead({ ...body, name: 'Julie', email: 'pas-une-adresse' });
    expect(fr.body.errors.map((e: { source: { pointer: string }; detail: string }) => [e.source.pointer, e.detail])).toEqual([
      ['/email', 'Le champ doit contenir un email valide'],
      ['/consent', 'Cochez la case pour accepter d’être contacté'],
    ]);
    expect((await lead({ ...contact, province: 'QC' })).status).toBe(422);
    expect((await lead({ ...body, ...contact }, { origin: 'https://evil.example' })).status).toBe(403);
    expect(await evaluations()).toHaveLength(before);
  });
});

describe('GET /vehicles/get-worst-price-by-vin/{vin}', () => {
  it('values every trim the VIN may be and answers the lowest, with the list', async () => {
    await makeVehicle(t, w.manager.token, { vin: '2T3W1RFV8MW123456', make: 'Toyota', model: 'RAV4', model_year: 2021 });
    const res = await t.api('GET', '/api/v1/vehicles/get-worst-price-by-vin/2T3W1RFV8MW123456?kilometers=60000&province=QC&accident=false', { token: w.manager.token });
    expect(res.status).toBe(200);
    expect(res.body.meta.candidates.map((c: { vehicle: { series: string } }) => c.vehicle.series).sort()).toEqual(['LE', 'XLE']);
    expect(res.body.data.attributes.vehicle.series).toBe('LE');
    const offers = res.body.meta.candidates.map((c: { offer: number }) => c.offer);
    expect(res.body.data.attributes.offer.amount).toBe(Math.min(...offers));
  });

  it('checks the VIN and the query like the body', async () => {
    const res = await t.api('GET', '/api/v1/vehicles/get-worst-price-by-vin/ABC?kilometers=x&province=QC', { token: w.manager.token, headers: { 'accept-language': 'en' } });
    expect(res.status).toBe(422);
    expect(res.body.errors.map((e: { source: { pointer: string } }) => e.source.pointer).sort()).toEqual(['/kilometers', '/vin']);
  });
});

describe('the global selection (filter[organization], filter[allowedLocations]) on the pricing GETs', () => {
  const VIN = '2T3W1RFV8MW123456';
  const worst = (token: string, query: string, locale = 'fr') =>
    t.api('GET', `/api/v1/vehicles/get-worst-price-by-vin/${VIN}?kilometers=60000&province=QC${query}`, { token, headers: { 'accept-language': locale } });
  const makes = async (token: string, query: string) => t.api('GET', `/api/v1/estimate-vehicle-makes?${query}`, { token });

  it('are accepted by every pricing GET, the user’s own organization and locations as the app sends them', async () => {
    // The garage's vehicle with this VIN was added by the worst-price tests above.
    const selection = `filter[organization]=${w.garage.id}&filter[allowedLocations]=${w.garage.montreal},${w.garage.laval}`;
    const res = await worst(w.manager.token, `&${selection}`);
    expect(res.status).toBe(200);
    expect(res.body.meta.candidates).toHaveLength(2);
    expect((await makes(w.manager.token, selection)).body.data.map((d: { id: string }) => d.id)).toEqual(['Honda', 'Toyota']);
    expect((await t.api('GET', `/api/v1/estimate-vehicle-keys?${selection}`, { token: w.manager.token })).status).toBe(200);
    expect((await t.api('GET', `/api/v1/request-logs?${selection}`, { token: w.manager.token })).status).toBe(200);
  });

  it('give a platform or reseller user the selected organization’s market', async () => {
    const garage = await worst(w.admin.token, `&filter[organization]=${w.garage.id}`);
    expect(garage.status).toBe(200);
    expect(garage.body.data.attributes.ess.average_retail_sales).toBeLessThan(40_000);
    expect((await worst(w.reseller.user.token, `&filter[organization]=${w.garage.id}`)).body.meta.candidates).toHaveLength(2);
    // The other organization's market, never the garage's: its own five sales at 90 000 $.
    const other = await estimate(w.admin.token, body, {}, `?filter[organization]=${w.other.id}`);
    expect(other.status).toBe(200);
    expect(other.body.data.attributes.ess.average_retail_sales).toBeGreaterThan(80_000);
    expect((await makes(w.admin.token, `filter[organization]=${w.other.id}`)).body.data.map((d: { id: string }) => d.id)).toEqual(['Toyota']);
  });

  it.each([
    ['an organization user naming another organization', () => w.manager.token, () => w.other.id, 'Vous ne pouvez pas estimer pour cette organisation', 'You may not estimate for this organization'],
    ['a reseller naming an organization not theirs', () => w.reseller.user.token, () => w.other.id, 'Vous ne pouvez pas estimer pour cette organisation', 'You may not estimate for this organization'],
    ['a platform user naming none', () => w.admin.token, () => '', 'L’estimation se fait pour une organisation : choisissez-en une dans le sélecteur d’organisation', 'An estimation is made for an organization: choose one in the organization selector'],
  ])('refuse %s (403, in French and English)', async (_name, token, organization, fr, en) => {
    for (const [locale, detail] of [['fr', fr], ['en', en]] as const) {
      const res = await worst(token(), organization() ? `&filter[organization]=${organization()}` : '', locale);
      expect(res.status).toBe(403);
      expect(res.body.errors[0].detail).toBe(detail);
    }
    if (organization()) expect((await makes(token(), `filter[organization]=${organization()}`)).status).toBe(403);
  });

  it('refuse ids that are not ids, as the lists do', async () => {
    expect((await worst(w.manager.token, '&filter[organization]=x')).status).toBe(400);
    expect((await worst(w.manager.token, '&filter[allowedLocations]=x')).status).toBe(400);
    expect((await worst(w.admin.token, `&filter[organization]=${w.garage.id},${w.other.id}`)).status).toBe(400);
  });
});

describe('the catalogue lists', () => {
  it('lists years, makes, models, series and styles from the organization’s data, filtered by the levels before', async () => {
    const get = async (url: string) => (await t.api('GET', `/api/v1/${url}`, { token: w.manager.token })).body;
    expect((await get('estimate-vehicle-makes')).data.map((d: { id: string }) => d.id)).toEqual(['Honda', 'Toyota']);
    expect((await get('estimate-vehicle-makes?filter[year]=2020')).data.map((d: { id: string }) => d.id)).toEqual(['Honda']);
    expect((await get('estimate-vehicle-series?filter[make]=toyota&filter[model]=RAV4')).data.map((d: { id: string }) => d.id)).toEqual(['LE', 'XLE']);
    const years = await get('estimate-vehicle-years');
    expect(years.data.map((d: { id: string }) => d.id)).toEqual(['2021', '2020']);
    expect(years.meta.page.total).toBe(2);
    expect((await t.api('GET', '/api/v1/estimate-vehicle-years?filter[year]=abc', { token: w.manager.token })).status).toBe(400);
  });
});

describe('request logs', () => {
  it('log every estimation call: user, IP, status, debug mode and duration', async () => {
    const list = await t.api('GET', '/api/v1/request-logs?include=user&page[size]=100', { token: w.manager.token });
    expect(list.status).toBe(200);
    const statuses = list.body.data.map((l: { attributes: { http_status_code: number } }) => l.attributes.http_status_code);
    expect(statuses).toEqual(expect.arrayContaining([200, 404, 422, 403]));
    const mine = list.body.data.find((l: { attributes: { debug_mode: boolean; channel: string } }) => l.attributes.channel === 'app' && l.attributes.debug_mode);
    expect(mine.relationships.user.data.id).toBe(w.manager.id);
    expect(mine.attributes.ip_address).toBeTruthy();
    expect(mine.attributes.duration_ms).toBeGreaterThanOrEqual(0);
  });

  it('are read with view any request logs, deleted with delete request logs, and never across organizations', async () => {
    const reader = await userWith(t, w.garage.id, `logs-${Date.now()}@factory.test`, ['view any request logs', 'view request logs']);
    const list = await t.api('GET', '/api/v1/request-logs', { token: reader.token });
    expect(list.status).toBe(200);
    const id = list.body.data[0].id;
    expect((await t.api('DELETE', `/api/v1/request-logs/${id}`, { token: reader.token })).status).toBe(403);
    expect((await t.api('GET', `/api/v1/request-logs/${id}`, { token: w.manager2.token })).status).toBe(404);
    const otherList = await t.api('GET', '/api/v1/request-logs', { token: w.manager2.token });
    expect(otherList.body.data.every((l: { id: string }) => l.id !== id)).toBe(true);
    expect((await t.api('DELETE', `/api/v1/request-logs/${id}`, { token: w.manager.token })).status).toBe(204);
    const nobody = await userWith(t, w.garage.id, `nologs-${Date.now()}@factory.test`, ['view any vehicles']);
    expect((await t.api('GET', '/api/v1/request-logs', { token: nobody.token })).status).toBe(403);
  });

  it('are purged after the retention', async () => {
    await t.database.db.execute(sql`INSERT INTO request_logs (id, organization_id, channel, endpoint, http_status_code, duration_ms, created_at) VALUES (gen_random_uuid(), ${w.garage.id}, 'app', 'old', 200, 1, now() - interval '91 days')`);
    const before = rowsOf<{ n: number }>(await t.database.db.execute(sql`SELECT count(*)::int AS n FROM request_logs`))[0]!.n;
    expect(await purgeRequestLogs(t.database.db, 90)).toBe(1);
    expect(rowsOf<{ n: number }>(await t.database.db.execute(sql`SELECT count(*)::int AS n FROM request_logs`))[0]!.n).toBe(before - 1);
  });
});

describe('vehicle sales', () => {
  it('are an import model and a resource of the organization', async () => {
    const models = await t.api('GET', '/api/v1/imports/models', { token: w.manager.token });
    expect(JSON.stringify(models.body)).toContain('vehicle-sales');
    const made = await t.api('POST', '/api/v1/vehicle-sales', {
      token: w.manager.token,
      body: { data: { type: 'vehicle-sales', attributes: { year: 2019, make: 'Mazda', model: 'CX-5', kind: 'listing', price: 2_250_000, sold_on: day(3), kilometers: 80_000, province: 'QC' } } },
    });
    expect(made.status).toBe(201);
    const other = await t.api('GET', `/api/v1/vehicle-sales/${made.body.data.id}`, { token: w.manager2.token });
    expect(other.status).toBe(404);
  });

  it('import from a dealer’s file: French headers, dollars as written, words for kinds and conditions; then they price', async () => {
    const lines = [
      ['Année', 'Marque', 'Modèle', 'Série', 'Prix', 'Date de vente', 'Kilométrage', 'Province', 'État', 'Vente ou annonce', 'Jours sur le marché'],
      ...Array.from({ length: 5 }, (_, i) => ['2020', 'Subaru', 'Outback', 'Touring', `${24 + i} 500 $`, day(5 + i), `${60 + i} 000`, 'QC', i % 2 ? 'Bon' : 'Excellente', i === 4 ? 'Annonce' : 'Vente', `${20 + i}`]),
    ];
    const boundary = '----pricing' + Date.now();
    const payload = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="model"\r\n\r\nvehicle-sales\r\n`),
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="ventes.csv"\r\nContent-Type: text/csv\r\n\r\n`),
      Buffer.from(lines.map((l) => l.join(';')).join('\r\n') + '\r\n'),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const up = await t.app.inject({ method: 'POST', url: '/api/v1/imports', headers: { authorization: `Bearer ${w.manager.token}`, accept: 'application/vnd.api+json', 'content-type': `multipart/form-data; boundary=${boundary}` }, payload });
    expect(up.statusCode).toBe(201);
    const run = await t.api('GET', `/api/v1/imports/${up.json().data.id}/run`, { token: w.manager.token });
    expect(run.body.data.attributes).toMatchObject({ status: 'done', created_count: 5, failed_count: 0 });
    const sales = rowsOf<{ price: number; kind: string; condition: string; kilometers: number }>(
      await t.database.db.execute(sql`SELECT price, kind, condition, kilometers FROM vehicle_sales WHERE organization_id = ${w.garage.id} AND model = 'Outback' ORDER BY price`),
    );
    expect(sales[0]).toEqual({ price: 24_500_00, kind: 'sale', condition: 'excellent', kilometers: 60_000 });
    expect(sales[4]).toMatchObject({ price: 28_500_00, kind: 'listing' });
    const priced = await estimate(w.manager.token, { year: 2020, make: 'Subaru', model: 'Outback', kilometers: 62_000, province: 'QC' });
    expect(priced.status).toBe(200);
    expect(priced.body.data.attributes.ess.vehicle_count).toBe(5);
  });
});

describe('the market query', () => {
  it('brings exactly the comparables the domain would choose among all the rows', async () => {
    const org = await makeOrganization(t);
    const rows = demoSales(org.id, 1500, new Date(), 7);
    await insertSales(t.database.db, rows);
    type Row = { id: string; year: number; make: string; model: string; series: string | null; style: string | null; kind: 'sale' | 'listing'; price: number; sold_on: string; kilometers: number; province: MarketSale['province']; condition: MarketSale['condition']; accident: boolean; rebuilt: boolean; days_on_market: number | null };
    const all: MarketSale[] = rowsOf<Row>(
      await t.database.db.execute(sql`SELECT id, year, make, model, series, style, kind, price, to_char(sold_on, 'YYYY-MM-DD') AS sold_on, kilometers, province, condition, accident, rebuilt, days_on_market FROM vehicle_sales WHERE organization_id = ${org.id}`),
    ).map((r) => ({ ...r, price: Math.round(r.price / 100), date: r.sold_on, km: r.kilometers, daysOnMarket: r.days_on_market }));
    expect(all).toHaveLength(rows.length);
    const day = today();
    let compared = 0;
    for (const [make, model, series] of [['Toyota', 'RAV4', 'XLE'], ['Honda', 'Civic', null], ['Tesla', 'Model 3', 'Performance'], ['Ford', 'F-150', 'Lariat']] as const)
      for (const year of [2016, 2019, 2022, 2025])
        for (const province of ['QC', 'NB', 'CN', 'YT'] as const) {
          const subject: Subject = { vehicle: { year, make, model, series }, km: 50_000, province, condition: 'good', accident: false, rebuilt: false, damageCost: 0, desiredProfit: 0, aggressionPercent: 0 };
          const fromQuery = selectComparables(subject, await salesFor(t.database.db, org.id, subject, day), day);
          const fromAll = selectComparables(subject, all, day);
          expect(fromQuery.step).toBe(fromAll.step);
          expect(fromQuery.tried).toEqual(fromAll.tried);
          expect(fromQuery.comparables.map((c) => c.id).sort()).toEqual(fromAll.comparables.map((c) => c.id).sort());
          compared += fromAll.comparables.length;
        }
    expect(compared).toBeGreaterThan(500);
  });
});
