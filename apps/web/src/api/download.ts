import { API_BASE, headersOf } from './client.ts';
import { ApiError, errorsOfBody } from './jsonapi.ts';

// Files the API answers to the signed-in user (PDF reports, quotes, work orders): they need the
// session's token, so they are fetched and handed to the browser as a download.

/**
 * The file name the server gives (Content-Disposition), else the fallback: the UTF-8 one
 * (filename*=UTF-8''Facture%20%C3%A9t%C3%A9.pdf, RFC 6266) first, which keeps accents, else the plain one.
 */
export function fileNameOf(disposition: string | null, fallback: string): string {
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(disposition ?? '');
  if (encoded) {
    try {
      return decodeURIComponent(encoded[1].trim());
    } catch {
      // a malformed escape: the plain name below
    }
  }
  const m = /filename="([^"]+)"/.exec(disposition ?? '');
  return m ? m[1] : fallback;
}

/** GET {path} under the API as the signed-in user, saved by the browser; an ApiError when refused. */
export async function downloadFile(path: string, fallbackName: string, accept = 'application/pdf'): Promise<void> {
  const res = await fetch(`${API_BASE}${path}`, { headers: { ...headersOf(false), Accept: accept } });
  if (!res.ok) throw new ApiError(res.status, errorsOfBody(res.status, await res.json().catch(() => null)));
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = fileNameOf(res.headers.get('Content-Disposition'), fallbackName);
  document.body.appendChild(a);
  a.click();
  a.remove();
  // The download has started: the object URL is no longer needed once the click is handled.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
