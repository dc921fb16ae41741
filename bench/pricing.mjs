#!/usr/bin/env node
// The price estimation bench (issue 13): POST /api/v1/estimations/vehicle-price with 50,000 sales
// and listings in the organization (Garage Démo: the demo's 3,000 and 47,000 more), 20 clients
// asking back to back for a mix of models, years, kilometres and provinces: the market rows read,
// narrowed, normalised and valued, the offer and its steps, the request log written. Target: p99
// under 50 ms on PostgreSQL. Called by bench/run.mjs (BENCH_PRICING=0 skips it); alone:
//   node bench/pricing.mjs   (PostgreSQL when DATABASE_URL is set, its server hosting a fresh
//   database; else PGlite. BENCH_PRICING_CLIENTS=20 BENCH_DURATION=10 BENCH_WARMUP=3 BENCH_SALES=50000)
import { askAtPace, machineLoad, runSql, saveResult } from './clients.mjs';
import { freshStore, startServer, stopServer } from './server.mjs';

const CLIENTS = Number(process.env.BENCH_PRICING_CLIENTS ?? 20);
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 3);
const SALES = Number(process.env.BENCH_SALES ?? 50_000);
const PACE = Number(process.env.BENCH_PRICING_PACE_MS ?? 500);
const PASSWORD = 'Demo-Atelier-2026';
const TARGET = { p99Ms: 50 };
const log = (...a) => console.log('[bench:pricing]', ...a);

const MODELS = [
  ['Hyundai', 'Kona', 32000],
  ['Tesla', 'Model 3', 58000],
  ['Honda', 'Civic', 31000],
  ['Toyota', 'RAV4', 40000],
  ['Ford', 'F-150', 62000],
  ['Honda', 'Accord', 36000],
  ['Mazda', 'CX-5', 38000],
  ['Subaru', 'Outback', 39000],
];

/** The rest of the 50,000, generated in SQL (deterministic: a function of the row number). */
const salesSql = (count) => `
  INSERT INTO vehicle_sales (id, organization_id, year, make, model, series, style, kind, price, sold_on, kilometers, province, condition, accident, days_on_market, is_demo)
  SELECT gen_random_uuid(), o.id, y.year, m.make, m.model, (ARRAY['Base','Mid','Top'])[1 + g % 3], 'SUV',
         CASE WHEN g % 4 = 0 THEN 'listing' ELSE 'sale' END,
         greatest(1000, (m.msrp * (0.9 * power(0.9, greatest(0, extract(year from current_date)::int - y.year))) - y.km * 0.04) * (0.93 + (g % 15) / 100.0))::int * 100,
         current_date - (g % 365), y.km,
         (ARRAY['QC','QC','QC','ON','ON','NB','AB','BC'])[1 + g % 8],
         (ARRAY['excellent','good','good','average','poor'])[1 + g % 5], g % 9 = 0,
         CASE WHEN g % 4 = 0 THEN NULL ELSE 5 + g % 90 END, true
    FROM generate_series(1, ${count}) g
    CROSS JOIN LATERAL (SELECT 2015 + g % 11 AS year, 5000 + (g * 7919) % 200000 AS km) y
    CROSS JOIN LATERAL (SELECT (ARRAY[${MODELS.map(([make]) => `'${make}'`).join(',')}])[1 + g % ${MODELS.length}] AS make,
                               (ARRAY[${MODELS.map(([, model]) => `'${model}'`).join(',')}])[1 + g % ${MODELS.length}] AS model,
                               (ARRAY[${MODELS.map(([, , msrp]) => msrp).join(',')}])[1 + g % ${MODELS.length}] AS msrp) m
    JOIN organizations o ON o.name = 'Garage Démo';
  ANALYZE vehicle_sales;`;

/** The requests the clients cycle through: every model, several years, kilometres and provinces. */
const BODIES = MODELS.flatMap(([make, model], i) =>
  [2018, 2020, 2022, 2024].map((year, j) => ({ year, make, model, kilometers: 20_000 + ((i * 4 + j) * 13_000) % 160_000, province: ['QC', 'ON', 'AB', 'CN'][j], status: 'good', desired_profit: 1500, aggression_percentage: 8 })),
);

/** The clients ask back to back (pace 0) or each once every `pace` ms, for `seconds`: a mix of every body. */
const run = (url, token, seconds, pace = 0) =>
  askAtPace({
    clients: CLIENTS,
    seconds,
    pace,
    send: (client, n) =>
      fetch(`${url}/api/v1/estimations/vehicle-price`, {
        method: 'POST',
        headers: { accept: 'application/vnd.api+json', 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify(BODIES[(client * 7 + n) % BODIES.length]),
      }),
  });

/** The bench on one driver: 'pg' (a fresh database on adminUrl's server) or 'pglite'. */
export async function benchPricing(driver, adminUrl) {
  const { env, cleanup } = await freshStore(driver, adminUrl, 'atelier_bench_pricing');
  // Migrated and seeded with the demo (its 3,000 sales), then the rest of the market.
  await stopServer(await startServer(env));
  await runSql(driver, env, salesSql(Math.max(0, SALES - 3000)));
  const server = await startServer(env);
  log(`${driver}: ${SALES} sales in Garage Démo, ${CLIENTS} clients`);
  try {
    const login = await fetch(`${server.url}/api/v1/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'manager@atelier.test', password: PASSWORD }) });
    const token = (await login.json()).access_token;
    await run(server.url, token, WARMUP, PACE);
    const measured = await run(server.url, token, DURATION, PACE);
    await run(server.url, token, WARMUP);
    const sustained = await run(server.url, token, DURATION);
    const result = {
      driver,
      sales: SALES,
      clients: CLIENTS,
      paceMs: PACE,
      durationSeconds: DURATION,
      warmupSeconds: WARMUP,
      request: 'POST /api/v1/estimations/vehicle-price as the demo manager, without debug (year, make, model, kilometers, province, status, profit, aggression)',
      target: TARGET,
      ...measured,
      sustained,
    };
    result.targetMet = result.latency.p99 < TARGET.p99Ms && result.errors === 0 && sustained.errors === 0;
    result.machineLoad = machineLoad();
    return result;
  } finally {
    await stopServer(server);
    await cleanup();
  }
}

/** One line of the bench's summary. */
export const pricingLine = (r) =>
  `${r.driver.padEnd(6)} pricing     p50 ${r.latency.p50} ms  p99 ${r.latency.p99} ms  ${r.clients} clients, one estimate each per ${r.paceMs} ms (${r.rps} req/s), ${r.sales} sales, errors ${r.errors + r.sustained.errors}; ` +
  `back to back ${r.sustained.rps} req/s p99 ${r.sustained.latency.p99} ms; ` +
  `target p99 <${r.target.p99Ms} ms: ${r.targetMet ? 'met' : 'NOT met'} (load average ${r.machineLoad.loadAverage1m} on ${r.machineLoad.cpus} cores)`;

if (import.meta.url === `file://${process.argv[1]}`) {
  const driver = process.env.DATABASE_URL ? 'pg' : 'pglite';
  const r = await benchPricing(driver, process.env.DATABASE_URL ?? '');
  saveResult(`${driver}-pricing`, 'pricing', r);
  console.log(pricingLine(r));
}
