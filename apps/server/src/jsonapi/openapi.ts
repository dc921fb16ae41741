import type { Attribute } from './attributes.ts';
import type { Registry } from './registry.ts';
import { type ActionDefinition, type JsonSchema, type Policy, type ResourceDefinition } from './define-resource.ts';
import { own } from './own.ts';
import { MAX_ASKED_PAGE_SIZE, MAX_INCLUDE_DEPTH, MAX_PAGE_NUMBER, pageCeiling } from './query.ts';
import { isCreateOnly, polymorphicTypes, type Relationship } from './relationships.ts';

/**
 * The API contract, OpenAPI 3.1, generated from what the server declares: the registry's
 * resources (attributes, relationships, filters, sorts, actions) and the hand-written routes,
 * which describe themselves with describeRoute() beside their definition. Served at
 * GET /api/v1/openapi.json; the API tests check every response against it.
 */

export const API_PREFIX = '/api/v1';
const MEDIA = 'application/vnd.api+json';
const JSON_MEDIA = 'application/json';

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

export interface RouteResponse {
  description?: string;
  /** Default: the JSON:API media type. */
  contentType?: string;
  schema?: JsonSchema;
  headers?: Record<string, { description: string; schema: JsonSchema }>;
}

/** What a hand-written route says of itself for the contract. */
export interface RouteContract {
  summary: string;
  description?: string;
  tag: string;
  /** Answers without a token. */
  public?: boolean;
  /** Query parameters beyond the path's. */
  query?: { name: string; description?: string; schema: JsonSchema; required?: boolean }[];
  /** The JSON body (or multipart form: contentType 'multipart/form-data'). */
  body?: { schema: JsonSchema; contentType?: string; required?: boolean; description?: string };
  /** Success answers by status. */
  responses: Record<number, RouteResponse>;
  /** Error statuses besides the ones every route may answer (400, 406, 414, 500; 401 when signed in). */
  errors?: number[];
}

const described = new Map<string, RouteContract>();
const key = (method: string, path: string) => `${method.toUpperCase()} ${path}`;

/** Declares the contract of a hand-written route; path as Fastify writes it, under /api/v1 ('/imports/:id/run'). */
export function describeRoute(method: Method, path: string, contract: RouteContract) {
  described.set(key(method, path), contract);
}

/**
 * Declares a public route opened by a link's token (/public/...: an inspection report shared, an
 * estimate sent for approval): no sign-in, and besides its own errors, 404 for a token nobody
 * made, 410 for a link revoked or expired, 429 past the address's public reads.
 */
export function publicTokenRoute(method: Method, path: string, contract: Omit<RouteContract, 'public'>) {
  describeRoute(method, path, { ...contract, public: true, errors: [...new Set([404, 410, 429, ...(contract.errors ?? [])])] });
}

/**
 * The JSON:API document of one record a hand-written route answers: its type, its id (a uuid unless
 * said otherwise, or none with `id: false`) and its attributes' schema.
 */
export function oneRecordDocument(type: string, attributes: JsonSchema, opts: { id?: JsonSchema | false } = {}): JsonSchema {
  const id = opts.id === undefined ? { type: 'string', format: 'uuid' } : opts.id;
  return {
    type: 'object',
    properties: {
      jsonapi: { $ref: '#/components/schemas/jsonapi' },
      data: {
        type: 'object',
        properties: { type: { const: type }, ...(id ? { id } : {}), attributes },
        required: ['type', ...(id ? ['id'] : []), 'attributes'],
        additionalProperties: false,
      },
    },
    required: ['data'],
    additionalProperties: false,
  };
}

/** A route as Fastify registered it (onRoute), path under /api/v1. */
/** A document of meta only (a collection action's answer): its members, each required, nothing else. */
export function metaDocument(members: Record<string, JsonSchema>): JsonSchema {
  return {
    type: 'object',
    properties: { jsonapi: { $ref: '#/components/schemas/jsonapi' }, meta: { type: 'object', properties: members, required: Object.keys(members), additionalProperties: false } },
    required: ['jsonapi', 'meta'],
    additionalProperties: false,
  };
}

export interface RegisteredRoute {
  method: string;
  path: string;
}

// ------------------------------------------------------------------ shared schemas

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const errorRef = (status: number) => ({ $ref: `#/components/responses/error${status}` });

const ERROR_TITLES: Record<number, string> = {
  400: 'Malformed request: a query parameter, JSON or URL the server refuses (source.parameter names it).',
  401: 'No valid token (or wrong credentials).',
  403: 'Signed in, but not allowed.',
  404: 'No such record (or not yours), or no such route.',
  405: 'This verb is not served on this path: the Allow header lists the ones that are.',
  406: 'The Accept header excludes JSON.',
  409: 'The record’s state does not allow it.',
  410: 'No longer available (an expired or revoked link).',
  413: 'Body or file too large.',
  414: 'A path segment over 100 characters.',
  415: 'The body is neither JSON nor JSON:API (or multipart where a file is expected).',
  422: 'Validation failed: every field error at once, each with source.pointer.',
  429: 'Too many attempts: wait Retry-After seconds.',
  500: 'Server error.',
  503: 'A service the route needs is unavailable.',
};
/** Statuses any route may answer. */
const COMMON_ERRORS = [400, 406, 414, 500];

function baseSchemas(): Record<string, JsonSchema> {
  return {
    jsonapi: {
      type: 'object',
      properties: { version: { type: 'string', const: '1.1' } },
      required: ['version'],
      additionalProperties: false,
    },
    error: {
      type: 'object',
      description: 'A JSON:API error; title and detail follow Accept-Language (French by default), code does not.',
      properties: {
        status: { type: 'string', pattern: '^[45][0-9]{2}$' },
        code: { type: 'string', description: 'Stable message key (validation.required, error.forbidden...).' },
        title: { type: 'string' },
        detail: { type: 'string' },
        source: {
          type: 'object',
          properties: {
            pointer: { type: 'string', description: 'JSON pointer into the request body (/data/attributes/email).' },
            parameter: { type: 'string', description: 'The query parameter or form field at fault.' },
          },
          additionalProperties: false,
        },
        meta: {
          type: 'object',
          description: 'Ids that lead a screen to the fault (a missing field on complete: field_id, section_id, sub_section_id, inspection_field_id).',
          additionalProperties: { type: 'string' },
        },
      },
      required: ['status', 'code', 'title', 'detail'],
      additionalProperties: false,
    },
    errors: {
      type: 'object',
      properties: { errors: { type: 'array', items: ref('error'), minItems: 1 } },
      required: ['errors'],
      additionalProperties: false,
    },
    linkage: {
      type: 'object',
      properties: { type: { type: 'string' }, id: { type: 'string' } },
      required: ['type', 'id'],
      additionalProperties: false,
    },
    warning: {
      type: 'object',
      description: 'Something to know about the record that did not stop the write (a doubtful VIN).',
      properties: {
        code: { type: 'string' },
        detail: { type: 'string' },
        source: { type: 'object', properties: { pointer: { type: 'string' } }, additionalProperties: false },
      },
      required: ['code', 'detail'],
      additionalProperties: false,
    },
    page: {
      type: 'object',
      properties: {
        total: { type: 'integer', minimum: 0 },
        number: { type: 'integer', minimum: 1, maximum: MAX_PAGE_NUMBER },
        size: { type: 'integer', minimum: 1, description: 'The size served: at most the type’s largest page (page[size] of the list’s operation).' },
        last: { type: 'integer', minimum: 1 },
        max_size: { type: 'integer', minimum: 1, description: 'Present when a larger page was asked for than the type serves: the largest page it serves.' },
      },
      required: ['total', 'number', 'size', 'last'],
      additionalProperties: false,
    },
  };
}

// ------------------------------------------------------------------ attributes

const nullable = (schema: JsonSchema, yes: boolean): JsonSchema => {
  if (!yes) return schema;
  if (schema.enum) return { ...schema, enum: [...(schema.enum as unknown[]), null] };
  if (typeof schema.type === 'string') return { ...schema, type: [schema.type, 'null'] };
  return { anyOf: [schema, { type: 'null' }] };
};

/** An attribute as JSON Schema: as the server answers it (read) or accepts it (write). */
export function attributeSchema(a: Attribute, mode: 'read' | 'write'): JsonSchema {
  const { min, max, maxLength } = a.limits;
  const text = (extra: JsonSchema = {}): JsonSchema => ({
    type: 'string',
    ...extra,
    ...(max !== undefined || maxLength !== undefined ? { maxLength: Math.min(max ?? Infinity, maxLength ?? Infinity) } : {}),
    ...(min !== undefined && mode === 'write' ? { minLength: min } : {}),
  });
  const number = (type: string): JsonSchema => ({ type, ...(min !== undefined ? { minimum: min } : {}), ...(max !== undefined ? { maximum: max } : {}) });
  const kinds: Record<string, () => JsonSchema> = {
    string: () => text(),
    text: () => text(),
    email: () => text({ format: 'email' }),
    phone: () => text({ description: 'A phone number: digits, spaces, + ( ) . - and at least 7 digits.' }),
    postal_code: () => text({ description: 'A Canadian postal code (A1A 1A1); stored in capitals with one space.' }),
    vin: () => text({ description: 'A VIN: 17 letters and digits without I, O or Q; spaces and dashes dropped, stored in capitals.' }),
    // Upload fields hold the file's path on this server (/api/v1/uploads/{id}/content).
    url: () => text({ format: 'uri-reference' }),
    integer: () => number('integer'),
    money: () => ({ ...number('integer'), description: 'An amount in cents (CAD): 1234 is 12,34 $.' }),
    decimal: () =>
      mode === 'read'
        ? { type: 'string', pattern: '^-?\\d+(\\.\\d+)?$', description: 'A decimal number, exact, as a string.' }
        : { type: ['string', 'number'], description: 'A decimal number (a string keeps it exact).' },
    boolean: () => ({ type: 'boolean' }),
    enum: () => ({ enum: [...(a.values ?? [])] }),
    date: () => ({ type: 'string', format: 'date', description: 'ISO 8601 calendar date, years 1900 to 2200.' }),
    datetime: () => ({ type: 'string', format: 'date-time', description: 'ISO 8601; sent without a zone: UTC. Years 1900 to 2200.' }),
    uuid: () => ({ type: 'string', format: 'uuid' }),
    object: () => ({ type: 'object' }),
    array: () => ({ type: 'array', items: { type: 'string' } }),
  };
  let schema: JsonSchema = a.shape ? structuredClone(a.shape) : (kinds[a.kind]?.() ?? {});
  // A boolean is never null on the way out; JSON values may be anything.
  if (a.kind !== 'json' && a.kind !== 'boolean') schema = nullable(schema, a.nullable);
  if (a.readOnly) schema.readOnly = true;
  if (a.writeOnly) schema.writeOnly = true;
  return schema;
}

// ------------------------------------------------------------------ resources

const identifierOf = (type: string) => ({ type: 'object', properties: { type: { const: type }, id: { type: 'string' } }, required: ['type', 'id'], additionalProperties: false });

function linkageSchema(registry: Registry, r: Relationship): JsonSchema {
  if (r.kind === 'polymorphic') {
    // One of the types it may name in this app (ANY_TYPE: each type served).
    const item = { oneOf: polymorphicTypes(registry, r).map(identifierOf) };
    return r.many ? { type: 'array', items: item } : { anyOf: [item, { type: 'null' }] };
  }
  const one = identifierOf(r.type);
  return r.kind === 'belongsTo' ? { anyOf: [one, { type: 'null' }] } : { type: 'array', items: one };
}

function relationshipDescription(registry: Registry, r: Relationship) {
  if (r.kind === 'polymorphic')
    return `${r.many ? 'Records' : 'One record'} of several types (${r.types.includes('*') ? 'any type' : polymorphicTypes(registry, r).join(', ')}); read only. Only records the reader may see are named and included.`;
  if (r.kind === 'ownsMany')
    return `Child collection of ${r.type}, owned by this record${r.order ? ', in order' : ''}; written inside this record's document as the whole list of resource objects.`;
  const many = r.kind !== 'belongsTo';
  return `${many ? 'To-many' : 'To-one'} relationship to ${r.type}${r.readOnly ? '; read only' : ''}.`;
}

/** The resource object as the server answers it. */
function resourceSchema(registry: Registry, def: ResourceDefinition): JsonSchema {
  const attributes: Record<string, JsonSchema> = {};
  for (const [name, a] of Object.entries(def.attributes)) if (!a.writeOnly) attributes[name] = attributeSchema(a, 'read');
  const relationships: Record<string, JsonSchema> = {};
  for (const [name, r] of Object.entries(def.relationships ?? {}))
    relationships[name] = {
      type: 'object',
      description: relationshipDescription(registry, r),
      properties: { data: linkageSchema(registry, r) },
      required: ['data'],
      additionalProperties: false,
    };
  return {
    type: 'object',
    properties: {
      type: { const: def.type },
      id: { type: 'string' },
      attributes: {
        type: 'object',
        description: 'Every attribute, or those of fields[type].',
        properties: attributes,
        additionalProperties: false,
      },
      relationships: {
        type: 'object',
        description: 'To-one linkage always; to-many linkage when included.',
        properties: relationships,
        additionalProperties: false,
      },
      links: {
        type: 'object',
        properties: { self: { type: 'string' } },
        required: ['self'],
        additionalProperties: false,
      },
    },
    required: ['type', 'id', 'attributes', 'links'],
    additionalProperties: false,
  };
}

/** The body of a create or an update. */
function writeSchema(registry: Registry, def: ResourceDefinition, mode: 'create' | 'update'): JsonSchema {
  return { type: 'object', properties: { data: dataSchema(registry, def, mode) }, required: ['data'] };
}

/**
 * The list of a child collection in its parent's body: the whole list, in order; a line with an
 * id updates that line, one without creates it (lid: the client's own name for it), and the
 * parent's lines left out are removed.
 */
function childrenSchema(registry: Registry, r: Extract<Relationship, { kind: 'ownsMany' }>): JsonSchema {
  const child = registry.find(r.type);
  if (!child) return { type: 'array' };
  const owner = Object.entries(child.relationships ?? {}).find(([, c]) => c.kind === 'belongsTo' && c.column === r.foreignKey)?.[0];
  return {
    type: 'array',
    description: `The whole list of ${r.type}, in order: with an id, an existing line (updated); without, a new one; the lines left out are removed.`,
    items: { anyOf: [dataSchema(registry, child, 'update', owner, true), dataSchema(registry, child, 'create', owner, true)] },
  };
}

/** A resource object of a write: the document's data, or a line of a child collection (without its owner). */
function dataSchema(registry: Registry, def: ResourceDefinition, mode: 'create' | 'update', owner?: string, line = false): JsonSchema {
  const attributes: Record<string, JsonSchema> = {};
  const required: string[] = [];
  for (const [name, a] of Object.entries(def.attributes)) {
    if (a.readOnly || (mode === 'update' && a.createOnly)) continue;
    attributes[name] = attributeSchema(a, 'write');
    if (mode === 'create' && a.required) required.push(name);
  }
  const relationships: Record<string, JsonSchema> = {};
  const requiredRelationships: string[] = [];
  for (const [name, r] of Object.entries(def.relationships ?? {})) {
    if (r.readOnly || name === owner || (mode === 'update' && isCreateOnly(r))) continue;
    const data = r.kind === 'ownsMany' ? childrenSchema(registry, r) : linkageSchema(registry, r);
    relationships[name] = { type: 'object', properties: { data }, required: ['data'], additionalProperties: false };
    if (mode === 'create' && r.kind === 'belongsTo' && r.required) requiredRelationships.push(name);
  }
  return {
    type: 'object',
    properties: {
      type: { const: def.type },
      ...(mode === 'update' ? { id: { type: 'string', description: line ? 'The line’s id.' : 'The id of the path.' } } : {}),
      ...(line && mode === 'create' ? { lid: { type: 'string', description: 'A local id of the new line (JSON:API 1.1), not stored.' } } : {}),
      attributes: { type: 'object', properties: attributes, ...(required.length ? { required } : {}), additionalProperties: false },
      relationships: {
        type: 'object',
        properties: relationships,
        ...(requiredRelationships.length ? { required: requiredRelationships } : {}),
        additionalProperties: false,
      },
    },
    required: ['type', ...(line && mode === 'update' ? ['id'] : []), ...(required.length ? ['attributes'] : []), ...(requiredRelationships.length ? ['relationships'] : [])],
    additionalProperties: false,
  };
}

/** Types a request on this type may include (include paths up to MAX_INCLUDE_DEPTH). */
function includableTypes(registry: Registry, def: ResourceDefinition): string[] {
  const seen = new Set<string>();
  const walk = (d: ResourceDefinition, depth: number) => {
    if (depth === MAX_INCLUDE_DEPTH) return;
    for (const r of Object.values(d.relationships ?? {})) {
      const types = r.kind === 'polymorphic' ? polymorphicTypes(registry, r) : [r.type];
      for (const t of types) {
        const target = registry.find(t);
        if (!target) continue;
        seen.add(t);
        if (r.kind !== 'polymorphic') walk(target, depth + 1);
      }
    }
  };
  walk(def, 0);
  return [...seen].sort();
}

function includePaths(registry: Registry, def: ResourceDefinition): string[] {
  const out: string[] = [];
  const walk = (d: ResourceDefinition, prefix: string, depth: number) => {
    if (depth === MAX_INCLUDE_DEPTH) return;
    for (const [name, r] of Object.entries(d.relationships ?? {})) {
      const target = r.kind === 'polymorphic' ? undefined : registry.find(r.type);
      // A relationship to a type of an area this app lacks is no include here.
      if (r.kind !== 'polymorphic' && !target) continue;
      const path = prefix ? `${prefix}.${name}` : name;
      out.push(path);
      if (target && depth < 1) walk(target, path, depth + 1);
    }
  };
  walk(def, '', 0);
  return out;
}

function documentSchema(def: ResourceDefinition, list: boolean, extraMeta: Record<string, JsonSchema> = {}): JsonSchema {
  return {
    type: 'object',
    properties: {
      jsonapi: ref('jsonapi'),
      data: list ? { type: 'array', items: ref(def.type) } : ref(def.type),
      included: ref(`${def.type}.included`),
      meta: {
        type: 'object',
        properties: {
          ...(list ? { page: ref('page') } : { warnings: { type: 'array', items: ref('warning') } }),
          ...Object.fromEntries(
            Object.entries(def.addData ?? {}).map(([n, extra]) => [n, { description: typeof extra === 'function' ? `add_data=${n}` : `add_data=${n}: ${extra.description}` }]),
          ),
          ...extraMeta,
        },
        ...(list ? { required: ['page'] } : {}),
        additionalProperties: false,
      },
    },
    required: ['jsonapi', 'data', ...(list ? ['meta'] : [])],
    additionalProperties: false,
  };
}

// ------------------------------------------------------------------ parameters

const idParam = (name = 'id') => ({ name, in: 'path', required: true, schema: { type: 'string' } });

function readParams(registry: Registry, def: ResourceDefinition) {
  const paths = includePaths(registry, def);
  const addData = Object.keys(def.addData ?? {});
  return [
    {
      name: 'include',
      in: 'query',
      description: `Related records, comma-separated, ${MAX_INCLUDE_DEPTH} levels at most.${paths.length ? ` Paths: ${paths.join(', ')}.` : ' None declared.'}`,
      schema: { type: 'string' },
    },
    {
      name: 'fields',
      in: 'query',
      style: 'deepObject',
      explode: true,
      description: 'Sparse fieldsets: fields[<type>]=name,other.',
      schema: { type: 'object', additionalProperties: { type: 'string' } },
    },
    ...(addData.length
      ? [{ name: 'add_data', in: 'query', description: 'Extra data in meta, comma-separated.', schema: { type: 'string', pattern: listPattern(addData) } }]
      : []),
  ];
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const listPattern = (names: string[], prefix = '') => {
  const one = `${prefix}(${names.map(escape).join('|')})`;
  return `^${one}(,${one})*$`;
};

function listParams(def: ResourceDefinition) {
  const filters = Object.keys(def.filters ?? {});
  const implicit: [string, string][] = [
    ['with_ids', 'Only these ids, comma-separated.'],
    ['organization', 'The global selection: one organization (ignored by types without one).'],
    ['allowedLocations', 'The global selection: locations, comma-separated; organization-wide rows stay (ignored by types without locations).'],
  ];
  const sorts = (def.sorts ?? []).map((s) => (typeof s === 'string' ? s : s.name));
  return [
    ...filters.filter((f) => !implicit.some(([n]) => n === f)).map((f) => ({ name: `filter[${f}]`, in: 'query', schema: { type: 'string' } })),
    ...implicit.map(([name, description]) => ({ name: `filter[${name}]`, in: 'query', description, schema: { type: 'string' } })),
    ...(sorts.length
      ? [
          {
            name: 'sort',
            in: 'query',
            description: `Comma-separated, '-' for descending: ${sorts.join(', ')}.${def.defaultSort ? ` Default ${def.defaultSort}.` : ''}`,
            schema: { type: 'string', pattern: listPattern(sorts, '-?') },
          },
        ]
      : []),
    { name: 'page[number]', in: 'query', schema: { type: 'integer', minimum: 1, maximum: MAX_PAGE_NUMBER, default: 1 } },
    {
      name: 'page[size]',
      in: 'query',
      description: `Served as at most ${pageCeiling(def)} (larger sizes up to 1,000,000 are accepted for older clients, and meta.page.max_size says so).`,
      schema: { type: 'integer', minimum: 1, maximum: MAX_ASKED_PAGE_SIZE, default: 10 },
    },
  ];
}

// ------------------------------------------------------------------ operations

interface Operation {
  summary: string;
  tag: string;
  public?: boolean;
  parameters?: unknown[];
  body?: { schema: JsonSchema; contentType?: string; required?: boolean; description?: string };
  responses: Record<number, RouteResponse>;
  errors: number[];
  /** What the type's record policy refuses here, by status (define-resource Policies). */
  policy?: Policy<never>['refuses'];
}

/** A policy's refusals with those of the relationships that carry a permission (policies.ts guardRefusals). */
function withGuards(def: ResourceDefinition, refuses: Policy<never>['refuses'] | undefined, mode: 'create' | 'update') {
  const guarded = Object.entries(def.relationships ?? {}).flatMap(([name, r]) =>
    (r.kind === 'belongsTo' || r.kind === 'idArray') && r.guard && !r.readOnly && !(mode === 'update' && isCreateOnly(r)) ? [`${name} needs ${r.guard.permission}`] : [],
  );
  if (!guarded.length) return refuses;
  const text = `Setting or changing ${guarded.join('; ')}.`;
  return { ...refuses, 403: refuses?.[403] ? `${refuses[403]} ${text}` : text };
}

function operationObject(op: Operation, path: string, method: string) {
  const pathParams = [...path.matchAll(/:(\w+)/g)].map((m) => idParam(m[1]));
  const errors = [...new Set([...COMMON_ERRORS, ...(op.public ? [] : [401]), ...op.errors])].sort();
  const responses: Record<string, unknown> = {};
  for (const [status, r] of Object.entries(op.responses)) {
    const type = r.contentType ?? MEDIA;
    responses[status] = {
      description: r.description ?? 'Success.',
      ...(r.headers ? { headers: r.headers } : {}),
      ...(r.schema ? { content: { [type]: { schema: r.schema } } } : {}),
    };
  }
  for (const [status, refused] of Object.entries(op.policy ?? {}))
    // OpenAPI 3.1: a description beside $ref overrides the shared one.
    responses[status] = { ...errorRef(Number(status)), description: `${ERROR_TITLES[Number(status)]} The record policy refuses: ${refused}` };
  for (const status of errors) responses[status] ??= errorRef(status);
  return {
    operationId: `${method.toLowerCase()}${path.replace(/:(\w+)/g, 'By-$1').replace(/[^a-zA-Z0-9]+(.)?/g, (_m, c: string | undefined) => (c ? c.toUpperCase() : ''))}`,
    summary: op.summary,
    tags: [op.tag],
    ...(op.public ? { security: [] } : {}),
    ...(pathParams.length || op.parameters?.length ? { parameters: [...pathParams, ...(op.parameters ?? [])] } : {}),
    ...(op.body
      ? {
          requestBody: {
            required: op.body.required ?? true,
            ...(op.body.description ? { description: op.body.description } : {}),
            content: op.body.contentType ? { [op.body.contentType]: { schema: op.body.schema } } : { [MEDIA]: { schema: op.body.schema }, [JSON_MEDIA]: { schema: op.body.schema } },
          },
        }
      : {}),
    responses,
  };
}

function resourceOperations(registry: Registry, def: ResourceDefinition): [string, string, Operation][] {
  const ops = { list: true, get: true, create: true, update: true, delete: true, ...def.operations };
  const base = `/${def.type}`;
  const one = { 200: { schema: ref(`${def.type}.document`) } };
  const out: [string, string, Operation][] = [];
  for (const [name, action] of Object.entries(def.actions ?? {})) {
    const [method, path, operation] = actionOperation(registry, def, name, action);
    out.push([method, path, operation]);
    // The spec's GET workflow calls change data: POST is accepted as well (actionMethods).
    if (method === 'GET') out.push(['POST', path, operation]);
  }
  if (ops.list)
    out.push(['GET', base, { summary: `List ${def.type}`, tag: def.type, parameters: [...listParams(def), ...readParams(registry, def)], responses: { 200: { schema: ref(`${def.type}.list`) } }, errors: [403] }]);
  if (ops.get) out.push(['GET', `${base}/:id`, { summary: `One of ${def.type}`, tag: def.type, parameters: readParams(registry, def), responses: one, errors: [403, 404] }]);
  if (ops.create)
    out.push([
      'POST',
      base,
      {
        summary: `Create one of ${def.type}`,
        tag: def.type,
        parameters: readParams(registry, def),
        body: { schema: ref(`${def.type}.create`) },
        responses: {
          201: {
            schema: ref(`${def.type}.document`),
            headers: { Location: { description: 'The new record’s URL.', schema: { type: 'string' } } },
          },
        },
        errors: [403, 409, 413, 415, 422],
        policy: withGuards(def, def.policies?.create?.refuses, 'create'),
      },
    ]);
  if (ops.update)
    out.push([
      'PATCH',
      `${base}/:id`,
      { summary: `Update one of ${def.type}`, tag: def.type, parameters: readParams(registry, def), body: { schema: ref(`${def.type}.update`) }, responses: one, errors: [403, 404, 409, 413, 415, 422], policy: withGuards(def, def.policies?.edit?.refuses, 'update') },
    ]);
  if (ops.delete) out.push(['DELETE', `${base}/:id`, { summary: `Delete one of ${def.type}`, tag: def.type, responses: { 204: { description: 'Deleted.' } }, errors: [403, 404, 409], policy: def.policies?.delete?.refuses }]);
  return out;
}

function actionOperation(registry: Registry, def: ResourceDefinition, name: string, action: ActionDefinition): [string, string, Operation] {
  const path = `/${def.type}/${action.path ?? (action.collection ? name : `:id/${name}`)}`;
  const c = action.contract ?? {};
  const record = !action.collection;
  const permission = action.permission === null ? 'any signed-in user' : [action.permission].flat().join(' or ');
  // A record action answers the record: it needs the right to view it too (router.ts).
  const needs = `Needs: ${permission}${record ? ', and the right to view the record' : ''}.`;
  const success = (schema: JsonSchema) => Object.fromEntries([c.status ?? 200, ...(c.alsoStatus ?? [])].map((status) => [status, { description: needs, schema }]));
  const responses: Record<number, RouteResponse> = c.response
    ? success(c.response)
    : record
      ? success(c.meta ? documentSchema(def, false, c.meta) : ref(`${def.type}.document`))
      : // A collection action that does not describe its answer: a JSON:API document, or nothing.
        { 200: { description: needs, schema: { type: 'object' } }, 204: { description: needs } };
  return [
    action.method ?? 'POST',
    path,
    {
      summary: c.summary ?? `${name} (${record ? 'one record' : 'collection'})`,
      tag: def.type,
      parameters: record && !c.response ? readParams(registry, def) : [],
      ...(c.body ? { body: { schema: c.body, required: false } } : {}),
      responses,
      errors: [403, 409, 413, 415, 422, ...(record ? [404] : [])],
      policy: own(def.policies?.actions, name)?.refuses,
    },
  ];
}

// ------------------------------------------------------------------ the document

const toOpenApiPath = (path: string) => path.replace(/:(\w+)/g, '{$1}');

/**
 * The OpenAPI 3.1 document of the routes registered on an app: resources from its registry,
 * hand-written routes from describeRoute. A registered route that nothing describes is listed in
 * `undescribed` (the contract test fails on it).
 */
export function buildOpenApi(registry: Registry, routes: RegisteredRoute[], info: { version: string }) {
  const operations = new Map<string, Operation>();
  for (const def of registry.values()) for (const [method, path, op] of resourceOperations(registry, def)) operations.set(key(method, path), op);
  for (const [k, c] of described)
    operations.set(k, {
      ...c,
      // An object parameter is filter[name]=value: deepObject.
      parameters: (c.query ?? []).map((p) => ({ in: 'query', ...(p.schema.type === 'object' ? { style: 'deepObject', explode: true } : {}), ...p })),
      errors: c.errors ?? [],
    });

  const paths: Record<string, Record<string, unknown>> = {};
  const undescribed: string[] = [];
  const seen = new Set<string>();
  for (const route of routes) {
    const method = route.method.toUpperCase();
    if (method === 'HEAD' || method === 'OPTIONS') continue;
    const k = key(method, route.path);
    if (seen.has(k)) continue;
    seen.add(k);
    const op = operations.get(k);
    if (!op) {
      undescribed.push(k);
      continue;
    }
    (paths[toOpenApiPath(route.path)] ??= {})[method.toLowerCase()] = operationObject(op, route.path, method);
  }

  const schemas: Record<string, JsonSchema> = baseSchemas();
  const types = [...registry.values()].sort((a, b) => a.type.localeCompare(b.type));
  for (const def of types) {
    schemas[def.type] = resourceSchema(registry, def);
    schemas[`${def.type}.document`] = documentSchema(def, false);
    schemas[`${def.type}.list`] = documentSchema(def, true);
    const included = includableTypes(registry, def);
    schemas[`${def.type}.included`] = { type: 'array', description: 'Records of include=.', items: included.length ? { anyOf: included.map(ref) } : false };
    schemas[`${def.type}.create`] = writeSchema(registry, def, 'create');
    schemas[`${def.type}.update`] = writeSchema(registry, def, 'update');
  }
  const responses: Record<string, unknown> = {};
  for (const [status, description] of Object.entries(ERROR_TITLES))
    responses[`error${status}`] = {
      description,
      ...(status === '429' ? { headers: { 'Retry-After': { description: 'Seconds to wait.', schema: { type: 'string' } } } } : {}),
      ...(status === '405' ? { headers: { Allow: { description: 'The verbs this path serves.', schema: { type: 'string' } } } } : {}),
      content: { [MEDIA]: { schema: ref('errors') } },
    };

  const sortedPaths = Object.fromEntries(Object.entries(paths).sort(([a], [b]) => a.localeCompare(b)));
  return {
    document: {
      openapi: '3.1.0',
      info: {
        title: 'Atelier API',
        version: info.version,
        description:
          'JSON:API 1.1 (application/vnd.api+json; plain application/json bodies are accepted too). Types are plural kebab-case, attributes snake_case, relationships camelCase, ids strings. Messages follow Accept-Language (French by default, English). Generated by the server from its declarations.',
      },
      servers: [{ url: API_PREFIX }],
      security: [{ bearer: [] }],
      tags: [...new Set(Object.values(sortedPaths).flatMap((p) => Object.values(p).flatMap((o) => (o as { tags: string[] }).tags)))].sort().map((name) => ({ name })),
      paths: sortedPaths,
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer', description: 'The access_token of POST /login (or /verify).' } },
        schemas,
        responses,
      },
    },
    undescribed,
  };
}
