import { getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { RequestContext } from './context.ts';
import type { ResourceDefinition, Row } from './define-resource.ts';
import { fragmentOf, inIds, partRef, selectPlanned, selectRows, type Part, type Planned } from './select.ts';
import type { Fragment } from '../db/render.ts';
import { linkKey, newDocument, setLinkage, type Document } from './serialize.ts';
import { listPlanned, recordPlanned, scoped } from './scope.ts';
import { notFound } from './errors.ts';
import { column } from './filters.ts';
import { sqlAnd } from '../access/tenancy.ts';
import type { IncludeTree, ParsedQuery } from './query.ts';
import { servesPolymorphic, type Relationship } from './relationships.ts';
import { allowed } from './policies.ts';

// Reading a document: the primary rows and their include tree in one statement. Each
// relationship of the tree is a part of that statement reading the rows of its parent part, so a
// list with two includes, or a record with includes three levels deep, is one round trip.
// Polymorphic relationships (their resource's own loader) follow, one query per type.

/** A list's page, its total and its includes. */
export async function readList(ctx: RequestContext, def: ResourceDefinition, q: ParsedQuery) {
  const { part, total, shape } = listPlanned(ctx, def, q);
  const doc = newDocument();
  const { rows, scalar } = await read(ctx, def, part, q.include, doc, { shape, scalar: total });
  return { rows, total: Number(scalar), doc };
}

/** One visible record and its includes, or a 404 that does not tell whether it exists elsewhere. */
export async function readRecord(ctx: RequestContext, def: ResourceDefinition, id: string, include: IncludeTree) {
  const part = recordPlanned(ctx, def, id);
  if (!part) throw notFound(id);
  const doc = newDocument();
  const { rows } = await read(ctx, def, part, include, doc, { shape: `record|${def.type}` });
  if (!rows.length) throw notFound(id);
  return { row: rows[0], doc };
}

/**
 * The includes of rows already read (a record a route has in hand). The statement reads them
 * again by key, unreturned, so that its parts can select from them as from any parent part.
 */
export async function loadIncludes(ctx: RequestContext, def: ResourceDefinition, rows: Row[], tree: IncludeTree, doc: Document) {
  if (rows.length === 0 || (tree.size === 0 && !checksLinkage(ctx))) return;
  const where = fragmentOf(ctx.db, inIds(column(def.table, 'id'), rows.map((r) => r.id)))!;
  const root: Planned = { table: def.table, fragments: [where], build: () => ({ table: def.table, where, returned: false }) };
  await read(ctx, def, root, tree, doc, { shape: `rows|${def.type}`, known: rows });
}

/** A relationship of the include tree: which part holds its parent rows, which its records. */
interface Step {
  def: ResourceDefinition;
  name: string;
  rel: Relationship;
  parent: number;
  /** The part of the related records (none for a polymorphic relationship). */
  part?: number;
  /** Read for the linkage only (a relationship not included): its part holds ids. */
  linkageOnly?: boolean;
}

/**
 * Whether the linkage of relationships not included is read too. A reader restricted to locations
 * is the one from whom rows of their own organization are hidden, and a foreign key names such
 * rows (a Montréal vehicle's Laval customer): their linkage names only what they may see, read
 * in the same statement (ids only). For everyone else a foreign key names only rows they see
 * (writes check it), so their reads stay as they were.
 */
const checksLinkage = (ctx: RequestContext) => ctx.actor.restrictToLocations;

/** A number per registry (an app's types): two apps of one process may declare a type apart. */
const registries = new WeakMap<object, number>();
let lastRegistry = 0;
const registryKey = (registry: object) => {
  let n = registries.get(registry);
  if (n === undefined) registries.set(registry, (n = ++lastRegistry));
  return n;
};

/** The include tree as text, for the shape of a read: `roles(permissions),organization`. */
const treeKey = (tree: IncludeTree): string => [...tree].map(([name, sub]) => (sub.size ? `${name}(${treeKey(sub)})` : name)).join(',');

async function read(
  ctx: RequestContext,
  def: ResourceDefinition,
  root: Planned,
  tree: IncludeTree,
  doc: Document,
  opts: { shape: string | null; scalar?: () => SQL; known?: Row[] },
) {
  const parts: Planned[] = [root];
  const steps: Step[] = [];
  plan(ctx, def, tree, 0, parts, steps);
  const { known } = opts;
  const shape = opts.shape === null ? null : `${registryKey(ctx.registry)}|${opts.shape}|${treeKey(tree)}${checksLinkage(ctx) ? '|linkage' : ''}`;
  // Rows in hand and nothing but polymorphic relationships: no statement to run.
  const answer = known && parts.length === 1 ? { sets: [known], scalar: undefined } : await selectPlanned(ctx.db, shape, parts, opts.scalar);
  const sets = answer.sets;
  if (known) sets[0] = known;
  if (sets[0].length === 0) return { rows: sets[0], scalar: answer.scalar };
  for (const step of steps) {
    if (step.rel.kind === 'polymorphic') await loadPolymorphic(ctx, step, sets[step.parent], doc);
    else link(ctx, doc, step, sets[step.parent], sets[step.part!]);
  }
  return { rows: sets[0], scalar: answer.scalar };
}

/**
 * Adds a part per relationship of the tree, depth first; a part reads its parent's rows. The
 * target's tenancy scope for the actor is the part's fragment; its SQL is built on demand.
 */
function plan(ctx: RequestContext, def: ResourceDefinition, tree: IncludeTree, parent: number, parts: Planned[], steps: Step[]) {
  for (const [name, subtree] of tree) {
    const rel = def.relationships![name];
    if (rel.kind === 'polymorphic') {
      steps.push({ def, name, rel, parent });
      continue;
    }
    const target = ctx.registry.resource(rel.type);
    const scope = fragmentOf(ctx.db, target.tenancy.scope(ctx.actor, target.table));
    const part =
      parts.push({
        table: target.table,
        extraNames: rel.kind === 'manyToMany' ? ['__owners'] : undefined,
        fragments: scope ? [scope] : [],
        build: () => relatedPart(def, target, rel, partRef(parent), scope),
      }) - 1;
    steps.push({ def, name, rel, parent, part });
    plan(ctx, target, subtree, part, parts, steps);
  }
  if (checksLinkage(ctx)) planLinkage(ctx, def, tree, parent, parts, steps);
}

/** A part of ids per to-one or id-array relationship of `def` not included, whose target the actor's scope narrows. */
function planLinkage(ctx: RequestContext, def: ResourceDefinition, tree: IncludeTree, parent: number, parts: Planned[], steps: Step[]) {
  for (const [name, rel] of Object.entries(def.relationships ?? {})) {
    if (tree.has(name) || (rel.kind !== 'belongsTo' && rel.kind !== 'idArray') || !ctx.registry.has(rel.type)) continue;
    const target = ctx.registry.resource(rel.type);
    const scope = fragmentOf(ctx.db, target.tenancy.scope(ctx.actor, target.table));
    if (!scope) continue;
    const part = parts.push({ table: target.table, idOnly: true, fragments: [scope], build: () => ({ ...relatedPart(def, target, rel, partRef(parent), scope), idOnly: true }) }) - 1;
    steps.push({ def, name, rel, parent, part, linkageOnly: true });
  }
}

/** A column of the parent part, by its row key. */
const parentColumn = (table: PgTable, key: string) => sql.identifier(getTableColumns(table)[key].name);

/** The select of the related records of the rows of `parent`, within `scope` (what the actor may see). */
function relatedPart(
  def: ResourceDefinition,
  target: ResourceDefinition,
  rel: Exclude<Relationship, { kind: 'polymorphic' }>,
  parent: SQL,
  scope: Fragment | undefined,
): Part {
  const t = target.table;
  const visible = (where: SQL): Part => ({ table: t, where: sqlAnd(scope, where) });
  const parentIds = sql`(select ${parentColumn(def.table, 'id')} from ${parent})`;
  switch (rel.kind) {
    case 'belongsTo':
      return visible(sql`${column(t, 'id')} in (select ${parentColumn(def.table, rel.column)} from ${parent})`);
    case 'idArray':
      return visible(sql`${column(t, 'id')} in (select unnest(${parentColumn(def.table, rel.column)}) from ${parent})`);
    case 'hasMany': {
      const where = sql`${column(t, rel.foreignKey)} in ${parentIds}`;
      return {
        ...visible(rel.where ? sql`${where} and ${rel.where(t)}` : where),
        ...(rel.order ? { order: sql`${column(t, rel.order)}, ${column(t, 'id')}` } : {}),
      };
    }
    case 'ownsMany':
      // Children come in their list's order (creation order without one: ids are UUIDv7).
      return {
        ...visible(sql`${column(t, rel.foreignKey)} in ${parentIds}`),
        order: rel.order ? sql`${column(t, rel.order)}, ${column(t, 'id')}` : column(t, 'id'),
      };
    case 'containedIn':
      // && keeps the GIN index of the array column in play.
      return visible(sql`${column(t, rel.column)} && (select array_agg(${parentColumn(def.table, 'id')}) from ${parent})`);
    case 'manyToMany': {
      const { through } = rel;
      // One row per related record, with the parent rows that hold it.
      return {
        ...visible(sql`${column(through, rel.local)} in ${parentIds}`),
        join: sql`inner join ${through} on ${column(through, rel.foreign)} = ${column(t, 'id')}`,
        extra: sql`array_agg(${column(through, rel.local)}) as "__owners"`,
        extraNames: ['__owners'],
        tail: sql`group by ${column(t, 'id')}`,
      };
    }
  }
}

/** Links the parent rows to the related records found, and includes those records. */
function link(ctx: RequestContext, doc: Document, step: Step, parents: Row[], related: Row[]) {
  const { rel } = step;
  const target = ctx.registry.resource(rel.type);
  const of = linker(rel, parents, related);
  for (const row of parents) setLinkage(doc, step.def.type, row.id, step.name, of(row));
  if (step.linkageOnly) return;
  for (const r of related) {
    const k = linkKey(target.type, r.id);
    if (!doc.included.has(k)) doc.included.set(k, { def: target, row: r });
  }
}

/** The linkage of a parent row: the ids of its related records the actor may see. */
function linker(rel: Relationship, parents: Row[], related: Row[]): (row: Row) => string[] | string | null {
  const found = () => new Set(related.map((r) => r.id));
  switch (rel.kind) {
    case 'belongsTo': {
      const seen = found();
      return (row) => (seen.has(row[rel.column] as string) ? (row[rel.column] as string) : null);
    }
    case 'idArray': {
      const seen = found();
      return (row) => ((row[rel.column] as string[]) ?? []).filter((id) => seen.has(id));
    }
    case 'hasMany':
    case 'ownsMany': {
      const by = group(related, (r) => [r[rel.foreignKey] as string]);
      return (row) => by.get(row.id) ?? [];
    }
    case 'containedIn': {
      const wanted = new Set(parents.map((r) => r.id));
      const by = group(related, (r) => ((r[rel.column] as string[]) ?? []).filter((id) => wanted.has(id)));
      return (row) => by.get(row.id) ?? [];
    }
    case 'manyToMany': {
      const by = group(related, (r) => r.__owners as string[]);
      for (const r of related) delete r.__owners;
      return (row) => by.get(row.id) ?? [];
    }
    case 'polymorphic':
      throw new Error('polymorphic relationships are loaded by loadPolymorphic');
  }
}

/**
 * A polymorphic relationship: the resource's loader names the records, then one query per type
 * reads those the actor may see (the end of an include path: nothing nests below it).
 */
async function loadPolymorphic(ctx: RequestContext, step: Step, rows: Row[], doc: Document) {
  const rel = step.rel as Extract<Relationship, { kind: 'polymorphic' }>;
  const links = await rel.load(ctx, rows);
  const wanted = new Map<string, Set<string>>();
  for (const refs of links.values())
    for (const r of refs) {
      // A type the app does not serve, or whose records the reader may not view, is neither included nor named.
      if (!servesPolymorphic(ctx.registry, rel, r.type) || !allowed(ctx, ctx.registry.resource(r.type), 'view')) continue;
      if (!wanted.has(r.type)) wanted.set(r.type, new Set());
      wanted.get(r.type)!.add(r.id);
    }
  const found = new Set<string>();
  for (const [type, ids] of wanted) {
    const target = ctx.registry.resource(type);
    const related = await selectRows(ctx.db, target.table, scoped(ctx, target, inIds(column(target.table, 'id'), [...ids])));
    for (const r of related) {
      const k = linkKey(type, r.id);
      found.add(k);
      if (!doc.included.has(k)) doc.included.set(k, { def: target, row: r });
    }
  }
  for (const row of rows)
    setLinkage(doc, step.def.type, row.id, step.name, (links.get(row.id) ?? []).filter((r) => found.has(linkKey(r.type, r.id))));
}

function group(rows: Row[], keysOf: (r: Row) => string[]) {
  const by = new Map<string, string[]>();
  for (const r of rows)
    for (const k of keysOf(r)) {
      if (!by.has(k)) by.set(k, []);
      by.get(k)!.push(r.id);
    }
  return by;
}
