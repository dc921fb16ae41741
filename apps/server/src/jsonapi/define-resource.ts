import type { SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Tenancy } from '../access/tenancy.ts';
import type { MessageKey, MessageParams } from '../i18n/index.ts';
import type { Attribute } from './attributes.ts';
import type { RequestContext } from './context.ts';
import type { ChildList } from './children.ts';
import type { Relationship } from './relationships.ts';

export type Row = Record<string, unknown> & { id: string };

/** A declared filter: turns the raw query value into SQL (ANDed with the tenancy scope). */
export interface Filter {
  apply(value: string, ctx: RequestContext, table: PgTable): SQL | undefined;
}

/** What a create or update carries once validated. */
export interface WriteInput {
  /** Column values to write. */
  values: Record<string, unknown>;
  /** Virtual attributes (not columns), for hooks. */
  virtual: Record<string, unknown>;
  /** To-many relationships to replace, by relationship name: ids. */
  toMany: Record<string, string[]>;
  /** Child collections to replace (ownsMany), by relationship name: the parsed list. */
  children: Record<string, ChildList>;
  /** The attribute and relationship names present in the request. */
  present: Set<string>;
}

export interface Hooks {
  /** Extra validation and derived values, before the row is written. Throw ApiError to refuse. */
  beforeWrite?(ctx: RequestContext, input: WriteInput, existing: Row | null): Promise<void> | void;
  /** After the row (and its relationships) are written, in the same transaction. */
  afterWrite?(ctx: RequestContext, row: Row, input: WriteInput, existing: Row | null): Promise<void> | void;
  beforeDelete?(ctx: RequestContext, row: Row): Promise<void> | void;
}

export interface ActionResult {
  /** Custom response body; default: the updated resource document. */
  body?: unknown;
  status?: number;
  /** Answer with this record of the same type instead (e.g. the copy a copy action made). */
  recordId?: string;
  /** Attributes logged with the action's event. */
  log?: Record<string, unknown>;
  /** The record as the action left it, for the activity log and notifications (default: as loaded). */
  row?: Row;
}

/** A workflow call declared beside the resource: POST /{type}/{id}/{name} unless said otherwise. */
export interface ActionDefinition {
  method?: 'GET' | 'POST';
  /** Path under the type; ':id' marks the record. Default ':id/<name>'. */
  path?: string;
  /** Record actions load and lock the record first; collection actions get none. */
  collection?: boolean;
  /** Permission needed (any of the list); null: any signed-in user (the handler scopes the rows). */
  permission: string | string[] | null;
  /** Log the action in the activity log (default true for record actions). */
  log?: boolean;
  handler(ctx: RequestContext, record: Row | null, body: unknown): Promise<ActionResult | void>;
  /** What the API contract (GET /openapi.json) says of the action beyond its path and verb. */
  contract?: ActionContract;
}

/** A JSON Schema (2020-12, as OpenAPI 3.1 takes it). */
export type JsonSchema = Record<string, unknown>;

export interface ActionContract {
  summary?: string;
  /** The request body the action reads (default: none). */
  body?: JsonSchema;
  /** A custom answer (ActionResult.body); default: the record's document, none for collection actions. */
  response?: JsonSchema;
  /** The status of a success (default 200, or 204 for a collection action without response). */
  status?: number;
}

/** What an upload field accepts (POST /uploads/{type}/{id}/{field}; the field is set to the URL). */
export interface UploadField {
  kinds: ('image' | 'pdf' | 'document')[];
  /** Also lets this actor upload without the edit permission (a user's own profile picture). */
  mayEdit?(ctx: RequestContext, row: Row): boolean;
}

export type Verb = 'viewAny' | 'view' | 'create' | 'edit' | 'delete';

/** Something the user should know about a record that does not stop the write (a doubtful VIN). */
export interface Warning {
  code: MessageKey;
  params?: MessageParams;
  /** The attribute it is about, e.g. /data/attributes/vin. */
  pointer?: string;
}

export interface ResourceDefinition {
  type: string;
  table: PgTable;
  attributes: Record<string, Attribute>;
  relationships?: Record<string, Relationship>;
  filters?: Record<string, Filter>;
  /** Sortable attribute names (or a name to SQL expression). */
  sorts?: (string | { name: string; sql: SQL })[];
  defaultSort?: string;
  /**
   * Permission subject ('users' → 'view any users', ...), or null when any signed-in user may
   * read it (writes then need explicit `writable`).
   */
  permissions: string | null;
  /** With `permissions: null`: any signed-in user may also write, within the tenancy scope. */
  writable?: boolean;
  /** Other permissions that also grant a verb ('view own organization'). */
  alsoGrantedBy?: Partial<Record<'view' | 'edit' | 'viewAny', string[]>>;
  tenancy: Tenancy;
  /** The 403 message of a verb when the generic one says too little (spec: "no permission to add a vehicle"). */
  forbiddenMessages?: Partial<Record<Verb, MessageKey>>;
  /** Warnings about one record, answered in meta.warnings of its document after a read or write. */
  warnings?(row: Row): Warning[];
  /** Which verbs the API offers (default all). */
  operations?: { list?: boolean; get?: boolean; create?: boolean; update?: boolean; delete?: boolean };
  hooks?: Hooks;
  actions?: Record<string, ActionDefinition>;
  /** Extra data computed on demand (?add_data=name) and returned in meta. */
  addData?: Record<string, (ctx: RequestContext, rows: Row[]) => Promise<unknown>>;
  /** Unique index name → attribute (or attribute and message), to answer a violation on the right field. */
  uniques?: Record<string, string | { attribute: string; code: MessageKey }>;
  /** Written to the activity log (default true). */
  logged?: boolean;
  /** Attribute columns that take a file upload. */
  uploads?: Record<string, UploadField>;
  /** Who besides the followers hears of changes (the notifications area reads it). */
  notify?: {
    /** Ids of the users assigned to the record. */
    assignees?(row: Row): (string | null | undefined)[];
    /** The record's name in a notification (default: name, code, title, number...). */
    label?(row: Row): string;
  };
}

export const registry = new Map<string, ResourceDefinition>();

export function defineResource(def: ResourceDefinition): ResourceDefinition {
  if (registry.has(def.type)) throw new Error(`Resource type ${def.type} declared twice`);
  registry.set(def.type, def);
  return def;
}

export function resource(type: string): ResourceDefinition {
  const def = registry.get(type);
  if (!def) throw new Error(`Unknown resource type ${type}`);
  return def;
}
