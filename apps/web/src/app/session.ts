import { useSyncExternalStore } from 'react';
import { configureClient, request } from '../api/request.ts';
import type { Id } from '../api/jsonapi.ts';
import i18n, { GLOBAL_LOCALE_KEY, currentLocale } from '../i18n/index.ts';
import { forgetOfflineCopies } from './offlineCache.ts';

/** Stored local keys (spec platform §9). */
export const TOKEN_KEY = 'ACCESS_TOKEN';
export const GLOBAL_LOCATIONS_KEY = 'GLOBAL_LOCATIONS';
export const GLOBAL_ORGANIZATION_KEY = 'GLOBAL_ORGANIZATION';

const storage = {
  get(key: string): string | null {
    try {
      return localStorage.getItem(key);
    } catch {
      return null;
    }
  },
  set(key: string, value: string | null) {
    try {
      if (value === null) localStorage.removeItem(key);
      else localStorage.setItem(key, value);
    } catch {
      /* private mode */
    }
  },
};
export { storage };

/**
 * What the query cache does when the session changes (queryClient.ts): it loads after the sign-in
 * page, so it listens rather than being called.
 */
type SessionChange = 'signed-in' | 'locale-chosen';
const sessionListeners = new Set<(change: SessionChange) => void>();
export function onSessionChange(listener: (change: SessionChange) => void) {
  sessionListeners.add(listener);
}

export const getToken = () => storage.get(TOKEN_KEY);
export const isAuthenticated = () => Boolean(getToken());
export function setToken(token: string) {
  storage.set(TOKEN_KEY, token);
  sessionListeners.forEach((l) => l('signed-in'));
}

/** Global organization and locations: a tiny store read by every GET (client.ts). */
export interface GlobalSelection {
  organization: Id | null;
  locations: Id[];
}
let selection: GlobalSelection = { organization: null, locations: [] };
const listeners = new Set<() => void>();

export function getSelection(): GlobalSelection {
  return selection;
}
export function setSelection(next: Partial<GlobalSelection>, persist = true) {
  selection = { ...selection, ...next };
  if (persist) {
    storage.set(GLOBAL_LOCATIONS_KEY, JSON.stringify(selection.locations));
    storage.set(GLOBAL_ORGANIZATION_KEY, selection.organization);
  }
  listeners.forEach((l) => l());
}
export function useSelection(): GlobalSelection {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => selection,
  );
}

/** Clears the session (keeping the visitor's language choice) and reloads on the login page. */
function clearAndReload(target: string) {
  const locale = storage.get(GLOBAL_LOCALE_KEY);
  try {
    localStorage.clear();
  } catch {
    /* ignore */
  }
  if (locale) storage.set(GLOBAL_LOCALE_KEY, locale);
  window.location.assign(target);
}

let loggingOut = false;

/** Any 401, or a 401/403 while loading the profile: the session is over. */
export function forceLogout() {
  if (loggingOut) return;
  loggingOut = true;
  const here = window.location.pathname + window.location.search;
  const onGuestPage = /^\/(login|password|links)/.test(window.location.pathname);
  clearAndReload(onGuestPage || here === '/' ? '/login' : `/login?redirect=${encodeURIComponent(here)}`);
}

/** The user's logout: tells the server, then clears and reloads. Throws when the call fails. */
export async function logout() {
  await request('/logout', { method: 'POST', ignoreUnauthorized: true }).catch((e: { status?: number }) => {
    if (e?.status !== 401) throw e;
  });
  loggingOut = true;
  await forgetOfflineCopies();
  clearAndReload('/login');
}

/** The user's choice of language, kept on this device. */
export function setLocale(locale: string) {
  storage.set(GLOBAL_LOCALE_KEY, locale);
  if (locale === currentLocale()) return;
  void i18n.changeLanguage(locale).then(() => sessionListeners.forEach((l) => l('locale-chosen')));
}

configureClient({
  token: getToken,
  locale: currentLocale,
  globalOrganization: () => selection.organization,
  globalLocations: () => selection.locations,
  onUnauthorized: () => {
    if (getToken()) forceLogout();
  },
});
