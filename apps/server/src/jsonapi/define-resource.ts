import type { Declaration, Locale, Permission, PermissionSubject } from '@atelier/domain';
import type { SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Tenancy } from '../access/tenancy.ts';
import type { MessageKey, MessageParams } from '../i18n/index.ts';
import { attributeOf, type Attribute } from './attributes.ts';
import type { RequestContext } from './context.ts';
import type { ChildList } from './children.ts';
import type { Relationship, Storage } from './relationships.ts';
import type { Planned } from './select.ts';
import type { WorkflowParts } from './workflow.ts';

export type Row = Record<string, unknown> & { id: string };
/** Extra data of a response's meta (add_data=name), from the records it answers. */
export type AddData = (ctx: RequestContext, rows: Row[]) => Promise<unknown>;
/** A row of a table as Drizzle types it (hooks, policies and actions of a type get these). */
export type RowOf<T extends PgTable> = T['$inferSelect'] & Row;

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
  /** The parent whose document carries this line (children.ts); absent through the line's own route. */
  parent?: Row;
}

export interface Hooks<R extends Row = Row> {
  /** Extra validation and derived values, before the row is written. Throw ApiError to refuse. */
  beforeWrite?(ctx: RequestContext, input: WriteInput, existing: R | null): Promise<void> | void;
  /**
   * After the row (and its relationships) are written, in the same transaction. It may answer
   * writes (INSERT, UPDATE, DELETE) whose results nothing reads before the commit: an update sends
   * them with its activity-log entry, one statement; elsewhere they run at once.
   */
  afterWrite?(ctx: RequestContext, row: R, input: WriteInput, existing: R | null): Promise<void | SQL[]> | void | SQL[];
  beforeDelete?(ctx: RequestContext, row: R): Promise<void> | void;
}

/** A record policy's refusal: 403 (not theirs to do) or 409 (the record's state does not allow it). */
export interface Refusal {
  status: 403 | 409;
  code: MessageKey;
  params?: MessageParams;
  /** The attribute or relationship refused, e.g. /data/relationships/roles. */
  pointer?: string;
}

/** Nothing: allowed; else one refusal, or several (each with its pointer). */
export type PolicyAnswer = Refusal | Refusal[] | undefined | void;

/** One rule of a record policy. */
export interface Policy<A extends unknown[]> {
  /** What it refuses, by status, as the API contract says it on the operation's 403 and 409 answers. */
  refuses: Partial<Record<403 | 409, string>>;
  check(ctx: RequestContext, ...args: A): PolicyAnswer | Promise<PolicyAnswer>;
}

/**
 * What the roles allow that the record (its state, its owner) or the document may still refuse.
 * Run by the engine after the record is loaded and locked, before the hooks; nothing is written
 * on a refusal.
 */
export interface Policies<R extends Row = Row> {
  /** A new document: what it asks for (a type of work, an assignee, access). */
  create?: Policy<[input: WriteInput]>;
  /** A change of a record (a PATCH, an upload to one of its fields). */
  edit?: Policy<[row: R, input: WriteInput]>;
  delete?: Policy<[row: R]>;
  /** By record action name. */
  actions?: Record<string, Policy<[row: R]>>;
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
  /** Members of the answer's meta beside the record's document (declared in contract.meta). */
  meta?: Record<string, unknown>;
}

interface ActionBase {
  method?: 'GET' | 'POST';
  /** Path under the type; ':id' marks the record. Default ':id/<name>' (a collection action: '<name>'). */
  path?: string;
  /** Permission needed (any of the list); null: any signed-in user (the handler scopes the rows). */
  permission: Permission | Permission[] | null;
  /** What the API contract (GET /openapi.json) says of the action beyond its path and verb. */
  contract?: ActionContract;
}

/**
 * A workflow call on one record: POST /{type}/{id}/{name} unless said otherwise. The engine loads
 * and locks the record (404 when the user does not see it), runs its policy, then the handler, and
 * logs the action (unless `log` is false) in one transaction (jsonapi/run-action.ts).
 */
export interface RecordAction<R extends Row = Row> extends ActionBase {
  collection?: false;
  log?: boolean;
  handler(ctx: RequestContext, record: R, body: unknown): Promise<ActionResult | void>;
}

/** A call on the type as a whole (POST /{type}/{name}): the handler scopes what it touches. */
export interface CollectionAction extends ActionBase {
  collection: true;
  handler(ctx: RequestContext, body: unknown): Promise<ActionResult | void>;
}

export type ActionDefinition<R extends Row = Row> = RecordAction<R> | CollectionAction;

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
  /** Other statuses of a success answering the same (an invoice made before: 200 where a new one is 201). */
  alsoStatus?: number[];
  /** Members the action adds to the record document's meta (ActionResult.meta), by name. */
  meta?: Record<string, JsonSchema>;
}

/** What an upload field accepts (POST /uploads/{type}/{id}/{field}; the field is set to the URL). */
export interface UploadField<R extends Row = Row> {
  kinds: ('image' | 'pdf' | 'document' | 'video')[];
  /** Also lets this actor upload without the edit permission (a user's own profile picture). */
  mayEdit?(ctx: RequestContext, row: R): boolean;
}

export type Verb = 'viewAny' | 'view' | 'create' | 'edit' | 'delete';

/** Something the user should know about a record that does not stop the write (a doubtful VIN). */
export interface Warning {
  code: MessageKey;
  params?: MessageParams;
  /** The attribute it is about, e.g. /data/attributes/vin. */
  pointer?: string;
}

export interface ResourceDefinition<T extends PgTable = PgTable, R extends Row = RowOf<T>> {
  type: string;
  table: T;
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
  permissions: PermissionSubject | null;
  /** With `permissions: null`: any signed-in user may also write, within the tenancy scope. */
  writable?: boolean;
  /** Other permissions that also grant a verb ('view own organization'). */
  alsoGrantedBy?: Partial<Record<Verb, Permission[]>>;
  tenancy: Tenancy;
  /** The 403 message of a verb when the generic one says too little (spec: "no permission to add a vehicle"). */
  forbiddenMessages?: Partial<Record<Verb, MessageKey>>;
  /** Warnings about one record, answered in meta.warnings of its document after a read or write. */
  warnings?(row: R): Warning[];
  /** Which verbs the API offers (default all). */
  operations?: { list?: boolean; get?: boolean; create?: boolean; update?: boolean; delete?: boolean };
  /** The largest page of its list (default MAX_PAGE_SIZE, 100); a larger page[size] is served as this. */
  maxPageSize?: number;
  /** Why the verbs it does not serve are not served (the 405's detail; default: which verbs are). */
  notServed?: MessageKey;
  hooks?: Hooks<R>;
  /**
   * Deleting a record may keep it as a tombstone (a comment that has replies): the values to
   * write instead of deleting the row, or nothing to delete it. Logged as deleted either way.
   */
  tombstone?(ctx: RequestContext, row: R): Promise<Record<string, unknown> | undefined> | Record<string, unknown> | undefined;
  policies?: Policies<R>;
  actions?: Record<string, ActionDefinition<R>>;
  /**
   * The type's workflow (jsonapi/workflow.ts): its actions, their policies, available_actions, the
   * counts per state and, unless the type says otherwise, the edit policy come from it.
   */
  workflow?: WorkflowParts<R>;
  /** Extra data computed on demand (?add_data=name) and returned in meta; with a description, what the OpenAPI says of it. */
  addData?: Record<string, AddData | { read: AddData; description: string }>;
  /** Unique index name → attribute (or attribute and message), to answer a violation on the right field. */
  uniques?: Record<string, string | { attribute: string; relationship?: never; code: MessageKey } | { relationship: string; attribute?: never; code: MessageKey }>;
  /** GET /{type}/list/count: how many per value of this column (access/list-counts.ts). */
  listCount?: { by: string; values: readonly string[] };
  /** Written to the activity log (default true). */
  logged?: boolean;
  /**
   * Its writes, hooks included, never change who may do what (users, roles, sessions, organizations,
   * packages, locations): this instance keeps its cached sessions after them (inspectors' answers, many
   * a second, would else have every next request read its session again). Default: forgotten.
   */
  accessNeutral?: true;
  /**
   * The row its update writes (UPDATE … RETURNING) is the record as a read gives it: no hook changes
   * it after, no to-many relationship, no relationship a write moves out of the writer's sight. A
   * PATCH answers with it rather than reading the record again (one statement less an answer).
   */
  answersWrittenRow?: true;
  /**
   * Rows its writes lock with the record (an answer: its inspection, with every answer), read and
   * locked in the engine's one locked read of the record rather than by a hook's statement after it:
   * a part that reads the record's locked part as partRef(0), and what to do with the rows it gives,
   * before the policies run. (An answer is an inspection's hot path: on the embedded database a
   * statement is a round trip between two threads.)
   */
  lockedWith?: { part: () => Planned; locked: (ctx: RequestContext, rows: Row[]) => void };
  /** Attribute columns that take a file upload. */
  uploads?: Record<string, UploadField<R>>;
  /** Who besides the followers hears of changes (the notifications area reads it). */
  notify?: {
    /** Ids of the users assigned to the record. */
    assignees?(row: R): (string | null | undefined)[];
    /** The record's name in a notification or the activity, in a language (default: name, code, title, number...). */
    label?(row: R, locale: Locale): string;
  };
}

/**
/**
 * What the server adds to a type's declaration (packages/domain): the table, where each
 * relationship is kept, how each filter and computed sort is made in SQL, the tenancy and
 * permissions, and per attribute what only the server knows (a computed value, a custom check).
 */
export type ServerParts<D extends Declaration, T extends PgTable = PgTable> = Omit<
  ResourceDefinition<T>,
  'type' | 'attributes' | 'relationships' | 'filters' | 'sorts' | 'defaultSort'
> & {
  /** Adds the server's part to a declared attribute (isVirtual, check, parsedBy ...). */
  attributes?: { [K in keyof D['attributes']]?: (a: Attribute) => Attribute };
  /** The SQL of a declared sort that is not a column. */
  sortExpressions?: Partial<Record<D['sorts'][number], SQL>>;
} & (keyof D['relationships'] extends never ? { relationships?: never } : { relationships: { [K in keyof D['relationships']]: Storage } }) &
  ([D['filters'][number]] extends [never] ? { filters?: never } : { filters: { [K in D['filters'][number]]: Filter } });

/** A type served for reading only: no create, update or delete route, and nothing of its own to log (`...READ_ONLY`). */
export const READ_ONLY = { operations: { create: false, update: false, delete: false }, logged: false } as const;

/**
 * Serves a declared type: its declaration and the server's parts make the engine's definition.
 * The definition is data: the area that owns it lists it (areas/<area>/index.ts) and the app
 * registers it (jsonapi/registry.ts); its hooks, policies and actions get rows typed after its table.
 */
export function defineResource<D extends Declaration, T extends PgTable>(declaration: D, parts: ServerParts<D, T>): ResourceDefinition<T> {
  const { attributes: extras = {}, relationships: storage = {}, filters = {}, sortExpressions = {}, ...rest } = parts as ServerParts<Declaration, T>;
  const type = declaration.type;
  const attributes: Record<string, Attribute> = {};
  for (const [name, declared] of Object.entries(declaration.attributes)) {
    const a = attributeOf(declared);
    attributes[name] = extras[name]?.(a) ?? a;
  }
  for (const name of Object.keys(parts.uploads ?? {})) attributes[name]?.holdsUploads();
  const relationships: Record<string, Relationship> = {};
  for (const [name, declared] of Object.entries(declaration.relationships)) {
    const store = (storage as Record<string, Storage>)[name];
    if (!store) throw new Error(`${type}.${name}: no storage for the declared relationship`);
    const r = store(declared);
    const toOne = r.kind === 'belongsTo' || (r.kind === 'polymorphic' && !r.many);
    if (toOne === declared.many) throw new Error(`${type}.${name}: stored as ${r.kind}, declared ${declared.many ? 'to-many' : 'to-one'}`);
    relationships[name] = r;
  }
  const outside = (names: object, declared: readonly string[] | object) =>
    Object.keys(names).filter((name) => (Array.isArray(declared) ? !declared.includes(name) : !Object.hasOwn(declared, name)));
  const undeclared = [...outside(extras, declaration.attributes), ...outside(storage, declaration.relationships), ...outside(filters, declaration.filters), ...outside(sortExpressions, declaration.sorts)];
  const missingFilters = declaration.filters.filter((name) => !Object.hasOwn(filters, name));
  if (undeclared.length || missingFilters.length) throw new Error(`${type}: undeclared ${undeclared.join(', ')}; filters without SQL ${missingFilters.join(', ')}`);
  const expressions = sortExpressions as Record<string, SQL>;
  const flow = rest.workflow;
  if (flow) {
    if (!attributes.available_actions) throw new Error(`${type}: a workflow type declares available_actions`);
    attributes.available_actions = flow.availableActions(attributes.available_actions);
    Object.assign(rest, {
      actions: { ...flow.actions, ...rest.actions },
      policies: { edit: flow.editable, ...rest.policies, actions: { ...flow.policies, ...rest.policies?.actions } },
      listCount: rest.listCount ?? flow.listCount,
    });
  }
  return {
    ...rest,
    type,
    attributes,
    relationships,
    filters: filters as Record<string, Filter>,
    sorts: declaration.sorts.map((name) => (expressions[name] ? { name, sql: expressions[name] } : name)),
    defaultSort: declaration.defaultSort,
  };
}
