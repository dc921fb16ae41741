import { eq, sql, type SQL } from 'drizzle-orm';
import { writeLogs } from './audit.ts';
import { owningCollection, rederive, type ChildChanges } from './children.ts';
import type { RequestContext } from './context.ts';
import type { ResourceDefinition, Row } from './define-resource.ts';
import { column } from './filters.ts';
import type { Cause } from './run-action.ts';
import { own } from './own.ts';
import { scoped } from './scope.ts';
import { inIds, selectRows, stamped } from './select.ts';
import { changes, isInUse, withUniques } from './write.ts';
import { ApiError } from './errors.ts';

// The engine's record service (issue 21): what area code writes of a business table beside a
// request's own document (an action's effects on other records, a customer's answer on a public
// page) goes through here, so the same things follow whoever writes: the values a parent derives
// from its lines are stored again, the change is in the activity log (and so reaches the
// notifications and callbacks that listen to it), the type's unique indexes answer on their
// field. The values are the caller's decision (the request's rules were checked by its route):
// no document is parsed and no permission asked. In a system context (system.ts: a public page's
// write) the cause is the context's and no row outside its organization is read or written. Direct
// writes stay for the engine, migrations, seeds and bulk paths that say why (`// direct write:`,
// test/engine/write-path.test.ts).

export interface WriteOptions {
  /** The log's event (default created / updated). */
  event?: string;
  /** The record whose action caused the write, kept in the log. */
  cause?: Omit<Cause, 'organizationId'>;
}

type Values = Record<string, unknown>;
type Pair = { before: Row | null; after: Row | null };

/** The log's cause: the one given, or the system context's. */
function causeOf(ctx: RequestContext, options: WriteOptions) {
  const cause = options.cause ?? ctx.system;
  return cause ? { cause: { type: cause.type, id: cause.id } } : {};
}

/** Logs what changed: on each row, or for lines on their parent (with the lines' changes), whose derived values are stored again. */
async function follow(ctx: RequestContext, type: string, pairs: Pair[], options: WriteOptions) {
  const def = ctx.registry.resource(type);
  const cause = causeOf(ctx, options);
  const owning = owningCollection(ctx, def);
  const eventOf = ({ before, after }: Pair) => options.event ?? (!after ? 'deleted' : before ? 'updated' : 'created');
  if (!owning) {
    if (def.logged === false) return;
    const entries = pairs
      .map((p) => ({ row: (p.after ?? p.before)!, event: eventOf(p), properties: { ...changes(def, p.before ?? {}, p.after ?? {}), ...cause } }))
      .filter((e) => e.event !== 'updated' || Object.keys(e.properties.attributes).length);
    await writeLogs(ctx, def, entries);
    return;
  }
  const { def: parentDef, name, rel } = owning;
  const byParent = new Map<string, Pair[]>();
  for (const p of pairs) {
    const parentId = String((p.after ?? p.before)![rel.foreignKey]);
    byParent.set(parentId, [...(byParent.get(parentId) ?? []), p]);
  }
  for (const [parentId, lines] of byParent) {
    const [parent] = await selectRows(ctx.db, parentDef.table, eq(column(parentDef.table, 'id'), parentId));
    const row = (await rederive(ctx, parentDef.type, parentId)) ?? parent;
    const log: ChildChanges = {};
    for (const { before, after } of lines)
      if (!after) (log.removed ??= []).push({ id: String(before!.id), old: changes(def, before!, {}).old });
      else if (!before) (log.created ??= []).push({ id: String(after.id), attributes: changes(def, {}, after).attributes });
      else (log.updated ??= []).push({ id: String(after.id), ...changes(def, before, after) });
    if (parentDef.logged !== false)
      await writeLogs(ctx, parentDef, [{ row, event: options.event ?? 'updated', properties: { ...changes(parentDef, parent, row), children: { [name]: log }, ...cause } }]);
  }
}

/**
 * In a system context, rows must be inside its organization (the type's tenancy scope for the
 * organization's actor): rows written outside it throw, and the transaction rolls back.
 */
async function insideTenant(ctx: RequestContext, def: ResourceDefinition, rows: Row[]) {
  if (!ctx.system || !rows.length) return;
  const seen = await selectRows(ctx.db, def.table, scoped(ctx, def, inIds(column(def.table, 'id'), rows.map((r) => r.id))));
  if (seen.length !== rows.length) throw new Error(`A system write of ${def.type} left the organization ${ctx.actor.organizationId}`);
}

/** Writes records of `type` for area code, with what follows every write (see above). */
export function records(ctx: RequestContext, type: string) {
  const def = ctx.registry.resource(type);
  const id = column(def.table, 'id');
  /** The rows of these ids, locked; in a system context only those of its organization. */
  const locked = (ids: string[]) => selectRows(ctx.db, def.table, (ctx.system ? scoped(ctx, def, inIds(id, ids)) : inIds(id, ids)) as SQL, { tail: sql`for update` });
  return {
    /** New rows of these values (organization and links given by the caller). */
    async create(values: Record<string, unknown>[], options: WriteOptions = {}): Promise<Row[]> {
      if (!values.length) return [];
      const rows = (await withUniques(def, () => ctx.db.insert(def.table).values(values).returning())) as Row[];
      await insideTenant(ctx, def, rows);
      await follow(ctx, type, rows.map((after) => ({ before: null, after })), options);
      return rows;
    },
    /**
     * A new record with its lines (by ownsMany relationship name), as one document would make it:
     * the lines take its id, organization and their order, its derived values are stored, one
     * entry logs it with its lines.
     */
    async createWithLines(values: Record<string, unknown>, lines: Record<string, Record<string, unknown>[]>, options: WriteOptions = {}): Promise<Row> {
      const [made] = (await withUniques(def, () => ctx.db.insert(def.table).values(values).returning())) as Row[];
      await insideTenant(ctx, def, [made]);
      const children: Record<string, ChildChanges> = {};
      for (const [name, list] of Object.entries(lines)) {
        const rel = own(def.relationships, name);
        if (rel?.kind !== 'ownsMany') throw new Error(`${type}.${name} is not a collection of lines`);
        const child = ctx.registry.resource(rel.type);
        const rows = list.map((line, position) => ({
          ...(rel.order ? { [rel.order]: position } : {}),
          ...(child.tenancy.hasOrganization ? { organization_id: made.organization_id } : {}),
          ...line,
          [rel.foreignKey]: made.id,
        }));
        const written = rows.length ? ((await withUniques(child, () => ctx.db.insert(child.table).values(rows).returning())) as Row[]) : [];
        await insideTenant(ctx, child, written);
        if (written.length) children[name] = { created: written.map((r) => ({ id: String(r.id), attributes: changes(child, {}, r).attributes })) };
      }
      const row = (await rederive(ctx, type, made.id)) ?? made;
      const cause = causeOf(ctx, options);
      if (def.logged !== false)
        await writeLogs(ctx, def, [{ row, event: options.event ?? 'created', properties: { ...changes(def, {}, row), ...(Object.keys(children).length ? { children } : {}), ...cause } }]);
      return row;
    },
    /**
     * The rows of these ids get these values, the same for all or each row's own (a function of
     * the row); rows already so are left as they are.
     */
    async update(ids: string[], values: Values | ((row: Row) => Values), options: WriteOptions = {}): Promise<Row[]> {
      if (!ids.length) return [];
      const wanted = (r: Row) => (typeof values === 'function' ? values(r) : values);
      const moving = (await locked(ids)).filter((r) => Object.entries(wanted(r)).some(([k, v]) => !isSql(v) && JSON.stringify(r[k] ?? null) !== JSON.stringify(v ?? null)));
      if (!moving.length) return [];
      const set = (where: SQL, v: Values) => withUniques(def, () => ctx.db.update(def.table).set(stamped(def.table, v)).where(where).returning()) as Promise<Row[]>;
      let rows: Row[] = [];
      // One statement for shared values; a row's own values, one statement each, in turn (one transaction's connection).
      if (typeof values !== 'function') rows = await set(inIds(id, moving.map((r) => r.id)), values);
      else for (const r of moving) rows.push(...(await set(eq(id, r.id), values(r))));
      const was = new Map(moving.map((r) => [r.id, r]));
      await follow(ctx, type, rows.map((after) => ({ before: was.get(after.id)!, after })), options);
      return rows;
    },
    /** Removes the rows of these ids (a row still referenced is a 409, error.in_use). */
    async delete(ids: string[], options: WriteOptions = {}): Promise<Row[]> {
      if (!ids.length) return [];
      const before = await locked(ids);
      if (!before.length) return [];
      try {
        await ctx.db.delete(def.table).where(inIds(id, before.map((r) => r.id)));
      } catch (err) {
        if (isInUse(err)) throw new ApiError(409, 'error.in_use');
        throw err;
      }
      await follow(ctx, type, before.map((row) => ({ before: row, after: null })), options);
      return before;
    },
  };
}

const isSql = (v: unknown) => typeof v === 'object' && v !== null && 'queryChunks' in v;
