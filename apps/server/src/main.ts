import { setFlagsFromString } from 'node:v8';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { DataDirLockedError, openDatabase } from './db/client.ts';
import { scheduleEmbeddedUpkeep } from './db/maintenance.ts';
import { migrate } from './db/migrate.ts';
import { LocalStorage, storageOf } from './storage/storage.ts';
import { moveToStore } from './storage/to-store.ts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemo, syncOptions, syncPermissions } from './db/seed.ts';
import { uploadDemoContents } from './areas/files/demo-contents.ts';

// config -> database -> migrate -> permissions -> (demo data) -> listen
async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    console.error((err as Error).message);
    process.exit(1);
  }
  /*
   * V8 lets a heap grow to four times what it holds after a collection before the next one, on a
   * machine with memory to spare: an import's garbage took the server's heap from 100 MB held to
   * 330 MB. 1.5 times holds it near 150 MB for a few more collections (the flag is read at each
   * one; docs/decisions.md, « The embedded database on its own thread »). Embedded mode only: it is
   * the one-machine mode with a memory target, and the extra collections cost a server's reads by
   * id a few points of throughput (bench: 86 % of the raw equivalent with it on PostgreSQL).
   */
  if (!config.databaseUrl) setFlagsFromString('--heap-growing-percent=50');
  const database = await openDatabase(config);
  if (process.argv[2] === 'files:to-store') return filesToStore(config, database, process.argv.includes('--purge'));
  await migrate(database);
  await syncPermissions(database.db);
  await syncOptions(database.db);
  const seeded = config.seedDemo ? await seedDemo(database.db) : false;

  const app = await buildApp({ config, database });
  // The demo's files get their contents through the uploads route (the seed has no app to store them).
  if (seeded) await uploadDemoContents(app, database.db);
  if (database.driver === 'pglite')
    app.log.warn(
      `Embedded database (PGlite) in ${config.dataDir}: one process only, commits flushed to disk (fsync), ` +
        'no replication and no backups of its own. Set DATABASE_URL for a PostgreSQL server in production.',
    );
  const stopUpkeep = scheduleEmbeddedUpkeep(database, {
    hours: config.embeddedVacuumHours,
    log: (message, err) => (err ? app.log.error({ err }, message) : app.log.info(message)),
  });
  // Graceful: readiness fails first (a load balancer stops sending), requests keep being served for
  // SHUTDOWN_DRAIN_SECONDS, then the server stops listening, waits for the requests in flight and
  // stops the workers (an import hands its lease back after its current chunk). A second signal,
  // or SHUTDOWN_TIMEOUT_SECONDS, ends it at once.
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) {
      app.log.warn(`${signal} again: stopping now`);
      process.exit(1);
    }
    stopping = true;
    app.log.info(`${signal}: shutting down (draining ${config.shutdownDrainMs / 1000} s)`);
    const timeout = setTimeout(() => {
      app.log.error(`Shutdown took longer than ${config.shutdownTimeoutMs / 1000} s: stopping now`);
      process.exit(1);
    }, config.shutdownDrainMs + config.shutdownTimeoutMs);
    timeout.unref();
    app.startDraining();
    if (config.shutdownDrainMs > 0) await new Promise((r) => setTimeout(r, config.shutdownDrainMs));
    stopUpkeep();
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const url = `http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${port}`;
  console.log(`\nAtelier is ready: ${url}  (database: ${database.driver === 'pglite' ? `embedded, ${config.dataDir}` : 'PostgreSQL server'})`);
  if (seeded || config.seedDemo) {
    console.log(`Demo accounts (password ${DEMO_PASSWORD}):`);
    for (const a of DEMO_ACCOUNTS) console.log(`  ${a.email.padEnd(26)} ${a.who}`);
  }
}

main().catch((err) => {
  // A refused start on a DATA_DIR in use is an expected situation: its message says it all.
  console.error(err instanceof DataDirLockedError ? err.message : err);
  process.exit(1);
});

/** `files:to-store [--purge]`: the data folder's files to the S3 store, with counts (storage/to-store.ts). */
async function filesToStore(config: ReturnType<typeof loadConfig>, database: Awaited<ReturnType<typeof openDatabase>>, purge: boolean) {
  if (!config.s3) {
    console.error('files:to-store needs the S3 store configured (S3_BUCKET, S3_REGION, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY, and S3_ENDPOINT but for AWS).');
    await database.close();
    process.exit(1);
  }
  const report = await moveToStore({ db: database.db, from: new LocalStorage(config.dataDir), to: storageOf(config), purge, log: (line) => console.error(line) });
  await database.close();
  console.log(
    `Moved ${report.moved}, already in the store ${report.already}, failed ${report.failed} (run again), without a row in the folder ${report.unknown}; ` +
      `store objects without a row ${report.orphans.length}${purge ? `, deleted ${report.purged}` : ' (--purge deletes them)'}.`,
  );
  for (const key of report.orphans) console.log(`  orphan: ${key}`);
  process.exit(report.failed ? 1 : 0);
}
