import { eq, sql } from 'drizzle-orm';
import { runWrites, writeLog } from './audit.ts';
import type { RequestContext } from './context.ts';
import type { ResourceDefinition, Row, WriteInput } from './define-resource.ts';
import { inIds, selectRows, stamped, updateRow } from './select.ts';
import { ApiError, ValidationErrors, relationshipPointer } from './errors.ts';
import { column } from './filters.ts';
import type { OwnsMany } from './relationships.ts';
import { changes, checkReferences, isInUse, parseData, withUniques } from './write.ts';
import { isObject } from '@atelier/domain';

// Child collections (rel.ownsMany): records owned by a parent (an order's lines, a supplier's
// products), written inside the parent's document. The relationship's `data` is the whole list,
// in order, of resource objects:
//   { "type": "order-lines", "id": "…", "attributes": { "quantity": 3 } }   an existing line, updated
//   { "type": "order-lines", "attributes": { … } }                         a new line ("lid" allowed)
// and the existing lines left out are removed. An error points into the list
// (/data/relationships/lines/data/2/attributes/quantity). Everything happens in the parent's
// transaction: a refused line writes nothing, the parent included.

/** The most lines one document may carry. */
const MAX_CHILDREN = 500;

/** One line of the list as parsed: an existing child (id) or a new one. */
export interface ChildItem {
  existing: Row | null;
  input: WriteInput;
  /** Its place in the request, for error pointers. */
  index: number;
}

/** A parsed child collection: the wanted lines in order, and the parent's lines before the write. */
export interface ChildList {
  items: ChildItem[];
  before: Row[];
}

/** What the activity log keeps of a collection's change, on the parent. */
export interface ChildChanges {
  created?: { id: string; attributes: Record<string, unknown> }[];
  updated?: { id: string; old: Record<string, unknown>; attributes: Record<string, unknown> }[];
  removed?: { id: string; old: Record<string, unknown> }[];
}


/** The child's relationship to its parent (the belongsTo on the foreign key), if it declares one. */
function ownerName(child: ResourceDefinition, rel: OwnsMany): string | undefined {
  return Object.entries(child.relationships ?? {}).find(([, r]) => r.kind === 'belongsTo' && r.column === rel.foreignKey)?.[0];
}

/** Moves a line's errors (pointed at /data/…) under its place in the parent's document. */
const nested = (pointer: string, base: string) => pointer.replace(/^\/data/, base);

/**
 * Reads the list of a child collection from the parent's document; errors go to `errors` with
 * pointers into the list. The parent's current lines are read and locked (FOR UPDATE).
 */
export async function parseChildren(
  ctx: RequestContext,
  name: string,
  rel: OwnsMany,
  value: unknown,
  parent: Row | null,
  errors: ValidationErrors,
): Promise<ChildList | undefined> {
  const pointer = relationshipPointer(name);
  if (!isObject(value) || !Array.isArray(value.data)) {
    errors.add(pointer, 'validation.children_invalid');
    return undefined;
  }
  const list = value.data;
  if (list.length > MAX_CHILDREN) {
    errors.add(`${pointer}/data`, 'validation.children_too_many', { max: MAX_CHILDREN });
    return undefined;
  }
  const child = ctx.registry.resource(rel.type);
  const fk = column(child.table, rel.foreignKey);
  const before = parent ? await selectRows(ctx.db, child.table, eq(fk, parent.id), { tail: sql`order by ${column(child.table, 'id')} for update` }) : [];
  const byId = new Map(before.map((r) => [String(r.id), r]));
  const seen = new Set<string>();
  const owner = ownerName(child, rel);
  const items: ChildItem[] = [];
  let failed = false;
  for (const [index, item] of list.entries()) {
    const base = `${pointer}/data/${index}`;
    if (!isObject(item) || !isObject(item.attributes ?? {}) || !isObject(item.relationships ?? {})) {
      errors.add(base, 'validation.child_invalid');
      failed = true;
      continue;
    }
    if (item.type !== rel.type) {
      errors.add(`${base}/type`, 'validation.relationship_type', { expected: rel.type });
      failed = true;
      continue;
    }
    let existing: Row | null = null;
    if (item.id !== undefined && item.id !== null) {
      const id = String(item.id);
      existing = typeof item.id === 'string' && !seen.has(id) ? (byId.get(id) ?? null) : null;
      if (!existing) {
        errors.add(`${base}/id`, 'validation.child_not_found', { id: id.slice(0, 100) });
        failed = true;
        continue;
      }
      seen.add(id);
    }
    const mine = new ValidationErrors();
    const input = await parseData(ctx, child, item, existing ? 'update' : 'create', existing, mine, owner);
    for (const e of mine.items) errors.items.push({ ...e, source: { pointer: nested(e.source?.pointer ?? '/data', base) } });
    if (mine.items.length) failed = true;
    items.push({ existing, input, index });
  }
  return failed ? undefined : { items, before };
}

/** Runs a step of a line's write; its errors (pointed at /data/…) are moved under the line. */
async function asLine<T>(base: string, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (err instanceof ApiError)
      throw ApiError.many(err.errors.map((e) => (e.source?.pointer ? { ...e, source: { pointer: nested(e.source.pointer, base) } } : e)));
    throw err;
  }
}

/**
 * Writes the parsed collections of a parent row (created or updated just before, in the same
 * transaction): removes the lines left out, updates and creates the others in the list's order
 * (the order column follows it), then stores the parent's derived values. Returns the parent row
 * as it ends and what changed, for the activity log.
 */
export async function writeChildren(
  ctx: RequestContext,
  def: ResourceDefinition,
  parent: Row,
  input: WriteInput,
): Promise<{ row: Row; changed: Record<string, ChildChanges> }> {
  const changed: Record<string, ChildChanges> = {};
  const derived: Record<string, unknown> = {};
  for (const [name, list] of Object.entries(input.children)) {
    const rel = def.relationships![name] as OwnsMany;
    const child = ctx.registry.resource(rel.type);
    const table = child.table;
    const id = column(table, 'id');
    const log: ChildChanges = {};
    const kept = new Set(list.items.flatMap((i) => (i.existing ? [String(i.existing.id)] : [])));
    const removed = list.before.filter((r) => !kept.has(String(r.id)));
    // Removed first, so a kept or new line may take a removed one's unique value (its code).
    if (removed.length) {
      try {
        await ctx.db.delete(table).where(inIds(id, removed.map((r) => r.id)));
      } catch (err) {
        if (isInUse(err)) throw new ApiError(409, 'error.in_use', undefined, { pointer: relationshipPointer(name) });
        throw err;
      }
      log.removed = removed.map((r) => ({ id: String(r.id), old: changes(child, r, {}).old }));
    }
    const rows: Row[] = [];
    for (const [position, item] of list.items.entries()) {
      const base = `${relationshipPointer(name)}/data/${item.index}`;
      const values = { ...item.input.values, [rel.foreignKey]: parent.id };
      if (rel.order) values[rel.order] = position;
      if (child.tenancy.hasOrganization) values.organization_id = parent.organization_id;
      const lineInput = { ...item.input, values, parent };
      await asLine(base, async () => {
        await checkReferences(ctx, child, lineInput, (parent.organization_id as string | undefined) ?? null, item.existing);
        await child.hooks?.beforeWrite?.(ctx, lineInput, item.existing);
      });
      let line: Row;
      if (!item.existing) {
        [line] = (await asLine(base, () => withUniques(child, () => ctx.db.insert(table).values(lineInput.values).returning()))) as Row[];
        (log.created ??= []).push({ id: String(line.id), attributes: changes(child, {}, line).attributes });
      } else if (Object.entries(lineInput.values).some(([k, v]) => JSON.stringify(v ?? null) !== JSON.stringify(item.existing![k] ?? null))) {
        line = (await asLine(base, () => withUniques(child, () => updateRow(ctx.db, table, item.existing!.id as string | number, stamped(table, lineInput.values)))))!;
        const diff = changes(child, item.existing, line);
        if (Object.keys(diff.attributes).length) (log.updated ??= []).push({ id: String(line.id), ...diff });
      } else line = item.existing;
      await asLine(base, async () => runWrites(ctx, await child.hooks?.afterWrite?.(ctx, line, lineInput, item.existing)));
      rows.push(line);
    }
    if (log.created || log.updated || log.removed) changed[name] = log;
    Object.assign(derived, await rel.derive?.(rows, parent, ctx.db));
  }
  // A parent's own value a derivation reads (a document's discount) changed, its lines not sent: derived again.
  for (const [name, rel] of Object.entries(def.relationships ?? {})) {
    if (rel.kind !== 'ownsMany' || !rel.derive || Object.hasOwn(input.children, name) || !rel.dependsOn?.some((c) => Object.hasOwn(input.values, c))) continue;
    const child = ctx.registry.resource(rel.type);
    Object.assign(derived, await rel.derive(await selectRows(ctx.db, child.table, eq(column(child.table, rel.foreignKey), parent.id)), parent, ctx.db));
  }
  // A list sent back unchanged changes nothing, the parent's updated_at included.
  const row = await storeDerived(ctx, def, parent, derived, Object.keys(changed).length > 0);
  return { row, changed };
}

/**
 * Stores the parent's values derived from its lines (a total, by the declaration's pure function)
 * when they differ, and marks the parent updated when its lines changed.
 */
async function storeDerived(ctx: RequestContext, def: ResourceDefinition, parent: Row, derived: Record<string, unknown>, touched: boolean): Promise<Row> {
  const values = Object.fromEntries(Object.entries(derived).filter(([k, v]) => JSON.stringify(v ?? null) !== JSON.stringify(parent[k] ?? null)));
  const written = touched ? stamped(def.table, values) : values;
  if (!Object.keys(written).length) return parent;
  return (await updateRow(ctx.db, def.table, parent.id as string | number, written))!;
}

/**
 * Stores again the values a record derives from its lines (each ownsMany's `derive`), as its
 * lines are now: after lines were written by the engine's record service (a clock stopped, items
 * approved by an action), whoever wrote them. Answers the record as stored.
 */
export async function rederive(ctx: RequestContext, type: string, id: string): Promise<Row | undefined> {
  const def = ctx.registry.resource(type);
  const [parent] = await selectRows(ctx.db, def.table, eq(column(def.table, 'id'), id));
  if (!parent) return undefined;
  const derived: Record<string, unknown> = {};
  for (const rel of Object.values(def.relationships ?? {})) {
    if (rel.kind !== 'ownsMany' || !rel.derive) continue;
    const child = ctx.registry.resource(rel.type);
    Object.assign(derived, await rel.derive(await selectRows(ctx.db, child.table, eq(column(child.table, rel.foreignKey), id)), parent, ctx.db));
  }
  return storeDerived(ctx, def, parent, derived, false);
}

/** The parent's collection of an owned type: its declaration and relationship. */
export function owningCollection(ctx: RequestContext, child: ResourceDefinition): { def: ResourceDefinition; name: string; rel: OwnsMany } | undefined {
  const parent = child.tenancy.parent;
  if (!parent) return undefined;
  const def = ctx.registry.resource(parent.def.type);
  const found = Object.entries(def.relationships ?? {}).find(([, r]) => r.kind === 'ownsMany' && r.type === child.type && r.foreignKey === parent.foreignKey);
  return found && { def, name: found[0], rel: found[1] as OwnsMany };
}

/**
 * A line written through its own route (POST /order-lines …): its organization and place come
 * from its parent, which is locked.
 */
export async function prepareOwnLine(ctx: RequestContext, child: ResourceDefinition, input: WriteInput, existing: Row | null) {
  const owning = owningCollection(ctx, child);
  const parentId = (input.values[owning?.rel.foreignKey ?? ''] ?? existing?.[owning?.rel.foreignKey ?? '']) as string | undefined;
  if (!owning || !parentId) return;
  const [parent] = await selectRows(ctx.db, owning.def.table, eq(column(owning.def.table, 'id'), parentId), { tail: sql`for update` });
  if (child.tenancy.hasOrganization) input.values.organization_id = parent.organization_id;
  // A new line, or one moved to another parent, goes to the end of the list.
  if (owning.rel.order && (!existing || existing[owning.rel.foreignKey] !== parentId)) {
    const fk = column(child.table, owning.rel.foreignKey);
    const [last] = (await ctx.db
      .select({ n: sql<number>`coalesce(max(${column(child.table, owning.rel.order)}) + 1, 0)::int` })
      .from(child.table)
      .where(eq(fk, parentId))) as { n: number }[];
    input.values[owning.rel.order] = last.n;
  }
}

/**
 * After a line was written through its own route: the parents it belongs (or belonged) to get
 * their derived values again, and the change is logged on the parent, as a change made in the
 * parent's document would be. Returns false for a type that is no one's line.
 */
export async function afterOwnLine(ctx: RequestContext, child: ResourceDefinition, before: Row | null, after: Row | null): Promise<boolean> {
  const owning = owningCollection(ctx, child);
  if (!owning) return false;
  const { def, name, rel } = owning;
  const parentIds = [...new Set([before?.[rel.foreignKey], after?.[rel.foreignKey]].filter((v): v is string => typeof v === 'string'))];
  for (const parentId of parentIds) {
    const [parent] = await selectRows(ctx.db, def.table, eq(column(def.table, 'id'), parentId));
    if (!parent) continue;
    const lines = await selectRows(ctx.db, child.table, eq(column(child.table, rel.foreignKey), parentId));
    const row = await storeDerived(ctx, def, parent, (await rel.derive?.(lines, parent, ctx.db)) ?? {}, true);
    const mine = (r: Row | null) => (r && r[rel.foreignKey] === parentId ? r : null);
    const [was, is] = [mine(before), mine(after)];
    const log: ChildChanges = !was
      ? { created: [{ id: String(is!.id), attributes: changes(child, {}, is!).attributes }] }
      : !is
        ? { removed: [{ id: String(was.id), old: changes(child, was, {}).old }] }
        : { updated: [{ id: String(is.id), ...changes(child, was, is) }] };
    if (def.logged !== false) await writeLog(ctx, def, row, 'updated', { ...changes(def, parent, row), children: { [name]: log } });
  }
  return true;
}
