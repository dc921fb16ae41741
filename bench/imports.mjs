#!/usr/bin/env node
// The import bench (issue 4): a 100,000-line vehicles CSV through POST /imports, its dry run
// (GET /imports/{id}/run-dry, timed to status dry_run) and GET /imports/{id}/run (timed to status
// done) on the built server, with the server's resident memory before the upload and its peak
// (VmHWM) from the upload to the end of the run (startPeakMemoryMb: the start's, before it).
// Targets on the 2-core machine: under 60 s on PostgreSQL, under 3 minutes on the embedded
// database, under 500 MB.
// Issue 29: GET /api/v1/health's latency alone and during the whole import (health.duringImport.p99),
// issue 25: inspectors' answers at their pace meanwhile (answersDuringImport.latency.p99, under 100 ms),
// and the tests' hostile workbooks' time to their refusal (hostile). Called by bench/run.mjs; alone:
//   node bench/imports.mjs            (BENCH_DRIVERS=pg,pglite BENCH_IMPORT_LINES=100000)
import { readFileSync, writeFileSync } from 'node:fs';
import { machineLoad, runSql, saveResult } from './clients.mjs';
import { API_PATH, PACE, answering, inspectorsSql, setUp } from './inspection-answers.mjs';
import { freshStore, startServer as start, stopServer } from './server.mjs';

/** Imports of 100,000 lines need more than the default upload limit. */
const startServer = (env) => start({ IMPORT_MAX_BYTES: String(100 * 1024 * 1024), ...env });

const LINES = Number(process.env.BENCH_IMPORT_LINES ?? 100_000);
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const MEDIA = 'application/vnd.api+json';
const TARGETS = { pg: { seconds: 60, mb: 500, answersP99Ms: 100 }, pglite: { seconds: 180, mb: 500, answersP99Ms: 100 } };
/** Inspectors answering at their pace while the file is uploaded, dry run and run (issue 25: the answers' p99 under 100 ms meanwhile). */
const INSPECTORS = Number(process.env.BENCH_IMPORT_INSPECTORS ?? 5);
const log = (...a) => console.log('[bench:imports]', ...a);

/** Peak (VmHWM) or current (VmRSS) resident memory of a process, in MB (Linux). */
const memoryMb = (pid, field = 'VmHWM') => {
  try {
    const m = new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Math.round(Number(m[1]) / 1024) : null;
  } catch {
    return null;
  }
};

/** Resets a process's VmHWM to its current RSS (Linux 4.0+), so that the next peak is of what follows. */
const resetPeak = (pid) => writeFileSync(`/proc/${pid}/clear_refs`, '5');

const MAKES = [
  ['Honda', 'Civic'],
  ['Toyota', 'Corolla'],
  ['Ford', 'F-150'],
  ['Hyundai', 'Kona'],
  ['Mazda', 'CX-5'],
];
function vehiclesCsv(lines) {
  const out = ['NIV;Marque;Modèle;Année;Odomètre;Couleur;No de stock'];
  for (let i = 0; i < lines; i++) {
    const [make, model] = MAKES[i % MAKES.length];
    out.push(`BENCH${String(i).padStart(12, '0')};${make};${model};${2010 + (i % 15)};${(i * 37) % 300000};Gris;B-${i}`);
  }
  return Buffer.from(out.join('\r\n') + '\r\n');
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? null;
const round = (x) => (x === null ? null : Math.round(x * 100) / 100);

/**
 * GET /api/v1/health asked by one client every 20 ms until stop(): what every other user feels
 * while an import is read and run (issue 29: the file is read in a worker, its lines in chunks).
 */
function healthProbe(url) {
  const times = [];
  let failures = 0;
  let running = true;
  const loop = (async () => {
    while (running) {
      const started = performance.now();
      const res = await fetch(`${url}/api/v1/health`).catch(() => null);
      if (!res?.ok) failures++;
      await res?.arrayBuffer();
      times.push(performance.now() - started);
      await new Promise((r) => setTimeout(r, 20));
    }
  })();
  return async () => {
    running = false;
    await loop;
    times.sort((a, b) => a - b);
    return { answers: times.length, failures, p50: round(percentile(times, 50)), p99: round(percentile(times, 99)), max: round(times.at(-1) ?? null) };
  };
}

/**
 * The hostile workbooks of the tests (apps/server/test/imports/workbooks.ts, through tsx): the
 * issue's (1.8 MB, ~400 MB inflated) with honest and lying sizes, and a 50 MB one; each upload's
 * time to its refusal, its answer, health meanwhile and the server's memory after.
 */
async function hostileUploads(server, headers) {
  const { register } = await import('tsx/esm/api');
  register();
  const { inflatingWorkbook } = await import('../apps/server/test/imports/workbooks.ts');
  const files = [
    ['issue workbook, declared sizes', inflatingWorkbook()],
    ['issue workbook, lying sizes', inflatingWorkbook(130_000, { lie: true })],
    ['50 MB workbook, lying sizes', inflatingWorkbook(10_000_000, { lie: true })],
  ];
  const out = [];
  for (const [name, file] of files) {
    const form = new FormData();
    form.append('model', 'vehicles');
    form.append('file', new Blob([file]), 'hostile.xlsx');
    const stop = healthProbe(server.url);
    const started = performance.now();
    const res = await fetch(`${server.url}/api/v1/imports`, { method: 'POST', headers, body: form });
    const body = await res.json();
    const ms = Math.round(performance.now() - started);
    out.push({ name, fileMb: Number((file.length / 2 ** 20).toFixed(2)), status: res.status, code: body.errors?.[0]?.code ?? null, refusedInMs: ms, health: await stop(), rssAfterMb: memoryMb(server.child.pid, 'VmRSS') });
    log(`hostile ${name}: ${res.status} ${body.errors?.[0]?.code} in ${ms} ms`);
  }
  return out;
}

export async function benchImport(driver) {
  const { env, cleanup } = await freshStore(driver, ADMIN_URL, 'atelier_bench_import');
  // Migrated and seeded with the demo, then the inspectors' accounts (as the answers bench makes them).
  await stopServer(await startServer(env));
  await runSql(driver, env, inspectorsSql(INSPECTORS));
  const server = await startServer(env);
  // The inspectors stop with the import, or at once when the bench fails on the way (not an hour later).
  const answeringStops = new AbortController();
  let answers = null;
  try {
    const inspectors = await setUp(server.url, INSPECTORS);
    const login = await fetch(`${server.url}/api/v1/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'manager@atelier.test', password: 'Demo-Atelier-2026' }),
    });
    const token = (await login.json()).access_token;
    const headers = { authorization: `Bearer ${token}`, accept: MEDIA };
    const idleMemory = memoryMb(server.child.pid, 'VmRSS');
    // The start's peak (on an empty DATA_DIR PGlite makes its data directory), then the import's alone.
    const startPeakMemory = memoryMb(server.child.pid);
    resetPeak(server.child.pid);
    const idle = healthProbe(server.url);
    await new Promise((r) => setTimeout(r, 3000));
    const healthIdle = await idle();
    const file = vehiclesCsv(LINES);
    const during = healthProbe(server.url);
    answers = answering(server.url, API_PATH, inspectors, 3600, PACE, answeringStops.signal);
    const form = new FormData();
    form.append('model', 'vehicles');
    form.append('file', new Blob([file], { type: 'text/csv' }), 'bench.csv');
    let t = Date.now();
    const up = await fetch(`${server.url}/api/v1/imports`, { method: 'POST', headers, body: form });
    const created = await up.json();
    if (up.status !== 201) throw new Error(`upload answered ${up.status}: ${JSON.stringify(created)}`);
    const id = created.data.id;
    const uploadMs = Date.now() - t;
    log(`${driver}: uploaded ${LINES} lines (${(file.length / 1e6).toFixed(1)} MB) in ${uploadMs} ms`);
    /** Starts a job of the import and waits for it to leave its busy status. */
    const job = async (path, busy) => {
      const started = Date.now();
      const res = await fetch(`${server.url}/api/v1/imports/${id}/${path}`, { headers });
      if (res.status >= 300) throw new Error(`${path} answered ${res.status}: ${await res.text()}`);
      let last = 0;
      for (;;) {
        const attributes = (await (await fetch(`${server.url}/api/v1/imports/${id}`, { headers })).json()).data.attributes;
        if (attributes.status !== busy) return { attributes, seconds: (Date.now() - started) / 1000 };
        if (Date.now() - last > 10_000) {
          last = Date.now();
          log(`${driver}: ${path} ${attributes.progress}/${attributes.line_count} lines after ${Math.round((Date.now() - started) / 1000)} s`);
        }
        await new Promise((r) => setTimeout(r, 500));
      }
    };
    const dry = await job('run-dry', 'validating');
    if (dry.attributes.status !== 'dry_run' || dry.attributes.created_count !== LINES) throw new Error(`dry run: ${JSON.stringify(dry.attributes)}`);
    const { attributes, seconds } = await job('run', 'running');
    const healthDuring = await during();
    answeringStops.abort();
    const { requests, errors, latency } = await answers;
    const memory = memoryMb(server.child.pid);
    const hostile = await hostileUploads(server, headers);
    const target = TARGETS[driver];
    const result = {
      driver,
      lines: LINES,
      status: attributes.status,
      created: attributes.created_count,
      failed: attributes.failed_count,
      seconds,
      linesPerSecond: Math.round(LINES / seconds),
      dryRunSeconds: dry.seconds,
      startPeakMemoryMb: startPeakMemory,
      idleMemoryMb: idleMemory,
      peakMemoryMb: memory,
      target,
      ok: attributes.status === 'done' && attributes.created_count === LINES && seconds <= target.seconds && (memory ?? 0) <= target.mb && !errors && latency.p99 < target.answersP99Ms,
      // GET /api/v1/health in ms, alone and during the upload, dry run and run of the file.
      health: { idle: healthIdle, duringImport: healthDuring },
      // Inspectors' answers (PATCH /inspection-fields/{id}) at their pace during the same time, in ms.
      answersDuringImport: { inspectors: INSPECTORS, paceMs: PACE, requests, errors, latency },
      hostile,
      machineLoad: machineLoad(),
    };
    log(`${driver}: ${JSON.stringify(result)}`);
    return result;
  } finally {
    answeringStops.abort();
    await answers?.catch(() => {});
    await stopServer(server);
    await cleanup();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const drivers = (process.env.BENCH_DRIVERS ?? 'pg,pglite').split(',').map((s) => s.trim()).filter(Boolean);
  const results = [];
  for (const d of drivers) {
    const r = await benchImport(d);
    saveResult(`${d}-import`, 'import', r);
    results.push(r);
  }
  console.table(
    results.map(({ target, health, answersDuringImport, hostile, ...r }) => ({
      ...r,
      targetSeconds: target.seconds,
      healthP99: health.duringImport.p99,
      answersP99: answersDuringImport.latency.p99,
      hostileMs: hostile.map((h) => h.refusedInMs).join('/'),
    })),
  );
}
