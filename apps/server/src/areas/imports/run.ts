import { and, eq, inArray, sql } from 'drizzle-orm';
import { BUSY_STATUSES, isBusyImport, type Locale } from '@atelier/domain';
import type { Actor } from '../../access/actor.ts';
import { actorForUser } from '../../auth/tokens.ts';
import { rowsOf, type Db } from '../../db/client.ts';
import { newId } from '../../db/columns.ts';
import type { RequestContext } from '../../jsonapi/context.ts';
import type { Services } from '../../jsonapi/router.ts';
import { t, type MessageKey } from '../../i18n/index.ts';
import { parseImportFile } from './file.ts';
import { unpack, type PackedFile } from './packed.ts';
import { allowed } from '../../jsonapi/policies.ts';
import { applyLines, type LineResult } from './lines.ts';
import { checkInWorker } from './lines-pool.ts';
import { preload, preloadRefs } from './matching.ts';
import { planOf, type ImportRow, type Plan } from './plan.ts';
import { importItems, imports } from './imports.table.ts';
import { readAll, storageOf, type Storage } from '../../storage/storage.ts';

// The run of an import in the background: the worker that claims imports, reads their file and
// commits their lines chunk by chunk (plan.ts reads a line, matching.ts finds its records,
// check.ts reads it by the model's rules in the lines worker, lines.ts applies it).

/**
 * Lines written per transaction: a restart resumes after the last committed chunk. Few, so that
 * a transaction is short (issue 29: the embedded database has one connection for every request).
 */
export const CHUNK = 50;

export async function readStoredFile(storage: Storage, row: ImportRow): Promise<PackedFile> {
  const buffer = await readAll(storage, row.path);
  if (!buffer) throw new Error(`The file of import ${row.id} is missing from the store (${row.path})`);
  return parseImportFile(buffer, row.file_format as 'csv' | 'xlsx');
}

const counters = (results: LineResult[]) => ({
  created: results.filter((r) => r.action === 'created').length,
  updated: results.filter((r) => r.action === 'updated').length,
  skipped: results.filter((r) => r.success && r.action === 'skipped').length,
  failed: results.filter((r) => !r.success).length,
});

/**
 * The results of a chunk as import_items: one statement with one JSON parameter (building 500 rows
 * of parameters through the query builder cost more than the database's own work).
 */
async function insertItems(db: Db, row: ImportRow, results: LineResult[], dryRun: boolean) {
  for (let i = 0; i < results.length; i += CHUNK) {
    const batch = results.slice(i, i + CHUNK);
    if (!batch.length) continue;
    const items = batch.map((r) => ({
      id: newId(),
      line: r.line,
      success: r.success,
      data: r.data,
      errors: r.errors,
      model_id: r.model_id,
      action: r.action,
    }));
    // direct write: an import's results, one statement per chunk (bulk path)
    await db.execute(sql`
      INSERT INTO import_items (id, organization_id, import_id, line, dry_run, success, data, errors, model_id, action)
      SELECT x.id, ${row.organization_id}, ${row.id}, x.line, ${dryRun}, x.success, x.data, x.errors, x.model_id, x.action
        FROM jsonb_to_recordset(${JSON.stringify(items)}::jsonb)
          AS x(id uuid, line integer, success boolean, data jsonb, errors jsonb, model_id text, action text)`);
  }
}

const ROLLBACK = Symbol('dry run');

/**
 * fn in a savepoint that is always rolled back: relationship checks, uniqueness (also between
 * lines of the chunk) and hooks all run, and nothing stays written.
 */
async function rolledBack<T>(ctx: RequestContext, fn: (c: RequestContext) => Promise<T>): Promise<T> {
  let out: T | undefined;
  try {
    await ctx.db.transaction(async (sp) => {
      out = await fn({ ...ctx, db: sp as unknown as Db });
      throw ROLLBACK;
    });
  } catch (err) {
    if (err !== ROLLBACK) throw err;
  }
  return out as T;
}

// ---------------------------------------------------------------- the run, in the background

/** The import's creator as an actor: the run writes with their rights, as their request would. */
export const actorOf = (db: Db, userId: string | null): Promise<Actor | null> => (userId ? actorForUser(db, userId) : Promise.resolve(null));

/** The queue of import runs: a job names its import, the import row is the state. */
export const IMPORT_QUEUE = 'imports.run';

/**
 * Runs the imports that are 'validating' (a dry run) or 'running' (the run) as jobs of the queue
 * (jobs/queue.ts). The import row stays the business state: a job claims it with a lease renewed
 * by each chunk, and each chunk of lines commits with the import's progress and counters, so a run
 * resumes from the last committed chunk. A timer job of the queue
 * sends a job for each busy import whose lease is free: one handed back at a stop, or one whose
 * instance was killed (its lease runs out; its pg-boss job, long-lived as an import may be, only
 * expires later). A dry run writes only its results and starts again from the top (its memory of
 * the file's keys is gone with the process).
 */
export class ImportWorker {
  private stopping = false;

  constructor(private readonly services: Services) {
    const { jobs, config } = services;
    // An import may run for hours: its lease, not pg-boss's expiry, says whether it is alive. Not
    // stately: a killed instance's job stays active until it expires, and would hold the next back.
    jobs.define<{ id: string; locale?: Locale }>(IMPORT_QUEUE, { expireInSeconds: 23 * 3600, concurrency: 2 }, async ({ id, locale }) => {
      if (await this.claim(id)) await this.process(id, locale);
    });
    // An abandoned lease is found within half a lease (at most 30 s) after it runs out.
    jobs.every('imports.resume', Math.max(1, Math.min(30, config.jobLeaseSeconds / 2)), () => this.resume(), { atEachStart: true });
    // At a stop, a run hands its lease back after its current chunk.
    jobs.onStop(() => (this.stopping = true));
  }

  private get db() {
    return this.services.database.db;
  }

  async start() {
    // Embedded mode is one process (DATA_DIR is locked): no other worker can hold a lease.
    // direct write: the worker's leases released at start (job bookkeeping)
    if (this.services.database.driver === 'pglite') await this.db.update(imports).set({ lease_until: null }).where(inArray(imports.status, [...BUSY_STATUSES]));
  }

  /** Sends a job for each busy import whose lease is free. */
  private async resume() {
    const free = await this.db
      .select({ id: imports.id })
      .from(imports)
      .where(and(inArray(imports.status, [...BUSY_STATUSES]), sql`(${imports.lease_until} IS NULL OR ${imports.lease_until} < now())`));
    // One job per import and lease time at most: a free import waiting for a worker gets no pile of them.
    for (const { id } of free) await this.services.jobs.send(IMPORT_QUEUE, { id }, { singletonKey: id, throttleSeconds: this.services.config.jobLeaseSeconds });
    if (free.length) this.notify();
  }

  /** Hands a started import to the queue, in the transaction that started it. */
  queue(db: Db, id: string, locale: Locale) {
    return this.services.jobs.send(IMPORT_QUEUE, { id, locale }, { db });
  }

  /** This instance looks for the job now (after the commit that sent it). */
  notify() {
    this.services.jobs.notify(IMPORT_QUEUE);
  }

  /**
   * Claims one import whose lease is free; false when another holds it or it is no longer busy.
   * Waits for a row locked by a short write (a chunk's commit, a user's request) rather than
   * skipping it: skipped, the job would end unrun and the import wait for the resume timer.
   */
  async claim(id: string): Promise<boolean> {
    const rows = rowsOf<{ id: string }>(
      // direct write: the worker claims a job with a lease (job bookkeeping)
      await this.db.execute(sql`
        UPDATE imports SET lease_until = now() + make_interval(secs => ${this.services.config.jobLeaseSeconds})
         WHERE id = ${id} AND status IN ('validating', 'running') AND (lease_until IS NULL OR lease_until < now())
        RETURNING id`),
    );
    return rows.length > 0;
  }

  /**
   * Claims and runs one import now, within the request that started it (a small file: GET
   * /imports/{id}/run answers its result). Its messages are in the language of that request.
   */
  async runNow(id: string, locale?: Locale): Promise<void> {
    if (this.stopping) return;
    if (await this.claim(id)) await this.process(id, locale);
  }

  private async fail(id: string, key: MessageKey, locale: Locale) {
    await this.db
      // direct write: the job's status and progress (job bookkeeping)
      .update(imports)
      .set({ status: 'failed', error: t(locale, key), finished_at: sql`now()`, lease_until: null })
      .where(eq(imports.id, id));
  }

  /** Runs a claimed import; resumed after a restart, it speaks its creator's language. */
  async process(id: string, requestLocale?: Locale): Promise<void> {
    let [row] = await this.db.select().from(imports).where(eq(imports.id, id));
    if (!row || !isBusyImport(row.status)) return;
    const dry = row.status === 'validating';
    const actor = await actorOf(this.db, row.created_by_id);
    const locale = requestLocale ?? actor?.locale ?? 'fr';
    if (!actor) return this.fail(id, 'import.creator_gone', locale);
    const ctx: RequestContext = {
      actor,
      locale,
      db: this.db,
      config: this.services.config,
      mailer: this.services.mailer,
      ip: '127.0.0.1',
      query: {},
      registry: this.services.registry,
    };
    let file: PackedFile;
    let plan: Plan;
    try {
      file = await readStoredFile(storageOf(this.services.config), row);
      plan = planOf(this.services.registry, row);
    } catch {
      return this.fail(id, 'import.file_gone', locale);
    }
    if (dry) {
      plan.carried = new Set();
      const reset = await this.db.transaction(async (tx) => {
        // direct write: a dry run's results cleared as it starts again (bulk rows of the job)
        await tx.delete(importItems).where(and(eq(importItems.import_id, id), eq(importItems.dry_run, true)));
        const [fresh] = await tx
          // direct write: the job's status and progress (job bookkeeping)
          .update(imports)
          .set({ progress: 0, line_count: file.lines, created_count: 0, updated_count: 0, skipped_count: 0, failed_count: 0, error: null })
          .where(eq(imports.id, id))
          .returning();
        return fresh;
      });
      if (!reset) return; // deleted meanwhile
      row = reset;
    }
    // The actor's rights on the model's records, for the lines worker (the rest of them stays here).
    const rights = { create: allowed(ctx, plan.def, 'create'), edit: allowed(ctx, plan.def, 'edit') };
    try {
      while (row.progress < file.lines) {
        if (this.stopping) {
          // direct write: the job's status and progress (job bookkeeping)
          await this.db.update(imports).set({ lease_until: null }).where(eq(imports.id, id));
          return;
        }
        const start = row.progress;
        const rows = unpack(file, start, start + CHUNK);
        // Before the transaction: the records the lines name (one query per field), then the lines
        // read in the lines worker. The transaction only writes: short, so that on the embedded
        // database (one connection) other requests' queries wait for little.
        await preload(ctx, plan, rows);
        await preloadRefs(ctx, plan, rows);
        const verdicts = await checkInWorker({ model: row.model, columns: row.columns, mapping: row.mapping, locale, rights, rows, firstLine: start + 2, known: plan.known, refs: plan.refs });
        const done = await this.db.transaction(async (tx) => {
          const [current] = await tx.select().from(imports).where(eq(imports.id, id)).for('update');
          // Deleted, or taken over by another worker after our lease ran out: stop here.
          if (!current || current.status !== row.status || current.progress !== start) return null;
          const c: RequestContext = { ...ctx, db: tx as unknown as Db };
          const lines = (w: RequestContext) => applyLines(w, plan, rows, start + 2, verdicts);
          const results = dry ? await rolledBack(c, lines) : await lines(c);
          await insertItems(tx as unknown as Db, current, results, dry);
          const n = counters(results);
          const [next] = await tx
            // direct write: the job's status and progress (job bookkeeping)
            .update(imports)
            .set({
              progress: start + rows.length,
              created_count: current.created_count + n.created,
              updated_count: current.updated_count + n.updated,
              skipped_count: current.skipped_count + n.skipped,
              failed_count: current.failed_count + n.failed,
              lease_until: sql`now() + make_interval(secs => ${this.services.config.jobLeaseSeconds})`,
            })
            .where(eq(imports.id, id))
            .returning();
          return next;
        });
        if (!done) return;
        row = done;
        // PGlite answers without real I/O: a chain of chunks would never let the event loop read
        // other requests. One turn of the loop between chunks keeps the server answering.
        await new Promise((r) => setImmediate(r));
      }
      await this.db
        // direct write: the job's status and progress (job bookkeeping)
        .update(imports)
        .set(dry ? { status: 'dry_run', dry_run_at: sql`now()`, lease_until: null } : { status: 'done', finished_at: sql`now()`, lease_until: null })
        .where(and(eq(imports.id, id), eq(imports.status, row.status)));
    } catch (err) {
      console.error('import failed', err);
      await this.fail(id, 'import.crashed', locale);
    }
  }
}
