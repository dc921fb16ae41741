// The server's CPU time per request of the bench scenarios, measured in this process: on a shared
// machine, requests/s drift by half within minutes (other work takes the cores), while the CPU a
// request costs this process moves much less. Builds the app in-process on a bench database kept by
// `BENCH_KEEP=1 npm run bench` (DATABASE_URL), signs in as bench-1-1, then for each scenario runs
// CPU_ROUNDS rounds (default 7) of CPU_REQUESTS requests (default 500) one after the other after a
// warm-up, and prints the median µs of CPU (user + system) per request. Compare two versions of the
// engine in the same conditions: `DATABASE_URL=... node --import tsx bench/cpu.ts`.
import { signedInApp } from './in-process.ts';

if (!process.env.DATABASE_URL) throw new Error('DATABASE_URL: a database kept by BENCH_KEEP=1 npm run bench');
const ROUNDS = Number(process.env.CPU_ROUNDS ?? 7);
const REQUESTS = Number(process.env.CPU_REQUESTS ?? 500);
const { get, close } = await signedInApp('bench-1-1@bench.test');
try {
  const other = JSON.parse((await get('/api/v1/users?filter[search]=bench-1-2@bench.test')).body).data[0].id;
  const scenarios = { 'user-by-id': `/api/v1/users/${other}`, 'users-list': '/api/v1/users?include=roles,organization&page[size]=25' };
  const out: Record<string, { cpuUsPerRequest: number; rounds: number[] }> = {};
  for (const [name, url] of Object.entries(scenarios)) {
    const run = async (n: number) => {
      for (let i = 0; i < n; i++) await get(url);
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
  await close();
}
