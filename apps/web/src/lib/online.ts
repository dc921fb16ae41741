import { useSyncExternalStore } from 'react';

function subscribeOnline(listener: () => void) {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}

/** Whether the browser has a connection, kept current by its online and offline events. */
export const useOnline = () => useSyncExternalStore(subscribeOnline, () => navigator.onLine !== false);
