/**
 * Last visited route of each top-level section (spec platform §2): stored locally, restored when
 * the user comes back to the section from the sidebar.
 */
export const LAST_ROUTE_PREFIX = 'LAST_ROUTE:';

/** Paths that are never remembered. */
const IGNORED = new Set(['', 'login', 'password', 'links', 'not-found', 'embed']);

export interface KeyValueStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

/** '/admin/users?id=3' -> 'admin'; '/' -> null. */
export function sectionOf(url: string): string | null {
  const path = url.split(/[?#]/)[0];
  const first = path.split('/').filter(Boolean)[0] ?? '';
  return IGNORED.has(first) ? null : first;
}

export function rememberRoute(store: KeyValueStore, url: string): void {
  const section = sectionOf(url);
  if (!section) return;
  // The record drawer (id, action) is not restored: only the list state is.
  const [pathAndQuery] = url.split('#');
  const [path, query = ''] = pathAndQuery.split('?');
  const params = new URLSearchParams(query);
  params.delete('id');
  params.delete('action');
  const q = params.toString();
  store.setItem(`${LAST_ROUTE_PREFIX}${section}`, `${path}${q ? `?${q}` : ''}`);
}

/** The stored route of a section, when it still belongs to it; else the fallback. */
export function restoreRoute(store: KeyValueStore, section: string, fallback: string): string {
  const stored = store.getItem(`${LAST_ROUTE_PREFIX}${section}`);
  if (stored && sectionOf(stored) === section) return stored;
  return fallback;
}
