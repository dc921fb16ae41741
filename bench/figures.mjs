#!/usr/bin/env node
// The service manager's figures bench (issue 27), in Garage Démo with a year of demo-scale work at its
// first location: 20,000 finished repairs of 4,000 vehicles (an item each, a part with a known cost
// and its labour; comebacks among them), 6,000 estimate items decided and 2,000 declined work.
// - GET /api/v1/repairs/figures?from=<a year ago>&to=<today>&filter[allowedLocations]=<the location>,
//   CLIENTS clients back to back (default one: a manager opening the reports page; its latency). Target: p99 under 300 ms.
// - Raw equivalent on PostgreSQL: node-postgres running the same sums in plain SQL statements (the
//   same clients). Every answer of both must succeed and give the figures read once before the load
//   (repair orders, their subtotal, sold and clocked hours, parts and labour, comebacks, approval and
//   declined sums), or the bench stops.
// Called by bench/run.mjs (BENCH_FIGURES=0 skips it); alone: node bench/figures.mjs (PostgreSQL when
// DATABASE_URL is set, its server hosting a fresh database; else PGlite). BENCH_FIGURES_REPAIRS=20000
// BENCH_FIGURES_CLIENTS=1 BENCH_DURATION=10 BENCH_WARMUP=3
import assert from 'node:assert/strict';
import pg from 'pg';
import { askAtPace, machineLoad, runSql, saveResult } from './clients.mjs';
import { freshStore, startServer, stopServer } from './server.mjs';

const REPAIRS = Number(process.env.BENCH_FIGURES_REPAIRS ?? 20_000);
const CLIENTS = Number(process.env.BENCH_FIGURES_CLIENTS ?? 1);
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 3);
const VEHICLES = Math.max(1, Math.round(REPAIRS / 5));
const PASSWORD = 'Demo-Atelier-2026';
const MEDIA = 'application/vnd.api+json';
const ZONE = 'America/Toronto';
const TARGET = { p99Ms: 300 };
const log = (...a) => console.log('[bench:figures]', ...a);

/** The year of work at Garage Démo's first location, in SQL (completed over the last 365 days). */
const loadSql = (repairs, vehicles) => `
  CREATE TEMP TABLE bench_place AS
    SELECT o.id AS org, (SELECT l.id FROM locations l WHERE l.organization_id = o.id ORDER BY l.name LIMIT 1) AS location
      FROM organizations o WHERE o.name = 'Garage Démo';
  INSERT INTO vehicles (id, organization_id, location_ids, vin)
    SELECT gen_random_uuid(), org, ARRAY[location], 'BENCHFIG' || lpad(g::text, 9, '0') FROM bench_place CROSS JOIN generate_series(1, ${vehicles}) g;
  INSERT INTO products (id, organization_id, location_ids, sku, name, unit, buying_price, selling_price)
    SELECT gen_random_uuid(), org, '{}', 'BENCHFIG-' || g, 'Pièce ' || g, 'unit', 1000 + g * 50, 2000 + g * 90 FROM bench_place CROSS JOIN generate_series(1, 50) g;
  CREATE TEMP TABLE bench_vehicles AS SELECT id, row_number() OVER (ORDER BY vin) AS n FROM vehicles WHERE vin LIKE 'BENCHFIG%';
  CREATE TEMP TABLE bench_products AS SELECT id, row_number() OVER (ORDER BY sku) AS n FROM products WHERE sku LIKE 'BENCHFIG-%';
  INSERT INTO repairs (id, organization_id, location_ids, vehicle_id, state, created_at, completed_at, subtotal, total, parts_total, labour_total, time_spent)
    SELECT gen_random_uuid(), p.org, ARRAY[p.location], v.id, CASE WHEN g % 3 = 0 THEN 'validated' ELSE 'completed' END,
           now() - make_interval(days => g % 365, hours => 3), now() - make_interval(days => g % 365, hours => 1),
           10000 + (g % 40) * 1000, 11500 + (g % 40) * 1150, 5000 + (g % 40) * 500, 5000 + (g % 40) * 500, 1 + (g % 4) * 0.5
      FROM bench_place p CROSS JOIN generate_series(1, ${repairs}) g JOIN bench_vehicles v ON v.n = 1 + g % ${vehicles};
  -- One item each: a part with a known cost and its labour; the pads come back now and then (a vehicle's repairs are 15 or 350 days apart).
  INSERT INTO repair_items (id, organization_id, repair_id, position, detail, product_id, quantity, parts_total, labour_total, time, state)
    SELECT gen_random_uuid(), r.organization_id, r.id, 0, CASE WHEN r.n % 7 = 0 THEN 'Plaquettes avant' ELSE 'Travaux ' || r.n END, bp.id, 1, r.parts_total, r.labour_total, r.time_spent, 'done'
      FROM (SELECT r.*, row_number() OVER (ORDER BY r.created_at, r.id) AS n FROM repairs r JOIN bench_vehicles v ON v.id = r.vehicle_id) r
      JOIN bench_products bp ON bp.n = 1 + r.n % 50;
  INSERT INTO estimations (id, organization_id, location_ids, vehicle_id, state, created_at)
    SELECT gen_random_uuid(), p.org, ARRAY[p.location], v.id, 'approved', now() - make_interval(days => g % 365)
      FROM bench_place p CROSS JOIN generate_series(1, ${Math.round(repairs / 10)}) g JOIN bench_vehicles v ON v.n = 1 + g % ${vehicles};
  INSERT INTO estimation_items (id, organization_id, estimation_id, detail, subtotal, total, customer_decision, customer_decided_at)
    SELECT gen_random_uuid(), e.organization_id, e.id, 'Travaux ' || k, 5000 * k, 5750 * k, CASE WHEN k = 3 THEN 'declined' ELSE 'approved' END, e.created_at + interval '1 hour'
      FROM estimations e JOIN bench_vehicles v ON v.id = e.vehicle_id CROSS JOIN generate_series(1, 3) k;
  INSERT INTO deferred_work (id, organization_id, location_ids, vehicle_id, detail, total, declined_at, state)
    SELECT gen_random_uuid(), e.organization_id, e.location_ids, e.vehicle_id, 'Amortisseurs', 15000, e.created_at + interval '1 hour', CASE WHEN row_number() OVER (ORDER BY e.id) % 4 = 0 THEN 'done' ELSE 'open' END
      FROM estimations e JOIN bench_vehicles v ON v.id = e.vehicle_id;
  ANALYZE repairs; ANALYZE repair_items; ANALYZE estimations; ANALYZE estimation_items; ANALYZE deferred_work; ANALYZE vehicles; ANALYZE products;`;

/** The sums both sides must answer. */
const sumsOf = (f) => ({
  repair_orders: f.repair_orders,
  average_repair_order: f.average_repair_order,
  hours_per_repair_order: f.hours_per_repair_order,
  parts: [f.parts.revenue, f.parts.cost, f.parts.uncosted],
  comebacks: f.comebacks.count,
  approval: [f.approval.approved, f.approval.proposed],
  declined: [f.declined.count, f.declined.amount, f.declined.returned_amount],
});

/** The raw equivalent: the same rules in plain SQL ($1 organization, $2 location, $3 first day, $4 last day, $5 time zone). */
const PERIOD = `>= ($3::date)::timestamp at time zone $5 AND %s < ($4::date + 1)::timestamp at time zone $5`;
const inPeriod = (col) => `${col} ${PERIOD.replace('%s', col)}`;
const FINISHED = `r.organization_id = $1 AND (r.location_ids && ARRAY[$2::uuid] OR r.location_ids = '{}') AND r.state IN ('completed', 'validated') AND ${inPeriod('r.completed_at')}`;
const RAW = {
  orders: `SELECT count(*)::int AS count, coalesce(sum(r.subtotal), 0)::bigint AS subtotal,
      count(*) FILTER (WHERE r.id IN (SELECT r.id FROM repairs r JOIN repair_items li ON li.repair_id = r.id
        JOIN repairs e ON e.vehicle_id = r.vehicle_id AND e.organization_id = r.organization_id AND e.id <> r.id AND e.state IN ('completed', 'validated')
          AND e.completed_at < r.created_at AND e.completed_at >= r.created_at - interval '30 days'
        JOIN repair_items ei ON ei.repair_id = e.id AND lower(btrim(ei.detail)) = lower(btrim(li.detail))
       WHERE ${FINISHED}))::int AS comebacks
    FROM repairs r WHERE ${FINISHED}`,
  items: `SELECT coalesce(sum(i.time), 0)::float8 AS hours_sold,
      coalesce(sum(i.parts_total) FILTER (WHERE p.buying_price IS NOT NULL), 0)::bigint AS parts_costed,
      coalesce(sum(round(i.quantity * p.buying_price)) FILTER (WHERE p.buying_price IS NOT NULL), 0)::bigint AS parts_cost,
      coalesce(sum(i.parts_total) FILTER (WHERE p.buying_price IS NULL), 0)::bigint AS parts_uncosted
    FROM repair_items i JOIN repairs r ON r.id = i.repair_id LEFT JOIN products p ON p.id = i.product_id WHERE ${FINISHED} AND i.state <> 'not_done'`,
  approval: `SELECT coalesce(sum(i.subtotal) FILTER (WHERE i.customer_decision = 'approved'), 0)::bigint AS approved, coalesce(sum(i.subtotal), 0)::bigint AS proposed
    FROM estimation_items i JOIN estimations e ON e.id = i.estimation_id
   WHERE e.organization_id = $1 AND (e.location_ids && ARRAY[$2::uuid] OR e.location_ids = '{}') AND e.state <> 'canceled' AND i.customer_decision IS NOT NULL AND ${inPeriod('i.customer_decided_at')}`,
  declined: `SELECT count(*)::int AS count, coalesce(sum(d.total), 0)::bigint AS amount,
      coalesce(sum(d.total) FILTER (WHERE d.state = 'done' OR EXISTS (SELECT 1 FROM estimation_items i WHERE i.id = d.reoffered_item_id AND i.customer_decision = 'approved')), 0)::bigint AS returned_amount
    FROM deferred_work d WHERE d.organization_id = $1 AND (d.location_ids && ARRAY[$2::uuid] OR d.location_ids = '{}') AND ${inPeriod('d.declined_at')}`,
};

async function rawFigures(pool, params) {
  const [[o], [i], [a], [d]] = await Promise.all([RAW.orders, RAW.items, RAW.approval, RAW.declined].map(async (q) => (await pool.query(q, params)).rows));
  const count = Number(o.count);
  return {
    repair_orders: count,
    average_repair_order: count ? Math.round(Number(o.subtotal) / count) : null,
    hours_per_repair_order: count ? Math.round((i.hours_sold / count) * 100) / 100 : null,
    parts: [Number(i.parts_costed), Number(i.parts_cost), Number(i.parts_uncosted)],
    comebacks: Number(o.comebacks),
    approval: [Number(a.approved), Number(a.proposed)],
    declined: [Number(d.count), Number(d.amount), Number(d.returned_amount)],
  };
}

const day = (offset) => new Date(Date.now() + offset * 86_400_000).toLocaleDateString('en-CA', { timeZone: ZONE });

/** The bench on one driver: 'pg' (a fresh database on adminUrl's server, with the raw equivalent) or 'pglite'. */
export async function benchFigures(driver, adminUrl) {
  const { env, cleanup } = await freshStore(driver, adminUrl, 'atelier_bench_figures');
  await stopServer(await startServer(env));
  await runSql(driver, env, loadSql(REPAIRS, VEHICLES));
  const server = await startServer(env);
  const pool = driver === 'pg' ? new pg.Pool({ connectionString: env.DATABASE_URL, max: CLIENTS * 4 }) : null;
  log(`${driver}: ${REPAIRS} repairs over a year, ${CLIENTS} clients`);
  try {
    const login = await fetch(`${server.url}/api/v1/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'manager@atelier.test', password: PASSWORD }) });
    const token = (await login.json()).access_token;
    const headers = { accept: MEDIA, authorization: `Bearer ${token}`, 'x-timezone': ZONE };
    const me = await (await fetch(`${server.url}/api/v1/me?include=organization`, { headers })).json();
    const organization = me.data.relationships.organization.data.id;
    const locations = await (await fetch(`${server.url}/api/v1/locations?sort=name&page[size]=1`, { headers })).json();
    const location = locations.data[0].id;
    const [from, to] = [day(-364), day(0)];
    const path = `/repairs/figures?from=${from}&to=${to}&filter[allowedLocations]=${location}`;
    const ask = async () => {
      const res = await fetch(`${server.url}/api/v1${path}`, { headers });
      assert.equal(res.status, 200, `GET ${path}: ${res.status}`);
      return (await res.json()).meta.figures;
    };
    const expected = sumsOf(await ask());
    assert.ok(expected.repair_orders >= REPAIRS, `the year counts the ${REPAIRS} repairs (${expected.repair_orders})`);
    assert.ok(expected.comebacks > 0, 'the load has comebacks');
    const load = (send) => (seconds) => askAtPace({ clients: CLIENTS, seconds, send });
    const askApi = load(async () => {
      const res = await fetch(`${server.url}/api/v1${path}`, { headers });
      const body = await res.json();
      assert.deepEqual(sumsOf(body.meta.figures), expected, 'the API’s figures changed under the load');
      return new Response(null, { status: res.status });
    });
    await askApi(WARMUP);
    const api = await askApi(DURATION);
    let raw = null;
    if (pool) {
      const params = [organization, location, from, to, ZONE];
      // Checked like a test: the raw statements answer the API's figures, or their numbers compare nothing.
      assert.deepEqual(await rawFigures(pool, params), expected, 'the raw figures are not the API’s');
      const askRaw = load(async () => {
        assert.deepEqual(await rawFigures(pool, params), expected, 'the raw figures changed under the load');
        return new Response(null, { status: 200 });
      });
      await askRaw(WARMUP);
      raw = await askRaw(DURATION);
    }
    const result = {
      driver,
      repairs: REPAIRS,
      target: TARGET,
      request: `GET /api/v1${path}`,
      clients: CLIENTS,
      durationSeconds: DURATION,
      figures: expected,
      ...api,
      raw: raw && { request: 'four statements (orders with comebacks, items, approval, declined work), node-postgres, the same clients', ...raw },
    };
    result.targetMet = api.errors === 0 && (!raw || raw.errors === 0) && api.latency.p99 < TARGET.p99Ms;
    result.machineLoad = machineLoad();
    return result;
  } finally {
    await pool?.end();
    await stopServer(server);
    await cleanup();
  }
}

/** One line of the bench's summary. */
export const figuresLine = (r) =>
  `${r.driver.padEnd(6)} figures     a year of ${r.repairs} repairs: p50 ${r.latency.p50} ms p99 ${r.latency.p99} ms ${r.rps} req/s` +
  (r.raw ? ` (raw p99 ${r.raw.latency.p99} ms ${r.raw.rps} req/s)` : '') +
  `; target p99 <${r.target.p99Ms} ms: ${r.targetMet ? 'met' : 'NOT met'} (load average ${r.machineLoad.loadAverage1m} on ${r.machineLoad.cpus} cores)`;

if (import.meta.url === `file://${process.argv[1]}`) {
  const driver = process.env.DATABASE_URL ? 'pg' : 'pglite';
  const r = await benchFigures(driver, process.env.DATABASE_URL ?? '');
  saveResult(`${driver}-figures`, 'figures', r);
  console.log(figuresLine(r));
}
