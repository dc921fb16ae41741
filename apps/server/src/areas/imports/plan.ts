import { cellDollarsToCents, type Locale } from '@atelier/domain';
import { ApiError } from '../../jsonapi/errors.ts';
import type { ResourceDefinition, Row } from '../../jsonapi/define-resource.ts';
import type { Registry } from '../../jsonapi/registry.ts';
import { own } from '../../jsonapi/own.ts';
import { t } from '../../i18n/index.ts';
import { normalizeHeader, type ImportModel } from './models.ts';
import type { imports } from './imports.table.ts';

// The plan of an import (its model and mapping, computed once) and the reading of one line of cells
// into the document a client would send for it.

export type ImportRow = typeof imports.$inferSelect;

export interface LineError {
  field: string | null;
  column: string | null;
  code: string;
  detail: string;
}

/** What every line of an import needs, computed once. */
export interface Plan {
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

/** The plan of an import's model and mapping (the import's row, or what the lines worker is sent of it). */
export function planOf(registry: Registry, row: Pick<ImportRow, 'model' | 'columns' | 'mapping'>): Plan {
  const model = registry.importModels.get(row.model);
  if (!model) throw new ApiError(422, 'import.model_unknown', { model: row.model });
  const def = registry.resource(model.type);
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
    else if (rel?.kind === 'belongsTo') relations.push({ index: i, field, target: registry.resource(rel.type), match: relation.match });
    else throw new Error(`Import model ${model.name}: ${field} is not a to-one relationship of ${def.type}`);
  });
  return { model, def, columns, mapped, fieldColumn, relations, refs: new Map(), known: null, carried: null };
}

const TRUE = new Set(['1', 'true', 'vrai', 'oui', 'yes', 'y', 'o', 'x']);
const FALSE = new Set(['0', 'false', 'faux', 'non', 'no', 'n']);

/** A cell's text as the API would receive it for the attribute: numbers, booleans, enum values. */
export function coerce(plan: Plan, field: string, raw: string): unknown {
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
    // A spreadsheet's amounts are dollars as people write them; the API takes cents.
    case 'money':
      return cellDollarsToCents(s) ?? s;
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

export function lineErrors(locale: Locale, plan: Plan, err: unknown): LineError[] {
  if (err instanceof ApiError)
    return err.errors.map((e) => {
      const m = /^\/data\/(?:attributes|relationships)\/(.+)$/.exec(e.source?.pointer ?? '');
      const field = m?.[1] ?? null;
      return { field, column: field ? (plan.fieldColumn.get(field) ?? null) : null, code: e.code, detail: t(locale, e.code, e.params) };
    });
  console.error('import line failed', err);
  return [{ field: null, column: null, code: 'error.something_went_wrong', detail: t(locale, 'error.something_went_wrong') }];
}

/** A cell naming a related record, as compared: trimmed, single spaces, lower case. */
export const refKey = (s: string) => s.trim().replace(/\s+/g, ' ').toLowerCase();

export interface LineInput {
  data: Record<string, string>;
  attributes: Record<string, unknown>;
  relationships: Record<string, { data: { type: string; id: string } }>;
  /** Relationship cells that name no record, or several. */
  errors: LineError[];
}

export function readLine(locale: Locale, plan: Plan, cells: string[]): LineInput {
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
    errors.push({ field: r.field, column: plan.fieldColumn.get(r.field) ?? null, code, detail: t(locale, code, { value: raw }) });
  }
  return { data, attributes, relationships, errors };
}

/** The document a client would send for the line. */
export const documentOf = (plan: Plan, line: LineInput, id?: string) => ({
  data: { type: plan.def.type, ...(id ? { id } : {}), attributes: line.attributes, relationships: line.relationships },
});

export const isBlank = (cells: string[]) => cells.every((c) => (c ?? '').trim() === '');
