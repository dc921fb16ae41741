import type { RequestContext } from './context.ts';
import type { ResourceDefinition, Row } from './define-resource.ts';
import type { Ref } from './relationships.ts';

// A JSON:API document of rows already read: the linkage loaded with them (includes.ts fills it),
// the resource objects, the meta of add_data.

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

export interface ResourceObject {
  type: string;
  id: string;
  attributes: Record<string, unknown>;
  relationships?: Record<string, { data: unknown }>;
  links: { self: string };
}

/**
 * A type's attributes and relationships as lists, made once: serialising walks them for every row
 * of every document, and Object.entries() of the declaration on each row was a tenth of it.
 */
interface Layout {
  attributes: [name: string, a: ResourceDefinition['attributes'][string]][];
  relationships: [name: string, rel: NonNullable<ResourceDefinition['relationships']>[string]][];
  self: string;
}
const layouts = new WeakMap<ResourceDefinition, Layout>();
function layoutOf(def: ResourceDefinition): Layout {
  let layout = layouts.get(def);
  if (!layout) {
    layout = {
      attributes: Object.entries(def.attributes).filter(([, a]) => !a.writeOnly),
      relationships: Object.entries(def.relationships ?? {}),
      self: `/api/v1/${def.type}/`,
    };
    layouts.set(def, layout);
  }
  return layout;
}

export function serialize(ctx: RequestContext, def: ResourceDefinition, row: Row, doc: Document, fields?: Map<string, Set<string>>): ResourceObject {
  const only = fields?.get(def.type);
  const layout = layoutOf(def);
  const attributes: Record<string, unknown> = {};
  for (const [name, a] of layout.attributes) {
    if (only && !only.has(name)) continue;
    const value = a.compute ? a.compute(row, ctx) : (row[a.column ?? name] ?? null);
    attributes[name] = a.format ? a.format(value) : value;
  }
  const loaded = doc.linkage.get(linkKey(def.type, row.id));
  let relationships: Record<string, { data: unknown }> | undefined;
  for (const [name, rel] of layout.relationships) {
    if (only && !only.has(name)) continue;
    const type = rel.type;
    if (rel.kind === 'polymorphic') {
      // Typed references; not loaded: no linkage rather than a wrong one.
      if (loaded?.has(name)) {
        const refs = (loaded.get(name) as Ref[]).map((r) => ({ type: r.type, id: String(r.id) }));
        (relationships ??= {})[name] = { data: rel.many ? refs : (refs[0] ?? null) };
      }
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
    (relationships ??= {})[name] = {
      // JSON:API ids are strings, whatever the column type (permissions have integer keys).
      data: Array.isArray(value) ? value.map((id) => ({ type, id: String(id) })) : value ? { type, id: String(value) } : null,
    };
  }
  return {
    type: def.type,
    id: String(row.id),
    attributes,
    ...(relationships ? { relationships } : {}),
    links: { self: layout.self + row.id },
  };
}

export function includedObjects(ctx: RequestContext, doc: Document, fields?: Map<string, Set<string>>) {
  return [...doc.included.values()].map(({ def, row }) => serialize(ctx, def, row, doc, fields));
}

export async function addDataMeta(ctx: RequestContext, def: ResourceDefinition, rows: Row[], names: string[]) {
  const meta: Record<string, unknown> = {};
  for (const n of names) {
    const extra = def.addData![n];
    meta[n] = await (typeof extra === 'function' ? extra : extra.read)(ctx, rows);
  }
  return meta;
}
