import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';

// The server (apps/server) serves apps/web/dist with a history-mode fallback; in development,
// Vite proxies the API to it.
export default defineConfig({
  plugins: [
    react(),
    VitePWA({
      // A new build takes over at once (skipWaiting + clientsClaim) and the open pages reload into
      // it (app/serviceWorker.ts): never old code against a new API; unsent answers wait in IndexedDB meanwhile.
      registerType: 'autoUpdate',
      // Registered by app/serviceWorker.ts, at this name.
      injectRegister: null,
      filename: 'sw.js',
      manifest: {
        name: 'Atelier',
        short_name: 'Atelier',
        lang: 'fr',
        start_url: '/',
        display: 'standalone',
        background_color: '#ffffff',
        theme_color: '#1c7ed6',
        icons: [{ src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' }],
      },
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,woff2}'],
        maximumFileSizeToCacheInBytes: 6 * 1024 * 1024,
        navigateFallback: '/index.html',
        // The API and its documentation are never answered with the app; nor the embeddable frame,
        // whose page must come from the server with its frame-ancestors header.
        navigateFallbackDenylist: [/^\/api\//, /^\/embed\//],
        cleanupOutdatedCaches: true,
        skipWaiting: true,
        clientsClaim: true,
        runtimeCaching: [
          {
            // The API calls the worker keeps a copy of (network first, the copy only when the network
            // fails): what the shell needs to start signed in and what the inspection screen reads, so
            // an inspection opened once opens again offline. Every other call goes straight to the
            // network, untouched (docs/decisions.md "The inspection screen offline"). The function is
            // copied into the worker as its text: the pattern must be written inside it.
            urlPattern: ({ url, request, sameOrigin }) =>
              sameOrigin && request.method === 'GET' && /^\/api\/v1\/(me|app-config|inspections\/[^/]+|inspection-fields|inspection-form-versions\/[^/]+)$/.test(url.pathname),
            handler: 'NetworkFirst',
            options: {
              cacheName: 'atelier-api',
              // A weak Wi-Fi in the bay: after 6 s the last copy is better than a spinner.
              networkTimeoutSeconds: 6,
              expiration: { maxEntries: 400, maxAgeSeconds: 7 * 24 * 3600 },
              cacheableResponse: { statuses: [200] },
            },
          },
        ],
      },
    }),
  ],
  // One copy of Mantine and React for the whole app: a Mantine package resolving its own copy of
  // @mantine/core (a version apart) finds no MantineProvider in the tree and the page crashes. The
  // Mantine packages are also kept at one version in package.json (@mantine/dates pinned to it).
  resolve: { dedupe: ['@mantine/core', '@mantine/hooks', 'react', 'react-dom'] },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 900,
    rolldownOptions: {
      output: {
        // Everything the entry imports statically (the sign-in page) in one file: left to itself
        // the bundler cut it into some forty chunks shared with the lazy pages, one of them pulling
        // a whole chunk of theirs for a small helper (docs/decisions.md "The first page's JavaScript").
        codeSplitting: { groups: [{ name: 'first-page', tags: ['$initial'] }] },
      },
    },
  },
  server: { port: 5173, proxy: { '/api': { target: 'http://127.0.0.1:3000', changeOrigin: false } } },
  preview: { port: 4173, proxy: { '/api': { target: 'http://127.0.0.1:3000' } } },
});
