import { eq } from 'drizzle-orm';
import type { RequestContext } from './context.ts';
import type { ResourceDefinition, Row, WriteInput } from './define-resource.ts';
import { findRow, isId, scoped } from './scope.ts';
import { inIds, stamped, updateRow } from './select.ts';
import {
  ApiError,
  ValidationErrors,
  attributePointer,
  idList,
  relationshipPointer,
  type ErrorItem,
} from './errors.ts';
import { column } from './filters.ts';
import { hasLocations } from '../access/tenancy.ts';
import { runWrites, writeLog, writeLogs } from './audit.ts';
import { own } from './own.ts';
import { enforceCreate, enforceDelete, enforceEdit } from './policies.ts';
import { isCreateOnly, type Relationship } from './relationships.ts';
import { afterOwnLine, owningCollection, parseChildren, prepareOwnLine, writeChildren } from './children.ts';
import { isObject } from '@atelier/domain';

export type Mode = 'create' | 'update';


/**
 * Reads a JSON:API document into a WriteInput, collecting every field error (422 with pointers)
 * rather than stopping at the first.
 */
export async function parseDocument(
  ctx: RequestContext,
  def: ResourceDefinition,
  body: unknown,
  mode: Mode,
  existing: Row | null,
): Promise<WriteInput> {
  if (!isObject(body) || !isObject(body.data)) throw new ApiError(400, 'error.invalid_document', undefined, { pointer: '/data' });
  const data = body.data;
  if (data.type !== def.type)
    throw new ApiError(409, 'error.type_mismatch', { type: String(data.type), expected: def.type }, { pointer: '/data/type' });
  // JSON:API 1.1: a server that does not take client-generated ids answers 403.
  if (mode === 'create' && data.id !== undefined && data.id !== null)
    throw new ApiError(403, 'error.client_id', undefined, { pointer: '/data/id' });
  if (mode === 'update' && data.id !== undefined && String(data.id) !== existing!.id)
    throw new ApiError(409, 'error.id_mismatch', undefined, { pointer: '/data/id' });

  const errors = new ValidationErrors();
  const input = await parseData(ctx, def, data, mode, existing, errors);
  errors.throwIfAny();
  return input;
}

/**
 * The attributes and relationships of a resource object, its errors collected. A child line of a
 * parent's document is read by the same rules (children.ts), without its link to the parent
 * (`owner`, set by the engine).
 */
export async function parseData(
  ctx: RequestContext,
  def: ResourceDefinition,
  data: Record<string, unknown>,
  mode: Mode,
  existing: Row | null,
  errors: ValidationErrors,
  owner?: string,
): Promise<WriteInput> {
  const input = readAttributes(def, data, mode, errors);
  const relationships = data.relationships ?? {};
  if (!isObject(relationships)) throw new ApiError(400, 'error.invalid_document', undefined, { pointer: '/data/relationships' });
  await parseRelationships(ctx, def, relationships, mode, existing, input, errors, owner);
  requireRelationships(def, mode, input, errors, owner);
  return input;
}

/**
 * The attributes of a resource object by their declarations (types, enumerations, checks, and on
 * create the required ones). Needs no database: an import's lines are read so in a worker thread.
 */
export function readAttributes(def: ResourceDefinition, data: Record<string, unknown>, mode: Mode, errors: ValidationErrors): WriteInput {
  const input: WriteInput = { values: {}, virtual: {}, toMany: {}, children: {}, present: new Set() };
  const attributes = data.attributes ?? {};
  if (!isObject(attributes)) throw new ApiError(400, 'error.invalid_document', undefined, { pointer: '/data/attributes' });

  for (const [name, value] of Object.entries(attributes)) {
    const a = own(def.attributes, name);
    if (!a) {
      errors.add(attributePointer(name), 'validation.unknown_attribute', { name });
      continue;
    }
    // Clients send back whole records: read-only values are ignored, not refused.
    if (a.readOnly || (a.createOnly && mode === 'update')) continue;
    const parsed = a.parse(value);
    if (!parsed.ok) {
      if (parsed.nested?.length) for (const n of parsed.nested) errors.add(attributePointer(name) + n.path, n.code, n.params);
      else errors.add(attributePointer(name), parsed.code, parsed.params);
      continue;
    }
    input.present.add(name);
    if (a.virtual) input.virtual[name] = parsed.value;
    else input.values[a.column ?? name] = parsed.value;
  }
  if (mode === 'create')
    for (const [name, a] of Object.entries(def.attributes))
      if (a.required && !a.readOnly && !input.present.has(name) && !errors.items.some((e) => e.source?.pointer === attributePointer(name)))
        errors.add(attributePointer(name), 'validation.required');
  return input;
}

/** Whether a document's relationship is read: not read-only, not the parent's link, not create-only in an update. */
export const writable = (rel: Relationship, name: string, mode: Mode, owner?: string) => !rel.readOnly && name !== owner && !(isCreateOnly(rel) && mode === 'update');

/** On create, the required to-one relationships the document leaves out. */
export function requireRelationships(def: ResourceDefinition, mode: Mode, input: WriteInput, errors: ValidationErrors, owner?: string) {
  if (mode !== 'create') return;
  for (const [name, rel] of Object.entries(def.relationships ?? {}))
    if (rel.kind === 'belongsTo' && rel.required && name !== owner && !input.present.has(name) && !hasError(errors, relationshipPointer(name)))
      errors.add(relationshipPointer(name), 'validation.required');
}

const hasError = (errors: ValidationErrors, pointer: string) => errors.items.some((e) => e.source?.pointer === pointer);

async function parseRelationships(
  ctx: RequestContext,
  def: ResourceDefinition,
  relationships: Record<string, unknown>,
  mode: Mode,
  existing: Row | null,
  input: WriteInput,
  errors: ValidationErrors,
  owner?: string,
) {
  for (const [name, value] of Object.entries(relationships)) {
    const rel = own(def.relationships, name);
    const pointer = relationshipPointer(name);
    if (!rel) {
      errors.add(pointer, 'validation.unknown_relationship', { name });
      continue;
    }
    if (!writable(rel, name, mode, owner)) continue;
    if (rel.kind === 'ownsMany') {
      const children = await parseChildren(ctx, name, rel, value, existing, errors);
      if (children) {
        input.present.add(name);
        input.children[name] = children;
      }
      continue;
    }
    if (!isObject(value) || !('data' in value)) {
      errors.add(pointer, 'validation.relationship_invalid');
      continue;
    }
    const linkage = value.data;
    const toOne = rel.kind === 'belongsTo';
    const items = toOne ? (linkage === null ? [] : [linkage]) : Array.isArray(linkage) ? linkage : null;
    if (items === null || items.some((i) => !isObject(i) || typeof i.id !== 'string')) {
      errors.add(pointer, 'validation.relationship_invalid');
      continue;
    }
    const refs = items as { type: unknown; id: string }[];
    if (refs.some((r) => r.type !== rel.type)) {
      errors.add(pointer, 'validation.relationship_type', { expected: rel.type });
      continue;
    }
    const ids = [...new Set(refs.map((r) => r.id))];
    if (toOne && rel.required && ids.length === 0) {
      errors.add(pointer, 'validation.required');
      continue;
    }
    // An id of the wrong shape names nothing: said as such, not as a record that may exist elsewhere.
    if (ids.some((id) => !isId(ctx.registry.resource(rel.type), id))) {
      errors.add(pointer, 'validation.uuid');
      continue;
    }
    // The related records must exist and be visible to the actor: invisible ones do not exist.
    const missing = await invisibleIds(ctx, rel.type, ids);
    if (missing.length) {
      errors.add(pointer, 'validation.relationship_not_found', { id: idList(missing) });
      continue;
    }
    input.present.add(name);
    if (rel.kind === 'belongsTo') input.values[rel.column] = ids[0] ?? (await hiddenLinks(ctx, rel, existing))[0] ?? null;
    else if (rel.kind === 'idArray') input.values[rel.column] = [...ids, ...(await hiddenLinks(ctx, rel, existing))];
    else input.toMany[name] = ids;
  }
}

/**
 * The ids a record links that its reader does not see (their linkage leaves them out: includes.ts):
 * a document sent back as it was read keeps them rather than unlinking what someone else entered.
 */
async function hiddenLinks(ctx: RequestContext, rel: { type: string; column: string }, existing: Row | null): Promise<string[]> {
  if (!existing || !ctx.actor.restrictToLocations) return [];
  const linked = [existing[rel.column] ?? []].flat().filter((id): id is string => typeof id === 'string');
  return invisibleIds(ctx, rel.type, linked);
}

/** The ids (each of the shape of the type's keys) that name no record the actor sees. */
async function invisibleIds(ctx: RequestContext, type: string, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const target = ctx.registry.resource(type);
  const found = (await ctx.db
    .select({ id: column(target.table, 'id') })
    .from(target.table)
    .where(scoped(ctx, target, inIds(column(target.table, 'id'), ids)))) as { id: unknown }[];
  const seen = new Set(found.map((f) => String(f.id)));
  return ids.filter((id) => !seen.has(id));
}

/**
 * Fills the tenant columns of a new row from the actor (spec: new records take organization,
 * reseller and allowed locations from the user). An organization user cannot write elsewhere.
 */
function stampTenant(ctx: RequestContext, def: ResourceDefinition, input: WriteInput, errors: ValidationErrors) {
  const { actor } = ctx;
  const columns = def.table as unknown as Record<string, unknown>;
  if (def.tenancy.hasOrganization && 'organization_id' in columns) {
    if (actor.organizationId) input.values.organization_id = actor.organizationId;
    else if (!input.values.organization_id && def.tenancy.kind === 'organization')
      errors.add(relationshipPointer('organization'), 'validation.required');
  }
  if ('reseller_id' in columns && def.tenancy.kind === 'owner' && !input.values.organization_id && !input.present.has('reseller'))
    input.values.reseller_id = actor.resellerId;
  // A reseller's rows are its user's reseller's (staff name the reseller, or the resource derives it).
  if ('reseller_id' in columns && def.tenancy.kind === 'reseller' && actor.resellerId && !actor.organizationId) input.values.reseller_id = actor.resellerId;
  if (hasLocations(def.table) && !('location_ids' in input.values))
    input.values.location_ids = actor.restrictToLocations ? actor.locationIds : [];
}

/**
 * What a document names beside its own values: related records that carry an organization must
 * belong to the record's organization, and uploads (attributes that hold them) too.
 */
export async function checkReferences(ctx: RequestContext, def: ResourceDefinition, input: WriteInput, organizationId: string | null, existing: Row | null) {
  await checkUploads(ctx, def, input, organizationId, existing);
  if (!organizationId) return;
  const errors = new ValidationErrors();
  for (const [name, rel] of Object.entries(def.relationships ?? {})) {
    if (!input.present.has(name) || name === 'organization') continue;
    const target = ctx.registry.resource(rel.type);
    const cols = target.table as unknown as Record<string, unknown>;
    if (!('organization_id' in cols)) continue;
    const ids =
      rel.kind === 'belongsTo'
        ? [input.values[rel.column]].filter(Boolean)
        : rel.kind === 'idArray'
          ? (input.values[rel.column] as string[])
          : (input.toMany[name] ?? []);
    if (!ids.length) continue;
    const rows = (await ctx.db
      .select({ id: column(target.table, 'id'), org: column(target.table, 'organization_id') })
      .from(target.table)
      .where(inIds(column(target.table, 'id'), ids as string[]))) as { id: string; org: string | null }[];
    // Platform- or reseller-level records (org null) may be referenced, e.g. a reseller's role.
    const foreign = rows.filter((r) => r.org && r.org !== organizationId).map((r) => r.id);
    if (foreign.length) errors.add(relationshipPointer(name), 'validation.relationship_other_organization', { id: foreign.join(', ') });
  }
  errors.throwIfAny();
}

const UPLOAD_URL = /^\/api\/v1\/uploads\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\/content$/i;

/** The upload an address of Atelier names (/api/v1/uploads/{id}/content), lower-cased; else null. */
export const uploadIdOf = (url: string) => UPLOAD_URL.exec(url)?.[1]?.toLowerCase() ?? null;

/**
 * Each upload address a document adds (Attribute.holdsUploads) names an upload of the record's
 * organization whose record the writer sees; anything else, a web address included, is refused
 * (422). Addresses the record already holds are kept as they are (web addresses of older data).
 */
async function checkUploads(ctx: RequestContext, def: ResourceDefinition, input: WriteInput, organizationId: string | null, existing: Row | null) {
  const errors = new ValidationErrors();
  for (const [name, a] of Object.entries(def.attributes)) {
    const key = a.column ?? name;
    if (!a.uploads || !input.present.has(name)) continue;
    const kept = new Set([existing?.[key] ?? []].flat());
    const added = [input.values[key] ?? []].flat().filter((v): v is string => typeof v === 'string' && v !== '' && !kept.has(v));
    if (!added.length) continue;
    const ids = added.map(uploadIdOf);
    const wanted = ids.filter((id): id is string => !!id);
    const found = wanted.length ? await ctx.registry.uploads(ctx, wanted) : [];
    // Of the record's organization, and uploaded for a record the writer sees (a hidden location's are not theirs).
    const usable = new Set<string>();
    for (const type of new Set(found.map((u) => u.type))) {
      const ofType = found.filter((u) => u.type === type && u.organization === organizationId);
      if (!ofType.length || !ctx.registry.has(type)) continue;
      const hidden = new Set(await invisibleIds(ctx, type, ofType.map((u) => u.record)));
      for (const u of ofType) if (!hidden.has(u.record)) usable.add(u.id);
    }
    if (ids.some((id) => !id || !usable.has(id))) errors.add(attributePointer(name), 'validation.upload_reference');
  }
  errors.throwIfAny();
}

async function writeToMany(ctx: RequestContext, def: ResourceDefinition, id: string, input: WriteInput) {
  for (const [name, ids] of Object.entries(input.toMany)) {
    const rel = def.relationships![name];
    if (rel.kind !== 'manyToMany') continue;
    await ctx.db.delete(rel.through).where(eq(column(rel.through, rel.local), id));
    if (ids.length) await ctx.db.insert(rel.through).values(ids.map((fid) => ({ [rel.local]: id, [rel.foreign]: fid })));
  }
}

export async function createRecord(ctx: RequestContext, def: ResourceDefinition, body: unknown): Promise<Row> {
  const input = await checkCreate(ctx, def, await parseDocument(ctx, def, body, 'create', null));
  const [inserted] = (await withUniques(def, () => ctx.db.insert(def.table).values(input.values).returning(), input.values)) as Row[];
  await writeToMany(ctx, def, inserted.id, input);
  const { row, changed } = await writeChildren(ctx, def, inserted, input);
  await runWrites(ctx, await def.hooks?.afterWrite?.(ctx, row, input, null));
  // A line written through its own route is logged on its parent (afterOwnLine).
  if (!(await afterOwnLine(ctx, def, null, row)) && def.logged !== false) await writeLog(ctx, def, row, 'created', withChildren(changes(def, {}, row), changed));
  return row;
}

/** The log's properties with the changes of the record's child collections, if any. */
const withChildren = (properties: ReturnType<typeof changes>, changed: Record<string, unknown>) =>
  Object.keys(changed).length ? { ...properties, children: changed } : properties;

/**
 * The checks of createRecord after the document is read: tenant stamping, the create policy,
 * same-organization relationships and the beforeWrite hook. With insertPrepared, many lines of an
 * import (read in a worker thread) are created by the rules of POST in one INSERT (a refused line
 * throws here, alone).
 */
export async function checkCreate(ctx: RequestContext, def: ResourceDefinition, input: WriteInput): Promise<WriteInput> {
  const errors = new ValidationErrors();
  stampTenant(ctx, def, input, errors);
  errors.throwIfAny();
  await prepareOwnLine(ctx, def, input, null);
  await enforceCreate(ctx, def, input);
  await checkReferences(ctx, def, input, (input.values.organization_id as string) ?? null, null);
  await def.hooks?.beforeWrite?.(ctx, input, null);
  return input;
}

/**
 * Writes prepared creations as createRecord would (relationships, afterWrite, activity log), with
 * one INSERT for the rows and one for their log entries. All or nothing: a unique violation
 * rejects the batch (the caller redoes its lines one by one to tell which one is refused).
 */
export async function insertPrepared(ctx: RequestContext, def: ResourceDefinition, inputs: WriteInput[]): Promise<Row[]> {
  if (!inputs.length) return [];
  const rows = (await withUniques(def, () => ctx.db.insert(def.table).values(inputs.map((i) => i.values)).returning())) as Row[];
  const logged: Record<string, unknown>[] = [];
  for (let k = 0; k < rows.length; k++) {
    await writeToMany(ctx, def, rows[k].id, inputs[k]);
    const { row, changed } = await writeChildren(ctx, def, rows[k], inputs[k]);
    rows[k] = row;
    logged.push(changed);
    await runWrites(ctx, await def.hooks?.afterWrite?.(ctx, rows[k], inputs[k], null));
  }
  if (def.logged !== false) await writeLogs(ctx, def, rows.map((row, k) => ({ row, event: 'created', properties: withChildren(changes(def, {}, row), logged[k]) })));
  return rows;
}

export async function updateRecord(ctx: RequestContext, def: ResourceDefinition, id: string, body: unknown): Promise<Row> {
  const existing = await findRow(ctx, def, id, { lock: true });
  const input = await parseDocument(ctx, def, body, 'update', existing);
  await prepareOwnLine(ctx, def, input, existing);
  await enforceEdit(ctx, def, existing, input);
  await checkReferences(ctx, def, input, ((input.values.organization_id ?? existing.organization_id) as string) ?? null, existing);
  await def.hooks?.beforeWrite?.(ctx, input, existing);
  let row = existing;
  // A to-many change alone still bumps updated_at: caches keyed on it (a role's permissions) must see it.
  if (Object.keys(input.values).length || Object.keys(input.toMany).length) {
    row = (await withUniques(def, () => updateRow(ctx.db, def.table, id, stamped(def.table, input.values)), { ...existing, ...input.values }))!;
  }
  await writeToMany(ctx, def, id, input);
  const written = await writeChildren(ctx, def, row, input);
  row = written.row;
  const along = await def.hooks?.afterWrite?.(ctx, row, input, existing);
  const diff = changes(def, existing, row);
  const changed = Object.keys(diff.attributes).length || Object.keys(input.toMany).length || Object.keys(written.changed).length;
  // The hook's writes go with the record's own log entry; a line's entry is its parent's (afterOwnLine).
  if (changed && def.logged !== false && !owningCollection(ctx, def)) await writeLog(ctx, def, row, 'updated', withChildren(diff, written.changed), along || []);
  else {
    await runWrites(ctx, along);
    if (changed) await afterOwnLine(ctx, def, existing, row);
  }
  return row;
}

export async function deleteRecord(ctx: RequestContext, def: ResourceDefinition, id: string): Promise<void> {
  const existing = await findRow(ctx, def, id, { lock: true });
  await enforceDelete(ctx, def, existing);
  await def.hooks?.beforeDelete?.(ctx, existing);
  const kept = await def.tombstone?.(ctx, existing);
  try {
    if (kept) await ctx.db.update(def.table).set(kept).where(eq(column(def.table, 'id'), id));
    else await ctx.db.delete(def.table).where(eq(column(def.table, 'id'), id));
  } catch (err) {
    if (isInUse(err)) throw new ApiError(409, 'error.in_use');
    throw err;
  }
  if (!(await afterOwnLine(ctx, def, existing, null)) && def.logged !== false) await writeLog(ctx, def, existing, 'deleted', changes(def, existing, {}));
}

/** The attributes that differ between two versions of a row, as the activity log keeps them. */
export function changes(def: ResourceDefinition, before: Record<string, unknown>, after: Record<string, unknown>) {
  const old: Record<string, unknown> = {};
  const attributes: Record<string, unknown> = {};
  const names: [string, string][] = Object.entries(def.attributes)
    .filter(([, a]) => !a.writeOnly && !a.virtual)
    .map(([n, a]) => [n, a.column ?? n]);
  for (const [name, rel] of Object.entries(def.relationships ?? {}))
    if (rel.kind === 'belongsTo' || rel.kind === 'idArray') names.push([name, rel.column]);
  for (const [name, col] of names) {
    const a = before[col];
    const b = after[col];
    if (JSON.stringify(a ?? null) !== JSON.stringify(b ?? null)) {
      if (col in before) old[name] = a ?? null;
      if (col in after) attributes[name] = b ?? null;
    }
  }
  return { old, attributes };
}

/**
 * A row still referenced by another: a foreign key's NO ACTION (23503) or RESTRICT (23001) refused
 * the delete, answered as a 409 (error.in_use).
 */
export const isInUse = (err: unknown) => ['23503', '23001'].includes(dbErrorCode(err) ?? '');

export function dbErrorCode(err: unknown): string | undefined {
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.code ?? e?.cause?.code;
}

export function dbConstraint(err: unknown): string | undefined {
  const e = err as { constraint?: string; cause?: { constraint?: string } };
  return e?.constraint ?? e?.cause?.constraint;
}

/**
 * Turns a unique violation into a 422 on the field the declaration names; given the row's values,
 * the message names the value taken ({value}: "a folder named « Factures » is already there").
 */
export async function withUniques<T>(def: ResourceDefinition, fn: () => Promise<T>, values?: Record<string, unknown>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (dbErrorCode(err) === '23505') {
      const unique = def.uniques?.[dbConstraint(err) ?? ''];
      const attribute = typeof unique === 'string' ? unique : unique?.attribute;
      const relationship = typeof unique === 'object' ? unique.relationship : undefined;
      const value = attribute ? values?.[def.attributes[attribute]?.column ?? attribute] : undefined;
      const item: ErrorItem = {
        status: 422,
        code: typeof unique === 'object' ? unique.code : 'validation.unique',
        ...(typeof value === 'string' ? { params: { value } } : {}),
        source: { pointer: relationship ? relationshipPointer(relationship) : attribute ? attributePointer(attribute) : '/data' },
      };
      throw ApiError.many([item]);
    }
    throw err;
  }
}
