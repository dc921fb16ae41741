import { asc, desc, getTableColumns, getTableName, sql, type Column, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { rowsOf } from '../db/client.ts';
import { arrayOf, toUuidArray, sqlAnd } from '../access/tenancy.ts';
import type { RequestContext } from './context.ts';
import { resource, type ResourceDefinition, type Row, type Verb } from './define-resource.ts';
import { ApiError, badRequest, forbidden, notFound } from './errors.ts';
import { column, filter as filters } from './filters.ts';
import type { IncludeTree, ParsedQuery } from './query.ts';
import type { Ref, Relationship } from './relationships.ts';

// Reading: scoping, listing, including, serialising. Writing lives in write.ts.

/**
 * A table's select list, rendered once. Drizzle's select() rebuilds it on every call (80 µs for
 * the 22 columns of users, most of a simple read's own cost); the engine's reads render only
 * their WHERE, ORDER and LIMIT and decode the rows with the columns' own decoders, as select() does.
 */
interface Shape {
  list: SQL;
  columns: [key: string, name: string, column: Column][];
}
const shapes = new WeakMap<PgTable, Shape>();

function shapeOf(table: PgTable): Shape {
  let shape = shapes.get(table);
  if (!shape) {
    const name = getTableName(table);
    const columns = Object.entries(getTableColumns(table)).map(([key, c]) => [key, c.name, c] as [string, string, Column]);
    shape = { list: sql.raw(columns.map(([, n]) => `"${name}"."${n}"`).join(', ')), columns };
    shapes.set(table, shape);
  }
  return shape;
}

/**
 * SELECT every column of `table` [, extra] FROM table [join] [WHERE where] tail. Rows come as
 * select() gives them; the extra columns (aliased in `extra`) are kept under their alias.
 */
export async function selectRows(
  db: RequestContext['db'],
  table: PgTable,
  where: SQL | undefined,
  opts: { tail?: SQL; extra?: SQL; extraNames?: string[]; join?: SQL } = {},
): Promise<Row[]> {
  const shape = shapeOf(table);
  const query = sql`select ${shape.list}${opts.extra ? sql`, ${opts.extra}` : sql``} from ${table}${opts.join ? sql` ${opts.join}` : sql``}${
    where ? sql` where ${where}` : sql``
  }${opts.tail ? sql` ${opts.tail}` : sql``}`;
  const raw = rowsOf<Record<string, unknown>>(await db.execute(query));
  return raw.map((r) => {
    const row: Record<string, unknown> = {};
    for (const [key, name, c] of shape.columns) {
      const v = r[name];
      row[key] = v === null || v === undefined ? null : c.mapFromDriverValue(v);
    }
    for (const n of opts.extraNames ?? []) row[n] = r[n];
    return row as Row;
  });
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
function implicitFilter(def: ResourceDefinition, name: string) {
  if (name === 'with_ids') return filters.ids('id', 'with_ids');
  if (name === 'organization') return def.tenancy.hasOrganization ? filters.ids('organization_id', 'organization') : IGNORED;
  if (name === 'allowedLocations') return def.tenancy.hasLocations ? filters.inLocations('location_ids', 'allowedLocations') : IGNORED;
  return undefined;
}

function filterConditions(ctx: RequestContext, def: ResourceDefinition, q: ParsedQuery): SQL[] {
  const out: SQL[] = [];
  for (const [name, value] of q.filters) {
    const f = def.filters?.[name] ?? implicitFilter(def, name);
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

export interface ListResult {
  rows: Row[];
  total: number;
}

/**
 * The page and its total in one round trip: the count is an uncorrelated subquery, run once
 * (an index-only scan, unlike count(*) over (), which would materialise every matching row).
 * Round trips are what a list costs most; an empty page past the end asks for the count alone.
 */
export async function listRows(ctx: RequestContext, def: ResourceDefinition, q: ParsedQuery): Promise<ListResult> {
  const where = scoped(ctx, def, ...filterConditions(ctx, def, q));
  const { number, size } = q.page;
  const offset = (number - 1) * size;
  const count = sql`(select count(*) from ${def.table}${where ? sql` where ${where}` : sql``})`;
  const rows = await selectRows(ctx.db, def.table, where, {
    extra: sql`${count} as "__total"`,
    extraNames: ['__total'],
    tail: sql`order by ${sql.join(orderBy(def, q), sql`, `)} limit ${size} offset ${offset}`,
  });
  if (rows.length > 0) {
    const total = Number(rows[0].__total);
    for (const r of rows) delete r.__total;
    return { rows, total };
  }
  if (number === 1) return { rows: [], total: 0 };
  const [{ total }] = rowsOf<{ total: number }>(await ctx.db.execute(sql`select ${count}::int as total`));
  return { rows: [], total: Number(total) };
}

/** One visible row by id, or a 404 that does not tell whether it exists elsewhere. */
export async function findRow(ctx: RequestContext, def: ResourceDefinition, id: string, opts: { lock?: boolean } = {}): Promise<Row> {
  if (!isId(def, id)) throw notFound(id);
  const [row] = await selectRows(ctx.db, def.table, scoped(ctx, def, sql`${column(def.table, 'id')} = ${id}`), {
    tail: opts.lock ? sql`limit 1 for update` : sql`limit 1`,
  });
  if (!row) throw notFound(id);
  return row;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
function isId(def: ResourceDefinition, id: string) {
  const idColumn = column(def.table, 'id') as unknown as { columnType: string };
  return idColumn.columnType === 'PgUUID' ? UUID.test(id) : /^\d{1,15}$/.test(id);
}

// ---------------------------------------------------------------- includes

/** Relationship linkage loaded for a record: `${type}:${id}` → relationship name → ids. */
export type Linkage = Map<string, Map<string, LinkageValue>>;
/** Ids of the relationship's one type, or typed references (polymorphic). */
type LinkageValue = string[] | string | null | Ref[];
const key = (type: string, id: string) => `${type}:${id}`;

export interface Document {
  included: Map<string, { def: ResourceDefinition; row: Row }>;
  linkage: Linkage;
}

export function newDocument(): Document {
  return { included: new Map(), linkage: new Map() };
}

function setLinkage(doc: Document, type: string, id: string, rel: string, value: LinkageValue) {
  const k = key(type, id);
  if (!doc.linkage.has(k)) doc.linkage.set(k, new Map());
  doc.linkage.get(k)!.set(rel, value);
}

/** Loads the include tree level by level: one query per relationship per level, never per row. */
export async function loadIncludes(ctx: RequestContext, def: ResourceDefinition, rows: Row[], tree: IncludeTree, doc: Document) {
  if (rows.length === 0) return;
  for (const [name, subtree] of tree) {
    const rel = def.relationships![name];
    if (rel.kind === 'polymorphic') {
      await loadPolymorphic(ctx, def, name, rel, rows, doc);
      continue;
    }
    const target = resource(rel.type);
    const { related, link } = await fetchRelated(ctx, def, rel, rows);
    for (const row of rows) setLinkage(doc, def.type, row.id, name, link(row));
    const fresh: Row[] = [];
    for (const r of related) {
      const k = key(target.type, r.id);
      if (!doc.included.has(k)) {
        doc.included.set(k, { def: target, row: r });
        fresh.push(r);
      }
    }
    if (subtree.size) {
      // Nested includes also apply to records already in the document through another path.
      const all = related.length === fresh.length ? fresh : dedupe(related);
      await loadIncludes(ctx, target, all, subtree, doc);
    }
  }
}

/**
 * A polymorphic relationship: the resource's loader names the records, then one query per type
 * reads those the actor may see (the end of an include path: nothing nests below it).
 */
async function loadPolymorphic(
  ctx: RequestContext,
  def: ResourceDefinition,
  name: string,
  rel: Extract<Relationship, { kind: 'polymorphic' }>,
  rows: Row[],
  doc: Document,
) {
  const links = await rel.load(ctx, rows);
  const wanted = new Map<string, Set<string>>();
  for (const refs of links.values())
    for (const r of refs) {
      if (!rel.types.includes(r.type)) continue;
      if (!wanted.has(r.type)) wanted.set(r.type, new Set());
      wanted.get(r.type)!.add(r.id);
    }
  const found = new Set<string>();
  for (const [type, ids] of wanted) {
    const target = resource(type);
    const related = await selectRows(ctx.db, target.table, scoped(ctx, target, inIds(column(target.table, 'id'), [...ids])));
    for (const r of related) {
      found.add(key(type, r.id));
      if (!doc.included.has(key(type, r.id))) doc.included.set(key(type, r.id), { def: target, row: r });
    }
  }
  for (const row of rows) setLinkage(doc, def.type, row.id, name, (links.get(row.id) ?? []).filter((r) => found.has(key(r.type, r.id))));
}

function dedupe(rows: Row[]) {
  const seen = new Map<string, Row>();
  for (const r of rows) seen.set(r.id, r);
  return [...seen.values()];
}

async function fetchRelated(
  ctx: RequestContext,
  def: ResourceDefinition,
  rel: Relationship,
  rows: Row[],
): Promise<{ related: Row[]; link: (row: Row) => string[] | string | null }> {
  const target = resource(rel.type);
  const t = target.table;
  const select = (where: SQL) => selectRows(ctx.db, t, scoped(ctx, target, where));
  const rowIds = rows.map((r) => r.id);

  switch (rel.kind) {
    case 'belongsTo': {
      const ids = unique(rows.map((r) => r[rel.column] as string | null));
      const related = ids.length ? await select(inIds(column(t, 'id'), ids)) : [];
      const found = new Set(related.map((r) => r.id));
      return { related, link: (row) => (found.has(row[rel.column] as string) ? (row[rel.column] as string) : null) };
    }
    case 'idArray': {
      const ids = unique(rows.flatMap((r) => (r[rel.column] as string[]) ?? []));
      const related = ids.length ? await select(inIds(column(t, 'id'), ids)) : [];
      const found = new Set(related.map((r) => r.id));
      return { related, link: (row) => ((row[rel.column] as string[]) ?? []).filter((id) => found.has(id)) };
    }
    case 'hasMany': {
      const related = await select(inIds(column(t, rel.foreignKey), rowIds));
      const by = group(related, (r) => [r[rel.foreignKey] as string]);
      return { related, link: (row) => by.get(row.id) ?? [] };
    }
    case 'containedIn': {
      const related = await select(sql`${column(t, rel.column)} && ${toUuidArray(rowIds)}`);
      const wanted = new Set(rowIds);
      const by = group(related, (r) => ((r[rel.column] as string[]) ?? []).filter((id) => wanted.has(id)));
      return { related, link: (row) => by.get(row.id) ?? [] };
    }
    case 'manyToMany': {
      const through = rel.through;
      const related = await selectRows(ctx.db, t, scoped(ctx, target, inIds(column(through, rel.local), rowIds)), {
        extra: sql`${column(through, rel.local)} as "__owner"`,
        extraNames: ['__owner'],
        join: sql`inner join ${through} on ${column(through, rel.foreign)} = ${column(t, 'id')}`,
      });
      const by = new Map<string, string[]>();
      for (const row of related) {
        const owner = String(row.__owner);
        delete row.__owner;
        if (!by.has(owner)) by.set(owner, []);
        by.get(owner)!.push(row.id);
      }
      return { related, link: (row) => by.get(row.id) ?? [] };
    }
    case 'polymorphic':
      throw new Error('polymorphic relationships are loaded by loadPolymorphic');
  }
}

/** column = ANY(one array parameter typed after the column): batches of ids at a flat cost. */
export function inIds(col: SQL, ids: readonly (string | number)[]): SQL {
  const sqlType = (col as unknown as { getSQLType(): string }).getSQLType();
  return sql`${col} = ANY(${arrayOf(ids, sqlType === 'uuid' ? 'uuid' : /int|serial/.test(sqlType) ? 'integer' : 'text')})`;
}

const unique = (ids: (string | null | undefined)[]) => [...new Set(ids.filter((x): x is string => !!x))];

function group(rows: Row[], keysOf: (r: Row) => string[]) {
  const by = new Map<string, string[]>();
  for (const r of rows)
    for (const k of keysOf(r)) {
      if (!by.has(k)) by.set(k, []);
      by.get(k)!.push(r.id);
    }
  return by;
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
  const loaded = doc.linkage.get(key(def.type, row.id));
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

