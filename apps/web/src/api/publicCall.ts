import { ApiError, errorsOfBody } from './jsonapi.ts';

/**
 * A call of a public page (no sign-in: a link's token opens it) answering its own JSON: a network
 * failure or a refusal is an ApiError with the server's errors, in the language the call asked.
 */
export async function publicCall<T>(url: string, init: RequestInit): Promise<T> {
  let res: Response;
  try {
    res = await fetch(url, init);
  } catch {
    throw new ApiError(0, [{ status: '0', code: 'NETWORK_ERROR', title: 'NETWORK_ERROR' }]);
  }
  const text = await res.text();
  let body: unknown = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    // not JSON: the status says enough
  }
  if (!res.ok) throw new ApiError(res.status, errorsOfBody(res.status, body));
  return body as T;
}
