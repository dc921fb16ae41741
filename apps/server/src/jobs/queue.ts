// The kept job queue (issue 25): pg-boss over the server's own database, PostgreSQL or the embedded
// one. pg-boss runs its SQL through our runner (its `db` adapter), so it needs no connection of its
// own and runs on PGlite as on a server (docs/decisions.md: the experiment that chose it). Areas
// define their queues and handlers here; a job is fetched by one instance only (SKIP LOCKED), a job
// of a killed instance expires and is retried by another, and a stop hands back or finishes jobs.
import PgBoss from 'pg-boss';
import plans from 'pg-boss/src/plans.js';
import type { Config } from '../config.ts';
import type { Database, Db } from '../db/client.ts';
import type { Registry } from '../jsonapi/registry.ts';

/** An arbitrary constant: the advisory lock under which an instance makes or updates its queues. */
const QUEUES_LOCK = 7_245_114;

/** pg-boss's tables live in their own schema, beside the app's. */
export const JOBS_SCHEMA = 'pgboss';

export interface Executor {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
}

/**
 * A statement runner over a database handle or a transaction: what pg-boss sends through it is
 * part of that transaction (a job sent with the record that needs it: no commit, no job).
 */
export function executorOf(db: Db): Executor {
  const client = (db as unknown as { session: { client: { query: (text: string, values?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }> } } }).session.client;
  return { executeSql: (text, values) => client.query(text, values) };
}

/** The database's own runner; pg-boss sends its schema as one script without values (PGlite's exec). */
function databaseExecutor(database: Database): Executor {
  const own = executorOf(database.db);
  if (!database.inProcess) return own;
  const client = (database.db as unknown as { session: { client: { exec: (text: string) => Promise<{ rows: Record<string, unknown>[] }[]> } } }).session.client;
  return {
    executeSql: async (text, values) => (values?.length ? own.executeSql(text, values) : { rows: (await client.exec(text)).at(-1)?.rows ?? [] }),
  };
}

/**
 * pg-boss 10 records a job's end without waiting for it (its worker calls complete or fail and
 * moves on): a refused write (the database restarting, or closed as the server stops) would be an
 * unhandled rejection, which ends a Node process. The end is then left unrecorded and said: the
 * job stays active until its expiry and runs again (every handler may run twice: leases and
 * checks under lock guard the business rows).
 */
export function recordingEnds(executor: Executor, onLost: (err: unknown) => void): Executor {
  const ends = new Set([plans.completeJobs(JOBS_SCHEMA), plans.failJobsById(JOBS_SCHEMA)]);
  return {
    executeSql(text, values) {
      const run = executor.executeSql(text, values);
      if (!ends.has(text)) return run;
      return run.catch((err: unknown) => {
        onLost(err);
        return { rows: [{ count: 0 }] };
      });
    },
  };
}

/** Creates or upgrades pg-boss's schema (db/migrate.ts, under the migration lock). */
export async function migrateJobs(database: Database): Promise<void> {
  const boss = new PgBoss({ db: databaseExecutor(database), schema: JOBS_SCHEMA, supervise: false, schedule: false, migrate: true });
  await boss.start();
  await boss.stop({ graceful: false, wait: true });
}

export interface QueueOptions {
  /**
   * 'stately': at most one job waiting and one running per singleton key (timers, per-record jobs);
   * the waiting one runs only once the running one has ended (or expired, its instance killed).
   */
  policy?: 'standard' | 'stately';
  /** A job running longer is taken as lost (its instance killed) and retried. */
  expireInSeconds?: number;
  /** Retries of a job that failed or expired, after retryDelaySeconds. */
  retryLimit?: number;
  retryDelaySeconds?: number;
  /** Jobs of the queue run at once on each instance. */
  concurrency?: number;
}

export interface SendOptions {
  /** Sent inside this transaction: committed with it, or never sent. */
  db?: Db;
  startAfterSeconds?: number;
  singletonKey?: string;
  /** With singletonKey: at most one job under that key per this many seconds (any policy). */
  throttleSeconds?: number;
}

export type Handler<T> = (data: T) => Promise<void>;

const appQueues = new WeakMap<Registry, Jobs>();
/** The job queue of the app serving this registry (a record's hook sends its job with it). */
export const jobsOf = (registry: Registry) => appQueues.get(registry);

/**
 * The server's job queue. `define` a queue with its handler, `send` jobs to it (in a transaction
 * or not), `every` runs a handler at an interval, once across instances. Started when the app is
 * ready, stopped when it closes: `onStop` listeners are told first (an import hands its lease back
 * after its chunk), then running jobs get the shutdown time to finish.
 */
export class Jobs {
  private readonly boss: PgBoss;
  private started = false;
  private stopped: Promise<void> | null = null;
  private readonly defined: { name: string; options: QueueOptions; handler: Handler<never> }[] = [];
  private readonly workers = new Map<string, string[]>();
  private readonly stopListeners: (() => void)[] = [];
  private readonly running = new Set<Promise<unknown>>();
  private readonly firstRuns: (() => Promise<unknown>)[] = [];

  constructor(
    private readonly database: Database,
    private readonly config: Pick<Config, 'jobsPollSeconds' | 'shutdownTimeoutMs'>,
    registry: Registry,
  ) {
    this.boss = new PgBoss({
      db: recordingEnds(databaseExecutor(database), (err) => {
        if (!this.stopped) console.error('job queue: a job’s end was not recorded (it runs again once expired)', err);
      }),
      schema: JOBS_SCHEMA,
      // The schema is made by db/migrate.ts; an upgrade of pg-boss migrates it at the next start.
      migrate: true,
      // Cron schedules are not used: `every` chains its own jobs (to the second, not the minute).
      schedule: false,
      supervise: true,
      // Expired jobs are found within this time of their expiry (a killed instance's job).
      maintenanceIntervalSeconds: Math.max(1, Math.round(config.jobsPollSeconds * 5)),
      // Timers make a job a run (the mail's every 10 s): ended jobs are archived after an hour and
      // deleted a day later, so the tables stay small (the embedded database has no autovacuum).
      archiveCompletedAfterSeconds: 3600,
      deleteAfterDays: 1,
    });
    this.boss.on('error', (err) => {
      if (!this.stopped) console.error('job queue', err);
    });
    appQueues.set(registry, this);
  }

  /** A queue and its handler; defined before start (areas' workers do it as they are made). */
  define<T>(name: string, options: QueueOptions, handler: Handler<T>) {
    this.defined.push({ name, options, handler: handler as Handler<never> });
  }

  /** Starts the workers of the defined queues, then the timers' first runs. */
  async start() {
    await this.boss.start();
    this.started = true;
    // Instances starting together would deadlock making the queues' partitions: one at a time.
    await this.database.exclusive(QUEUES_LOCK, async () => {
      for (const { name, options } of this.defined) {
        const settings = {
          name,
          policy: options.policy ?? 'standard',
          expireInSeconds: options.expireInSeconds ?? 15 * 60,
          retryLimit: options.retryLimit ?? 0,
          retryDelay: options.retryDelaySeconds ?? 0,
        } as PgBoss.Queue;
        // Made once; its settings follow the configuration at each start (the policy stays).
        if (await this.boss.getQueue(name)) await this.boss.updateQueue(name, settings);
        else await this.boss.createQueue(name, settings);
      }
    });
    // Embedded: one process holds DATA_DIR, so a job still active now was a killed predecessor's.
    // Failed at once (retried as its queue says) rather than left to expire: a timer goes on now.
    if (this.database.driver === 'pglite' && !this.database.inProcess) {
      const stale = await this.database.raw<{ id: string; name: string }>(`SELECT id, name FROM ${JOBS_SCHEMA}.job WHERE state = 'active'`);
      for (const { id, name } of stale) await this.boss.fail(name, id, { message: 'the server stopped while it ran' });
    }
    for (const { name, options, handler } of this.defined) {
      const ids: string[] = [];
      for (let i = 0; i < (options.concurrency ?? 1); i++) {
        const id = await this.boss.work(name, { pollingIntervalSeconds: this.config.jobsPollSeconds }, async ([job]) => {
          const run = handler(job.data as never);
          this.running.add(run);
          try {
            await run;
          } catch (err) {
            // pg-boss keeps the error on the failed job; the log says it as it happens.
            console.error(`job ${name} failed`, err);
            throw err;
          } finally {
            this.running.delete(run);
            // A job was there: look for the next at once rather than after the polling interval.
            this.boss.notifyWorker(id);
          }
        });
        ids.push(id);
      }
      this.workers.set(name, ids);
    }
    for (const first of this.firstRuns) await first();
  }

  /** Sends a job; null when a stately queue already has one waiting under that key. */
  async send(name: string, data: object, opts: SendOptions = {}): Promise<string | null> {
    return this.boss.send(name, data, {
      ...(opts.db ? { db: executorOf(opts.db) } : {}),
      ...(opts.startAfterSeconds ? { startAfter: Math.ceil(opts.startAfterSeconds) } : {}),
      ...(opts.singletonKey ? { singletonKey: opts.singletonKey } : {}),
      ...(opts.throttleSeconds ? { singletonSeconds: Math.ceil(opts.throttleSeconds) } : {}),
    } as PgBoss.SendOptions);
  }

  /** This instance's workers of the queue look now (after the commit of a job sent in a transaction). */
  notify(name: string) {
    if (!this.started || this.stopped) return;
    for (const id of this.workers.get(name) ?? []) this.boss.notifyWorker(id);
  }

  /**
   * Runs `handler` every `seconds`, on one instance at a time: a stately queue holds the next run
   * (sent as each run begins, so a killed instance's timer goes on elsewhere once its job expires,
   * `expireInSeconds`), and the first start plans the first run. `atEachStart`: also a run at each
   * instance's start (instances starting together share it), which may overlap the timer's own run.
   */
  every(name: string, seconds: number, handler: () => Promise<unknown>, opts: { atEachStart?: boolean; expireInSeconds?: number } = {}) {
    this.define(name, { policy: 'stately', expireInSeconds: opts.expireInSeconds ?? Math.max(60, seconds * 2) }, async () => {
      await this.send(name, {}, { singletonKey: 'next', startAfterSeconds: seconds });
      await handler();
    });
    this.firstRuns.push(async () => {
      await this.send(name, {}, { singletonKey: 'next' });
      if (opts.atEachStart) await this.send(name, {}, { singletonKey: 'start' });
    });
  }

  /** Called as the stop begins: long jobs end at their next safe point. */
  onStop(fn: () => void) {
    this.stopListeners.push(fn);
  }

  /** Jobs waiting or running in a queue (metrics). */
  depth(name: string): Promise<number> {
    return this.boss.getQueueSize(name, { before: 'completed' } as never);
  }

  /** The defined queues' names (metrics). */
  names(): string[] {
    return this.defined.map((d) => d.name);
  }

  stop(): Promise<void> {
    this.stopped ??= (async () => {
      for (const fn of this.stopListeners) fn();
      if (!this.started) return;
      await this.boss.stop({ graceful: true, wait: true, close: false, timeout: this.config.shutdownTimeoutMs } as PgBoss.StopOptions);
      // pg-boss stopped waiting for a handler past its job's expiry; it may still use the database:
      // wait for it too, within the shutdown time.
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise((r) => (timer = setTimeout(r, this.config.shutdownTimeoutMs)));
      await Promise.race([Promise.allSettled([...this.running]), late]);
      clearTimeout(timer);
    })();
    return this.stopped;
  }
}
