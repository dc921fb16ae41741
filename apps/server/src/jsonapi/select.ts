import { getTableColumns, getTableName, sql, type Column, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { executeRead, rowsOf } from '../db/client.ts';
import { arrayOf } from '../access/tenancy.ts';
import type { RequestContext } from './context.ts';
import type { Row } from './define-resource.ts';

// The select statements of the engine's reads and the decoding of their rows. scope.ts says which
// rows a request sees; includes.ts composes a document's read from these.

/**
 * A table's select list, rendered once. Drizzle's select() rebuilds it on every call (80 µs for
 * the 22 columns of users, most of a simple read's own cost); the engine's reads render only
 * their WHERE, ORDER and LIMIT and decode the rows with the columns' own decoders, as select() does.
 */
interface Shape {
  list: SQL;
  /** The list for to_json: numbers JSON cannot carry exactly (numeric, bigint) as text, as the drivers give them. */
  jsonList: SQL;
  /** Row key, column name, the column's decoder of a driver value, of a JSON value. */
  columns: [key: string, name: string, decode: (v: unknown) => unknown, fromJson: (v: unknown) => unknown][];
}
const shapes = new WeakMap<PgTable, Shape>();

/**
 * to_json() writes a timestamp as ISO 8601 ("2026-11-22T14:32:55.213+00:00"); the drivers hand
 * Drizzle PostgreSQL's text form ("2026-11-22 14:32:55.213+00"). Every other column type the
 * schema uses (uuid, text, integer, boolean, date, json, arrays) reads the same from JSON but
 * numeric, read as text (JSON.parse would turn "12.50" into 12.5).
 */
const TIMESTAMP_JSON = /^(\d{4}-\d\d-\d\d)T([^+-]*)(?:([+-]\d\d)(?::00)?|([+-]\d\d:\d\d))?$/;
const timestampFromJson = (v: unknown) => {
  const m = typeof v === 'string' ? TIMESTAMP_JSON.exec(v) : null;
  return m ? `${m[1]} ${m[2]}${m[3] ?? m[4] ?? ''}` : v;
};

function shapeOf(table: PgTable): Shape {
  let shape = shapes.get(table);
  if (!shape) {
    const name = getTableName(table);
    const all = Object.entries(getTableColumns(table));
    const columns = all.map(([key, c]) => {
      const decode = (v: unknown) => c.mapFromDriverValue(v);
      const fromJson = c.columnType === 'PgTimestampString' ? (v: unknown) => decode(timestampFromJson(v)) : decode;
      return [key, c.name, decode, fromJson] as Shape['columns'][number];
    });
    const inexact = (c: Column) => /^(numeric|decimal)/.test(c.getSQLType()) || c.columnType === 'PgBigInt64';
    const list = (json: boolean) =>
      sql.raw(all.map(([, c]) => (json && inexact(c) ? `"${name}"."${c.name}"::text as "${c.name}"` : `"${name}"."${c.name}"`)).join(', '));
    shape = { list: list(false), jsonList: list(true), columns };
    shapes.set(table, shape);
  }
  return shape;
}

/** A driver's row (or a row of to_json) as select() gives it, extra columns kept under their alias. */
function decodeRow(shape: Shape, raw: Record<string, unknown>, json: boolean, extraNames: readonly string[] = []): Row {
  const row: Record<string, unknown> = {};
  for (const [key, name, decode, fromJson] of shape.columns) {
    const v = raw[name];
    row[key] = v === null || v === undefined ? null : json ? fromJson(v) : decode(v);
  }
  for (const n of extraNames) row[n] = raw[n];
  return row as Row;
}

/** The clauses of a select of one table's columns, shared by selectRows and selectParts. */
export interface Select {
  where?: SQL;
  /** Clauses after WHERE: GROUP BY, ORDER BY, LIMIT, FOR UPDATE. */
  tail?: SQL;
  /** Extra columns, aliased; kept in the rows under extraNames. */
  extra?: SQL;
  extraNames?: string[];
  join?: SQL;
}

const selectSql = (table: PgTable, s: Select, json = false) =>
  sql`select ${json ? shapeOf(table).jsonList : shapeOf(table).list}${s.extra ? sql`, ${s.extra}` : sql``} from ${table}${s.join ? sql` ${s.join}` : sql``}${
    s.where ? sql` where ${s.where}` : sql``
  }${s.tail ? sql` ${s.tail}` : sql``}`;

/**
 * SELECT every column of `table` [, extra] FROM table [join] [WHERE where] tail. Rows come as
 * select() gives them; the extra columns (aliased in `extra`) are kept under their alias.
 */
export async function selectRows(db: RequestContext['db'], table: PgTable, where: SQL | undefined, opts: Omit<Select, 'where'> = {}): Promise<Row[]> {
  const shape = shapeOf(table);
  const raw = rowsOf<Record<string, unknown>>(await db.execute(selectSql(table, { ...opts, where })));
  return raw.map((r) => decodeRow(shape, r, false, opts.extraNames));
}

/** One select of a composed read: it may read the rows of earlier parts through partRef(i). */
export interface Part extends Select {
  table: PgTable;
  /** The order of the rows, kept in the answer; then a page: limit and offset. */
  order?: SQL;
  limit?: number;
  offset?: number;
  /** False for a part only later parts read. */
  returned?: boolean;
}

/** The rows of the i-th part of a composed read, for a later part's WHERE: `id IN (select … from p0)`. */
export const partRef = (i: number) => sql.raw(`"p${i}"`);

/**
 * Several selects in one statement, since a round trip is what a read costs most (a list with
 * two includes: three round trips cost a third of the server's time in socket writes and pool
 * hand-offs). Each part is a CTE p0, p1, … that may read the earlier ones; the answer is one row
 * holding each part's rows as a JSON array, decoded as selectRows decodes, and `scalar` (a count).
 *
 * The statement is prepared (see executeRead) unless it reads past a first page. Limit and offset
 * are written in its text, not bound: with a bound limit PostgreSQL cannot cost a generic plan
 * and plans the statement again on every execution, which costs more than running it.
 */
export async function selectParts(db: RequestContext['db'], parts: Part[], scalar?: SQL): Promise<{ sets: Row[][]; scalar: unknown }> {
  const query = partsQuery(parts, scalar);
  const [answer] = await executeRead(db, query, { prepare: parts.every((p) => !p.offset) });
  const sets = parts.map((p, i) => {
    const raw = (answer[`p${i}`] as Record<string, unknown>[] | null) ?? [];
    const shape = shapeOf(p.table);
    return raw.map((r) => decodeRow(shape, r, true, p.extraNames));
  });
  return { sets, scalar: answer.scalar };
}

/** The statement of selectParts. */
export function partsQuery(parts: Part[], scalar?: SQL): SQL {
  const ctes = parts.map((p, i) => {
    const extra = p.order ? sql`${p.extra ? sql`${p.extra}, ` : sql``}row_number() over (order by ${p.order}) as "__n"` : p.extra;
    const page = [
      p.order ? sql`order by ${p.order}` : undefined,
      p.limit !== undefined ? sql.raw(`limit ${Math.trunc(p.limit)}`) : undefined,
      p.offset ? sql.raw(`offset ${Math.trunc(p.offset)}`) : undefined,
    ].filter((c) => c !== undefined);
    const tail = page.length ? sql.join([...(p.tail ? [p.tail] : []), ...page], sql` `) : p.tail;
    return sql`${partRef(i)} as (${selectSql(p.table, { ...p, extra, tail }, true)})`;
  });
  const columns = parts.map((p, i) =>
    p.returned === false
      ? sql`null`
      : sql`(select coalesce(json_agg(${partRef(i)}${p.order ? sql` order by "__n"` : sql``}), '[]') from ${partRef(i)})`,
  );
  return sql`with ${sql.join(ctes, sql`, `)} select ${scalar ?? sql`null`} as "scalar", ${sql.join(
    columns.map((c, i) => sql`${c} as ${partRef(i)}`),
    sql`, `,
  )}`;
}

/** column = ANY(one array parameter typed after the column): batches of ids at a flat cost. */
export function inIds(col: SQL, ids: readonly (string | number)[]): SQL {
  const sqlType = (col as unknown as { getSQLType(): string }).getSQLType();
  return sql`${col} = ANY(${arrayOf(ids, sqlType === 'uuid' ? 'uuid' : /int|serial/.test(sqlType) ? 'integer' : 'text')})`;
}
