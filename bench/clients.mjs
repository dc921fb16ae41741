// What the scenario benches (inspection answers, price estimation) share: SQL run on the bench's
// store while its server is stopped, clients asking at a pace, the latency percentiles, the
// machine's load kept beside the numbers, and the result file.
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';

const root = resolve(import.meta.dirname, '..');

/**
 * Runs SQL on a bench store, statement after statement (each may hold several): its PostgreSQL
 * database, or its PGlite directory (one process: the server must be stopped). Answers the rows
 * of the last one.
 */
export async function runSql(driver, env, ...statements) {
  const lastRows = (result) => (Array.isArray(result) ? result.at(-1) : result)?.rows ?? [];
  if (driver === 'pg') {
    const c = new pg.Client({ connectionString: env.DATABASE_URL });
    await c.connect();
    try {
      let rows = [];
      for (const text of statements) rows = lastRows(await c.query(text));
      return rows;
    } finally {
      await c.end();
    }
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const db = await PGlite.create(join(env.DATA_DIR, 'pglite'));
  try {
    let rows = [];
    for (const text of statements) rows = lastRows(await db.exec(text));
    return rows;
  } finally {
    await db.close();
  }
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
const round = (x) => Math.round(x * 100) / 100;

/**
 * `clients` clients ask again and again for `seconds` (or until `signal` aborts): `send(client, n)` makes the n-th request of
 * one client and answers its Response. `pace`: one request every `pace` ms per client (a late
 * answer sends the next at once; the clients start spread over the first pace, not in step), the
 * round trip at a real user's rhythm; 0: back to back, what the server sustains. Answers the
 * counts and the latency percentiles of the round trips.
 */
export async function askAtPace({ clients, seconds, pace = 0, send, signal }) {
  const started = performance.now();
  const until = started + seconds * 1000;
  const times = [];
  let errors = 0;
  await Promise.all(
    Array.from({ length: clients }, async (_, client) => {
      let next = performance.now() + (pace * client) / clients;
      for (let n = 0; performance.now() < until && !signal?.aborted; n++) {
        if (pace) {
          const wait = next - performance.now();
          if (wait > 0) await new Promise((r) => setTimeout(r, wait));
          next += pace;
        }
        const sent = performance.now();
        const res = await send(client, n);
        await res.arrayBuffer();
        times.push(performance.now() - sent);
        if (!res.ok) errors++;
      }
    }),
  );
  times.sort((a, b) => a - b);
  return {
    requests: times.length,
    rps: Math.round(times.length / ((performance.now() - started) / 1000)),
    errors,
    latency: { p50: round(percentile(times, 50)), p90: round(percentile(times, 90)), p99: round(percentile(times, 99)), max: round(times[times.length - 1]) },
  };
}

/**
 * A yardstick that answers errors measures an error path (the raw PATCH answered 415 to every
 * request for a whole round of benches): the bench stops at the first failed raw answer.
 */
export function allSucceeded(label, { requests, errors = 0, non2xx = 0, timeouts = 0 }) {
  if (errors || non2xx || timeouts) throw new Error(`${label}: ${errors + non2xx + timeouts} of ${requests} answers failed (errors ${errors}, non-2xx ${non2xx}, timeouts ${timeouts}): its numbers would compare nothing`);
}

/** Other work on a shared machine moves every number: its load is kept with them. */
export const machineLoad = () => ({ cpus: cpus().length, loadAverage1m: Number(loadavg()[0].toFixed(2)) });

/** The machine and the commit a result was measured on. */
const machine = { cpus: cpus().length, cpu: cpus()[0]?.model, memoryGiB: Math.round(totalmem() / 2 ** 30), node: process.version };
function gitCommit() {
  const r = spawnSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, encoding: 'utf8' });
  return r.status === 0 ? r.stdout.trim() : null;
}

/** Writes bench/results/<file>.json: the result with its scenario, date, commit and machine. */
export function saveResult(file, scenario, result) {
  mkdirSync(join(root, 'bench/results'), { recursive: true });
  const record = { ...result, scenario, date: new Date().toISOString(), commit: gitCommit(), machine };
  writeFileSync(join(root, 'bench/results', `${file}.json`), JSON.stringify(record, null, 2) + '\n');
}
