import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { keys } from '../api/hooks.ts';
import { ApiError } from '../api/jsonapi.ts';
import i18n from '../i18n/index.ts';
import { showRequestError } from './errorStore.ts';
import { notify } from './notify.tsx';
import { OFFLINE_READY } from './offlineCache.ts';
import { onSessionChange } from './session.ts';

declare module '@tanstack/react-query' {
  interface Register {
    /** silent: no dialog; notify: a danger notification instead of the dialog (the shell's own loads, platform §8). */
    queryMeta: { silent?: boolean; notify?: boolean };
    mutationMeta: { silent?: boolean; form?: boolean };
  }
}

/** Errors the user must see in the dialog: not 401 (logout handles it), not form field errors. */
function report(error: unknown, meta: { silent?: boolean; notify?: boolean; form?: boolean } | undefined) {
  if (meta?.silent) return;
  if (meta?.notify) {
    if ((error instanceof ApiError && error.status === 401) || (error as Error)?.name === 'AbortError') return;
    // One notice however often the load fails again (the bell refreshes every minute).
    notify({ id: 'load-failed', color: 'red', message: i18n.t('errors:SOMETHING_WENT_WRONG') });
    return;
  }
  if (error instanceof ApiError) {
    if (error.status === 401) return;
    if (meta?.form && error.status === 422 && Object.keys(error.fieldErrors).length > 0) return;
    showRequestError(error.errors);
    return;
  }
  if ((error as Error)?.name === 'AbortError') return;
  showRequestError([]);
}

export const queryClient = new QueryClient({
  queryCache: new QueryCache({ onError: (error, query) => report(error, query.meta) }),
  mutationCache: new MutationCache({ onError: (error, _v, _c, mutation) => report(error, mutation.meta) }),
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      // Deserialised JSON:API graphs share objects and may hold cycles (a location's users'
      // locations...): structural sharing would walk them forever.
      structuralSharing: false,
      refetchOnWindowFocus: false,
      retry: (count, error) => error instanceof ApiError && (error.status === 0 || error.status >= 500) && count < 2,
    },
    mutations: { retry: false },
  },
});

// Signing in keeps nothing read earlier in this page (another tab may have signed the last user
// out); a language chosen reads again what is shown, as server texts (errors, names) follow it.
onSessionChange((change) => (change === 'signed-in' ? queryClient.clear() : void queryClient.invalidateQueries()));
// The profile read before the service worker controlled the page is read again through it (serviceWorker.ts).
if (typeof window !== 'undefined') window.addEventListener(OFFLINE_READY, () => void queryClient.refetchQueries({ queryKey: keys.me }));
