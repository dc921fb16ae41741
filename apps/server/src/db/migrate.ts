import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrateJobs } from '../jobs/queue.ts';
import type { Database } from './client.ts';

/** An arbitrary constant: every Atelier instance takes this advisory lock to migrate. */
const MIGRATION_LOCK = 7_245_113;

/** The committed migrations folder, found from the source tree or the bundled server. */
export function migrationsFolder(): string {
  const here = dirname(fileURLToPath(import.meta.url));
  for (const candidate of [resolve(here, '../../drizzle'), resolve(here, '../drizzle')]) {
    if (existsSync(join(candidate, 'meta/_journal.json'))) return candidate;
  }
  throw new Error(`Migrations folder not found near ${here}`);
}

/**
 * Applies pending migrations, then pg-boss's. On a PostgreSQL server two instances starting together must not
 * race, so the migration runs under an advisory lock.
 */
export async function migrate(database: Database): Promise<void> {
  const folder = migrationsFolder();
  await database.exclusive(MIGRATION_LOCK, async (db) => {
    if (database.inProcess) await migratePglite(db as never, { migrationsFolder: folder });
    else await migratePg(db as never, { migrationsFolder: folder });
    // The job queue's tables (pg-boss's own schema and versions).
    await migrateJobs(database);
  });
}
