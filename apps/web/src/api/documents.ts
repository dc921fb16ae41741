import type { Id, Model, ResourceIdentifier, ResourceObject, JsonApiDocument } from './jsonapi.ts';

/** JSON:API documents to models and back; pure, unit-tested with the rest (jsonapi.test.ts). */

/** Turns a document into models: attributes flattened onto the object, relationships resolved from included. */
export function deserialize<T extends Model = Model>(doc: JsonApiDocument): T | T[] | null {
  const index = new Map<string, ResourceObject>();
  const primary = doc.data === undefined || doc.data === null ? [] : Array.isArray(doc.data) ? doc.data : [doc.data];
  for (const r of [...primary, ...(doc.included ?? [])]) index.set(`${r.type}:${r.id}`, r);
  const cache = new Map<string, Model>();

  const build = (ref: ResourceIdentifier): Model => {
    const key = `${ref.type}:${ref.id}`;
    const cached = cache.get(key);
    if (cached) return cached;
    const found = index.get(key);
    // Ids are strings in JSON:API; a server sending numbers in linkage still compares equal.
    const model: Model = { id: String(ref.id), type: ref.type };
    cache.set(key, model); // set before resolving relationships: cycles share the same object
    if (!found) return model;
    Object.assign(model, found.attributes ?? {});
    if (found.meta) model.meta = found.meta;
    for (const [name, rel] of Object.entries(found.relationships ?? {})) {
      if (rel.data === undefined) continue; // relationship not loaded: leave absent
      model[name] = rel.data === null ? null : Array.isArray(rel.data) ? rel.data.map(build) : build(rel.data);
    }
    return model;
  };

  if (doc.data === undefined || doc.data === null) return null;
  return Array.isArray(doc.data) ? (doc.data.map(build) as T[]) : (build(doc.data) as T);
}

/** A line of a child collection sent inside its parent's document: without id, a new line. */
export interface ChildObject {
  type: string;
  id?: Id;
  attributes: Record<string, unknown>;
  /** A line's own relationships (an estimate item's supplier and tax group). */
  relationships?: Record<string, { data: ResourceIdentifier | ResourceIdentifier[] | null }>;
}

export type RelationshipValue = Id | null | readonly Id[] | ResourceIdentifier | readonly (ResourceIdentifier | ChildObject)[];

export interface SerializeInput {
  type: string;
  id?: Id;
  attributes?: Record<string, unknown>;
  /** name -> { type, value }: value is an id, a list of ids, identifiers, or null. */
  relationships?: Record<string, { type: string; value: RelationshipValue }>;
}

const toIdentifier = (type: string, v: Id | ResourceIdentifier | ChildObject): ResourceIdentifier | ChildObject =>
  typeof v === 'string' ? { type, id: v } : 'attributes' in v ? v : { type: v.type, id: v.id };

/** Builds a JSON:API document for create or update. */
export function serialize(input: SerializeInput): { data: ResourceObject | Omit<ResourceObject, 'id'> } {
  const data: Record<string, unknown> = { type: input.type };
  if (input.id !== undefined) data.id = input.id;
  data.attributes = { ...(input.attributes ?? {}) };
  if (input.relationships && Object.keys(input.relationships).length > 0) {
    const rels: Record<string, unknown> = {};
    for (const [name, { type, value }] of Object.entries(input.relationships)) {
      rels[name] = {
        data:
          value === null
            ? null
            : Array.isArray(value)
              ? (value as (Id | ResourceIdentifier | ChildObject)[]).map((v) => toIdentifier(type, v))
              : toIdentifier(type, value as Id | ResourceIdentifier),
      };
    }
    data.relationships = rels;
  }
  return { data: data as unknown as ResourceObject };
}
