import { ApiError, buildQuery, errorsOfBody, withGlobalFilters, type Id, type ListParams } from './jsonapi.ts';

/**
 * The client's core: one call to the API, as the sign-in page needs it. The standard resource
 * calls build on it (client.ts, loaded with the pages that read records).
 */

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

/** Tells the session a call was refused as signed out (spec: any 401 logs out). */
export const reportUnauthorized = () => context.onUnauthorized();
