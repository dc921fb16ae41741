/** The cache of API answers the service worker keeps for offline use (apps/web/vite.config.ts). */
export const API_CACHE = 'atelier-api';

/** On logout: the copies of the user's data go too (a shared tablet's next user must not read them offline). */
export async function forgetOfflineCopies() {
  try {
    if ('caches' in window) await caches.delete(API_CACHE);
  } catch {
    /* no Cache Storage: nothing kept */
  }
}

/** Sent once the service worker first controls the page: a screen reads again what it wants kept for offline use. */
export const OFFLINE_READY = 'atelier:offline-ready';
