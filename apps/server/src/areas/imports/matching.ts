import { eq, sql } from 'drizzle-orm';
import { arrayOf } from '../../access/tenancy.ts';
import type { RequestContext } from '../../jsonapi/context.ts';
import type { ResourceDefinition, Row } from '../../jsonapi/define-resource.ts';
import { scoped } from '../../jsonapi/scope.ts';
import { column } from '../../jsonapi/filters.ts';
import type { Relationship } from '../../jsonapi/relationships.ts';
import { coerce, refKey, type LineInput, type Plan } from './plan.ts';

// Matching lines with records: the existing record of a line's natural key, the records its
// relationship cells name, each loaded per chunk in one query per field (on the server's thread,
// before the chunk's transaction); the lines worker reads the lines against what they found.

/** The fields of the line's natural key: the first of the model's keys whose fields it all fills. */
const keyOf = (plan: Plan, attributes: Record<string, unknown>) =>
  plan.model.naturalKey.map((key) => [key].flat()).find((fields) => fields.every((f) => attributes[f] !== undefined)) ?? null;

/**
 * What the chunk's map tells of the line's record: `{ row }` the record of its natural key,
 * `{ key }` none (the line creates one; key null when it fills no key, or a value that does not
 * parse, which the write reports), undefined when the map cannot tell (a key of several fields)
 * and the database must be asked.
 */
export type Match = { row: Row } | { key: string | null } | undefined;

export function knownMatch(plan: Plan, attributes: Record<string, unknown>): Match {
  const fields = keyOf(plan, attributes);
  if (!fields) return { key: null };
  const parsed = fields.map((f) => plan.def.attributes[f].parse(attributes[f]));
  if (parsed.some((p) => !p.ok || p.value === null)) return { key: null };
  if (fields.length > 1 || !plan.known) return undefined;
  const key = knownKey(fields[0], (parsed[0] as { value: unknown }).value);
  const hit = plan.known.get(key);
  return hit === undefined ? undefined : hit === null ? { key } : { row: hit };
}

/** The line's record of the same natural key, visible to the actor, if any. */
export async function findExisting(ctx: RequestContext, plan: Plan, attributes: Record<string, unknown>): Promise<Row | null> {
  const match = knownMatch(plan, attributes);
  if (match) return 'row' in match ? match.row : null;
  const conditions = keyOf(plan, attributes)!.map((field) => {
    const a = plan.def.attributes[field];
    const value = (a.parse(attributes[field]) as { value: unknown }).value;
    const col = column(plan.def.table, a.column ?? field);
    return typeof value === 'string' ? sql`lower(${col}) = lower(${value})` : eq(col, value);
  });
  const [row] = (await ctx.db
    .select()
    .from(plan.def.table)
    .where(scoped(ctx, plan.def, ...conditions))
    .limit(1)) as Row[];
  return row ?? null;
}

/** The fields of the model's single-field natural keys (the chunk's map knows records by them). */
const singleKeys = (plan: Plan) => plan.model.naturalKey.filter((key) => !Array.isArray(key) || key.length === 1).map((key) => [key].flat()[0]);

/** The key of the chunk's map for a value of a single-field natural key (the case is ignored). */
export const knownKey = (field: string, value: unknown) => `${field}\u0000${String(value).toLowerCase()}`;

/** Loads the records the lines of a chunk name by a single-field natural key, in one query per field. */
export async function preload(ctx: RequestContext, plan: Plan, rows: string[][]) {
  const known = new Map<string, Row | null>();
  for (const field of singleKeys(plan)) {
    const a = plan.def.attributes[field];
    const index = plan.mapped.find(([, f]) => f === field)?.[0];
    if (index === undefined || !a || a.virtual) continue;
    const values = new Set<string>();
    for (const cells of rows) {
      const raw = (cells[index] ?? '').trim();
      if (!raw) continue;
      const parsed = a.parse(coerce(plan, field, raw));
      if (parsed.ok && typeof parsed.value === 'string') values.add(parsed.value.toLowerCase());
    }
    if (!values.size) continue;
    const col = column(plan.def.table, a.column ?? field);
    const found = (await ctx.db
      .select()
      .from(plan.def.table)
      .where(scoped(ctx, plan.def, sql`lower(${col}) = ANY(${arrayOf([...values], 'text')})`))) as Row[];
    for (const v of values) known.set(knownKey(field, v), null);
    for (const row of found) {
      const k = knownKey(field, row[a.column ?? field]);
      if (!known.get(k)) known.set(k, row);
    }
  }
  plan.known = known;
}

/** After a line wrote a record, the chunk's map knows it under each of its single-field keys. */
export function remember(plan: Plan, row: Row) {
  if (!plan.known) return;
  for (const field of singleKeys(plan)) {
    const a = plan.def.attributes[field];
    const value = row[a?.column ?? field];
    if (value !== null && value !== undefined && value !== '') plan.known.set(knownKey(field, value), row);
  }
}

/** The keys of the map a line's record will be known by once written (as remember will know it). */
export function keysOf(plan: Plan, attributes: Record<string, unknown>): string[] {
  const keys: string[] = [];
  for (const field of singleKeys(plan)) {
    const parsed = attributes[field] === undefined ? null : plan.def.attributes[field]?.parse(attributes[field]);
    if (parsed?.ok && parsed.value !== null && parsed.value !== '') keys.push(knownKey(field, parsed.value));
  }
  return keys;
}

/** Whether writing these attributes would change nothing of the existing record. */
export function unchanged(def: ResourceDefinition, existing: Row, { attributes, relationships }: LineInput) {
  const sameLinks = Object.entries(relationships).every(([field, { data }]) => {
    const rel = def.relationships![field] as Extract<Relationship, { kind: 'belongsTo' }>;
    return existing[rel.column] === data.id;
  });
  return sameLinks && Object.entries(attributes).every(([field, value]) => {
    const a = def.attributes[field];
    const parsed = a.parse(value);
    return parsed.ok && JSON.stringify(parsed.value ?? null) === JSON.stringify(existing[a.column ?? field] ?? null);
  });
}

/**
 * Loads the records the relationship cells of a chunk name, in one query per relationship: each
 * value against each of the field's match expressions, within what the actor may see.
 */
export async function preloadRefs(ctx: RequestContext, plan: Plan, rows: string[][]) {
  plan.refs = new Map();
  for (const r of plan.relations) {
    const byValue = new Map<string, Set<string>>();
    plan.refs.set(r.field, byValue);
    const values = [...new Set(rows.map((cells) => refKey(cells[r.index] ?? '')).filter(Boolean))];
    if (!values.length) continue;
    const t = r.target.table;
    const exprs = r.match.map((m) =>
      Array.isArray(m) ? sql`lower(concat_ws(' ', ${sql.join(m.map((c) => column(t, c)), sql`, `)}))` : sql`lower(${column(t, m)})`,
    );
    const wanted = arrayOf(values, 'text');
    const found = (await ctx.db
      .select({ id: column(t, 'id'), ...Object.fromEntries(exprs.map((e, i) => [`m${i}`, e])) })
      .from(t)
      .where(scoped(ctx, r.target, sql`(${sql.join(exprs.map((e) => sql`${e} = ANY(${wanted})`), sql` OR `)})`))) as Record<string, string | null>[];
    for (const row of found)
      for (let i = 0; i < exprs.length; i++) {
        const v = row[`m${i}`];
        if (!v) continue;
        if (!byValue.has(v)) byValue.set(v, new Set());
        byValue.get(v)!.add(row.id!);
      }
  }
}
