import type { JsonApiDocument, Model } from '../api/jsonapi.ts';
import { deserialize } from '../api/documents.ts';
import { API_CACHE } from './offlineCache.ts';

/**
 * The records of a type whose copy the worker keeps (read one by one, /api/v1/inspections/{id}):
 * what a list shows offline, where its own answer cannot be read. Newest change first.
 */
export async function keptRecords<T extends Model>(type: string): Promise<T[]> {
  if (!('caches' in window)) return [];
  const cache = await caches.open(API_CACHE);
  const prefix = `/api/v1/${type}/`;
  const isRecord = (path: string) => path.startsWith(prefix) && !path.slice(prefix.length).includes('/');
  const docs = await Promise.all(
    (await cache.keys())
      .filter((r) => isRecord(new URL(r.url).pathname))
      .map(async (r) => {
        const doc = (await (await cache.match(r))?.json().catch(() => null)) as JsonApiDocument | null;
        const record = doc && doc.data && !Array.isArray(doc.data) ? (deserialize<T>(doc) as T | null) : null;
        return record ? { record, included: doc?.included?.length ?? 0 } : null;
      }),
  );
  // A record read several ways is kept once: the copy its screen read (its relationships included), then the latest.
  const rank = (c: { record: T; included: number }) => `${String(c.included).padStart(6, '0')}|${String(c.record.updated_at ?? '')}`;
  const best = new Map<string, { record: T; included: number }>();
  for (const copy of docs) {
    const known = copy && best.get(copy.record.id);
    if (copy && (!known || rank(copy) > rank(known))) best.set(copy.record.id, copy);
  }
  const byId = new Map([...best].map(([id, c]) => [id, c.record]));
  return [...byId.values()].sort((a, b) => String(b.updated_at ?? '').localeCompare(String(a.updated_at ?? '')));
}
