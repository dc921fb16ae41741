// Counts the SQL statements each bench scenario sends per request: builds the app in this process
// on the bench database (the server is stopped by then), with ATELIER_COUNT_QUERIES=1 so the
// database client counts every statement Drizzle sends. Prints one JSON array, one number per
// path of BENCH_PATHS, as the last line. Run by bench/run.mjs. BENCH_SHOW_SQL=1 also prints the
// statements of one request of each path to stderr (for profiling).
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase, queryCount, queryListeners } from '../apps/server/src/db/client.ts';

if (process.env.ATELIER_COUNT_QUERIES !== '1') throw new Error('run with ATELIER_COUNT_QUERIES=1');
const config = loadConfig({ ...process.env, LOG_LEVEL: 'silent' });
const database = await openDatabase(config);
const app = await buildApp({ config, database, webDist: null, logger: false });
await app.ready();
try {
  const login = await app.inject({
    method: 'POST',
    url: '/api/v1/login',
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify({ email: process.env.BENCH_EMAIL, password: 'Demo-Atelier-2026' }),
  });
  const token = JSON.parse(login.body).access_token as string;
  if (!token) throw new Error(`login failed: ${login.body}`);
  const headers = { authorization: `Bearer ${token}`, accept: 'application/vnd.api+json' };
  const counts: number[] = [];
  for (const url of JSON.parse(process.env.BENCH_PATHS ?? '[]') as string[]) {
    await app.inject({ method: 'GET', url, headers }); // warm: the session's last-use touch happens at most once a minute
    if (process.env.BENCH_SHOW_SQL === '1') {
      // For profiling: the statements of one request, with their parameters (to stderr).
      const listener = (q: string, p: unknown[]) => console.error(`-- ${url}\n${q};\n-- params ${JSON.stringify(p)}\n`);
      queryListeners.push(listener);
      await app.inject({ method: 'GET', url, headers });
      queryListeners.pop();
    }
    const runs = 5;
    const before = queryCount();
    for (let i = 0; i < runs; i++) {
      const res = await app.inject({ method: 'GET', url, headers });
      if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body.slice(0, 300)}`);
    }
    counts.push((queryCount() - before) / runs);
  }
  console.log(JSON.stringify(counts));
} finally {
  await app.close();
  await database.close();
}
