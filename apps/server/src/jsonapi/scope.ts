import { asc, desc, sql, type SQL } from 'drizzle-orm';
import { Fragment } from '../db/render.ts';
import { hasLocations, sqlAnd } from '../access/tenancy.ts';
import type { Actor } from '../access/actor.ts';
import type { RequestContext } from './context.ts';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Filter, ResourceDefinition, Row, RowOf } from './define-resource.ts';
import { ApiError, badRequest, notFound } from './errors.ts';
import { allowed } from './policies.ts';
import { column, filter as filters } from './filters.ts';
import { parseQuery, type ParsedQuery } from './query.ts';
import { own } from './own.ts';
import { fragmentOf, selectPlanned, selectRows, type Part, type Planned } from './select.ts';

// Which rows a request sees: the type's tenancy scope, the query's filters, order and page, one
// record by id.

/** The tenancy scope of a resource for the actor, ANDed with extra conditions. */
export function scoped(ctx: RequestContext, def: ResourceDefinition, ...extra: (SQL | undefined)[]): SQL | undefined {
  return sqlAnd(scopeOf(ctx, def).fragment, ...extra);
}

/**
 * Each type's tenancy scope as an actor sees it, built and rendered once per actor: every read
 * built it anew with Drizzle's sql() and rendered it (most of the WHERE of a read by id, whose own
 * part is one condition). A scope depends on the actor and the type only, an actor is never
 * changed (the session cache keeps one for a few seconds, a changed one is a new object), and its
 * scopes go with it.
 */
interface Scope {
  fragment: Fragment | undefined;
  /** The text of recordPlanned's WHERE (the scope AND the id), the same for every id. */
  record?: { text: string; exact: boolean };
}
const scopes = new WeakMap<Actor, Map<ResourceDefinition, Scope>>();
function scopeOf(ctx: RequestContext, def: ResourceDefinition): Scope {
  let byType = scopes.get(ctx.actor);
  if (!byType) scopes.set(ctx.actor, (byType = new Map()));
  let scope = byType.get(def);
  if (!scope) byType.set(def, (scope = { fragment: fragmentOf(ctx.db, def.tenancy.scope(ctx.actor, def.table)) }));
  return scope;
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
  if (name === 'allowedLocations') return hasLocations(def.table) ? filters.inLocations('location_ids', 'allowedLocations') : IGNORED;
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
  return listParts(def, q, scoped(ctx, def, ...filterConditions(ctx, def, q)));
}

/**
 * The scope of a type's list for this request, as GET /{type} reads it: the tenancy and the
 * `filter[...]` entries of `query` (the global selection among them); a bad filter is its 400.
 */
export function listScope(ctx: RequestContext, def: ResourceDefinition, query: Record<string, string | string[]>): SQL | undefined {
  const raw = Object.fromEntries(Object.entries(query).filter(([k]) => k.startsWith('filter[')));
  return scoped(ctx, def, ...filterConditions(ctx, def, parseQuery(ctx.registry, def, raw, { list: true })));
}

function listParts(def: ResourceDefinition, q: ParsedQuery, where: SQL | Fragment | undefined) {
  const { number, size } = q.page;
  return {
    part: { table: def.table, where, order: sql.join(orderBy(def, q), sql`, `), limit: size, offset: (number - 1) * size },
    total: sql`(select count(*) from ${def.table}${where ? sql` where ${where}` : sql``})`,
  };
}

/**
 * listSelect as planned for selectPlanned: the scope and filters rendered as one fragment, the
 * page and its total built only for a statement not yet known. Its shape: type, sort and page
 * size (pages past the first are not kept).
 */
export function listPlanned(ctx: RequestContext, def: ResourceDefinition, q: ParsedQuery): { part: Planned; total: () => SQL; shape: string | null } {
  const where = fragmentOf(ctx.db, scoped(ctx, def, ...filterConditions(ctx, def, q)));
  let built: ReturnType<typeof listParts> | undefined;
  const build = () => (built ??= listParts(def, q, where));
  const { number, size } = q.page;
  return {
    part: { table: def.table, fragments: where ? [where] : [], build: () => build().part },
    total: () => build().total,
    shape: number > 1 ? null : `list|${def.type}|${q.sort.map((s) => (s.desc ? '-' : '') + s.name).join(',')}|${size}`,
  };
}

/** The select of one visible row by id (undefined for an id of the wrong shape: a 404). */
export function recordSelect(ctx: RequestContext, def: ResourceDefinition, id: string): Part | undefined {
  if (!isId(def, id)) return undefined;
  return { table: def.table, where: scoped(ctx, def, sql`${column(def.table, 'id')} = ${id}`), limit: 1 };
}

/**
 * recordSelect as planned for selectPlanned: its scope and id as one fragment. Its text is the same
 * for every id, the id its last parameter: rendered for an actor's first read of a type, then
 * reused (the condition itself is built only if something renders it: ATELIER_CHECK_RENDER, a fallback).
 */
export function recordPlanned(ctx: RequestContext, def: ResourceDefinition, id: string): Planned | undefined {
  if (!isId(def, id)) return undefined;
  const scope = scopeOf(ctx, def);
  const source = () => sqlAnd(scope.fragment, sql`${column(def.table, 'id')} = ${id}`)!;
  const params = [...(scope.fragment?.params ?? []), id];
  let where: Fragment;
  if (scope.record) where = new Fragment(source, scope.record.text, params, scope.record.exact);
  else {
    where = fragmentOf(ctx.db, source())!;
    if (where.params.length === params.length && where.params.every((p, i) => p === params[i])) scope.record = { text: where.text, exact: where.exact };
  }
  return { table: def.table, fragments: [where], build: () => ({ table: def.table, where, limit: 1 }) };
}

/** One visible row by id, or a 404 that does not tell whether it exists elsewhere. */
export async function findRow<T extends PgTable>(ctx: RequestContext, def: ResourceDefinition<T>, id: string, opts: { lock?: boolean } = {}): Promise<RowOf<T>> {
  if (opts.lock && def.lockedWith) return lockWith(ctx, def, def.lockedWith, id);
  const select = recordSelect(ctx, def, id);
  if (!select) throw notFound(id);
  const [row] = await selectRows(ctx.db, def.table, select.where, { tail: opts.lock ? sql`limit 1 for update` : sql`limit 1` });
  if (!row) throw notFound(id);
  // The engine's select decodes every column as Drizzle would: the row is the table's.
  return row as RowOf<T>;
}

/** findRow locking, with the rows the type's writes lock with the record, in one statement. */
async function lockWith<T extends PgTable>(ctx: RequestContext, def: ResourceDefinition<T>, lockedWith: NonNullable<ResourceDefinition<T>['lockedWith']>, id: string) {
  const record = recordPlanned(ctx, def, id);
  if (!record) throw notFound(id);
  const {
    sets: [[row], rows],
  } = await selectPlanned(ctx.db, `locked|${def.type}`, [{ ...record, build: () => ({ ...record.build(), tail: sql`for update` }) }, lockedWith.part()]);
  if (!row) throw notFound(id);
  lockedWith.locked(ctx, rows);
  return row as RowOf<T>;
}

/** A record of a type (by its name, as a document gives it) that the actor may view and sees, or null. */
export async function findVisible(ctx: RequestContext, type: string, id: string): Promise<Row | null> {
  const def = ctx.registry.find(type);
  if (!def || !allowed(ctx, def, 'view')) return null;
  return findRow(ctx, def, id).catch((err) => {
    if (err instanceof ApiError && err.status === 404) return null;
    throw err;
  });
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Whether the type's keys are uuids (all but the permission catalogue's small integers). */
const uuidKeys = (def: Pick<ResourceDefinition, 'table'>) => (column(def.table, 'id') as unknown as { columnType: string }).columnType === 'PgUUID';
/** Whether a client's id has the shape of the type's keys (else it names nothing: a 404 or 422). */
export function isId(def: ResourceDefinition, id: string) {
  return uuidKeys(def) ? UUID.test(id) : /^\d{1,15}$/.test(id);
}
