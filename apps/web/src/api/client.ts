import {
  ApiError,
  buildQuery,
  deserialize,
  errorsOfBody,
  serialize,
  withGlobalFilters,
  type Id,
  type JsonApiDocument,
  type ListParams,
  type Model,
  type SerializeInput,
} from './jsonapi.ts';

export const API_BASE = '/api/v1';
export const MEDIA_TYPE = 'application/vnd.api+json';

/** What every call needs from the application state; set by the shell (see app/session.ts). */
export interface ClientContext {
  token: () => string | null;
  locale: () => string;
  globalOrganization: () => Id | null;
  globalLocations: () => readonly Id[];
  /** Called on any 401 response (spec: any 401 logs out). */
  onUnauthorized: () => void;
}

let context: ClientContext = {
  token: () => null,
  locale: () => 'fr',
  globalOrganization: () => null,
  globalLocations: () => [],
  onUnauthorized: () => {},
};

export function configureClient(next: Partial<ClientContext>): void {
  context = { ...context, ...next };
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  params?: ListParams;
  body?: unknown;
  /** GET only: add the global organization and location filters (default true). */
  global?: boolean;
  /** Do not log out on 401 (the login call answers 401 for wrong credentials). */
  ignoreUnauthorized?: boolean;
  signal?: AbortSignal;
  fetchImpl?: typeof fetch;
}

/** Builds the URL of a call, with the global filters on GET (spec platform §7 Global request rules). */
export function urlOf(path: string, options: Pick<RequestOptions, 'method' | 'params' | 'global'> = {}): string {
  const method = options.method ?? 'GET';
  let params = options.params ?? {};
  if (method === 'GET' && options.global !== false) {
    params = withGlobalFilters(params, {
      organization: context.globalOrganization(),
      locations: context.globalLocations(),
    });
  }
  const qs = buildQuery(params);
  const base = path.startsWith('http') ? path : `${API_BASE}${path.startsWith('/') ? '' : '/'}${path}`;
  if (!qs) return base;
  return `${base}${base.includes('?') ? '&' : '?'}${qs}`;
}

export function headersOf(hasBody: boolean): Record<string, string> {
  const h: Record<string, string> = {
    Accept: MEDIA_TYPE,
    'Accept-Language': context.locale(),
  };
  try {
    h['X-Timezone'] = Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch {
    /* no timezone available */
  }
  if (hasBody) h['Content-Type'] = MEDIA_TYPE;
  const token = context.token();
  if (token) h.Authorization = `Bearer ${token}`;
  return h;
}

/** One call; resolves with the parsed body (or null for 204), rejects with ApiError. */
export async function request<T = unknown>(path: string, options: RequestOptions = {}): Promise<T> {
  const method = options.method ?? 'GET';
  const hasBody = options.body !== undefined;
  const doFetch = options.fetchImpl ?? fetch;
  let res: Response;
  try {
    res = await doFetch(urlOf(path, options), {
      method,
      headers: headersOf(hasBody),
      body: hasBody ? JSON.stringify(options.body) : undefined,
      signal: options.signal,
    });
  } catch (e) {
    if ((e as Error).name === 'AbortError') throw e;
    throw new ApiError(0, [{ status: '0', code: 'NETWORK_ERROR', title: 'NETWORK_ERROR' }]);
  }
  const text = res.status === 204 ? '' : await res.text();
  let body: unknown = null;
  if (text) {
    try {
      body = JSON.parse(text);
    } catch {
      body = null;
    }
  }
  if (!res.ok) {
    if (res.status === 401 && !options.ignoreUnauthorized) context.onUnauthorized();
    const retry = res.headers.get('Retry-After');
    throw new ApiError(res.status, errorsOfBody(res.status, body), retry ? Number(retry) || null : null);
  }
  return body as T;
}

export interface ListResult<T extends Model> {
  data: T[];
  total: number;
  meta: JsonApiDocument['meta'];
}

/** POST /uploads/{resource}/{id}/{field}, multipart field attachment; answers { url }. */
export async function upload(resource: string, id: string, field: string, file: File): Promise<{ url: string }> {
  const form = new FormData();
  form.append('attachment', file);
  const h = headersOf(false);
  const res = await fetch(`${API_BASE}/uploads/${resource}/${id}/${field}`, { method: 'POST', headers: h, body: form });
  const body = await res.json().catch(() => null);
  if (!res.ok) {
    if (res.status === 401) context.onUnauthorized();
    throw new ApiError(res.status, errorsOfBody(res.status, body));
  }
  return { url: String(body?.url ?? body?.data?.attributes?.url ?? '') };
}

/** Standard resource calls (spec platform §7 "Standard CRUD resource paths"). */
export const api = {
  async list<T extends Model = Model>(
    type: string,
    params: ListParams = {},
    opts: Omit<RequestOptions, 'method' | 'params' | 'body'> = {},
  ): Promise<ListResult<T>> {
    const doc = await request<JsonApiDocument>(`/${type}`, { ...opts, params });
    const data = (deserialize<T>(doc) ?? []) as T[];
    return { data, total: Number(doc.meta?.page?.total ?? data.length), meta: doc.meta };
  },
  /** Every page of a list (for small catalogues such as permissions). */
  async listAll<T extends Model = Model>(type: string, params: ListParams = {}, opts: Omit<RequestOptions, 'method' | 'params' | 'body'> = {}): Promise<T[]> {
    const size = 100;
    const out: T[] = [];
    for (let page = 1; page <= 50; page++) {
      const res = await api.list<T>(type, { ...params, page: { number: page, size } }, opts);
      out.push(...res.data);
      if (res.data.length < size || out.length >= res.total) break;
    }
    return out;
  },
  async get<T extends Model = Model>(
    type: string,
    id: Id,
    params: ListParams = {},
    opts: Omit<RequestOptions, 'method' | 'params' | 'body'> = {},
  ): Promise<T> {
    const doc = await request<JsonApiDocument>(`/${type}/${encodeURIComponent(id)}`, { ...opts, params });
    return deserialize<T>(doc) as T;
  },
  async create<T extends Model = Model>(input: SerializeInput, params: ListParams = {}): Promise<T> {
    const doc = await request<JsonApiDocument>(`/${input.type}`, { method: 'POST', params, body: serialize(input) });
    return deserialize<T>(doc) as T;
  },
  async update<T extends Model = Model>(input: SerializeInput & { id: Id }, params: ListParams = {}): Promise<T> {
    const doc = await request<JsonApiDocument>(`/${input.type}/${encodeURIComponent(input.id)}`, {
      method: 'PATCH',
      params,
      body: serialize(input),
    });
    return deserialize<T>(doc) as T;
  },
  async remove(type: string, id: Id): Promise<void> {
    await request(`/${type}/${encodeURIComponent(id)}`, { method: 'DELETE' });
  },
  /** A workflow call answering a resource document (GET /users/{id}/activate ...). */
  async action<T extends Model = Model>(
    path: string,
    method: 'GET' | 'POST' = 'POST',
    body?: unknown,
  ): Promise<T | null> {
    const doc = await request<JsonApiDocument | null>(path, { method, body, global: false });
    return doc && typeof doc === 'object' && 'data' in doc ? (deserialize<T>(doc) as T) : null;
  },
};
