import { asc, desc, getTableColumns, getTableName, sql, type Column, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { executeRead, rowsOf } from '../db/client.ts';
import { arrayOf, sqlAnd } from '../access/tenancy.ts';
import type { RequestContext } from './context.ts';
import type { Filter, ResourceDefinition, Row, Verb } from './define-resource.ts';
import { ApiError, badRequest, forbidden, notFound } from './errors.ts';
import { column, filter as filters } from './filters.ts';
import type { ParsedQuery } from './query.ts';
import type { Ref } from './relationships.ts';
import { own } from './own.ts';

// Reading: scoping, the select statements, serialising. includes.ts reads a document and its
// include tree with them; writing lives in write.ts.

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

export type { Verb };
const VERB_PREFIX: Record<Verb, string> = {
  viewAny: 'view any',
  view: 'view',
  create: 'create',
  edit: 'edit',
  delete: 'delete',
};

/** Whether the actor's roles grant the verb on this resource. */
export function allowed(ctx: RequestContext, def: ResourceDefinition, verb: Verb): boolean {
  if (def.permissions === null) return verb === 'viewAny' || verb === 'view' || !!def.writable;
  const names = [`${VERB_PREFIX[verb]} ${def.permissions}`];
  // Reading one record is also allowed to whoever may list them.
  if (verb === 'view') names.push(`view any ${def.permissions}`);
  names.push(...((def.alsoGrantedBy as Record<string, string[]> | undefined)?.[verb] ?? []));
  return names.some((n) => ctx.actor.permissions.has(n));
}

export function authorize(ctx: RequestContext, def: ResourceDefinition, verb: Verb) {
  if (allowed(ctx, def, verb)) return;
  const message = def.forbiddenMessages?.[verb];
  throw message ? new ApiError(403, message) : forbidden();
}

/** The tenancy scope of a resource for the actor, ANDed with extra conditions. */
export function scoped(ctx: RequestContext, def: ResourceDefinition, ...extra: (SQL | undefined)[]): SQL | undefined {
  return sqlAnd(def.tenancy.scope(ctx.actor, def.table), ...extra);
}

/** Filters every resource gets from its tenancy: with_ids, organization, allowedLocations. */
/**
 * The global selection filters reach every GET (spec platform §7): a type without organization
 * or locations has nothing to narrow, so it ignores them rather than failing the whole screen.
 */
const IGNORED = filters.custom(() => undefined);
function implicitFilter(def: Pick<ResourceDefinition, 'table' | 'tenancy'>, name: string): Filter | undefined {
  // Owned rows (an order's lines) are in the organization and locations of their parent.
  const parent = def.tenancy.parent;
  if (parent && (name === 'organization' || name === 'allowedLocations')) {
    const ofParent = implicitFilter(parent.def, name)!;
    return filters.custom((value, ctx, table) => {
      const cond = ofParent.apply(value, ctx, parent.def.table);
      return cond && sql`${column(table, parent.foreignKey)} in (select ${column(parent.def.table, 'id')} from ${parent.def.table} where ${cond})`;
    });
  }
  if (name === 'with_ids') return uuidKeys(def) ? filters.ids('id', 'with_ids') : filters.integers('id', 'with_ids');
  if (name === 'organization') return def.tenancy.hasOrganization ? filters.ids('organization_id', 'organization') : IGNORED;
  if (name === 'allowedLocations') return def.tenancy.hasLocations ? filters.inLocations('location_ids', 'allowedLocations') : IGNORED;
  return undefined;
}

function filterConditions(ctx: RequestContext, def: ResourceDefinition, q: ParsedQuery): SQL[] {
  const out: SQL[] = [];
  for (const [name, value] of q.filters) {
    const f = own(def.filters, name) ?? implicitFilter(def, name);
    if (!f) throw badRequest('error.invalid_filter', { filter: name }, `filter[${name}]`);
    const cond = f.apply(value, ctx, def.table);
    if (cond) out.push(cond);
  }
  return out;
}

function orderBy(def: ResourceDefinition, q: ParsedQuery): SQL[] {
  const out = q.sort.map(({ name, desc: d }) => {
    const declared = def.sorts?.find((s) => (typeof s === 'string' ? s : s.name) === name);
    const expr = declared && typeof declared !== 'string' ? declared.sql : column(def.table, name);
    return d ? desc(expr) : asc(expr);
  });
  // A unique tiebreaker keeps pages stable when sort values repeat.
  out.push(asc(column(def.table, 'id')));
  return out;
}

/**
 * A list's page, the first part of its read, and its total, the read's scalar: an uncorrelated
 * subquery run once (an index-only scan, unlike count(*) over (), which would materialise every
 * matching row).
 */
export function listSelect(ctx: RequestContext, def: ResourceDefinition, q: ParsedQuery): { part: Part; total: SQL } {
  const where = scoped(ctx, def, ...filterConditions(ctx, def, q));
  const { number, size } = q.page;
  const order = sql.join(orderBy(def, q), sql`, `);
  return {
    part: { table: def.table, where, order, limit: size, offset: (number - 1) * size },
    total: sql`(select count(*) from ${def.table}${where ? sql` where ${where}` : sql``})`,
  };
}

/** The select of one visible row by id (undefined for an id of the wrong shape: a 404). */
export function recordSelect(ctx: RequestContext, def: ResourceDefinition, id: string): Part | undefined {
  if (!isId(def, id)) return undefined;
  return { table: def.table, where: scoped(ctx, def, sql`${column(def.table, 'id')} = ${id}`), limit: 1 };
}

/** One visible row by id, or a 404 that does not tell whether it exists elsewhere. */
export async function findRow(ctx: RequestContext, def: ResourceDefinition, id: string, opts: { lock?: boolean } = {}): Promise<Row> {
  const select = recordSelect(ctx, def, id);
  if (!select) throw notFound(id);
  const [row] = await selectRows(ctx.db, def.table, select.where, { tail: opts.lock ? sql`limit 1 for update` : sql`limit 1` });
  if (!row) throw notFound(id);
  return row;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Whether the type's keys are uuids (all but the permission catalogue's small integers). */
const uuidKeys = (def: Pick<ResourceDefinition, 'table'>) => (column(def.table, 'id') as unknown as { columnType: string }).columnType === 'PgUUID';
/** Whether a client's id has the shape of the type's keys (else it names nothing: a 404 or 422). */
export function isId(def: ResourceDefinition, id: string) {
  return uuidKeys(def) ? UUID.test(id) : /^\d{1,15}$/.test(id);
}

// ---------------------------------------------------------------- includes

/** Relationship linkage loaded for a record: `${type}:${id}` → relationship name → ids. */
export type Linkage = Map<string, Map<string, LinkageValue>>;
/** Ids of the relationship's one type, or typed references (polymorphic). */
export type LinkageValue = string[] | string | null | Ref[];
export const linkKey = (type: string, id: string) => `${type}:${id}`;

/** The records a document includes and the linkage of every record in it. */
export interface Document {
  included: Map<string, { def: ResourceDefinition; row: Row }>;
  linkage: Linkage;
}

export function newDocument(): Document {
  return { included: new Map(), linkage: new Map() };
}

export function setLinkage(doc: Document, type: string, id: string, rel: string, value: LinkageValue) {
  const k = linkKey(type, id);
  if (!doc.linkage.has(k)) doc.linkage.set(k, new Map());
  doc.linkage.get(k)!.set(rel, value);
}

/** column = ANY(one array parameter typed after the column): batches of ids at a flat cost. */
export function inIds(col: SQL, ids: readonly (string | number)[]): SQL {
  const sqlType = (col as unknown as { getSQLType(): string }).getSQLType();
  return sql`${col} = ANY(${arrayOf(ids, sqlType === 'uuid' ? 'uuid' : /int|serial/.test(sqlType) ? 'integer' : 'text')})`;
}

// ---------------------------------------------------------------- serialisation

export interface ResourceObject {
  type: string;
  id: string;
  attributes: Record<string, unknown>;
  relationships?: Record<string, { data: unknown }>;
  links: { self: string };
}

export function serialize(def: ResourceDefinition, row: Row, doc: Document, fields?: Map<string, Set<string>>): ResourceObject {
  const only = fields?.get(def.type);
  const attributes: Record<string, unknown> = {};
  for (const [name, a] of Object.entries(def.attributes)) {
    if (a.writeOnly || (only && !only.has(name))) continue;
    const value = a.compute ? a.compute(row) : (row[a.column ?? name] ?? null);
    attributes[name] = a.format ? a.format(value) : value;
  }
  const loaded = doc.linkage.get(linkKey(def.type, row.id));
  const relationships: Record<string, { data: unknown }> = {};
  for (const [name, rel] of Object.entries(def.relationships ?? {})) {
    if (only && !only.has(name)) continue;
    const type = rel.type;
    if (rel.kind === 'polymorphic') {
      // Typed references; not loaded: no linkage rather than a wrong one.
      if (loaded?.has(name)) relationships[name] = { data: (loaded.get(name) as Ref[]).map((r) => ({ type: r.type, id: String(r.id) })) };
      continue;
    }
    const value = loaded?.has(name)
      ? loaded.get(name)
      : rel.kind === 'belongsTo'
        ? ((row[rel.column] as string | null) ?? null)
        : rel.kind === 'idArray'
          ? ((row[rel.column] as string[]) ?? [])
          : undefined;
    if (value === undefined) continue; // to-many not loaded: no linkage rather than a wrong one
    relationships[name] = {
      // JSON:API ids are strings, whatever the column type (permissions have integer keys).
      data: Array.isArray(value) ? value.map((id) => ({ type, id: String(id) })) : value ? { type, id: String(value) } : null,
    };
  }
  return {
    type: def.type,
    id: String(row.id),
    attributes,
    ...(Object.keys(relationships).length ? { relationships } : {}),
    links: { self: `/api/v1/${def.type}/${row.id}` },
  };
}

export function includedObjects(doc: Document, fields?: Map<string, Set<string>>) {
  return [...doc.included.values()].map(({ def, row }) => serialize(def, row, doc, fields));
}

export async function addDataMeta(ctx: RequestContext, def: ResourceDefinition, rows: Row[], names: string[]) {
  const meta: Record<string, unknown> = {};
  for (const n of names) meta[n] = await def.addData![n](ctx, rows);
  return meta;
}

