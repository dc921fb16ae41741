#!/usr/bin/env node
// npm run bench: throughput and latency of the API's hot paths, on PostgreSQL and on PGlite.
//
// For each driver: start the built server on an empty database (it migrates and seeds the demo),
// stop it, add the load (100 organizations x 1,000 users, each with a role holding every
// organization permission) with plain SQL, start it again, sign in as a user of one organization,
// and run autocannon (50 connections, 10 s, after a 3 s warm-up) on each scenario. Then count the
// SQL statements each scenario sends per request (bench/count-queries.ts, in-process, with
// ATELIER_COUNT_QUERIES=1). Results: bench/results/<driver>-<scenario>.json and one line each.
// On PostgreSQL each scenario is also compared with a raw Fastify + node-postgres server
// (bench/baseline.mjs) measured just before and after it: the ratio is what holds on a shared machine.
//
// Options (environment): BENCH_DRIVERS=pg,pglite  BENCH_DURATION=10  BENCH_CONNECTIONS=50
// BENCH_ORGS=100 BENCH_USERS_PER_ORG=1000  BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres
// (the server where a fresh database is created and dropped)  BENCH_LOG_LEVEL=warn
// BENCH_ROUNDS=3 (rounds of each PostgreSQL scenario and its baseline; the median share is kept)
// BENCH_SCENARIOS=user-by-id,users-list (a subset) BENCH_KEEP=1 (keep the database and DATA_DIR afterwards, for profiling). BENCH_WEB=0 skips the
// web bundle measure (bench/web.mjs); bench/vin.ts measures VIN decodes per second.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { join, resolve } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { benchImport } from './imports.mjs';
import { benchWeb } from './web.mjs';
import { freshStore, startServer as start, stopServer } from './server.mjs';

/** The server at the bench's log level. */
const startServer = (env) => start({ LOG_LEVEL, ...env });

const root = resolve(import.meta.dirname, '..');
const resultsDir = join(root, 'bench/results');
const DRIVERS = (process.env.BENCH_DRIVERS ?? 'pg,pglite').split(',').map((s) => s.trim()).filter(Boolean);
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const ORGS = Number(process.env.BENCH_ORGS ?? 100);
const PER_ORG = Number(process.env.BENCH_USERS_PER_ORG ?? 1000);
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const LOG_LEVEL = process.env.BENCH_LOG_LEVEL ?? 'warn';
const ONLY = process.env.BENCH_SCENARIOS?.split(',').map((s) => s.trim());
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const PASSWORD = 'Demo-Atelier-2026';
const MEDIA = 'application/vnd.api+json';

/**
 * The targets of issue 2 (PostgreSQL); PGlite is reported without a target. The issue sets them
 * for a machine whose baseline reads 9,000 requests/s; `ratio` is the same target as a share of
 * the baseline measured here, around the scenario.
 */
const BASELINE_OF_TARGETS = 9000;
const SCENARIOS = [
  { name: 'user-by-id', title: 'GET /api/v1/users/{id}', path: (ids) => `/api/v1/users/${ids.otherUser}`, target: { rps: 5000, p99: 20, ratio: 5000 / BASELINE_OF_TARGETS } },
  {
    name: 'users-list',
    title: 'GET /api/v1/users?include=roles,organization&page[size]=25',
    path: () => '/api/v1/users?include=roles,organization&page[size]=25',
    target: { rps: 1500, p99: 60, ratio: 1500 / BASELINE_OF_TARGETS },
  },
];

const BASELINE = { name: 'baseline', title: 'raw Fastify + node-postgres: SELECT * FROM users WHERE id = $1 (no engine, no auth)', target: null };

const log = (...a) => console.log('[bench]', ...a);

// ---------------------------------------------------------------------------------------------
// The load, in SQL (runs on PostgreSQL and on PGlite alike)

/** A UUIDv7-shaped id from a row number: time-ordered like the application's own keys. */
const uuid7 = (n) =>
  `(lpad(to_hex((extract(epoch from clock_timestamp()) * 1000)::bigint), 12, '0') || '7' || substr(md5(${n}::text || 'a'), 1, 3) || '8' || substr(md5(${n}::text || 'b'), 1, 15))::uuid`;

const LOAD_SQL = `
BEGIN;
CREATE TEMP TABLE bench_orgs AS
  SELECT g AS n, ${uuid7("'o' || g")} AS id, ${uuid7("'r' || g")} AS role_id FROM generate_series(1, ${ORGS}) g;
INSERT INTO organizations (id, name, email, city, province)
  SELECT id, 'Bench ' || lpad(n::text, 3, '0'), 'bench-' || n || '@bench.test', 'Montréal', 'QC' FROM bench_orgs;
INSERT INTO roles (id, organization_id, name, description)
  SELECT role_id, id, 'Bench manager', 'Every organization permission' FROM bench_orgs;
-- The role holds the permissions of the demo organization administrator (every organization permission).
INSERT INTO role_permissions (role_id, permission_id)
  SELECT o.role_id, p.permission_id FROM bench_orgs o
  CROSS JOIN (SELECT DISTINCT rp.permission_id FROM role_permissions rp
                JOIN user_roles ur ON ur.role_id = rp.role_id
                JOIN users u ON u.id = ur.user_id
               WHERE u.email = 'manager@atelier.test') p;
INSERT INTO users (id, organization_id, firstname, lastname, email, phone, password_hash, password_changed_at, created_at)
  SELECT ${uuid7("'u' || o.n || '-' || g")}, o.id, 'Prénom' || g, 'Nom' || lpad(g::text, 4, '0'),
         'bench-' || o.n || '-' || g || '@bench.test', '514 555-' || lpad((g % 10000)::text, 4, '0'),
         (SELECT password_hash FROM users WHERE email = 'manager@atelier.test'), now(), now() - make_interval(secs => g)
    FROM bench_orgs o CROSS JOIN generate_series(1, ${PER_ORG}) g;
INSERT INTO user_roles (user_id, role_id)
  SELECT u.id, o.role_id FROM users u JOIN bench_orgs o ON o.id = u.organization_id;
COMMIT;
`;
/**
 * A bulk load leaves the visibility map unset: counts would read the table, not the index, as no
 * live system does for long (autovacuum on a server, the embedded maintenance in Atelier).
 */
const SETTLE_SQL = 'VACUUM (ANALYZE)';

async function loadPg(url) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    await c.query(LOAD_SQL);
    await c.query(SETTLE_SQL);
    const { rows } = await c.query('SELECT count(*)::int AS n FROM users');
    return rows[0].n;
  } finally {
    await c.end();
  }
}

async function loadPglite(dataDir) {
  const { PGlite } = await import('@electric-sql/pglite');
  const db = await PGlite.create(join(dataDir, 'pglite'));
  try {
    await db.exec(LOAD_SQL);
    await db.exec(SETTLE_SQL);
    const { rows } = await db.query('SELECT count(*)::int AS n FROM users');
    return rows[0].n;
  } finally {
    await db.close();
  }
}

// ---------------------------------------------------------------------------------------------
// Measuring

async function signIn(url, email) {
  const res = await fetch(`${url}/api/v1/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  const body = await res.json();
  if (!body.access_token) throw new Error(`login ${email}: ${res.status} ${JSON.stringify(body)}`);
  return body.access_token;
}

function cannon(opts) {
  return new Promise((res, rej) => {
    autocannon(opts, (err, result) => (err ? rej(err) : res(result)));
  });
}

async function measure(url, token, scenario, ids) {
  const path = scenario.path(ids);
  const headers = { authorization: `Bearer ${token}`, accept: MEDIA };
  // A check first: the scenario answers 200 with the expected document.
  const check = await fetch(url + path, { headers });
  const doc = await check.json();
  if (check.status !== 200) throw new Error(`${scenario.title}: ${check.status} ${JSON.stringify(doc).slice(0, 500)}`);
  const common = { url: url + path, headers, connections: CONNECTIONS, pipelining: 1 };
  await cannon({ ...common, duration: WARMUP });
  const r = await cannon({ ...common, duration: DURATION });
  return {
    check: { status: check.status, total: doc.meta?.page?.total ?? null, rows: Array.isArray(doc.data) ? doc.data.length : 1, included: doc.included?.length ?? 0 },
    requests: r.requests.total,
    rps: Math.round(r.requests.average),
    latency: { p50: r.latency.p50, p90: r.latency.p90, p99: r.latency.p99, max: r.latency.max, mean: r.latency.average },
    non2xx: r.non2xx,
    errors: r.errors,
    timeouts: r.timeouts,
    throughputBytesPerSecond: Math.round(r.throughput.average),
  };
}

/**
 * The yardstick: raw Fastify + node-postgres reading the same row by key (bench/baseline.mjs),
 * started once and measured beside every scenario (this kind of machine is shared: its speed
 * drifts by half within minutes, so a scenario is compared with the baseline measured around it).
 */
async function startBaseline(databaseUrl, userId) {
  const child = spawn(process.execPath, [join(root, 'bench/baseline.mjs')], { cwd: root, env: { ...process.env, DATABASE_URL: databaseUrl }, stdio: ['ignore', 'pipe', 'inherit'] });
  const url = await new Promise((res, rej) => {
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
      const m = /listening (http:\/\/\S+)/.exec(out);
      if (m) res(m[1]);
    });
    child.on('exit', (code) => rej(new Error(`baseline exited ${code}`)));
  });
  const common = { url: `${url}/users/${userId}`, connections: CONNECTIONS, pipelining: 1 };
  return {
    async measure() {
      await cannon({ ...common, duration: WARMUP });
      const r = await cannon({ ...common, duration: DURATION });
      return { rps: Math.round(r.requests.average), latency: { p50: r.latency.p50, p99: r.latency.p99 }, non2xx: r.non2xx };
    },
    stop: () => child.kill('SIGTERM'),
  };
}

/** SQL statements per request, counted inside a server built in-process (see count-queries.ts). */
function countQueries(env, ids) {
  const res = spawnSync(process.execPath, ['--import', 'tsx', join(root, 'bench/count-queries.ts')], {
    cwd: root,
    env: { ...process.env, ...env, ATELIER_COUNT_QUERIES: '1', BENCH_EMAIL: ids.email, BENCH_PATHS: JSON.stringify(SCENARIOS.map((s) => s.path(ids))) },
    encoding: 'utf8',
  });
  if (res.status !== 0) throw new Error(`count-queries failed:\n${res.stdout}\n${res.stderr}`);
  return JSON.parse(res.stdout.trim().split('\n').pop());
}

// ---------------------------------------------------------------------------------------------

async function benchDriver(driver) {
  const { env, cleanup } = await freshStore(driver, ADMIN_URL, 'atelier_bench');

  try {
    let t = Date.now();
    const first = await startServer(env);
    await stopServer(first);
    log(`${driver}: migrated and seeded the demo in ${Date.now() - t} ms`);
    t = Date.now();
    const users = driver === 'pg' ? await loadPg(env.DATABASE_URL) : await loadPglite(env.DATA_DIR);
    log(`${driver}: loaded ${users} users over ${ORGS} bench organizations in ${Date.now() - t} ms`);

    const server = await startServer(env);
    try {
      const email = 'bench-1-1@bench.test';
      const token = await signIn(server.url, email);
      const me = await (await fetch(`${server.url}/api/v1/users?filter[search]=bench-1-2@bench.test`, { headers: { authorization: `Bearer ${token}`, accept: MEDIA } })).json();
      const ids = { email, otherUser: me.data[0].id };
      const results = [];
      const yardstick = driver === 'pg' && process.env.BENCH_BASELINE !== '0' ? await startBaseline(env.DATABASE_URL, ids.otherUser) : null;
      try {
        let before = null;
        if (yardstick) {
          log(`${driver}: baseline (raw Fastify + node-postgres, one row by key) ...`);
          before = await yardstick.measure();
          results.push({ scenario: BASELINE, m: { ...before, check: null } });
        }
        for (const scenario of SCENARIOS.filter((s) => !ONLY || ONLY.includes(s.name))) {
          // Rounds of scenario then baseline; the round of median share stands for the scenario.
          const rounds = [];
          for (let round = 1; round <= (yardstick ? ROUNDS : 1); round++) {
            log(`${driver}: ${scenario.title} ...${yardstick && ROUNDS > 1 ? ` (round ${round} of ${ROUNDS})` : ''}`);
            const m = await measure(server.url, token, scenario, ids);
            if (yardstick) {
              const after = await yardstick.measure();
              const around = Math.round((before.rps + after.rps) / 2);
              m.baseline = { rpsBefore: before.rps, rpsAfter: after.rps, rps: around, ratio: Number((m.rps / around).toFixed(3)) };
              before = after;
            }
            rounds.push(m);
          }
          const ordered = [...rounds].sort((a, b) => (a.baseline?.ratio ?? 0) - (b.baseline?.ratio ?? 0));
          const m = ordered[Math.floor(ordered.length / 2)];
          if (rounds.length > 1) m.rounds = rounds.map((r) => ({ rps: r.rps, p99: r.latency.p99, baseline: r.baseline }));
          results.push({ scenario, m });
        }
      } finally {
        yardstick?.stop();
      }
      await stopServer(server);
      const counts = countQueries(env, ids);
      return results.map(({ scenario, m }) => ({ scenario, m, queries: scenario === BASELINE ? 1 : counts[SCENARIOS.indexOf(scenario)] }));
    } finally {
      await stopServer(server);
    }
  } finally {
    if (process.env.BENCH_KEEP === '1') log(`${driver}: kept for inspection: ${JSON.stringify(env)}`);
    else await cleanup();
  }
}

function gitCommit() {
  const r = spawnSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, encoding: 'utf8' });
  return r.status === 0 ? r.stdout.trim() : null;
}

async function main() {
  log('building the server if stale');
  const b = spawnSync(process.execPath, [join(root, 'scripts/build.mjs'), '--if-stale'], { cwd: root, stdio: 'inherit' });
  if (b.status !== 0) process.exit(b.status ?? 1);
  mkdirSync(resultsDir, { recursive: true });
  const machine = { cpus: cpus().length, cpu: cpus()[0]?.model, memoryGiB: Math.round(totalmem() / 2 ** 30), node: process.version };
  const summary = [];
  for (const driver of DRIVERS) {
    for (const { scenario, m, queries } of await benchDriver(driver)) {
      const target = driver === 'pg' ? scenario.target : null;
      const met = target ? m.rps >= target.rps && m.latency.p99 < target.p99 : null;
      const ratioMet = target && m.baseline ? m.baseline.ratio >= target.ratio : null;
      const result = {
        driver,
        scenario: scenario.name,
        request: scenario.title,
        date: new Date().toISOString(),
        commit: gitCommit(),
        machine,
        load: { organizations: ORGS, usersPerOrganization: PER_ORG },
        autocannon: { connections: CONNECTIONS, durationSeconds: DURATION, warmupSeconds: WARMUP },
        serverLogLevel: LOG_LEVEL,
        ...m,
        sqlQueriesPerRequest: queries,
        target,
        targetMet: met,
        ratioTargetMet: ratioMet,
      };
      writeFileSync(join(resultsDir, `${driver}-${scenario.name}.json`), JSON.stringify(result, null, 2) + '\n');
      const line =
        `${driver.padEnd(6)} ${scenario.name.padEnd(11)} ${String(m.rps).padStart(6)} req/s  p50 ${m.latency.p50} ms  p99 ${m.latency.p99} ms  ` +
        `${queries} SQL/request  non-2xx ${m.non2xx}` +
        (target ? `  target ≥${target.rps} req/s p99<${target.p99} ms: ${met ? 'met' : 'NOT met'}` : '  (no target)') +
        (m.baseline
          ? `; ${Math.round(m.baseline.ratio * 100)} % of the baseline around it (${m.baseline.rps} req/s; target ${Math.round(target.ratio * 100)} %: ${ratioMet ? 'met' : 'NOT met'})` +
            (m.rounds ? ` [rounds: ${m.rounds.map((r) => `${Math.round(r.baseline.ratio * 100)} %`).join(', ')}]` : '')
          : '');
      summary.push(line);
      console.log(line);
    }
  }
  // Beside the API: the VIN decoder's throughput and the web app's weight.
  const vin = spawnSync(process.execPath, ['--import', 'tsx', join(root, 'bench/vin.ts')], { cwd: root, encoding: 'utf8' });
  if (vin.status !== 0) throw new Error(`vin bench failed:\n${vin.stdout}\n${vin.stderr}`);
  const extras = [JSON.parse(vin.stdout.trim().split('\n').pop())];
  if (process.env.BENCH_WEB !== '0') extras.push(await benchWeb());
  for (const extra of extras) {
    writeFileSync(join(resultsDir, `${extra.scenario}.json`), JSON.stringify({ ...extra, date: new Date().toISOString(), commit: gitCommit(), machine }, null, 2) + '\n');
    const line =
      extra.scenario === 'vin-decode'
        ? `vin    decode      ${String(extra.decodesPerSecond).padStart(6)} decodes/s  ${extra.msPerDecode} ms each, first ${extra.coldMs} ms`
        : `web    /login JS   ${String(extra.loginJavaScriptGzipKb).padStart(6)} KB gzip (target <${extra.target.loginGzipKb}: ${extra.targetMet ? 'met' : 'NOT met'})  largest chunk ${extra.largestChunk.file} ${extra.largestChunk.gzipKb} KB gzip`;
    summary.push(line);
    console.log(line);
  }
  // Imports: a 100,000-line vehicles CSV per driver (bench/imports.mjs; BENCH_IMPORTS=0 skips it).
  if (process.env.BENCH_IMPORTS !== '0')
    for (const driver of DRIVERS) {
      const r = await benchImport(driver);
      writeFileSync(join(resultsDir, `${driver}-import.json`), JSON.stringify({ ...r, scenario: 'import', date: new Date().toISOString(), commit: gitCommit(), machine }, null, 2) + '\n');
      const line =
        `${driver.padEnd(6)} import      ${String(r.linesPerSecond).padStart(6)} lines/s  ${r.lines} lines in ${r.seconds} s (dry run ${r.dryRunSeconds} s), idle ${r.idleMemoryMb} MB, peak ${r.peakMemoryMb} MB  ` +
        `target <${r.target.seconds} s <${r.target.mb} MB: ${r.ok ? 'met' : 'NOT met'}`;
      summary.push(line);
      console.log(line);
    }
  console.log('\nSummary');
  for (const line of summary) console.log(line);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
