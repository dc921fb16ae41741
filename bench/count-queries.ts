// Counts the SQL statements each bench scenario sends per request: builds the app in this process
// on the bench database (the server is stopped by then), with ATELIER_COUNT_QUERIES=1 so the
// database client counts every statement Drizzle sends. Prints one JSON array, one number per
// path of BENCH_PATHS, as the last line. Run by bench/run.mjs. BENCH_SHOW_SQL=1 also prints the
// statements of one request of each path to stderr (for profiling).
import { queryCount, queryListeners } from '../apps/server/src/db/client.ts';
import { signedInApp } from './in-process.ts';

if (process.env.ATELIER_COUNT_QUERIES !== '1') throw new Error('run with ATELIER_COUNT_QUERIES=1');
const { get, close } = await signedInApp(process.env.BENCH_EMAIL ?? '');
try {
  const counts: number[] = [];
  for (const url of JSON.parse(process.env.BENCH_PATHS ?? '[]') as string[]) {
    await get(url); // warm: the session's last-use touch happens at most once a minute
    if (process.env.BENCH_SHOW_SQL === '1') {
      // For profiling: the statements of one request, with their parameters (to stderr).
      const listener = (q: string, p: unknown[]) => console.error(`-- ${url}\n${q};\n-- params ${JSON.stringify(p)}\n`);
      queryListeners.push(listener);
      await get(url);
      queryListeners.pop();
    }
    const runs = 5;
    const before = queryCount();
    for (let i = 0; i < runs; i++) await get(url);
    counts.push((queryCount() - before) / runs);
  }
  console.log(JSON.stringify(counts));
} finally {
  await close();
}
