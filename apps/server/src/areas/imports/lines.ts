import type { Db } from '../../db/client.ts';
import type { RequestContext } from '../../jsonapi/context.ts';
import type { Row, WriteInput } from '../../jsonapi/define-resource.ts';
import { authorize } from '../../jsonapi/policies.ts';
import { checkCreate, createRecord, insertPrepared, updateRecord } from '../../jsonapi/write.ts';
import type { Verdict } from './check.ts';
import { findExisting, remember, unchanged } from './matching.ts';
import { documentOf, isBlank, lineErrors, readLine, type LineError, type Plan } from './plan.ts';

// Applying lines on the server's thread, in the chunk's transaction: each through the engine's
// checks and writes, as the API would take them.

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
  const input = readLine(ctx.locale, plan, cells);
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
    return { line, success: false, data, errors: lineErrors(ctx.locale, plan, err), model_id: null, action: null };
  }
}

/**
 * Applies a chunk's lines as the lines worker read them (check.ts), in its transaction. New records
 * get the checks of POST that need the database (checkCreate) one by one and are written together
 * (one INSERT, one INSERT of log entries); should that batch be refused (a unique violation), its
 * lines are redone one by one, each in its savepoint, to tell which one fails. Updates, and lines
 * whose match is not certain, go one by one through processLine.
 */
export async function applyLines(ctx: RequestContext, plan: Plan, rows: string[][], firstLine: number, verdicts: Verdict[]): Promise<LineResult[]> {
  const results: LineResult[] = new Array(rows.length);
  let queue: { i: number; key: string | null; input: WriteInput; data: Record<string, string> }[] = [];
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
        const action = key !== null && plan.carried?.has(key) ? 'updated' : 'created';
        results[i] = { line: firstLine + i, success: true, data, errors: [], model_id: action === 'created' ? String(row.id) : null, action };
        if (key !== null) plan.carried?.add(key);
        remember(plan, row);
      });
    } catch {
      for (const b of batch) results[b.i] = await processLine(ctx, plan, rows[b.i], firstLine + b.i);
    }
  };
  for (let i = 0; i < rows.length; i++) {
    const verdict = verdicts[i];
    if ('result' in verdict) {
      results[i] = verdict.result;
      continue;
    }
    // Still a new record now that the chunk's earlier lines are written (else it is their update).
    if ('create' in verdict && (verdict.create.key === null || (plan.known?.get(verdict.create.key) === null && !pending.has(verdict.create.key)))) {
      const { key, input, data } = verdict.create;
      try {
        queue.push({ i, key, input: await checkCreate(ctx, plan.def, input), data });
        if (key !== null) pending.add(key);
      } catch (err) {
        results[i] = { line: firstLine + i, success: false, data, errors: lineErrors(ctx.locale, plan, err), model_id: null, action: null };
      }
      continue;
    }
    await flush();
    results[i] = await processLine(ctx, plan, rows[i], firstLine + i);
  }
  await flush();
  return results;
}
