import { eq, sql } from 'drizzle-orm';
import { writeLogs } from './audit.ts';
import { owningCollection, rederive, type ChildChanges } from './children.ts';
import type { RequestContext } from './context.ts';
import type { Row } from './define-resource.ts';
import { column } from './filters.ts';
import type { Cause } from './run-action.ts';
import { own } from './own.ts';
import { inIds, selectRows } from './select.ts';
import { changes, withUniques } from './write.ts';

// The engine's record service (issue 21): what area code writes of a business table beside a
// request's own document (an action's effects on other records, a customer's answer on a public
// page) goes through here, so the same things follow whoever writes: the values a parent derives
// from its lines are stored again, the change is in the activity log (and so reaches the
// notifications and callbacks that listen to it), the type's unique indexes answer on their
// field. The values are the caller's decision (the request's rules were checked by its route):
// no document is parsed and no permission asked. Direct writes stay for the engine, migrations,
// seeds and bulk paths that say why.

export interface WriteOptions {
  /** The log's event (default created / updated). */
  event?: string;
  /** The record whose action caused the write, kept in the log. */
  cause?: Omit<Cause, 'organizationId'>;
}

type Pair = { before: Row | null; after: Row };

/** Logs what changed: on each row, or for lines on their parent (with the lines' changes), whose derived values are stored again. */
async function follow(ctx: RequestContext, type: string, pairs: Pair[], options: WriteOptions) {
  const def = ctx.registry.resource(type);
  const cause = options.cause ? { cause: { type: options.cause.type, id: options.cause.id } } : {};
  const owning = owningCollection(ctx, def);
  if (!owning) {
    if (def.logged === false) return;
    const entries = pairs
      .map(({ before, after }) => ({ row: after, event: options.event ?? (before ? 'updated' : 'created'), properties: { ...changes(def, before ?? {}, after), ...cause } }))
      .filter((e) => e.event !== 'updated' || Object.keys(e.properties.attributes).length);
    await writeLogs(ctx, def, entries);
    return;
  }
  const { def: parentDef, name, rel } = owning;
  const byParent = new Map<string, Pair[]>();
  for (const p of pairs) {
    const parentId = String(p.after[rel.foreignKey]);
    byParent.set(parentId, [...(byParent.get(parentId) ?? []), p]);
  }
  for (const [parentId, lines] of byParent) {
    const [parent] = await selectRows(ctx.db, parentDef.table, eq(column(parentDef.table, 'id'), parentId));
    const row = (await rederive(ctx, parentDef.type, parentId)) ?? parent;
    const log: ChildChanges = {};
    for (const { before, after } of lines)
      if (!before) (log.created ??= []).push({ id: String(after.id), attributes: changes(def, {}, after).attributes });
      else (log.updated ??= []).push({ id: String(after.id), ...changes(def, before, after) });
    if (parentDef.logged !== false)
      await writeLogs(ctx, parentDef, [{ row, event: options.event ?? 'updated', properties: { ...changes(parentDef, parent, row), children: { [name]: log }, ...cause } }]);
  }
}

/** Writes records of `type` for area code, with what follows every write (see above). */
export function records(ctx: RequestContext, type: string) {
  const def = ctx.registry.resource(type);
  const id = column(def.table, 'id');
  const stamp = 'updated_at' in (def.table as object) ? { updated_at: sql`now()` } : {};
  return {
    /** New rows of these values (organization and links given by the caller). */
    async create(values: Record<string, unknown>[], options: WriteOptions = {}): Promise<Row[]> {
      if (!values.length) return [];
      const rows = (await withUniques(def, () => ctx.db.insert(def.table).values(values).returning())) as Row[];
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
        if (written.length) children[name] = { created: written.map((r) => ({ id: String(r.id), attributes: changes(child, {}, r).attributes })) };
      }
      const row = (await rederive(ctx, type, made.id)) ?? made;
      const cause = options.cause ? { cause: { type: options.cause.type, id: options.cause.id } } : {};
      if (def.logged !== false)
        await writeLogs(ctx, def, [{ row, event: options.event ?? 'created', properties: { ...changes(def, {}, row), ...(Object.keys(children).length ? { children } : {}), ...cause } }]);
      return row;
    },
    /** The rows of these ids get these values (rows already so are left as they are). */
    async update(ids: string[], values: Record<string, unknown>, options: WriteOptions = {}): Promise<Row[]> {
      if (!ids.length) return [];
      const before = await selectRows(ctx.db, def.table, inIds(id, ids), { tail: sql`for update` });
      const moving = before.filter((r) => Object.entries(values).some(([k, v]) => !isSql(v) && JSON.stringify(r[k] ?? null) !== JSON.stringify(v ?? null)));
      if (!moving.length) return [];
      const rows = (await withUniques(def, () => ctx.db.update(def.table).set({ ...values, ...stamp }).where(inIds(id, moving.map((r) => r.id))).returning())) as Row[];
      const was = new Map(moving.map((r) => [r.id, r]));
      await follow(ctx, type, rows.map((after) => ({ before: was.get(after.id)!, after })), options);
      return rows;
    },
  };
}

const isSql = (v: unknown) => typeof v === 'object' && v !== null && 'queryChunks' in v;
