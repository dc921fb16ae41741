import { OFFLINE_READY } from './offlineCache.ts';

/**
 * Registers the service worker (vite-plugin-pwa, generateSW, /sw.js): the app shell and the
 * inspection screen open offline after a first visit. The worker takes over at once (skipWaiting,
 * clientsClaim), so a page it starts to control either had none (the first visit: whoever holds
 * the profile and the configuration reads them again through it, AppData.tsx and queryClient.ts,
 * so that a reload offline finds them) or ran an older build, and reloads into the new one: never
 * old code against a new server. Written here rather than with the plugin's registerSW, whose
 * workbox-window weighed on the sign-in page for these few lines.
 */
export function registerServiceWorker() {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  let controlled = navigator.serviceWorker.controller !== null;
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    if (controlled) return window.location.reload();
    controlled = true;
    window.dispatchEvent(new Event(OFFLINE_READY));
  });
  void navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => undefined);
}
