import { registerSW } from 'virtual:pwa-register';
import { OFFLINE_READY } from './offlineCache.ts';

/**
 * Registers the service worker (vite-plugin-pwa, generateSW): the app shell and the inspection
 * screen open offline after a first visit. autoUpdate: a new build's worker takes over at once and
 * this page reloads into it, so the app never runs old code against a new server.
 */
export function registerServiceWorker() {
  if (!('serviceWorker' in navigator)) return;
  const first = navigator.serviceWorker.controller === null;
  registerSW({ immediate: true });
  // On the very first visit the page read its profile and the app's configuration before the worker
  // controlled it: whoever holds them reads them again through it (AppData.tsx, queryClient.ts), so
  // that a reload offline finds them.
  if (first) navigator.serviceWorker.addEventListener('controllerchange', () => window.dispatchEvent(new Event(OFFLINE_READY)), { once: true });
}
