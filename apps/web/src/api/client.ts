import { ApiError, errorsOfBody, type Id, type JsonApiDocument, type ListParams, type Model } from './jsonapi.ts';
import { deserialize, serialize, type SerializeInput } from './documents.ts';
import { API_BASE, headersOf, reportUnauthorized, request, type RequestOptions } from './request.ts';

// The whole client: its core (request.ts) and the standard resource calls on it.
export { API_BASE, MEDIA_TYPE, configureClient, headersOf, request, urlOf, type ClientContext, type RequestOptions } from './request.ts';

export interface ListResult<T extends Model> {
  data: T[];
  total: number;
  meta: JsonApiDocument['meta'];
}

/**
 * POST /uploads/{resource}/{id}/{field}, multipart field attachment; answers { url }. Sent by
 * XMLHttpRequest, the one browser call that reports how much of the body has gone (`onProgress`,
 * 0 to 1: the explorer's upload bars).
 */
export function upload(resource: string, id: string, field: string, file: File, onProgress?: (fraction: number) => void): Promise<{ url: string }> {
  const form = new FormData();
  form.append('attachment', file);
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${API_BASE}/uploads/${resource}/${id}/${field}`);
    for (const [name, value] of Object.entries(headersOf(false))) xhr.setRequestHeader(name, value);
    if (onProgress) xhr.upload.onprogress = (e) => e.lengthComputable && onProgress(e.loaded / e.total);
    xhr.onerror = () => reject(new ApiError(0, errorsOfBody(0, null)));
    xhr.onload = () => {
      let body: { url?: string } | null = null;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        // not JSON: the status says what happened
      }
      if (xhr.status >= 200 && xhr.status < 300) return resolve({ url: String(body?.url ?? '') });
      if (xhr.status === 401) reportUnauthorized();
      reject(new ApiError(xhr.status, errorsOfBody(xhr.status, body)));
    };
    xhr.send(form);
  });
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
