import { sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { RequestContext } from './context.ts';
import type { Filter } from './define-resource.ts';
import { badRequest } from './errors.ts';
import { isUuid, parseDateTime } from './attributes.ts';
import { toUuidArray } from '../access/tenancy.ts';
import { own } from './own.ts';

export const column = (table: PgTable, name: string) => {
  const c = own(table as unknown as Record<string, SQL>, name);
  if (!c) throw new Error(`Column ${name} missing on table`);
  return c;
};

const list = (value: string) =>
  value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

/** A comma-separated list of uuids, or a 400 naming the filter. */
export function uuidList(name: string, value: string): string[] {
  const ids = list(value);
  if (ids.some((id) => !isUuid(id))) throw badRequest('error.invalid_filter_value', { filter: name }, `filter[${name}]`);
  return ids;
}

/** Escapes LIKE wildcards so a search for "50%" means the text "50%". */
export const likePattern = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * A bound of a timestamp, inclusive, as an ISO 8601 date or date-time (the attributes' rule): from
 * a date's midnight UTC, up to the end of a date (a date alone names the whole day) or to an instant.
 */
function instantBound(col: SQL, name: string, side: 'from' | 'to', value: string): SQL | undefined {
  const v = value.trim();
  if (!v) return undefined;
  const at = parseDateTime(v);
  if (!at) throw badRequest('error.invalid_filter_value', { filter: name }, `filter[${name}]`);
  if (side === 'from') return sql`${col} >= ${at}::timestamptz`;
  // A date alone: before the next midnight.
  if (/^\d{4}-\d{2}-\d{2}$/.test(v)) return sql`${col} < ${at}::timestamptz + interval '1 day'`;
  return sql`${col} <= ${at}::timestamptz`;
}

export const filter = {
  /** column IN (a,b,c) on a text or enum column. */
  in: (col: string): Filter => ({
    apply: (value, _ctx, table) => {
      const values = list(value);
      return values.length ? sql`${column(table, col)} IN (${sql.join(values.map((v) => sql`${v}`), sql`, `)})` : undefined;
    },
  }),
  /** An integer column equal to one of several whole numbers (priority=20,30). */
  integers: (col: string, name = col): Filter => ({
    apply: (value, _ctx, table) => {
      const values = list(value);
      if (values.some((v) => !/^-?\d{1,9}$/.test(v))) throw badRequest('error.invalid_filter_value', { filter: name }, `filter[${name}]`);
      return values.length ? sql`${column(table, col)} IN (${sql.join(values.map((v) => sql`${Number(v)}`), sql`, `)})` : undefined;
    },
  }),
  /** A foreign key column matching one of several ids. */
  ids: (col: string, name = col): Filter => ({
    apply: (value, _ctx, table) => {
      const ids = uuidList(name, value);
      return ids.length ? sql`${column(table, col)} = ANY(${toUuidArray(ids)})` : undefined;
    },
  }),
  /** A uuid[] column overlapping the given ids (allowedLocations, tags). */
  overlaps: (col: string, name = col): Filter => ({
    apply: (value, _ctx, table) => {
      const ids = uuidList(name, value);
      return ids.length ? sql`${column(table, col)} && ${toUuidArray(ids)}` : undefined;
    },
  }),
  /**
   * The global location selection: rows of one of the locations, and organization-wide rows
   * (no location), which belong to every location — the same rule as the tenancy scope.
   */
  inLocations: (col: string, name = col): Filter => ({
    apply: (value, _ctx, table) => {
      const ids = uuidList(name, value);
      return ids.length ? sql`(${column(table, col)} && ${toUuidArray(ids)} OR ${column(table, col)} = '{}'::uuid[])` : undefined;
    },
  }),
  boolean: (col: string, name = col): Filter => ({
    apply: (value, _ctx, table) => {
      if (!['true', 'false', '1', '0'].includes(value)) throw badRequest('error.invalid_filter_value', { filter: name }, `filter[${name}]`);
      return sql`${column(table, col)} = ${value === 'true' || value === '1'}`;
    },
  }),
  /** Every word must appear in one of the columns (case and accent as typed). */
  search: (cols: string[]): Filter => ({
    apply: (value, _ctx, table) => {
      const words = value.trim().split(/\s+/).filter(Boolean).slice(0, 8);
      if (!words.length) return undefined;
      const haystack = sql.join(
        cols.map((c) => sql`coalesce(${column(table, c)}::text, '')`),
        sql` || ' ' || `,
      );
      return sql.join(
        words.map((w) => sql`(${haystack}) ILIKE ${likePattern(w)}`),
        sql` AND `,
      );
    },
  }),
  /**
   * A bound of a whole-number column, inclusive: `filter[vehicle_score_min]=60` is `>= 60`,
   * `filter[vehicle_score_max]=80` is `<= 80` (the names end in _min and _max).
   */
  bound: (col: string, name: string, side: 'min' | 'max'): Filter => ({
    apply: (value, _ctx, table) => {
      const v = value.trim();
      if (!v) return undefined;
      if (!/^-?\d{1,9}$/.test(v)) throw badRequest('error.invalid_filter_value', { filter: name }, `filter[${name}]`);
      return side === 'min' ? sql`${column(table, col)} >= ${Number(v)}` : sql`${column(table, col)} <= ${Number(v)}`;
    },
  }),
  /**
   * A bound of a timestamp column, inclusive, as an ISO 8601 date or date-time (the attributes'
   * rule): `filter[created_from]=2026-03-01` from midnight UTC, `filter[created_to]=2026-03-31` up to
   * the end of that day (a date alone names the whole day), a date-time to that instant.
   */
  since: (col: string, name: string, side: 'from' | 'to'): Filter => ({
    apply: (value, _ctx, table) => instantBound(column(table, col), name, side, value),
  }),
  /**
   * Rows with a child row (`child` whose `foreignKey` names them) in a time range, as `since` reads
   * its bounds: `filter[decided_from]` on estimates with an item decided from then. `extra`
   * narrows the children (a decision).
   */
  childSince: (child: PgTable, foreignKey: string, col: string, name: string, side: 'from' | 'to', extra?: (child: PgTable) => SQL): Filter => ({
    apply: (value, _ctx, table) => {
      const bound = instantBound(column(child, col), name, side, value);
      return bound && sql`exists (select 1 from ${child} where ${column(child, foreignKey)} = ${column(table, 'id')} and ${bound}${extra ? sql` and ${extra(child)}` : sql``})`;
    },
  }),
  /**
   * Work past its promised time and still open (`filter[late]=true`; false: the rest). The open
   * states are the workflow's (domain isLate), so the list, the board and the dashboard agree.
   */
  late: (col: string, openStates: readonly string[]): Filter => ({
    apply: (value, _ctx, table) => {
      if (!['true', 'false', '1', '0'].includes(value)) throw badRequest('error.invalid_filter_value', { filter: 'late' }, 'filter[late]');
      const late = sql`(${column(table, col)} < now() AND ${column(table, 'state')} IN (${sql.join(openStates.map((s) => sql`${s}`), sql`, `)}))`;
      return value === 'true' || value === '1' ? late : sql`(NOT ${late} OR ${column(table, col)} IS NULL)`;
    },
  }),
  custom: (apply: (value: string, ctx: RequestContext, table: PgTable) => SQL | undefined): Filter => ({ apply }),
};
