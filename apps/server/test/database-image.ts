// Vitest global set-up of the server project: the migrated database every test file starts from,
// made once per run instead of once per file (a fresh in-memory PGlite took ~4 s to start and
// ~2 s to migrate, a third of a small file's time). On PGlite: a dump of the migrated data
// directory, loaded by each file (under a second); on PostgreSQL (DATABASE_URL): a migrated
// database that each file's database is created from (CREATE DATABASE … TEMPLATE).
import { rmSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase, openMemoryDatabase, type Database } from '../src/db/client.ts';
import { migrate } from '../src/db/migrate.ts';
import { syncOptions, syncPermissions } from '../src/db/seed.ts';
import { serverDatabase } from './server-database.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The migrated image: a PGlite data directory tarball's path, or a PostgreSQL template database's name. */
    databaseImage: string;
  }
}

async function prepare(database: Database) {
  await migrate(database);
  await syncPermissions(database.db);
  await syncOptions(database.db);
}

export default async function setup(project: TestProject) {
  if (process.env.DATABASE_URL) {
    const { url, name, drop } = await serverDatabase('atelier_image');
    const database = await openDatabase({ databaseUrl: url, dataDir: '/tmp', databasePoolSize: 2 });
    try {
      await prepare(database);
    } finally {
      await database.close(); // a template database must have no connection while it is copied
    }
    project.provide('databaseImage', name);
    return drop;
  }
  const database = await openMemoryDatabase();
  await prepare(database);
  const dir = mkdtempSync(join(tmpdir(), 'atelier-image-'));
  const file = join(dir, 'migrated.tar');
  writeFileSync(file, Buffer.from(await (await database.dumpDataDir!()).arrayBuffer()));
  await database.close();
  project.provide('databaseImage', file);
  return () => rmSync(dir, { recursive: true, force: true });
}
