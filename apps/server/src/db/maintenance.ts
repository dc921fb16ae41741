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

/** How often the embedded database's cached plans are dropped (see scheduleEmbeddedUpkeep). */
export const REPLAN_SECONDS = 60;

/**
 * VACUUM (ANALYZE) of the embedded database ten minutes after start, then every `hours` (0: never).
 * The database answers nothing else meanwhile (one connection): on a dealership's data it takes
 * well under a second. And every `replanSeconds`, DISCARD PLANS: the server's named statements keep
 * the generic plan made for their tables' sizes then, and on the embedded database nothing else
 * replans them between two vacuums (no autovacuum, no ANALYZE of its own): a plan made for a small
 * table (a sequential scan) stayed as it grew, an import's lookups went from 1,200 to 260 lines a
 * second. Planning again costs a few milliseconds a minute. Returns a stop function.
 */
export function scheduleEmbeddedUpkeep(
  database: Database,
  opts: { hours: number; firstAfterMs?: number; replanSeconds?: number; log: (message: string, err?: unknown) => void },
): () => void {
  if (database.driver !== 'pglite') return () => {};
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const run = async () => {
    try {
      const ms = await vacuumEmbedded(database);
      opts.log(`embedded database vacuumed in ${ms} ms`);
    } catch (err) {
      opts.log('embedded database vacuum failed', err);
    }
    if (!stopped) timer = setTimeout(() => void run(), opts.hours * 3_600_000).unref();
  };
  if (opts.hours > 0) timer = setTimeout(() => void run(), opts.firstAfterMs ?? 600_000).unref();
  const replan = setInterval(
    () => void database.raw('DISCARD PLANS').catch((err) => opts.log('embedded database plans not discarded', err)),
    (opts.replanSeconds ?? REPLAN_SECONDS) * 1000,
  ).unref();
  return () => {
    stopped = true;
    clearTimeout(timer);
    clearInterval(replan);
  };
}
