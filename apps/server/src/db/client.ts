import { closeSync, mkdirSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { SQL } from 'drizzle-orm';
import type { PgDatabase, PgDialect, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { Config } from '../config.ts';
import { startEmbedded, type EmbeddedServer } from './embedded.ts';
import { PGLITE_OPTIONS } from './pglite.ts';
import { renderQuery } from './render.ts';

/** A database handle or a transaction: the engine and areas take either. */
export type Db = PgDatabase<PgQueryResultHKT>;

export interface Database {
  db: Db;
  driver: 'pglite' | 'pg';
  close(): Promise<void>;
  /** Runs a raw query (used where Drizzle's builder adds nothing, e.g. advisory locks). */
  raw<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
  /**
   * Runs fn holding a session advisory lock on one connection (on a server the pool would
   * otherwise spread the lock and the unlock over two connections).
   */
  exclusive<T>(lockKey: number, fn: (db: Db) => Promise<T>): Promise<T>;
  /** The PostgreSQL pool's connections (metrics); absent on the embedded database. */
  poolStats?(): { total: number; idle: number; waiting: number };
  /** The embedded database's flushes to disk so far (durability test); absent elsewhere. */
  fsyncCount?(): Promise<number>;
  /** PGlite in this process (tests' in-memory databases): its own migrator and SQL runner. */
  inProcess?: true;
  /** An in-memory PGlite's data directory as a tarball (tests: one migrated image per run). */
  dumpDataDir?(): Promise<Blob>;
}

/**
 * With ATELIER_COUNT_QUERIES=1 every statement Drizzle sends (the engine's, the auth hot path's,
 * BEGIN/COMMIT of its transactions) is counted: `npm run bench` reads it to report SQL queries per
 * request. Off by default: the logger is then absent and costs nothing.
 */
let queriesRun = 0;
export const queryCount = () => queriesRun;
/** With ATELIER_COUNT_QUERIES=1, the statements are also handed here (bench/count-queries.ts prints them). */
export const queryListeners: ((query: string, params: unknown[]) => void)[] = [];
const countingLogger =
  process.env.ATELIER_COUNT_QUERIES === '1'
    ? {
        logQuery: (query: string, params: unknown[]) => {
          queriesRun++;
          for (const listener of queryListeners) listener(query, params);
        },
      }
    : undefined;
// No schema: it is only for Drizzle's relational queries (db.query.…), which the server does not use,
// and each transaction built one of their query builders for every table (1.8 % of an answer's time).
const drizzleOptions = countingLogger ? { logger: countingLogger } : {};

// PostgreSQL returns bigint (count) and numeric as strings; numbers we sum stay exact as strings.
pg.types.setTypeParser(20, (v) => Number(v));

export async function openDatabase(config: Pick<Config, 'databaseUrl' | 'dataDir' | 'databasePoolSize'>): Promise<Database> {
  if (config.databaseUrl) {
    const pool = new pg.Pool({ connectionString: config.databaseUrl, max: config.databasePoolSize });
    // An idle connection the server drops (restart, failover, pg_terminate_backend) is reported
    // here; without a listener Node would crash the whole process. The pool opens a new one.
    pool.on('error', (err) => console.error(`PostgreSQL closed an idle connection (${err.message}); the pool will open a new one.`));
    const db = drizzlePg(pool, drizzleOptions) as unknown as Db;
    return {
      db,
      driver: 'pg',
      close: () => pool.end(),
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      raw: async (text, params) => (await pool.query(text, params as unknown[])).rows,
      exclusive: async (lockKey, fn) => {
        const conn = await pool.connect();
        try {
          await conn.query('SELECT pg_advisory_lock($1)', [lockKey]);
          try {
            return await fn(drizzlePg(conn, drizzleOptions) as unknown as Db);
          } finally {
            await conn.query('SELECT pg_advisory_unlock($1)', [lockKey]);
          }
        } finally {
          conn.release();
        }
      },
    };
  }
  const dir = join(config.dataDir, 'pglite');
  mkdirSync(dir, { recursive: true });
  // PGlite is PostgreSQL in this process, with no postmaster to keep a second one out: two
  // processes on one data directory corrupt it (the second aborts with a WASM error at best).
  const releaseLock = lockDataDir(config.dataDir);
  let embedded: EmbeddedServer;
  try {
    embedded = await startEmbedded(dir, (message) => {
      // Its PostgreSQL is gone: no request can be answered any more. Stop, to be restarted.
      console.error(`The embedded database stopped: ${message}`);
      process.exit(1);
    });
  } catch (err) {
    releaseLock();
    throw err;
  }
  const { pool } = embedded;
  const db = drizzlePg(pool, drizzleOptions) as unknown as Db;
  return {
    db,
    driver: 'pglite',
    raw: async (text, params) => (await pool.query(text, params as unknown[])).rows,
    // One process holds DATA_DIR: nothing else can run a migration beside it.
    exclusive: (_lockKey, fn) => fn(db),
    fsyncCount: () => embedded.fsyncCount(),
    close: async () => {
      try {
        await embedded.close();
      } finally {
        releaseLock();
      }
    },
  };
}

/** Raised when another live process holds DATA_DIR. */
export class DataDirLockedError extends Error {
  override name = 'DataDirLockedError';
}

/**
 * Takes DATA_DIR/atelier.lock for this process, PostgreSQL's postmaster.pid way: the file is
 * created exclusively and holds our pid; a file left by a process that is gone (kill -9, power
 * loss) is stale and taken over. Returns the release function (also run at exit).
 */
export function lockDataDir(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, 'atelier.lock');
  for (let attempt = 0; attempt < 3; attempt++) {
    let fd: number;
    try {
      fd = openSync(file, 'wx', 0o600);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const holder = readLock(file);
      if (holder && holderAlive(holder)) {
        throw new DataDirLockedError(
          `The data directory ${dataDir} is in use by another Atelier server (pid ${holder.pid} on ${holder.host}, since ${holder.since}). ` +
            'The embedded database (PGlite) can be opened by one process only: stop that server first, use another DATA_DIR, ' +
            'or set DATABASE_URL to share a PostgreSQL server between instances.',
        );
      }
      // Stale: its process is gone. Remove it and try again (another starter may win the race).
      try {
        unlinkSync(file);
      } catch {
        // already removed by a concurrent starter
      }
      continue;
    }
    writeSync(fd, JSON.stringify({ pid: process.pid, host: hostname(), since: new Date().toISOString() }));
    closeSync(fd);
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      process.off('exit', release);
      try {
        if (readLock(file)?.pid === process.pid) unlinkSync(file);
      } catch {
        // nothing to release
      }
    };
    process.on('exit', release);
    return release;
  }
  throw new DataDirLockedError(`Could not take the lock ${file}: several servers are starting on ${dataDir} at once.`);
}

function readLock(file: string): { pid: number; host: string; since: string } | null {
  try {
    const parsed = JSON.parse(readFileSync(file, 'utf8'));
    return typeof parsed?.pid === 'number' ? parsed : null;
  } catch {
    return null; // empty or torn: a starter that died while writing it
  }
}

function holderAlive(holder: { pid: number; host: string }): boolean {
  // A lock from another host (a data directory on shared storage) cannot be checked: respect it.
  if (holder.host !== hostname()) return true;
  // After a restart a container often gets the same pid (or our parent's) as the dead holder.
  if (holder.pid === process.pid || holder.pid === process.ppid) return false;
  try {
    process.kill(holder.pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM'; // alive, another user's
  }
}

function wrapPglite(client: PGlite): Database {
  takeTurns(client);
  const db = drizzlePglite(client, drizzleOptions) as unknown as Db;
  return {
    db,
    driver: 'pglite',
    inProcess: true,
    close: () => client.close(),
    dumpDataDir: () => client.dumpDataDir('none'),
    raw: async <T,>(text: string, params?: unknown[]) => (await client.query<T>(text, params as unknown[])).rows,
    // PGlite is one connection in this process: nothing else can run a migration beside it.
    exclusive: (_lockKey, fn) => fn(db),
  };
}

/**
 * PGlite runs each statement synchronously on this thread, and its queue hands the next waiting
 * statement over in the same microtask chain: under load the event loop never reached its I/O
 * phase, so new requests sat unread in their sockets for seconds (bench: p99 3.5 s at 50
 * connections, while no request took more than 0.1 s once read). Statements here take turns
 * through one queue with a macrotask between two: every turn lets the server read what arrived,
 * and requests are then served in the order they came.
 */
function takeTurns(client: PGlite) {
  let last: Promise<unknown> = Promise.resolve();
  const turn = <T,>(run: () => Promise<T>): Promise<T> => {
    const mine = last.then(() => new Promise<void>((r) => setImmediate(r))).then(run);
    last = mine.catch(() => undefined);
    return mine;
  };
  const target = client as unknown as Record<'query' | 'exec' | 'transaction', (...args: unknown[]) => Promise<unknown>>;
  for (const name of ['query', 'exec', 'transaction'] as const) {
    const original = target[name].bind(client);
    target[name] = (...args: unknown[]) => turn(() => original(...args));
  }
}

/** An in-memory PGlite database, for tests: empty, or a copy of a dumped data directory (dumpDataDir). */
export async function openMemoryDatabase(image?: Blob): Promise<Database> {
  return wrapPglite(await PGlite.create({ ...PGLITE_OPTIONS, ...(image ? { loadDataDir: image } : {}) }));
}

/** The rows of a db.execute() result (node-postgres and PGlite both answer { rows }). */
export const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** The statement texts run as named prepared statements, and their names. */
const prepared = new Map<string, string>();
/**
 * How many texts of each kind a connection may prepare: a prepared read holds ~250 KB in each
 * connection that ran it (a list with two includes, measured); a record's write, a few KB. Writes
 * have their own budget, so the many shapes of writes never take the reads' places.
 */
const MAX_PREPARED = { read: 50, write: 100 };
const preparedCount = { read: 0, write: 0 };
/** How often each text not yet named was run: a text is named on its third run, so one-offs never are. */
const sightings = new Map<string, number>();
const NAME_AT = 3;

/** Whether to prepare a statement, and from which budget (false: run unnamed unless prepared already). */
export type Prepare = boolean | 'write';

function nameOf(text: string, prepare: Prepare): string | undefined {
  const name = prepared.get(text);
  const kind = prepare === 'write' ? 'write' : 'read';
  if (name || !prepare || preparedCount[kind] >= MAX_PREPARED[kind]) return name;
  const seen = (sightings.get(text) ?? 0) + 1;
  if (seen < NAME_AT) {
    if (sightings.size >= 10_000) sightings.clear();
    sightings.set(text, seen);
    return undefined;
  }
  sightings.delete(text);
  const named = `atelier_${kind}_${++preparedCount[kind]}`;
  prepared.set(text, named);
  return named;
}
/** The statements each embedded database has prepared or is preparing (its one session keeps them). */
const preparedIn = new WeakMap<PGlite, Map<string, Promise<unknown>>>();

/**
 * Runs one of the engine's composed reads (selectParts), or its write of a record and the record's
 * log entry (prepare: 'write'), as a named prepared statement, parsed and planned once per
 * connection: planning a page with its includes costs PostgreSQL more than running it (measured per
 * execution: 2.0 ms unnamed, 0.8 ms prepared on a server; 3.1 ms and 1.4 ms on PGlite, for
 * /users?include=roles,organization). The texts are few, one per resource,
 * filters, sort and includes (values are parameters, but for a page's limit and offset); a text
 * is named on its third run, the caller leaves unnamed the texts of pages past the first, and past
 * MAX_PREPARED texts the others run unnamed, so a connection never holds more plans than that.
 * Rows come with the driver's default parsers.
 */
export async function executeStatement<T = Record<string, unknown>>(db: Db, query: SQL, opts: { prepare: Prepare }): Promise<T[]> {
  const { sql: text, params } = renderQuery(dialectOf(db), query);
  return executeText<T>(db, text, params, opts);
}

/** The SQL dialect of a database handle or transaction (to render statements and fragments). */
export const dialectOf = (db: Db) => (db as unknown as { dialect: PgDialect }).dialect;

/** executeStatement of a statement already rendered (select.ts keeps the texts of its statements). */
export async function executeText<T = Record<string, unknown>>(db: Db, text: string, params: unknown[], opts: { prepare: Prepare }): Promise<T[]> {
  const { session } = db as unknown as { session: { client: unknown } };
  countingLogger?.logQuery(text, params);
  const client = session.client;
  const name = nameOf(text, opts.prepare);
  if (client instanceof pg.Pool || client instanceof pg.Client)
    return (await client.query<T & pg.QueryResultRow>(name ? { name, text, values: params } : { text, values: params })).rows;
  // PGlite's API has no protocol-level names: SQL's PREPARE, then EXECUTE with the values as
  // literals. Inside a transaction (another object on the same session) the read runs unnamed.
  if (!name || !(client instanceof PGlite)) return (await (client as PGlite).query<T>(text, params)).rows;
  let statements = preparedIn.get(client);
  if (!statements) preparedIn.set(client, (statements = new Map()));
  // Requests arriving together with a new text wait for one PREPARE; a failed one is tried again.
  let preparing = statements.get(name);
  if (!preparing) {
    const key = name;
    statements.set(key, (preparing = client.exec(`PREPARE ${key} AS ${text}`)));
    preparing.catch(() => statements.delete(key));
  }
  await preparing;
  return (await client.query<T>(params.length ? `EXECUTE ${name}(${params.map(literal).join(', ')})` : `EXECUTE ${name}`)).rows;
}

/**
 * A value as an SQL literal for EXECUTE (node-postgres' escapeLiteral: quotes doubled, an E''
 * string where a backslash appears); the prepared statement's parameter types then read it as a
 * bound value would be read.
 */
const literal = (value: unknown): string =>
  value === null || value === undefined ? 'NULL' : pg.escapeLiteral(typeof value === 'object' ? JSON.stringify(value) : String(value));
