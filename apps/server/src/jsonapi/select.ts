import { Column, eq, getTableColumns, getTableName, Param, sql, SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { dialectOf, executeStatement, executeText, rowsOf } from '../db/client.ts';
import { Fragment, renderFragment, renderQuery } from '../db/render.ts';
import { arrayOf } from '../access/tenancy.ts';
import type { RequestContext } from './context.ts';
import type { Row } from './define-resource.ts';

// The select statements of the engine's reads, its UPDATE of a record, and the decoding of their
// rows. scope.ts says which rows a request sees; includes.ts composes a document's read from these.

/**
 * A table's select list, rendered once. Drizzle's select() rebuilds it on every call (80 µs for
 * the 22 columns of users, most of a simple read's own cost); the engine's reads render only
 * their WHERE, ORDER and LIMIT and decode the rows with the columns' own decoders, as select() does.
 */
interface Shape {
  list: SQL;
  /** The list for to_json: the columns JSON would not give as the drivers do, as text (asTextInJson). */
  jsonList: SQL;
  /** The list for a RETURNING read with the driver's default parsers: the columns they would not give as Drizzle's do, as text. */
  returnedList: SQL;
  /** Row key, column name, the column's decoder of a driver value (null: none needed). */
  columns: [key: string, name: string, decode: ((v: unknown) => unknown) | null][];
  /** The table's columns by key, in its order (updateRow's SET). */
  entries: [key: string, column: Column][];
}
const shapes = new WeakMap<PgTable, Shape>();

/**
 * Columns whose JSON form differs from the text the drivers hand Drizzle are read as text in the
 * JSON list: numbers JSON cannot carry exactly (numeric, bigint: JSON.parse would turn "12.50"
 * into 12.5), and timestamps, which to_json() writes as ISO 8601 ("2026-11-22T14:32:55.213+00:00")
 * where the drivers give PostgreSQL's text form ("2026-11-22 14:32:55.213+00"): ::text is that
 * very form (the same output function, the session's time zone), so no row is rewritten in
 * JavaScript. Every other column type the schema uses (uuid, text, integer, boolean, date, json,
 * arrays) reads the same from JSON.
 */
const asTextInJson = (c: Column) => /^(numeric|decimal)/.test(c.getSQLType()) || c.columnType === 'PgBigInt64' || c.columnType === 'PgTimestampString';
/**
 * Columns whose value the drivers' default parsers (executeText's) give otherwise than Drizzle's
 * sessions, which keep dates, times and intervals as PostgreSQL's text: those, and the numbers of
 * asTextInJson (a 64-bit integer's parser differs between the two drivers), read as text.
 */
const asTextReturned = (c: Column) => asTextInJson(c) || /^(date|interval|time|bigint)/.test(c.getSQLType());

function shapeOf(table: PgTable): Shape {
  let shape = shapes.get(table);
  if (!shape) {
    const name = getTableName(table);
    const all = Object.entries(getTableColumns(table));
    // A column whose decoder is Drizzle's default (text, uuid, boolean, arrays) keeps the value as it comes.
    const identity = Column.prototype.mapFromDriverValue;
    const columns = all.map(([key, c]) => {
      const decode = c.mapFromDriverValue === identity ? null : (v: unknown) => c.mapFromDriverValue(v);
      return [key, c.name, decode] as Shape['columns'][number];
    });
    const list = (asText?: (c: Column) => boolean) =>
      sql.raw(all.map(([, c]) => (asText?.(c) ? `"${name}"."${c.name}"::text as "${c.name}"` : `"${name}"."${c.name}"`)).join(', '));
    shape = { list: list(), jsonList: list(asTextInJson), returnedList: list(asTextReturned), columns, entries: all };
    shapes.set(table, shape);
  }
  return shape;
}

/** A driver's row (or a row of to_json, which jsonList makes read the same) as select() gives it, extra columns kept under their alias. */
function decodeRow(shape: Shape, raw: Record<string, unknown>, extraNames: readonly string[] = []): Row {
  const row: Record<string, unknown> = {};
  for (const [key, name, decode] of shape.columns) {
    const v = raw[name];
    row[key] = v === null || v === undefined ? null : decode ? decode(v) : v;
  }
  for (const n of extraNames) row[n] = raw[n];
  return row as Row;
}

/** The clauses of a select of one table's columns, shared by selectRows and selectParts. */
export interface Select {
  where?: SQL | Fragment;
  /** Clauses after WHERE: GROUP BY, ORDER BY, LIMIT, FOR UPDATE. */
  tail?: SQL;
  /** Extra columns, aliased; kept in the rows under extraNames. */
  extra?: SQL;
  extraNames?: string[];
  join?: SQL;
  /** Only the id column (the linkage of a relationship not included). */
  idOnly?: boolean;
}

const selectSql = (table: PgTable, s: Select, json = false) =>
  sql`select ${s.idOnly ? sql.raw(`"${getTableName(table)}"."id"`) : json ? shapeOf(table).jsonList : shapeOf(table).list}${s.extra ? sql`, ${s.extra}` : sql``} from ${table}${s.join ? sql` ${s.join}` : sql``}${
    s.where ? sql` where ${s.where}` : sql``
  }${s.tail ? sql` ${s.tail}` : sql``}`;

/**
 * SELECT every column of `table` [, extra] FROM table [join] [WHERE where] tail. Rows come as
 * select() gives them; the extra columns (aliased in `extra`) are kept under their alias.
 */
export async function selectRows(db: RequestContext['db'], table: PgTable, where: SQL | undefined, opts: Omit<Select, 'where'> = {}): Promise<Row[]> {
  const shape = shapeOf(table);
  const raw = rowsOf<Record<string, unknown>>(await db.execute(selectSql(table, { ...opts, where })));
  return raw.map((r) => decodeRow(shape, r, opts.extraNames));
}

const CHECK = process.env.ATELIER_CHECK_RENDER === '1';

const NOW = { updated_at: sql`now()` };
/** A write's values, with updated_at = now() where the table has it (every engine write stamps its rows). */
export const stamped = (table: PgTable, values: Record<string, unknown>) => ('updated_at' in (table as object) ? { ...values, ...NOW } : values);

/**
 * UPDATE of one row by id (Drizzle's update().set(values).where(id).returning(), the row decoded
 * as select() gives it), as a named prepared statement (executeStatement): a record's write, an
 * inspector's answer many times a second, is then neither built by Drizzle's builders nor parsed
 * and planned by PostgreSQL on each call (measured on PGlite: 600 µs unnamed, 490 µs prepared). Its
 * text holds the names of the columns set, never a value. With ATELIER_CHECK_RENDER=1 (the tests)
 * Drizzle's statement is built too, and a different text or parameter throws.
 */
export async function updateRow(db: RequestContext['db'], table: PgTable, id: string | number, values: Record<string, unknown>): Promise<Row | undefined> {
  const shape = shapeOf(table);
  const idColumn = getTableColumns(table).id;
  const set: SQL[] = [];
  /** The onUpdate values it took (the check hands Drizzle the same, not a clock read again). */
  const onUpdate: Record<string, unknown> = {};
  // As Drizzle's: the table's order, undefined values left out, a column's onUpdate where not set.
  for (const [key, c] of shape.entries) {
    let value = Object.hasOwn(values, key) ? values[key] : undefined;
    if (value === undefined && c.onUpdateFn) value = onUpdate[key] = c.onUpdateFn();
    if (value === undefined) continue;
    set.push(sql`${sql.raw(`"${c.name}" = `)}${value instanceof SQL || value instanceof Column ? value : new Param(value, c)}`);
  }
  if (!set.length) throw new Error(`updateRow: nothing to set on ${getTableName(table)}`);
  const statement = sql`update ${table} set ${sql.join(set, sql.raw(', '))} where ${idColumn} = ${new Param(id, idColumn)}`;
  if (CHECK) {
    const drizzle = db.update(table).set({ ...values, ...onUpdate }).where(eq(idColumn, id)).toSQL();
    const ours = dialectOf(db).sqlToQuery(statement);
    if (ours.sql !== drizzle.sql || JSON.stringify(ours.params) !== JSON.stringify(drizzle.params))
      throw new Error(`updateRow differs from Drizzle:\n${ours.sql}\n${JSON.stringify(ours.params)}\nDrizzle:\n${drizzle.sql}\n${JSON.stringify(drizzle.params)}`);
  }
  const [raw] = await executeStatement<Record<string, unknown>>(db, sql`${statement} returning ${shape.returnedList}`, { prepare: 'write' });
  return raw && decodeRow(shape, raw);
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
 * A part of a composed read as planned: what decoding its rows needs, its dynamic pieces (the
 * actor's tenancy scope, the client's filters, ids) already rendered, and how to build its SQL,
 * which only a statement whose text is not known yet does.
 */
export interface Planned {
  table: PgTable;
  extraNames?: string[];
  /** Its rows hold only their id (see Select). */
  idOnly?: boolean;
  fragments: Fragment[];
  build: () => Part;
}

/** A dynamic piece of a read (undefined: none), rendered (see Fragment). */
export const fragmentOf = (db: RequestContext['db'], query: SQL | undefined) => query && renderFragment(dialectOf(db), query);

/**
 * The texts of the engine's reads by shape. Building and rendering a list's statement (its parts,
 * scopes, includes, sorts) cost ~8 % of a list's time, for a text that is the same for every
 * request of its shape. The key is the shape (kind of read, type, include tree, sort, page size:
 * what the caller says) and the texts of the statement's fragments, whose parameters hold every
 * value of the request: the actor's organization, locations and ids, the filters' values. A text
 * is kept only when all its parameters came from its fragments, so it never holds a value of the
 * request that made it; a later request of the same key gets its own values, in the order the
 * text wants them. With ATELIER_CHECK_RENDER=1 (the tests) a known text is rendered again and
 * compared, parameters included.
 */
interface Kept {
  text: string;
  order: number[];
}
/**
 * Kept by shape, then by each fragment's text in turn: a scope's text is the same string request
 * after request, its hash computed once, where a key joined anew was hashed on every request.
 */
interface KeptNode {
  kept?: Kept;
  next?: Map<string, KeptNode>;
}
let texts = new Map<string, KeptNode>();
let keptCount = 0;
const MAX_TEXTS = 1000;

function keptNode(shape: string, fragments: Fragment[], make: boolean): KeptNode | undefined {
  let node = texts.get(shape);
  if (!node && make) texts.set(shape, (node = {}));
  for (const f of fragments) {
    if (!node) return undefined;
    let next = node.next?.get(f.text);
    if (!next && make) (node.next ??= new Map()).set(f.text, (next = {}));
    node = next;
  }
  return node;
}

function* keptIn(nodes: Iterable<KeptNode>): Generator<Kept> {
  for (const node of nodes) {
    if (node.kept) yield node.kept;
    if (node.next) yield* keptIn(node.next.values());
  }
}

/** The statement texts kept (the isolation test reads them). */
export const keptTexts = () => [...keptIn(texts.values())].map((k) => k.text);

/**
 * Several selects in one statement, since a round trip is what a read costs most (a list with
 * two includes: three round trips cost a third of the server's time in socket writes and pool
 * hand-offs). Each part is a CTE p0, p1, … that may read the earlier ones; the answer is one row
 * holding each part's rows as a JSON array, decoded as selectRows decodes, and `scalar` (a count).
 *
 * `shape` names the statement's shape for the cache of texts above (null: not cached, not
 * prepared: a page past the first). The statement is prepared (see executeStatement) unless shape is
 * null. Limit and offset are written in its text, not bound: with a bound limit PostgreSQL cannot
 * cost a generic plan and plans the statement again on every execution, which costs more than
 * running it.
 */
export async function selectPlanned(
  db: RequestContext['db'],
  shape: string | null,
  planned: Planned[],
  scalar?: () => SQL,
): Promise<{ sets: Row[][]; scalar: unknown }> {
  const fragments = planned.flatMap((p) => p.fragments);
  const known = shape === null ? undefined : keptNode(shape, fragments, false)?.kept;
  let text: string;
  let params: unknown[];
  if (known && !CHECK) {
    text = known.text;
    params = known.order.flatMap((i) => fragments[i].params);
  } else {
    const rendered = renderQuery(dialectOf(db), partsQuery(planned.map((p) => p.build()), scalar?.()));
    ({ sql: text, params } = rendered);
    const order = rendered.fragments.map((f) => fragments.indexOf(f));
    if (known) {
      const again = known.order.flatMap((i) => fragments[i].params);
      if (known.text !== text || JSON.stringify(again) !== JSON.stringify(params))
        throw new Error(`A kept statement text differs from its rendering:\n${known.text}\n${JSON.stringify(again)}\nRendered:\n${text}\n${JSON.stringify(params)}`);
    } else if (shape !== null && !order.includes(-1) && order.reduce((n, i) => n + fragments[i].params.length, 0) === params.length) {
      if (keptCount >= MAX_TEXTS) {
        texts = new Map();
        keptCount = 0;
      }
      keptNode(shape, fragments, true)!.kept = { text, order };
      keptCount++;
    }
  }
  const [answer] = await executeText(db, text, params, { prepare: shape !== null });
  const sets = planned.map((p, i) => {
    const raw = (answer[`p${i}`] as Record<string, unknown>[] | null) ?? [];
    if (p.idOnly) return raw.map((r) => ({ id: String(r.id) }) as Row);
    const shape = shapeOf(p.table);
    return raw.map((r) => decodeRow(shape, r, p.extraNames));
  });
  return { sets, scalar: answer.scalar };
}

/** selectPlanned of parts built already: no fragments, no kept text. */
export const selectParts = (db: RequestContext['db'], parts: Part[], scalar?: SQL) =>
  selectPlanned(
    db,
    null,
    parts.map((p) => ({ table: p.table, extraNames: p.extraNames, fragments: [], build: () => p })),
    scalar && (() => scalar),
  );

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
