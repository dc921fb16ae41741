#!/usr/bin/env node
// The stock bench (issue 22), in Garage Démo with 10,000 more products:
// - the stock list of a warehouse holding the 10,000: GET /api/v1/warehouse-products?filter[warehouse]=…
//   &include=product&page[size]=25, 10 clients back to back over its pages (the list screen). Raw
//   equivalent on PostgreSQL: node-postgres reading the same page (the rows, their products and
//   the total) in one statement, the same clients. Every answer of both (the API's and the raw
//   one) must be the page read once before the load (its row ids in order and its total), or the
//   bench stops. Target: p99 under 100 ms.
// - validating a stock movement of 100 lines: POST /api/v1/stock-movements/{id}/validate of draft
//   entries of 100 products each, one after the other (a person clicks Valider). Raw equivalent on
//   PostgreSQL: one transaction that locks the 100 stock rows, adds the lines (quantity, value,
//   average cost by the same rounding) and marks the movement validated, on the same drafts made
//   for a twin warehouse; after each, the twin's 100 rows must equal the API's warehouse's (on hand
//   and average cost), or the bench stops. Target: p99 under 500 ms.
// Called by bench/run.mjs (BENCH_STOCK=0 skips it); alone: node bench/stock.mjs (PostgreSQL when
// DATABASE_URL is set, its server hosting a fresh database; else PGlite). BENCH_STOCK_PRODUCTS=10000
// BENCH_STOCK_CLIENTS=10 BENCH_DURATION=10 BENCH_WARMUP=3 BENCH_STOCK_MOVEMENTS=30
import assert from 'node:assert/strict';
import pg from 'pg';
import { askAtPace, machineLoad, runSql, saveResult } from './clients.mjs';
import { freshStore, startServer, stopServer } from './server.mjs';

const PRODUCTS = Number(process.env.BENCH_STOCK_PRODUCTS ?? 10_000);
const CLIENTS = Number(process.env.BENCH_STOCK_CLIENTS ?? 10);
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 3);
const MOVEMENTS = Number(process.env.BENCH_STOCK_MOVEMENTS ?? 30);
const LINES = 100;
const PAGE = 25;
/** The pages the clients browse (the first ones, and the last). */
const PAGES = [...Array.from({ length: 20 }, (_, i) => i + 1), Math.ceil(PRODUCTS / PAGE)];
const PASSWORD = 'Demo-Atelier-2026';
const MEDIA = 'application/vnd.api+json';
const TARGET = { listP99Ms: 100, validateP99Ms: 500 };
const log = (...a) => console.log('[bench:stock]', ...a);

/** Three warehouses at Garage Démo's first location (the list's, the API's entries', their raw twin's) and the products, in SQL. */
const loadSql = (count) => `
  CREATE TEMP TABLE bench_place AS
    SELECT o.id AS org, (SELECT l.id FROM locations l WHERE l.organization_id = o.id ORDER BY l.name LIMIT 1) AS location
      FROM organizations o WHERE o.name = 'Garage Démo';
  INSERT INTO warehouses (id, organization_id, location_id, location_ids, name, allow_negative_stock)
    SELECT gen_random_uuid(), org, location, ARRAY[location], name, false FROM bench_place
     CROSS JOIN (VALUES ('Bench stock'), ('Bench entries API'), ('Bench entries raw')) w(name);
  INSERT INTO products (id, organization_id, location_ids, sku, name, part_number, barcode, unit, buying_price, selling_price, created_at)
    SELECT gen_random_uuid(), org, '{}', 'BENCH-' || lpad(g::text, 6, '0'), 'Pièce de banc ' || g, 'PN-' || g, '99' || lpad(g::text, 10, '0'), 'unit',
           1000 + g % 5000, 2000 + g % 9000, now() - make_interval(secs => ${count} - g)
      FROM bench_place CROSS JOIN generate_series(1, ${count}) g;
  -- The list's warehouse holds every product (distinct ages: the list's order is the same every time).
  INSERT INTO warehouse_products (id, organization_id, location_ids, warehouse_id, product_id, quantity_on_hand, minimum, maximum, stock_value, average_cost, created_at)
    SELECT gen_random_uuid(), p.organization_id, w.location_ids, w.id, p.id, 1 + n % 40, 5, 20, (1 + n % 40) * p.buying_price, p.buying_price, p.created_at
      FROM (SELECT p.*, row_number() OVER (ORDER BY p.sku) AS n FROM products p WHERE p.sku LIKE 'BENCH-%') p
      JOIN warehouses w ON w.name = 'Bench stock' AND w.organization_id = p.organization_id;
  -- The entries' twins start with the same 100 empty rows.
  INSERT INTO warehouse_products (id, organization_id, location_ids, warehouse_id, product_id)
    SELECT gen_random_uuid(), p.organization_id, w.location_ids, w.id, p.id
      FROM products p JOIN warehouses w ON w.name IN ('Bench entries API', 'Bench entries raw') AND w.organization_id = p.organization_id
     WHERE p.sku BETWEEN 'BENCH-000001' AND 'BENCH-${String(LINES).padStart(6, '0')}';
  ANALYZE products; ANALYZE warehouse_products;`;

const api = async (url, token, path, { method = 'GET', body } = {}) => {
  const res = await fetch(`${url}/api/v1${path}`, {
    method,
    headers: { accept: MEDIA, authorization: `Bearer ${token}`, ...(body ? { 'content-type': MEDIA } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const doc = await res.json();
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(doc).slice(0, 500)}`);
  return doc;
};

/** A page of the stock list as both sides must answer it: its rows' ids in order, each row's product, and the total. */
const apiPage = (doc) => ({ rows: doc.data.map((r) => [r.id, r.relationships.product.data.id]), total: doc.meta.page.total });

/** The list's raw equivalent: the page, its products and the total in one statement. */
const RAW_LIST = `
  SELECT wp.id, wp.quantity_on_hand::text, wp.quantity_available::text, wp.average_cost, p.id AS product_id, p.sku, p.name, count(*) OVER () AS total
    FROM warehouse_products wp JOIN products p ON p.id = wp.product_id
   WHERE wp.organization_id = $1 AND wp.warehouse_id = $2
   ORDER BY wp.created_at, wp.id LIMIT ${PAGE} OFFSET $3`;

/** The validation's raw equivalent: the 100 rows locked, the lines added, the movement validated, in one transaction. */
async function rawValidate(client, movement, warehouse) {
  await client.query('BEGIN');
  try {
    await client.query('SELECT id FROM warehouse_products WHERE warehouse_id = $1 AND product_id IN (SELECT product_id FROM stock_movement_items WHERE stock_movement_id = $2) ORDER BY id FOR UPDATE', [warehouse, movement]);
    await client.query(
      `UPDATE warehouse_products wp
          SET quantity_on_hand = wp.quantity_on_hand + l.quantity,
              stock_value = wp.stock_value + round(l.quantity * l.unit_cost),
              average_cost = round((wp.stock_value + round(l.quantity * l.unit_cost)) / (wp.quantity_on_hand + l.quantity)),
              updated_at = now()
         FROM stock_movement_items l
        WHERE l.stock_movement_id = $1 AND wp.warehouse_id = $2 AND wp.product_id = l.product_id`,
      [movement, warehouse],
    );
    const done = await client.query(`UPDATE stock_movements SET state = 'validated', validated_at = now() WHERE id = $1 AND state = 'draft'`, [movement]);
    if (done.rowCount !== 1) throw new Error(`raw validate ${movement}: not a draft`);
    await client.query('COMMIT');
  } catch (err) {
    await client.query('ROLLBACK');
    throw err;
  }
}

const percentiles = (times) => {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (p) => Math.round(sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] * 100) / 100;
  return { p50: at(50), p90: at(90), p99: at(99), max: at(100) };
};

/** A draft entry of 100 products (quantity 2, the k-th at its own unit cost) into a warehouse. */
const draftEntry = (url, token, warehouse, lines, k) =>
  api(url, token, '/stock-movements', {
    method: 'POST',
    body: {
      data: {
        type: 'stock-movements',
        attributes: { type: 'add', notes: `bench ${k}` },
        relationships: {
          destinationWarehouse: { data: { type: 'warehouses', id: warehouse } },
          items: { data: lines.map((product, n) => ({ type: 'stock-movement-items', attributes: { quantity: '2', unit_cost: 1000 + ((k * 37 + n * 11) % 900) }, relationships: { product: { data: { type: 'products', id: product } } } })) },
        },
      },
    },
  }).then((doc) => doc.data.id);

/** The bench on one driver: 'pg' (a fresh database on adminUrl's server, with the raw equivalents) or 'pglite'. */
export async function benchStock(driver, adminUrl) {
  const { env, cleanup } = await freshStore(driver, adminUrl, 'atelier_bench_stock');
  await stopServer(await startServer(env));
  await runSql(driver, env, loadSql(PRODUCTS));
  const server = await startServer(env);
  const pool = driver === 'pg' ? new pg.Pool({ connectionString: env.DATABASE_URL, max: CLIENTS }) : null;
  log(`${driver}: ${PRODUCTS} products in a warehouse, ${CLIENTS} clients`);
  try {
    const login = await fetch(`${server.url}/api/v1/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'manager@atelier.test', password: PASSWORD }) });
    const token = (await login.json()).access_token;
    const rooms = (await api(server.url, token, '/warehouses?filter[search]=Bench&page[size]=10')).data;
    const room = (name) => rooms.find((w) => w.attributes.name === name).id;
    const [stock, viaApi, viaRaw] = [room('Bench stock'), room('Bench entries API'), room('Bench entries raw')];
    const organization = (await api(server.url, token, `/warehouses/${stock}`)).data.relationships.organization.data.id;

    // The stock list: each page read once, then every answer of the load compared with it.
    const listPath = (page) => `/warehouse-products?filter[warehouse]=${stock}&include=product&page[size]=${PAGE}&page[number]=${page}`;
    const expected = new Map();
    for (const page of PAGES) expected.set(page, apiPage(await api(server.url, token, listPath(page))));
    assert.equal(expected.get(1).total, PRODUCTS, 'the warehouse lists every product');
    const askApi = (seconds) =>
      askAtPace({
        clients: CLIENTS,
        seconds,
        send: async (client, n) => {
          const page = PAGES[(client * 7 + n) % PAGES.length];
          const res = await fetch(`${server.url}/api/v1${listPath(page)}`, { headers: { accept: MEDIA, authorization: `Bearer ${token}` } });
          const doc = await res.json();
          assert.deepEqual(apiPage(doc), expected.get(page), `the API's page ${page} changed under the load`);
          return new Response(null, { status: res.status });
        },
      });
    await askApi(WARMUP);
    const list = await askApi(DURATION);
    let rawList = null;
    if (pool) {
      const askRaw = (seconds) =>
        askAtPace({
          clients: CLIENTS,
          seconds,
          send: async (client, n) => {
            const page = PAGES[(client * 7 + n) % PAGES.length];
            const { rows } = await pool.query(RAW_LIST, [organization, stock, (page - 1) * PAGE]);
            // Checked like a test: the raw statement answers the API's page, or its numbers compare nothing.
            assert.deepEqual({ rows: rows.map((r) => [r.id, r.product_id]), total: Number(rows[0]?.total ?? 0) }, expected.get(page), `the raw list's page ${page} is not the API's`);
            return new Response(null, { status: 200 });
          },
        });
      await askRaw(WARMUP);
      rawList = await askRaw(DURATION);
    }

    // Validating entries of 100 lines: drafts made first (not timed), validated one after the other.
    const lines = (await api(server.url, token, `/warehouse-products?filter[warehouse]=${viaApi}&page[size]=${LINES}`)).data.map((r) => r.relationships.product.data.id);
    assert.equal(lines.length, LINES);
    const drafts = [];
    for (let k = 0; k < MOVEMENTS; k++) drafts.push([await draftEntry(server.url, token, viaApi, lines, k), pool ? await draftEntry(server.url, token, viaRaw, lines, k) : null]);
    const apiTimes = [];
    const rawTimes = [];
    const client = pool ? await pool.connect() : null;
    const stockOf = async (warehouse) =>
      (await api(server.url, token, `/warehouse-products?filter[warehouse]=${warehouse}&include=product&page[size]=${LINES}`)).data
        .map((r) => [r.relationships.product.data.id, r.attributes.quantity_on_hand, r.attributes.average_cost])
        .sort((a, b) => a[0].localeCompare(b[0]));
    try {
      for (const [own, twin] of drafts) {
        let t = performance.now();
        const doc = await api(server.url, token, `/stock-movements/${own}/validate`, { method: 'POST', body: {} });
        apiTimes.push(performance.now() - t);
        assert.equal(doc.data.attributes.state, 'validated');
        if (client) {
          t = performance.now();
          await rawValidate(client, twin, viaRaw);
          rawTimes.push(performance.now() - t);
          // Checked like a test: the raw transaction left the stock the API's validation left.
          assert.deepEqual((await stockOf(viaRaw)).map((r) => r.slice(1)), (await stockOf(viaApi)).map((r) => r.slice(1)), 'the raw validation left another stock than the API');
        }
      }
    } finally {
      client?.release();
    }
    const validate = { movements: MOVEMENTS, lines: LINES, latency: percentiles(apiTimes) };
    const rawValidateResult = rawTimes.length ? { latency: percentiles(rawTimes) } : null;
    const result = {
      driver,
      products: PRODUCTS,
      target: TARGET,
      list: { request: `GET /api/v1${listPath('{n}')} (pages ${PAGES.join(', ')})`, clients: CLIENTS, durationSeconds: DURATION, ...list, raw: rawList && { request: 'one statement: the page, its products and the total (node-postgres, the same clients)', ...rawList } },
      validate: { request: `POST /api/v1/stock-movements/{id}/validate, an entry of ${LINES} lines, one after the other`, ...validate, raw: rawValidateResult && { request: 'one transaction: the 100 rows locked, the lines added, the movement validated', ...rawValidateResult } },
    };
    result.targetMet = list.errors === 0 && list.latency.p99 < TARGET.listP99Ms && validate.latency.p99 < TARGET.validateP99Ms;
    result.machineLoad = machineLoad();
    return result;
  } finally {
    await pool?.end();
    await stopServer(server);
    await cleanup();
  }
}

/** One line of the bench's summary. */
export const stockLine = (r) =>
  `${r.driver.padEnd(6)} stock       list of ${r.products}: p50 ${r.list.latency.p50} ms p99 ${r.list.latency.p99} ms ${r.list.rps} req/s` +
  (r.list.raw ? ` (raw p99 ${r.list.raw.latency.p99} ms ${r.list.raw.rps} req/s)` : '') +
  `; validate ${r.validate.lines} lines: p50 ${r.validate.latency.p50} ms p99 ${r.validate.latency.p99} ms` +
  (r.validate.raw ? ` (raw p99 ${r.validate.raw.latency.p99} ms)` : '') +
  `; target list p99 <${r.target.listP99Ms} ms, validate p99 <${r.target.validateP99Ms} ms: ${r.targetMet ? 'met' : 'NOT met'} (load average ${r.machineLoad.loadAverage1m} on ${r.machineLoad.cpus} cores)`;

if (import.meta.url === `file://${process.argv[1]}`) {
  const driver = process.env.DATABASE_URL ? 'pg' : 'pglite';
  const r = await benchStock(driver, process.env.DATABASE_URL ?? '');
  saveResult(`${driver}-stock`, 'stock', r);
  console.log(stockLine(r));
}
