import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The server (apps/server) serves apps/web/dist with a history-mode fallback; in development,
// Vite proxies the API to it.
export default defineConfig({
  plugins: [react()],
  // One copy of Mantine and React for the whole app: a Mantine package resolving its own copy of
  // @mantine/core (a version apart) finds no MantineProvider in the tree and the page crashes. The
  // Mantine packages are also kept at one version in package.json (@mantine/dates pinned to it).
  resolve: { dedupe: ['@mantine/core', '@mantine/hooks', 'react', 'react-dom'] },
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: false, chunkSizeWarningLimit: 900 },
  server: { port: 5173, proxy: { '/api': { target: 'http://127.0.0.1:3000', changeOrigin: false } } },
  preview: { port: 4173, proxy: { '/api': { target: 'http://127.0.0.1:3000' } } },
});
