#!/usr/bin/env node
// The built server's CPU time per request under autocannon, read from /proc (user + system of
// every thread of its process), beside the raw equivalent's (bench/baseline.mjs): on a shared
// machine requests/s drift with the other work, the CPU a request costs a process much less. Unlike
// bench/cpu.ts (in-process, app.inject, one request at a time) this is the bench's own set-up: the
// built bundle with its logger, sockets, 50 connections, the job queue polling.
// Usage, on a database kept by `BENCH_KEEP=1 npm run bench`:
//   DATABASE_URL=... DATA_DIR=... node bench/cpu-server.mjs
// Several servers can be compared in the same conditions: CPU_VARIANTS='[{"name":"a"},{"name":"b",
// "env":{"METRICS_TOKEN":"..."}},{"name":"c","main":"apps/server/dist-c/main.js"}]' starts each
// (environment added, or another build), and their rounds alternate with the raw equivalent's.
// CPU_ROUNDS (default 5) rounds of CPU_REQUESTS (default 10000) requests each; CPU_RAW=0 skips the
// raw equivalent; BENCH_SCENARIOS=user-by-id,users-list. Prints the median µs per request of each.
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import autocannon from 'autocannon';

const root = resolve(import.meta.dirname, '..');
const ROUNDS = Number(process.env.CPU_ROUNDS ?? 5);
const REQUESTS = Number(process.env.CPU_REQUESTS ?? 10000);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const SCENARIOS = (process.env.BENCH_SCENARIOS ?? 'user-by-id').split(',');
const VARIANTS = JSON.parse(process.env.CPU_VARIANTS ?? '[{"name":"server"}]');
const TICK_US = 1e6 / 100; // USER_HZ
if (!process.env.DATABASE_URL || !process.env.DATA_DIR) throw new Error('DATABASE_URL and DATA_DIR: a database kept by BENCH_KEEP=1 npm run bench');

/** User + system CPU of a process, all its threads, in µs. */
const cpuOf = (pid) => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * TICK_US;
};

const cannon = (opts) => new Promise((res, rej) => autocannon(opts, (err, r) => (err ? rej(err) : res(r))));

/** A process started with `args`, resolved with its url once its output matches `ready`. */
function start(args, env, ready) {
  const child = spawn(process.execPath, args, { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  return new Promise((res, rej) => {
    const seen = (d) => {
      out += d;
      const m = ready.exec(out);
      if (m) res({ child, url: m[1], output: () => out });
    };
    child.stdout.on('data', seen);
    child.stderr.on('data', seen);
    child.on('exit', (code) => rej(new Error(`${args.join(' ')} exited ${code}:\n${out}`)));
  });
}

const base = { DATABASE_URL: process.env.DATABASE_URL, DATA_DIR: process.env.DATA_DIR };
const nodeArgs = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
const servers = [];
const stop = () => servers.forEach((s) => s.child.kill('SIGTERM'));
process.on('exit', stop);
try {
  for (const v of VARIANTS) {
    const env = { ...base, NODE_ENV: 'production', PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn', SEED_DEMO: 'true', ...v.env };
    const s = await start([...nodeArgs, ...(v.args ?? []), join(root, v.main ?? 'apps/server/dist/main.js')], env, /Atelier is ready: (http:\/\/\S+)/);
    const login = await fetch(`${s.url}/api/v1/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'bench-1-1@bench.test', password: 'Demo-Atelier-2026' }),
    });
    const token = (await login.json()).access_token;
    if (!token) throw new Error(`${v.name}: sign-in failed`);
    servers.push({ ...s, name: v.name, headers: { authorization: `Bearer ${token}`, accept: 'application/vnd.api+json' } });
  }
  const me = await (await fetch(`${servers[0].url}/api/v1/users?filter[search]=bench-1-2@bench.test`, { headers: servers[0].headers })).json();
  const other = me.data[0].id;
  const organization = me.data[0].relationships.organization.data.id;
  const paths = {
    'user-by-id': [`/api/v1/users/${other}`, `/users/${other}`],
    'users-list': ['/api/v1/users?include=roles,organization&page[size]=25', `/users?filter[organization]=${organization}&page[size]=25`],
  };
  if (process.env.CPU_RAW !== '0') servers.push({ ...(await start([join(root, 'bench/baseline.mjs')], base, /listening (http:\/\/\S+)/)), name: 'raw', raw: true, headers: {} });

  for (const scenario of SCENARIOS) {
    const urlOf = (s) => s.url + paths[scenario][s.raw ? 1 : 0];
    for (const s of servers) await cannon({ url: urlOf(s), headers: s.headers, connections: CONNECTIONS, amount: REQUESTS / 2 }); // warm-up
    const results = new Map(servers.map((s) => [s.name, []]));
    for (let r = 0; r < ROUNDS; r++)
      for (const s of servers) {
        const before = cpuOf(s.child.pid);
        const res = await cannon({ url: urlOf(s), headers: s.headers, connections: CONNECTIONS, amount: REQUESTS });
        if (res.non2xx || res.errors) throw new Error(`${s.name} ${scenario}: ${res.non2xx} non-2xx, ${res.errors} errors`);
        results.get(s.name).push({ us: Math.round((cpuOf(s.child.pid) - before) / REQUESTS), rps: Math.round(res.requests.average) });
      }
    const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
    for (const [name, rounds] of results)
      console.log(
        `${scenario.padEnd(11)} ${name.padEnd(10)} ${String(median(rounds.map((x) => x.us))).padStart(5)} µs CPU/request  ${String(median(rounds.map((x) => x.rps))).padStart(5)} req/s  ` +
          `rounds ${rounds.map((x) => x.us).join(', ')}`,
      );
    console.log(`load average ${loadavg().map((x) => x.toFixed(1)).join(' ')}`);
  }
  if (process.env.CPU_OUTPUT) for (const s of servers) writeFileSync(`${process.env.CPU_OUTPUT}-${s.name}.log`, s.output());
} finally {
  stop();
}
