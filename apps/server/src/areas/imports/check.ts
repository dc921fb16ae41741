import type { Locale } from '@atelier/domain';
import type { Row, WriteInput } from '../../jsonapi/define-resource.ts';
import { ValidationErrors } from '../../jsonapi/errors.ts';
import { refusalOf } from '../../jsonapi/policies.ts';
import type { Registry } from '../../jsonapi/registry.ts';
import type { Relationship } from '../../jsonapi/relationships.ts';
import { readAttributes, requireRelationships, writable, type Mode } from '../../jsonapi/write.ts';
import type { LineResult } from './lines.ts';
import { keysOf, knownMatch, unchanged } from './matching.ts';
import { isBlank, lineErrors, planOf, readLine, type ImportRow, type LineInput, type Plan } from './plan.ts';

// Reading a chunk's lines by the model's rules (issue 29): cells to values, types, enumerations,
// required fields, the records the cells name. No database: this runs in the lines worker
// (lines-worker.ts), given what the server's thread loaded for the chunk (matching.ts), so the
// thread that answers every request only writes lines already read. What needs the database (the
// create policy, same-organization checks, hooks, the writes) stays there (lines.ts).

export interface CheckRequest extends Pick<ImportRow, 'model' | 'columns' | 'mapping'> {
  locale: Locale;
  /** Whether the actor's roles grant creating and editing the model's records. */
  rights: { create: boolean; edit: boolean };
  rows: string[][];
  /** The file's line of rows[0] (the header is line 1). */
  firstLine: number;
  known: Plan['known'];
  refs: Plan['refs'];
}

export type Verdict =
  /** Decided: a refused line, a blank one, one that would change nothing of its record. */
  | { result: LineResult }
  /** A new record, read by the rules of POST; key: the natural key it takes (see knownMatch). */
  | { create: { key: string | null; input: WriteInput; data: Record<string, string> } }
  /**
   * Through the engine on the server's thread (lines.ts processLine): an update, a match the
   * chunk's map cannot tell, a record an earlier line of the chunk may write.
   */
  | { engine: true };

/**
 * The line's document as the engine reads one (write.ts parseData), its relationships the records
 * its cells named: they were matched among those the actor sees, so they are not looked up again.
 */
function readInput(plan: Plan, line: LineInput, mode: Mode): WriteInput {
  const errors = new ValidationErrors();
  const input = readAttributes(plan.def, { attributes: line.attributes }, mode, errors);
  for (const [name, { data }] of Object.entries(line.relationships)) {
    const rel = plan.def.relationships![name] as Extract<Relationship, { kind: 'belongsTo' }>;
    if (!writable(rel, name, mode)) continue;
    input.present.add(name);
    input.values[rel.column] = data.id;
  }
  requireRelationships(plan.def, mode, input, errors);
  errors.throwIfAny();
  return input;
}

/**
 * The verdict of each line, in the order the server's thread would reach it (lines.ts). A line is
 * decided here only when no earlier line of the chunk can change its outcome: a line that writes
 * (or may write) a record marks the keys it will be known by, and the record it matched; a later
 * line on those goes to the engine, which sees what the earlier one wrote.
 */
export function checkLines(registry: Registry, request: CheckRequest): Verdict[] {
  const plan = planOf(registry, request);
  plan.known = request.known;
  plan.refs = request.refs;
  const { locale, rights } = request;
  const writtenKeys = new Set<string>();
  const writtenRows = new Set<string>();
  // A line matched by a key of several fields may update any record: later matches are not certain.
  let unsure = false;

  return request.rows.map((cells, i): Verdict => {
    const line = request.firstLine + i;
    const input = readLine(locale, plan, cells);
    const { data } = input;
    const failed = (err: unknown): Verdict => ({ result: { line, success: false, data, errors: lineErrors(locale, plan, err), model_id: null, action: null } });
    if (input.errors.length) return { result: { line, success: false, data, errors: input.errors, model_id: null, action: null } };
    if (isBlank(cells)) return { result: { line, success: true, data, errors: [], model_id: null, action: 'skipped' } };

    const keys = keysOf(plan, input.attributes);
    const match = knownMatch(plan, input.attributes);
    const existing: Row | null = match && 'row' in match ? match.row : null;
    const certain =
      match !== undefined && !keys.some((k) => writtenKeys.has(k)) && (existing ? !unsure && !writtenRows.has(String(existing.id)) : true);
    const writes = (verdict: Verdict): Verdict => {
      keys.forEach((k) => writtenKeys.add(k));
      if (existing) writtenRows.add(String(existing.id));
      if (match === undefined) unsure = true;
      return verdict;
    };
    if (!certain) return writes({ engine: true });
    try {
      if (existing) {
        // processLine's order: an unchanged record first, then the right to edit, then the document.
        if (unchanged(plan.def, existing, input)) return { result: { line, success: true, data, errors: [], model_id: String(existing.id), action: 'skipped' } };
        if (!rights.edit) throw refusalOf(plan.def, 'edit');
        readInput(plan, input, 'update');
        return writes({ engine: true });
      }
      if (!rights.create) throw refusalOf(plan.def, 'create');
      return writes({ create: { key: 'key' in match ? match.key : null, input: readInput(plan, input, 'create'), data } });
    } catch (err) {
      return failed(err);
    }
  });
}
