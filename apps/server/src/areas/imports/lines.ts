import type { Db } from '../../db/client.ts';
import type { RequestContext } from '../../jsonapi/context.ts';
import type { Row, WriteInput } from '../../jsonapi/define-resource.ts';
import { authorize } from '../../jsonapi/policies.ts';
import { createRecord, insertPrepared, prepareCreate, updateRecord } from '../../jsonapi/write.ts';
import { findExisting, newRecordKey, preload, preloadRefs, remember, unchanged } from './matching.ts';
import { documentOf, isBlank, lineErrors, readLine, type LineError, type Plan } from './plan.ts';

// Applying lines: each through the engine's checks and writes, as the API would take them.

export interface LineResult {
  line: number;
  success: boolean;
  data: Record<string, string>;
  errors: LineError[];
  model_id: string | null;
  action: 'created' | 'updated' | 'skipped' | null;
}

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
