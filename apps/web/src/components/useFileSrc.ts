import { useEffect, useState } from 'react';
import { headersOf } from '../api/client.ts';

/**
 * A file served by the API as an image source: it needs the bearer token, so it is fetched and
 * shown through an object URL (released when the component goes); other addresses as they are.
 */
export function useFileSrc(url: string): string | null {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    if (!url.startsWith('/api/')) {
      setSrc(url);
      return;
    }
    let objectUrl: string | null = null;
    let alive = true;
    void fetch(url, { headers: headersOf(false) })
      .then((r) => (r.ok ? r.blob() : null))
      .then((b) => {
        if (b && alive) setSrc((objectUrl = URL.createObjectURL(b)));
      })
      .catch(() => {});
    return () => {
      alive = false;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [url]);
  return src;
}
