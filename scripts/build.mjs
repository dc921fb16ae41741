#!/usr/bin/env node
// Builds the server bundle and the web app. With --if-stale, builds only what is missing or
// older than its sources (so `npm start` is quick on the second run).
import { build } from 'esbuild';
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const ifStale = process.argv.includes('--if-stale');

/** Newest modification time under the given paths (files or folders), skipping build output. */
function newest(paths) {
  let max = 0;
  const walk = (p) => {
    if (!existsSync(p)) return;
    const st = statSync(p);
    if (st.isDirectory()) {
      for (const name of readdirSync(p)) {
        if (name === 'node_modules' || name === 'dist' || name.startsWith('.')) continue;
        walk(join(p, name));
      }
    } else max = Math.max(max, st.mtimeMs);
  };
  paths.forEach((p) => walk(join(root, p)));
  return max;
}

function stale(output, sources) {
  if (!ifStale) return true;
  const out = join(root, output);
  return !existsSync(out) || statSync(out).mtimeMs < newest(sources);
}

const serverSources = ['apps/server/src', 'apps/server/drizzle', 'apps/server/package.json', 'packages/domain/src'];
if (stale('apps/server/dist/main.js', serverSources)) {
  const started = Date.now();
  const pkg = (await import(join(root, 'apps/server/package.json'), { with: { type: 'json' } })).default;
  await build({
    // The workers are bundles of their own, loaded next to main.js (src/threads.ts).
    entryPoints: {
      main: join(root, 'apps/server/src/main.ts'),
      'parse-worker': join(root, 'apps/server/src/areas/imports/parse-worker.ts'),
      'lines-worker': join(root, 'apps/server/src/areas/imports/lines-worker.ts'),
      'pglite-worker': join(root, 'apps/server/src/db/pglite-worker.ts'),
      'pglite-init': join(root, 'apps/server/src/db/pglite-init.ts'),
    },
    outdir: join(root, 'apps/server/dist'),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    // Our own workspace code is bundled; third-party packages load from node_modules.
    external: Object.keys(pkg.dependencies ?? {}),
    banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
    logLevel: 'warning',
  });
  console.log(`[build] server bundled in ${Date.now() - started} ms`);
}

const webSources = ['apps/web/src', 'apps/web/index.html', 'apps/web/vite.config.ts', 'apps/web/public', 'packages/domain/src'];
if (existsSync(join(root, 'apps/web/index.html')) && stale('apps/web/dist/index.html', webSources)) {
  const started = Date.now();
  const res = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: join(root, 'apps/web'), stdio: 'inherit' });
  if (res.status !== 0) process.exit(res.status ?? 1);
  console.log(`[build] web app built in ${Date.now() - started} ms`);
}
