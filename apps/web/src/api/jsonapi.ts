/**
 * Pure JSON:API pieces: types, query strings and error documents ((de)serialisation is in
 * documents.ts, which the sign-in page does not load). No I/O here, so every rule is unit-tested
 * (jsonapi.test.ts).
 */

export type Id = string;

export interface ResourceIdentifier {
  type: string;
  id: Id;
}

export interface ResourceObject extends ResourceIdentifier {
  attributes?: Record<string, unknown>;
  relationships?: Record<string, { data?: ResourceIdentifier | ResourceIdentifier[] | null; meta?: unknown }>;
  meta?: Record<string, unknown>;
  links?: Record<string, unknown>;
}

export interface JsonApiDocument {
  data?: ResourceObject | ResourceObject[] | null;
  included?: ResourceObject[];
  meta?: { page?: { total?: number; [k: string]: unknown }; [k: string]: unknown };
  errors?: JsonApiError[];
}

export interface JsonApiError {
  status?: string;
  code?: string;
  title?: string;
  detail?: string;
  source?: { pointer?: string; parameter?: string };
  /** Ids that lead to the fault (a field missing on complete: field_id, section_id...). */
  meta?: Record<string, string>;
}

/** A deserialised record: attributes flattened, relationships resolved (or left as identifiers). */
export interface Model {
  id: Id;
  type: string;
  [key: string]: unknown;
}

export type FilterValue = string | number | boolean | null | undefined | readonly (string | number)[];

export interface ListParams {
  page?: { number?: number; size?: number };
  sort?: string | readonly string[];
  filter?: Record<string, FilterValue>;
  include?: string | readonly string[];
  fields?: Record<string, string | readonly string[]>;
  /** Extra plain parameters (ignore_location_filter=true ...). */
  extra?: Record<string, string | number | boolean | undefined>;
}

/** Encodes a value but keeps commas readable (the API splits lists on them). */
function enc(value: string): string {
  return encodeURIComponent(value).replace(/%2C/gi, ',');
}

const list = (v: string | readonly string[]) => (typeof v === 'string' ? v : v.join(','));

/**
 * Builds the query string of a JSON:API call: page[number], page[size], sort, filter[x], include,
 * fields[type]. Empty filters (undefined, null, '', []) are left out. Bracket keys stay unencoded
 * as the spec's clients send them.
 */
export function buildQuery(params: ListParams = {}): string {
  const parts: string[] = [];
  if (params.page?.number !== undefined) parts.push(`page[number]=${params.page.number}`);
  if (params.page?.size !== undefined) parts.push(`page[size]=${params.page.size}`);
  const sort = params.sort ? list(params.sort) : '';
  if (sort) parts.push(`sort=${enc(sort)}`);
  for (const [name, value] of Object.entries(params.filter ?? {})) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) {
      if (value.length === 0) continue;
      parts.push(`filter[${name}]=${enc(value.join(','))}`);
    } else parts.push(`filter[${name}]=${enc(String(value))}`);
  }
  const include = params.include ? list(params.include) : '';
  if (include) parts.push(`include=${enc(include)}`);
  for (const [type, f] of Object.entries(params.fields ?? {})) parts.push(`fields[${type}]=${enc(list(f))}`);
  for (const [name, value] of Object.entries(params.extra ?? {})) {
    if (value === undefined) continue;
    parts.push(`${enc(name)}=${enc(String(value))}`);
  }
  return parts.join('&');
}

/** Global request rules (spec platform §7): filter[organization] and filter[allowedLocations]. */
export function withGlobalFilters(
  params: ListParams,
  global: { organization?: Id | null; locations?: readonly Id[] },
): ListParams {
  const filter = { ...(params.filter ?? {}) };
  if (global.organization && filter.organization === undefined) filter.organization = global.organization;
  if (global.locations && global.locations.length > 0 && filter.allowedLocations === undefined)
    filter.allowedLocations = [...global.locations];
  return { ...params, filter };
}

/** '/data/attributes/email' -> 'email'; '/data/relationships/roles/data/0' -> 'roles'; 'email' -> 'email'. */
export function fieldOfPointer(pointer: string | undefined): string | null {
  if (!pointer) return null;
  const m = /^\/data\/(?:attributes|relationships)\/([^/]+)/.exec(pointer);
  if (m) return decodeURIComponent(m[1]);
  if (pointer === '/data' || pointer === '' || pointer === '/') return null;
  const plain = /^\/?([A-Za-z_][\w-]*)$/.exec(pointer);
  return plain ? plain[1] : null;
}

/** Errors of a failed call, with what the screens need. */
export class ApiError extends Error {
  readonly status: number;
  readonly errors: JsonApiError[];
  readonly retryAfter: number | null;
  constructor(status: number, errors: JsonApiError[], retryAfter: number | null = null) {
    super(errors[errors.length - 1]?.detail ?? errors[errors.length - 1]?.title ?? `HTTP ${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.errors = errors;
    this.retryAfter = retryAfter;
  }

  /** field name -> first message (from source.pointer), in order of appearance. */
  get fieldErrors(): Record<string, string> {
    const out: Record<string, string> = {};
    for (const e of this.errors) {
      const field = fieldOfPointer(e.source?.pointer);
      if (field && !(field in out)) out[field] = e.detail ?? e.title ?? '';
    }
    return out;
  }

  /** Errors that are not tied to a field. */
  get generalErrors(): JsonApiError[] {
    return this.errors.filter((e) => !fieldOfPointer(e.source?.pointer));
  }
}

/** Reads an error response body (JSON:API or not) into errors. */
export function errorsOfBody(status: number, body: unknown): JsonApiError[] {
  if (body && typeof body === 'object') {
    const b = body as { errors?: unknown; message?: unknown; error?: unknown };
    if (Array.isArray(b.errors) && b.errors.length > 0) {
      return b.errors.map((e) => (typeof e === 'string' ? { detail: e } : (e as JsonApiError)));
    }
    if (typeof b.message === 'string') return [{ status: String(status), detail: b.message }];
    if (typeof b.error === 'string') return [{ status: String(status), title: b.error }];
  }
  return [{ status: String(status) }];
}

/**
 * The message shown for a failed call (spec platform §8): the last error's detail, else its title,
 * translated under ERRORS when a key exists, else SOMETHING_WENT_WRONG.
 */
export function errorMessage(
  errors: readonly JsonApiError[],
  translate: (key: string) => string | null,
): string {
  const last = errors[errors.length - 1];
  const raw = last?.detail || last?.title || last?.code;
  if (raw) return translate(raw) ?? raw;
  return translate('SOMETHING_WENT_WRONG') ?? 'Something went wrong';
}
