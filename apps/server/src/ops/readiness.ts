// Readiness (GET /api/v1/ready): whether this instance should be sent traffic. Unlike /health (the
// process and its database answer), it also says no while the schema is behind the code (another
// instance migrating), while the file store cannot be reached (the data folder written, or the S3
// bucket answering), and once shutdown has begun, so a load balancer drains the instance before it stops.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Database } from '../db/client.ts';
import { migrationsFolder } from '../db/migrate.ts';
import type { Storage } from '../storage/storage.ts';

export type Check = 'ok' | 'failed';
export interface Readiness {
  status: 'ready' | 'not_ready';
  checks: { database: Check; migrations: Check; storage: Check; accepting: Check };
}

/** The newest migration of the code, read once (drizzle's journal: `when` is its creation time). */
let newestMigration: Promise<number> | undefined;
const codeMigration = () =>
  (newestMigration ??= readFile(join(migrationsFolder(), 'meta/_journal.json'), 'utf8').then((text) =>
    Math.max(...(JSON.parse(text) as { entries: { when: number }[] }).entries.map((e) => e.when)),
  ));

const outcome = async (check: () => Promise<boolean>): Promise<Check> => {
  try {
    return (await check()) ? 'ok' : 'failed';
  } catch {
    return 'failed';
  }
};

export async function readiness(database: Database, storage: Storage, accepting: boolean): Promise<Readiness> {
  const [databaseCheck, migrations, stored] = await Promise.all([
    outcome(async () => (await database.raw('SELECT 1 AS one')).length === 1),
    outcome(async () => {
      const [row] = await database.raw<{ applied: string | number | null }>('SELECT max(created_at) AS applied FROM drizzle.__drizzle_migrations');
      return Number(row?.applied ?? 0) >= (await codeMigration());
    }),
    outcome(async () => {
      await storage.ping();
      return true;
    }),
  ]);
  const checks = { database: databaseCheck, migrations, storage: stored, accepting: accepting ? ('ok' as const) : ('failed' as const) };
  return { status: Object.values(checks).every((c) => c === 'ok') ? 'ready' : 'not_ready', checks };
}
