// The server's CPU time per request of the bench scenarios, measured in this process: on a shared
// machine, requests/s drift by half within minutes (other work takes the cores), while the CPU a
// request costs this process moves much less. Builds the app in-process on a bench database kept by
// `BENCH_KEEP=1 npm run bench` (DATABASE_URL), signs in as bench-1-1, then for each scenario runs
// CPU_ROUNDS rounds (default 7) of CPU_REQUESTS requests (default 500) one after the other after a
// warm-up, and prints the median µs of CPU (user + system) per request. Compare two versions of the
// engine in the same conditions: `DATABASE_URL=... node --import tsx bench/cpu.ts`.
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';

if (!process.env.DATABASE_URL) throw new Error('DATABASE_URL: a database kept by BENCH_KEEP=1 npm run bench');
const ROUNDS = Number(process.env.CPU_ROUNDS ?? 7);
const REQUESTS = Number(process.env.CPU_REQUESTS ?? 500);
const config = loadConfig({ ...process.env, LOG_LEVEL: 'silent', NODE_ENV: 'production' });
const database = await openDatabase(config);
const app = await buildApp({ config, database, webDist: null, logger: false });
await app.ready();
try {
  const login = await app.inject({
    method: 'POST',
    url: '/api/v1/login',
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify({ email: 'bench-1-1@bench.test', password: 'Demo-Atelier-2026' }),
  });
  const token = JSON.parse(login.body).access_token as string;
  if (!token) throw new Error(`login failed: ${login.body}`);
  const headers = { authorization: `Bearer ${token}`, accept: 'application/vnd.api+json' };
  const other = JSON.parse((await app.inject({ method: 'GET', url: '/api/v1/users?filter[search]=bench-1-2@bench.test', headers })).body).data[0].id;
  const scenarios = { 'user-by-id': `/api/v1/users/${other}`, 'users-list': '/api/v1/users?include=roles,organization&page[size]=25' };
  const out: Record<string, { cpuUsPerRequest: number; rounds: number[] }> = {};
  for (const [name, url] of Object.entries(scenarios)) {
    const run = async (n: number) => {
      for (let i = 0; i < n; i++) {
        const res = await app.inject({ method: 'GET', url, headers });
        if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body.slice(0, 300)}`);
      }
    };
    await run(REQUESTS); // warm-up: JIT, prepared statements, session cache
    const rounds: number[] = [];
    for (let r = 0; r < ROUNDS; r++) {
      const before = process.cpuUsage();
      await run(REQUESTS);
      const used = process.cpuUsage(before);
      rounds.push(Math.round((used.user + used.system) / REQUESTS));
    }
    const median = [...rounds].sort((a, b) => a - b)[Math.floor(rounds.length / 2)];
    out[name] = { cpuUsPerRequest: median, rounds };
    console.error(`${name.padEnd(11)} ${String(median).padStart(5)} µs CPU per request (rounds: ${rounds.join(', ')})`);
  }
  console.log(JSON.stringify(out));
} finally {
  await app.close();
  await database.close();
}
