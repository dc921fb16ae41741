import type { Database } from './client.ts';

/**
 * PGlite runs PostgreSQL in single-user mode: there is no autovacuum. Without it, every update
 * leaves a dead row version behind for good (tables grow without end) and the visibility map is
 * never set, so counts read the table instead of the index. The server vacuums the embedded
 * database itself; a PostgreSQL server has its own autovacuum and is left alone.
 */
export async function vacuumEmbedded(database: Database): Promise<number> {
  const started = Date.now();
  await database.raw('VACUUM (ANALYZE)');
  return Date.now() - started;
}

/**
 * VACUUM (ANALYZE) of the embedded database ten minutes after start, then every `hours` (0: never).
 * The database answers nothing else meanwhile (one connection): on a dealership's data it takes
 * well under a second. Returns a stop function.
 */
export function scheduleEmbeddedVacuum(
  database: Database,
  opts: { hours: number; firstAfterMs?: number; log: (message: string, err?: unknown) => void },
): () => void {
  if (database.driver !== 'pglite' || opts.hours <= 0) return () => {};
  let stopped = false;
  let timer: NodeJS.Timeout;
  const run = async () => {
    try {
      const ms = await vacuumEmbedded(database);
      opts.log(`embedded database vacuumed in ${ms} ms`);
    } catch (err) {
      opts.log('embedded database vacuum failed', err);
    }
    if (!stopped) timer = setTimeout(() => void run(), opts.hours * 3_600_000).unref();
  };
  timer = setTimeout(() => void run(), opts.firstAfterMs ?? 600_000).unref();
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}
