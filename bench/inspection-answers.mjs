#!/usr/bin/env node
// The answer bench (issue 11): PATCH /inspection-fields/{id}?add_data=inspectionSectionScores, the
// round trip of an inspector's answer, with 20 inspectors answering at once, each on their own
// inspection (20 inspections, each held by its own user): the field's inspection locked, the value
// checked against the frozen field, the propagation, the whole inspection rescored, the activity
// log, the answer with the sections' scores. Target: p99 under 30 ms at the inspectors' pace (each
// answers every BENCH_ANSWER_PACE_MS, 500 by default); what the server sustains back to back is
// reported beside. On PostgreSQL its raw equivalent (raw Fastify + node-postgres UPDATE of the same
// rows, bench/baseline.mjs) is measured the same two ways in the same run, and the ratios reported. Called by
// bench/run.mjs (BENCH_ANSWERS=0 skips it); alone:
//   node bench/inspection-answers.mjs   (PostgreSQL when DATABASE_URL is set, its server hosting a
//   fresh database; else PGlite. BENCH_INSPECTORS=20 BENCH_DURATION=10 BENCH_WARMUP=3)
import { readFileSync, readdirSync } from 'node:fs';
import { allSucceeded, askAtPace, machineLoad, runSql, saveResult } from './clients.mjs';
import { freshStore, startRaw, startServer, stopServer } from './server.mjs';

const INSPECTORS = Number(process.env.BENCH_INSPECTORS ?? 20);
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 3);
/** An inspector's pace: one answer every PACE ms (a tap every half second, fast for gloved hands). */
export const PACE = Number(process.env.BENCH_ANSWER_PACE_MS ?? 500);
const MEDIA = 'application/vnd.api+json';
const PASSWORD = 'Demo-Atelier-2026';
const TARGET = { p99Ms: 30 };
const log = (...a) => console.log('[bench:answers]', ...a);

async function call(url, method, path, token, body) {
  const res = await fetch(url + path, {
    method,
    headers: { accept: MEDIA, ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body ? { 'content-type': MEDIA } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  const json = text ? JSON.parse(text) : null;
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text.slice(0, 500)}`);
  return json;
}
const one = (type, id) => ({ data: { type, id } });
const create = async (url, token, type, attributes, relationships = {}) =>
  (await call(url, 'POST', `/api/v1/${type}`, token, { data: { type, attributes, relationships } })).data.id;

/** A form of three sections (two tire widgets, four check boxes, a number each), as a dealership's short inspection. */
async function buildForm(url, token) {
  const form = await create(url, token, 'inspection-forms', { name: `Bench ${Date.now()}` });
  const fields = [];
  const widget = [
    { option: 'good', points: 10 },
    { option: 'to_replace', points: 3 },
    { option: 'bad', points: 0 },
    { option: 'not_applicable', points: 0 },
  ];
  for (let s = 1; s <= 3; s++) {
    const section = await create(url, token, 'inspection-form-sections', { name: `Section ${s}`, order_number: s }, { inspectionForm: one('inspection-forms', form) });
    const sub = await create(url, token, 'inspection-form-sections', { name: `Partie ${s}`, order_number: 1 }, { inspectionForm: one('inspection-forms', form), parent: one('inspection-form-sections', section) });
    const field = (attributes) => create(url, token, 'inspection-form-section-fields', attributes, { section: one('inspection-form-sections', sub) });
    await field({ name: `Pneu ${s}A`, field_type: 'TIRE_STATE_WIDGET', points_threshold: widget, order_number: 1 });
    await field({ name: `Pneu ${s}B`, field_type: 'TIRE_STATE_WIDGET', points_threshold: widget, order_number: 2 });
    for (let k = 1; k <= 4; k++)
      fields.push(await field({ name: `Contrôle ${s}.${k}`, field_type: 'CHECK', points_threshold: [{ option: 'yes', points: 5 }, { option: 'no', points: 0 }], order_number: 2 + k }));
    await field({ name: `Mesure ${s}`, field_type: 'NUMBER', points_threshold: [{ option: '0-49', points: 0 }, { option: '50-100', points: 5 }], order_number: 7 });
  }
  return { form, checkFields: fields };
}

/**
 * The inspectors: users of Garage Démo with its Inspector role, each with an inspection of their own
 * vehicle assigned to them and started (so they hold it). Answers: one check box field each.
 */
export const inspectorsSql = (count) => `
    INSERT INTO users (id, organization_id, firstname, lastname, email, password_hash, password_changed_at)
      SELECT gen_random_uuid(), u.organization_id, 'Inspecteur', 'Banc ' || g, 'bench-inspector-' || g || '@bench.test', u.password_hash, now()
        FROM users u CROSS JOIN generate_series(1, ${count}) g WHERE u.email = 'manager@atelier.test';
    INSERT INTO user_roles (user_id, role_id)
      SELECT u.id, r.id FROM users u JOIN roles r ON r.organization_id = u.organization_id AND r.key = 'inspector'
       WHERE u.email LIKE 'bench-inspector-%@bench.test';`;

export async function setUp(url, count = INSPECTORS) {
  const manager = (await call(url, 'POST', '/api/v1/login', null, { email: 'manager@atelier.test', password: PASSWORD })).access_token;
  const { form, checkFields } = await buildForm(url, manager);
  const inspectors = [];
  for (let i = 1; i <= count; i++) {
    const email = `bench-inspector-${i}@bench.test`;
    const token = (await call(url, 'POST', '/api/v1/login', null, { email, password: PASSWORD })).access_token;
    const me = (await call(url, 'GET', '/api/v1/me', token)).data.id;
    const vehicle = await create(url, manager, 'vehicles', { vin: `2T1BURHE0JC${String(100000 + i).slice(-6)}` });
    const inspection = await create(url, manager, 'inspections', { odometer: 50_000 + i }, {
      inspectionForm: one('inspection-forms', form),
      vehicle: one('vehicles', vehicle),
      assignedToUsers: { data: [{ type: 'users', id: me }] },
    });
    await call(url, 'POST', `/api/v1/inspections/${inspection}/start`, token);
    const fields = (await call(url, 'GET', `/api/v1/inspection-fields?filter[inspection]=${inspection}&page[size]=100`, token)).data;
    const field = fields.find((f) => f.relationships.inspectionFormSectionField.data.id === checkFields[i % checkFields.length]).id;
    inspectors.push({ token, field });
  }
  return inspectors;
}

/**
 * Every inspector answers their field again and again (yes, no, yes...), one request at a time, for
 * `seconds`, at `pace` (0: back to back): the round trip of each answer is timed.
 */
export const answering = (base, path, inspectors, seconds, pace = 0, signal = undefined) =>
  askAtPace({
    clients: inspectors.length,
    seconds,
    pace,
    signal,
    send: (i, n) => {
      const { token, field } = inspectors[i];
      return fetch(`${base}${path(field)}`, {
        method: 'PATCH',
        headers: { accept: MEDIA, 'content-type': MEDIA, ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: JSON.stringify({ data: { type: 'inspection-fields', id: field, attributes: { value: (i + n) % 2 === 0 } } }),
      });
    },
  });

export const API_PATH = (field) => `/api/v1/inspection-fields/${field}?add_data=inspectionSectionScores`;
const RAW_PATH = (field) => `/inspection-fields/${field}`;

/** The raw equivalent answers 200 with the row it wrote, else its timings measure an error path. */
async function checkRawAnswer(base, field) {
  for (const value of [true, false]) {
    const res = await fetch(`${base}${RAW_PATH(field)}`, {
      method: 'PATCH',
      headers: { accept: MEDIA, 'content-type': MEDIA },
      body: JSON.stringify({ data: { type: 'inspection-fields', id: field, attributes: { value } } }),
    });
    const text = await res.text();
    if (res.status !== 200 || JSON.parse(text).data?.attributes?.value !== value)
      throw new Error(`raw PATCH /inspection-fields/${field} answered ${res.status} ${text.slice(0, 300)} for value ${value}`);
  }
}

/** The CPU time (ms, user + system) of each thread of a process so far, by thread id (Linux's /proc; null elsewhere). */
function threadsCpu(pid) {
  try {
    const ms = (stat) => {
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      return (Number(fields[11]) + Number(fields[12])) * 10; // utime + stime, in ticks of 10 ms
    };
    return new Map(readdirSync(`/proc/${pid}/task`).map((tid) => [tid, ms(readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8'))]));
  } catch {
    return null;
  }
}

/**
 * The run's answers, and (given the server's pid) the server's CPU per answer: requests/s follow
 * the machine's load, the CPU an answer costs much less. In all, and of its two busiest threads
 * (HTTP and, on PGlite, the database's); the PostgreSQL server's own work is not counted.
 */
async function measure(base, path, inspectors, pace = 0, pid = null) {
  await answering(base, path, inspectors, WARMUP, pace);
  const before = pid && threadsCpu(pid);
  const result = await answering(base, path, inspectors, DURATION, pace);
  const after = pid && threadsCpu(pid);
  if (before && after) {
    const used = [...after].map(([tid, ms]) => ms - (before.get(tid) ?? 0)).sort((a, b) => b - a);
    const perAnswer = (ms) => Number((ms / result.requests).toFixed(2));
    result.serverCpuMs = { perAnswer: perAnswer(used.reduce((a, b) => a + b, 0)), busiestThreadsPerAnswer: used.slice(0, 2).map(perAnswer) };
  }
  return result;
}

/** The bench on one driver: 'pg' (a fresh database on adminUrl's server) or 'pglite'. */
export async function benchAnswers(driver, adminUrl) {
  const { env, cleanup } = await freshStore(driver, adminUrl, 'atelier_bench_answers');
  // Migrated and seeded with the demo, then the inspectors' accounts.
  await stopServer(await startServer(env));
  await runSql(driver, env, inspectorsSql(INSPECTORS));
  const server = await startServer(env);
  try {
    const t = Date.now();
    const inspectors = await setUp(server.url);
    log(`${driver}: ${INSPECTORS} inspectors, each holding an inspection, ready in ${Date.now() - t} ms`);
    const result = {
      driver,
      inspectors: INSPECTORS,
      durationSeconds: DURATION,
      warmupSeconds: WARMUP,
      paceMs: PACE,
      request: 'PATCH /api/v1/inspection-fields/{id}?add_data=inspectionSectionScores',
      target: TARGET,
    };
    // The round trip at the inspectors' pace (the target), then what the server sustains back to back.
    Object.assign(result, await measure(server.url, API_PATH, inspectors, PACE));
    result.sustained = await measure(server.url, API_PATH, inspectors, 0, server.child.pid);
    if (driver === 'pg' && process.env.BENCH_BASELINE !== '0') {
      const raw = await startRaw(env.DATABASE_URL);
      const anonymous = inspectors.map((i) => ({ ...i, token: null }));
      try {
        await checkRawAnswer(raw.url, anonymous[0].field);
        const paced = await measure(raw.url, RAW_PATH, anonymous, PACE);
        allSucceeded('raw PATCH /inspection-fields/{id} at the inspectors\' pace', paced);
        const sustained = await measure(raw.url, RAW_PATH, anonymous);
        allSucceeded('raw PATCH /inspection-fields/{id} back to back', sustained);
        result.raw = { request: 'raw Fastify + node-postgres: UPDATE inspection_fields SET value, touched WHERE id = $1 RETURNING *', paced, sustained };
        result.ratio = {
          p99: Number((result.latency.p99 / paced.latency.p99).toFixed(2)),
          sustainedRps: Number((result.sustained.rps / sustained.rps).toFixed(3)),
        };
      } finally {
        raw.stop();
      }
    }
    result.targetMet = result.latency.p99 < TARGET.p99Ms && result.errors === 0;
    result.machineLoad = machineLoad();
    return result;
  } finally {
    await stopServer(server);
    await cleanup();
  }
}

/** One line of the bench's summary. */
export const answersLine = (r) =>
  `${r.driver.padEnd(6)} answers     p50 ${r.latency.p50} ms  p99 ${r.latency.p99} ms  ${r.inspectors} inspectors, one answer each per ${r.paceMs} ms (${r.rps} req/s), errors ${r.errors + r.sustained.errors}; ` +
  `back to back ${r.sustained.rps} req/s p99 ${r.sustained.latency.p99} ms` +
  (r.sustained.serverCpuMs ? ` (server CPU ${r.sustained.serverCpuMs.perAnswer} ms per answer, busiest threads ${r.sustained.serverCpuMs.busiestThreadsPerAnswer.join(' and ')} ms)` : '') +
  (r.raw
    ? `; raw UPDATE p99 ${r.raw.paced.latency.p99} ms at the same pace (×${r.ratio.p99}), ${r.raw.sustained.rps} req/s back to back (${Math.round(r.ratio.sustainedRps * 100)} %)`
    : '') +
  `; target p99 <${r.target.p99Ms} ms: ${r.targetMet ? 'met' : 'NOT met'} (load average ${r.machineLoad.loadAverage1m} on ${r.machineLoad.cpus} cores)`;

if (import.meta.url === `file://${process.argv[1]}`) {
  const driver = process.env.DATABASE_URL ? 'pg' : 'pglite';
  const r = await benchAnswers(driver, process.env.DATABASE_URL ?? '');
  saveResult(`${driver}-inspection-answers`, 'inspection-answers', r);
  console.log(answersLine(r));
}
