import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { BUSY_STATUSES, isBusyImport, type Locale } from '@atelier/domain';
import type { Actor } from '../../access/actor.ts';
import { arrayOf } from '../../access/tenancy.ts';
import { actorForUser } from '../../auth/tokens.ts';
import { rowsOf, type Db } from '../../db/client.ts';
import { newId } from '../../db/columns.ts';
import type { RequestContext } from '../../jsonapi/context.ts';
import { resource, type ResourceDefinition, type Row } from '../../jsonapi/define-resource.ts';
import { authorize } from '../../jsonapi/policies.ts';
import { scoped } from '../../jsonapi/scope.ts';
import { ApiError } from '../../jsonapi/errors.ts';
import { column } from '../../jsonapi/filters.ts';
import { own } from '../../jsonapi/own.ts';
import type { Services } from '../../jsonapi/router.ts';
import { createRecord, insertPrepared, prepareCreate, updateRecord } from '../../jsonapi/write.ts';
import type { WriteInput } from '../../jsonapi/define-resource.ts';
import { t, type MessageKey } from '../../i18n/index.ts';
import { parseImportFile, type ParsedFile } from './file.ts';
import { importModels, normalizeHeader, type ImportModel } from './models.ts';
import type { Relationship } from '../../jsonapi/relationships.ts';
import { importItems, imports } from './imports.table.ts';

/** Lines written per transaction: a restart resumes after the last committed chunk. */
export const CHUNK = 500;
/** How long a worker holds a running import without committing a chunk before another may take it. */
const LEASE_SECONDS = 120;

export type ImportRow = typeof imports.$inferSelect;

export interface LineError {
  field: string | null;
  column: string | null;
  code: string;
  detail: string;
}

export interface LineResult {
  line: number;
  success: boolean;
  data: Record<string, string>;
  errors: LineError[];
  model_id: string | null;
  action: 'created' | 'updated' | 'skipped' | null;
}

/** What every line of an import needs, computed once. */
interface Plan {
  model: ImportModel;
  def: ResourceDefinition;
  columns: string[];
  /** [column index, field] of the mapped columns. */
  mapped: [number, string][];
  fieldColumn: Map<string, string>;
  /** The mapped relationship columns: their cell names the related record. */
  relations: RelationColumn[];
  /** Per relationship field, the ids of the records each cell value names (loaded per chunk). */
  refs: Map<string, Map<string, Set<string>>>;
  /**
   * Records by single-field natural key (lower-cased value), loaded once per chunk and kept up to
   * date as its lines write: a value in the map is known (null: no such record yet).
   */
  known: Map<string, Row | null> | null;
  /**
   * In a dry run, the natural keys earlier chunks created: each chunk is rolled back, so the
   * database forgets them, yet the run would update those records when a later line names them.
   */
  carried: Set<string> | null;
}

interface RelationColumn {
  index: number;
  field: string;
  target: ResourceDefinition;
  match: (string | string[])[];
}

export function planOf(row: ImportRow): Plan {
  const model = importModels.get(row.model);
  if (!model) throw new ApiError(422, 'import.model_unknown', { model: row.model });
  const def = resource(model.type);
  const columns = row.columns;
  const mapped: [number, string][] = [];
  const relations: RelationColumn[] = [];
  const fieldColumn = new Map<string, string>();
  columns.forEach((c, i) => {
    const field = row.mapping[c];
    if (!field || !model.fields[field]) return;
    fieldColumn.set(field, c);
    const relation = model.fields[field].relation;
    const rel = own(def.relationships, field);
    if (!relation) mapped.push([i, field]);
    else if (rel?.kind === 'belongsTo') relations.push({ index: i, field, target: resource(rel.type), match: relation.match });
    else throw new Error(`Import model ${model.name}: ${field} is not a to-one relationship of ${def.type}`);
  });
  return { model, def, columns, mapped, fieldColumn, relations, refs: new Map(), known: null, carried: null };
}

const TRUE = new Set(['1', 'true', 'vrai', 'oui', 'yes', 'y', 'o', 'x']);
const FALSE = new Set(['0', 'false', 'faux', 'non', 'no', 'n']);

/** A cell's text as the API would receive it for the attribute: numbers, booleans, enum values. */
function coerce(plan: Plan, field: string, raw: string): unknown {
  const a = plan.def.attributes[field];
  const s = raw.trim();
  const word = own(own(plan.model.values, field), normalizeHeader(s));
  if (word !== undefined) return word;
  switch (a?.kind) {
    case 'integer': {
      const compact = s.replace(/[\s\u00a0\u202f]/g, '');
      return /^-?\d+$/.test(compact) ? Number(compact) : s;
    }
    case 'decimal':
      return s.replace(/[\s\u00a0\u202f]/g, '');
    case 'boolean': {
      const l = s.toLowerCase();
      return TRUE.has(l) ? true : FALSE.has(l) ? false : s;
    }
    case 'enum': {
      // The values of the enumeration in any case ("GAS", "Gas" → gas).
      const probe = a.parse(s);
      if (probe.ok) return s;
      for (const candidate of [s.toLowerCase(), s.toUpperCase(), Number(s)]) if (a.parse(candidate).ok) return candidate;
      return s;
    }
    default:
      return s;
  }
}

/** The line's record of the same natural key, visible to the actor, if any. */
async function findExisting(ctx: RequestContext, plan: Plan, attributes: Record<string, unknown>): Promise<Row | null> {
  for (const key of plan.model.naturalKey) {
    const fields = [key].flat();
    if (fields.some((f) => attributes[f] === undefined)) continue;
    if (fields.length === 1 && plan.known) {
      const parsed = plan.def.attributes[fields[0]].parse(attributes[fields[0]]);
      if (!parsed.ok || parsed.value === null) return null;
      const hit = plan.known.get(knownKey(fields[0], parsed.value));
      if (hit !== undefined) return hit;
    }
    const conditions = [];
    for (const field of fields) {
      const a = plan.def.attributes[field];
      const parsed = a.parse(attributes[field]);
      if (!parsed.ok || parsed.value === null) return null; // the write reports the bad value
      const col = column(plan.def.table, a.column ?? field);
      conditions.push(typeof parsed.value === 'string' ? sql`lower(${col}) = lower(${parsed.value})` : eq(col, parsed.value));
    }
    const [row] = (await ctx.db
      .select()
      .from(plan.def.table)
      .where(scoped(ctx, plan.def, ...conditions))
      .limit(1)) as Row[];
    return row ?? null;
  }
  return null;
}

const knownKey = (field: string, value: unknown) => `${field}\u0000${String(value).toLowerCase()}`;

/** Loads the records the lines of a chunk name by a single-field natural key, in one query per field. */
async function preload(ctx: RequestContext, plan: Plan, rows: string[][]) {
  const known = new Map<string, Row | null>();
  for (const key of plan.model.naturalKey) {
    if (Array.isArray(key) && key.length > 1) continue;
    const field = [key].flat()[0];
    const a = plan.def.attributes[field];
    const index = plan.mapped.find(([, f]) => f === field)?.[0];
    if (index === undefined || !a || a.virtual) continue;
    const values = new Set<string>();
    for (const cells of rows) {
      const raw = (cells[index] ?? '').trim();
      if (!raw) continue;
      const parsed = a.parse(coerce(plan, field, raw));
      if (parsed.ok && typeof parsed.value === 'string') values.add(parsed.value.toLowerCase());
    }
    if (!values.size) continue;
    const col = column(plan.def.table, a.column ?? field);
    const found = (await ctx.db
      .select()
      .from(plan.def.table)
      .where(scoped(ctx, plan.def, sql`lower(${col}) = ANY(${arrayOf([...values], 'text')})`))) as Row[];
    for (const v of values) known.set(knownKey(field, v), null);
    for (const row of found) {
      const k = knownKey(field, row[a.column ?? field]);
      if (!known.get(k)) known.set(k, row);
    }
  }
  plan.known = known;
}

/** After a line wrote a record, the chunk's map knows it under each of its single-field keys. */
function remember(plan: Plan, row: Row) {
  if (!plan.known) return;
  for (const key of plan.model.naturalKey) {
    if (Array.isArray(key) && key.length > 1) continue;
    const field = [key].flat()[0];
    const a = plan.def.attributes[field];
    const value = row[a?.column ?? field];
    if (value !== null && value !== undefined && value !== '') plan.known.set(knownKey(field, value), row);
  }
}

/** Whether writing these attributes would change nothing of the existing record. */
function unchanged(def: ResourceDefinition, existing: Row, { attributes, relationships }: LineInput) {
  const sameLinks = Object.entries(relationships).every(([field, { data }]) => {
    const rel = def.relationships![field] as Extract<Relationship, { kind: 'belongsTo' }>;
    return existing[rel.column] === data.id;
  });
  return sameLinks && Object.entries(attributes).every(([field, value]) => {
    const a = def.attributes[field];
    const parsed = a.parse(value);
    return parsed.ok && JSON.stringify(parsed.value ?? null) === JSON.stringify(existing[a.column ?? field] ?? null);
  });
}

function lineErrors(ctx: RequestContext, plan: Plan, err: unknown): LineError[] {
  if (err instanceof ApiError)
    return err.errors.map((e) => {
      const m = /^\/data\/(?:attributes|relationships)\/(.+)$/.exec(e.source?.pointer ?? '');
      const field = m?.[1] ?? null;
      return { field, column: field ? (plan.fieldColumn.get(field) ?? null) : null, code: e.code, detail: t(ctx.locale, e.code, e.params) };
    });
  console.error('import line failed', err);
  return [{ field: null, column: null, code: 'error.something_went_wrong', detail: t(ctx.locale, 'error.something_went_wrong') }];
}

/** A cell naming a related record, as compared: trimmed, single spaces, lower case. */
const refKey = (s: string) => s.trim().replace(/\s+/g, ' ').toLowerCase();

/**
 * Loads the records the relationship cells of a chunk name, in one query per relationship: each
 * value against each of the field's match expressions, within what the actor may see.
 */
async function preloadRefs(ctx: RequestContext, plan: Plan, rows: string[][]) {
  plan.refs = new Map();
  for (const r of plan.relations) {
    const byValue = new Map<string, Set<string>>();
    plan.refs.set(r.field, byValue);
    const values = [...new Set(rows.map((cells) => refKey(cells[r.index] ?? '')).filter(Boolean))];
    if (!values.length) continue;
    const t = r.target.table;
    const exprs = r.match.map((m) =>
      Array.isArray(m) ? sql`lower(concat_ws(' ', ${sql.join(m.map((c) => column(t, c)), sql`, `)}))` : sql`lower(${column(t, m)})`,
    );
    const wanted = arrayOf(values, 'text');
    const found = (await ctx.db
      .select({ id: column(t, 'id'), ...Object.fromEntries(exprs.map((e, i) => [`m${i}`, e])) })
      .from(t)
      .where(scoped(ctx, r.target, sql`(${sql.join(exprs.map((e) => sql`${e} = ANY(${wanted})`), sql` OR `)})`))) as Record<string, string | null>[];
    for (const row of found)
      for (let i = 0; i < exprs.length; i++) {
        const v = row[`m${i}`];
        if (!v) continue;
        if (!byValue.has(v)) byValue.set(v, new Set());
        byValue.get(v)!.add(row.id!);
      }
  }
}

interface LineInput {
  data: Record<string, string>;
  attributes: Record<string, unknown>;
  relationships: Record<string, { data: { type: string; id: string } }>;
  /** Relationship cells that name no record, or several. */
  errors: LineError[];
}

function readLine(ctx: RequestContext, plan: Plan, cells: string[]): LineInput {
  const data: Record<string, string> = {};
  plan.columns.forEach((c, i) => (data[c] = cells[i] ?? ''));
  const attributes: Record<string, unknown> = {};
  for (const [i, field] of plan.mapped) {
    const raw = (cells[i] ?? '').trim();
    if (raw !== '') attributes[field] = coerce(plan, field, raw);
  }
  const relationships: LineInput['relationships'] = {};
  const errors: LineError[] = [];
  for (const r of plan.relations) {
    const raw = (cells[r.index] ?? '').trim();
    if (!raw) continue; // an empty cell never unlinks
    const ids = plan.refs.get(r.field)?.get(refKey(raw));
    if (ids?.size === 1) {
      relationships[r.field] = { data: { type: r.target.type, id: [...ids][0] } };
      continue;
    }
    const code = ids?.size ? 'import.relation_ambiguous' : 'import.relation_not_found';
    // The column's name comes before the message wherever it is shown (screen, error report).
    errors.push({ field: r.field, column: plan.fieldColumn.get(r.field) ?? null, code, detail: t(ctx.locale, code, { value: raw }) });
  }
  return { data, attributes, relationships, errors };
}

/** The document a client would send for the line. */
const documentOf = (plan: Plan, line: LineInput, id?: string) => ({
  data: { type: plan.def.type, ...(id ? { id } : {}), attributes: line.attributes, relationships: line.relationships },
});

const isBlank = (cells: string[]) => cells.every((c) => (c ?? '').trim() === '');

/**
 * One line through the engine, in a savepoint: a refused line leaves nothing behind and the
 * transaction goes on with the next one.
 */
export async function processLine(ctx: RequestContext, plan: Plan, cells: string[], line: number): Promise<LineResult> {
  const input = readLine(ctx, plan, cells);
  const { data } = input;
  if (isBlank(cells)) return { line, success: true, data, errors: [], model_id: null, action: 'skipped' };
  if (input.errors.length) return { line, success: false, data, errors: input.errors, model_id: null, action: null };
  try {
    let written: Row | null = null;
    const result = await ctx.db.transaction(async (sp) => {
      const c: RequestContext = { ...ctx, db: sp as unknown as Db };
      const existing = await findExisting(c, plan, input.attributes);
      if (existing && unchanged(plan.def, existing, input))
        return { line, success: true, data, errors: [], model_id: String(existing.id), action: 'skipped' as const };
      // The rights of the API: creating needs create, updating a matched record needs edit.
      authorize(c, plan.def, existing ? 'edit' : 'create');
      const doc = documentOf(plan, input, existing ? String(existing.id) : undefined);
      const row = existing ? await updateRecord(c, plan.def, String(existing.id), doc) : await createRecord(c, plan.def, doc);
      written = row;
      return { line, success: true, data, errors: [], model_id: String(row.id), action: existing ? ('updated' as const) : ('created' as const) };
    });
    if (written) remember(plan, written);
    return result;
  } catch (err) {
    return { line, success: false, data, errors: lineErrors(ctx, plan, err), model_id: null, action: null };
  }
}

/**
 * The natural key a line is matched by (the first one it fills, as findExisting), when that key is
 * a single field known to the chunk's map and no record has it: the line is certainly a creation.
 */
function newRecordKey(plan: Plan, attributes: Record<string, unknown>): string | null {
  if (!plan.known) return null;
  for (const key of plan.model.naturalKey) {
    const fields = [key].flat();
    if (fields.some((f) => attributes[f] === undefined)) continue;
    if (fields.length > 1) return null;
    const parsed = plan.def.attributes[fields[0]].parse(attributes[fields[0]]);
    if (!parsed.ok || parsed.value === null) return null;
    const k = knownKey(fields[0], parsed.value);
    return plan.known.get(k) === null ? k : null;
  }
  return null;
}

/**
 * The lines of one chunk. New records are checked one by one by the rules of POST and written
 * together (one INSERT, one INSERT of log entries); should that batch be refused (a unique
 * violation), its lines are redone one by one, each in its savepoint, to tell which one fails.
 * Updates, and lines whose match is not certain, go one by one through processLine.
 */
export async function processLines(ctx: RequestContext, plan: Plan, rows: string[][], firstLine: number): Promise<LineResult[]> {
  await preload(ctx, plan, rows);
  await preloadRefs(ctx, plan, rows);
  const results: LineResult[] = new Array(rows.length);
  let queue: { i: number; key: string; input: WriteInput; data: Record<string, string> }[] = [];
  const pending = new Set<string>();
  const flush = async () => {
    if (!queue.length) return;
    const batch = queue;
    queue = [];
    pending.clear();
    try {
      const written = await ctx.db.transaction((sp) => insertPrepared({ ...ctx, db: sp as unknown as Db }, plan.def, batch.map((b) => b.input)));
      written.forEach((row, k) => {
        const { i, key, data } = batch[k];
        const action = plan.carried?.has(key) ? 'updated' : 'created';
        results[i] = { line: firstLine + i, success: true, data, errors: [], model_id: action === 'created' ? String(row.id) : null, action };
        plan.carried?.add(key);
        remember(plan, row);
      });
    } catch {
      for (const b of batch) results[b.i] = await processLine(ctx, plan, rows[b.i], firstLine + b.i);
    }
  };
  for (let i = 0; i < rows.length; i++) {
    const cells = rows[i];
    const input = readLine(ctx, plan, cells);
    const { data } = input;
    if (input.errors.length) {
      results[i] = { line: firstLine + i, success: false, data, errors: input.errors, model_id: null, action: null };
      continue;
    }
    const key = isBlank(cells) ? null : newRecordKey(plan, input.attributes);
    if (key === null || pending.has(key)) {
      await flush();
      results[i] = await processLine(ctx, plan, cells, firstLine + i);
      continue;
    }
    try {
      authorize(ctx, plan.def, 'create');
      const prepared = await prepareCreate(ctx, plan.def, documentOf(plan, input));
      queue.push({ i, key, input: prepared, data });
      pending.add(key);
    } catch (err) {
      results[i] = { line: firstLine + i, success: false, data, errors: lineErrors(ctx, plan, err), model_id: null, action: null };
    }
  }
  await flush();
  return results;
}

export async function readStoredFile(dataDir: string, row: ImportRow): Promise<ParsedFile> {
  const buffer = await readFile(join(dataDir, row.path));
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

/**
 * Runs the imports that are 'validating' (a dry run) or 'running' (the run): the import row is
 * the job, claimed with FOR UPDATE SKIP LOCKED and a lease (several servers on one PostgreSQL
 * share the work); each chunk of lines commits with the import's progress and counters, so a
 * stopped server resumes a run from the last committed chunk. A dry run writes only its results
 * and starts again from the top (its memory of the file's keys is gone with the process).
 */
export class ImportWorker {
  private stopping = false;
  private active = new Map<string, Promise<void>>();
  private timer: NodeJS.Timeout | null = null;

  constructor(private readonly services: Services) {}

  private get db() {
    return this.services.database.db;
  }

  /** At start: resume what a stopped server left running, then look now and then for abandoned leases. */
  async start() {
    // Embedded mode is one process (DATA_DIR is locked): no other worker can hold a lease.
    if (this.services.database.driver === 'pglite') await this.db.update(imports).set({ lease_until: null }).where(inArray(imports.status, [...BUSY_STATUSES]));
    this.poll();
    this.timer = setInterval(() => this.poll(), 30_000);
    this.timer.unref();
  }

  /** Stops after the current chunk; the lease is released so the next start resumes at once. */
  async stop() {
    this.stopping = true;
    if (this.timer) clearInterval(this.timer);
    await Promise.allSettled([...this.active.values()]);
  }

  private poll() {
    void (async () => {
      while (!this.stopping) {
        const id = await this.claim();
        if (!id) return;
        this.track(id, this.process(id));
      }
    })().catch((err) => console.error('import worker', err));
  }

  /** Claims one import (or the given one) whose lease is free; null when there is none. */
  async claim(id?: string): Promise<string | null> {
    const rows = rowsOf<{ id: string }>(
      await this.db.execute(sql`
        UPDATE imports SET lease_until = now() + make_interval(secs => ${LEASE_SECONDS})
         WHERE id = (SELECT id FROM imports
                      WHERE status IN ('validating', 'running') AND (lease_until IS NULL OR lease_until < now())
                        ${id ? sql`AND id = ${id}` : sql``}
                      ORDER BY started_at LIMIT 1 FOR UPDATE SKIP LOCKED)
        RETURNING id`),
    );
    return rows[0]?.id ?? null;
  }

  private track(id: string, p: Promise<void>) {
    this.active.set(id, p);
    void p.finally(() => this.active.delete(id));
  }

  /**
   * Claims and runs one import now (GET /imports/{id}/run or run-dry); the promise ends with the
   * job. Its messages are in the language of the request that started it.
   */
  async runNow(id: string, locale?: Locale): Promise<void> {
    if (this.stopping) return;
    const claimed = await this.claim(id);
    if (!claimed) return;
    const p = this.process(id, locale);
    this.track(id, p);
    return p;
  }

  private async fail(id: string, key: MessageKey, locale: Locale) {
    await this.db
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
    };
    let file: ParsedFile;
    let plan: Plan;
    try {
      file = await readStoredFile(this.services.config.dataDir, row);
      plan = planOf(row);
    } catch {
      return this.fail(id, 'import.file_gone', locale);
    }
    if (dry) {
      plan.carried = new Set();
      const reset = await this.db.transaction(async (tx) => {
        await tx.delete(importItems).where(and(eq(importItems.import_id, id), eq(importItems.dry_run, true)));
        const [fresh] = await tx
          .update(imports)
          .set({ progress: 0, line_count: file.rows.length, created_count: 0, updated_count: 0, skipped_count: 0, failed_count: 0, error: null })
          .where(eq(imports.id, id))
          .returning();
        return fresh;
      });
      if (!reset) return; // deleted meanwhile
      row = reset;
    }
    try {
      while (row.progress < file.rows.length) {
        if (this.stopping) {
          await this.db.update(imports).set({ lease_until: null }).where(eq(imports.id, id));
          return;
        }
        const done = await this.db.transaction(async (tx) => {
          const [current] = await tx.select().from(imports).where(eq(imports.id, id)).for('update');
          // Deleted, or taken over by another worker after our lease ran out: stop here.
          if (!current || current.status !== row.status || current.progress !== row.progress) return null;
          const c: RequestContext = { ...ctx, db: tx as unknown as Db };
          const end = Math.min(current.progress + CHUNK, file.rows.length);
          const lines = (w: RequestContext) => processLines(w, plan, file.rows.slice(current.progress, end), current.progress + 2);
          const results = dry ? await rolledBack(c, lines) : await lines(c);
          await insertItems(tx as unknown as Db, current, results, dry);
          const n = counters(results);
          const [next] = await tx
            .update(imports)
            .set({
              progress: end,
              created_count: current.created_count + n.created,
              updated_count: current.updated_count + n.updated,
              skipped_count: current.skipped_count + n.skipped,
              failed_count: current.failed_count + n.failed,
              lease_until: sql`now() + make_interval(secs => ${LEASE_SECONDS})`,
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
        .update(imports)
        .set(dry ? { status: 'dry_run', dry_run_at: sql`now()`, lease_until: null } : { status: 'done', finished_at: sql`now()`, lease_until: null })
        .where(and(eq(imports.id, id), eq(imports.status, row.status)));
    } catch (err) {
      console.error('import failed', err);
      await this.fail(id, 'import.crashed', locale);
    }
  }
}

