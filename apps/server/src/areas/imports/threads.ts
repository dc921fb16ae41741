import { Worker, type ResourceLimits } from 'node:worker_threads';

/**
 * A worker thread of this folder (parse-worker, lines-worker): its bundle next to the server's
 * (scripts/build.mjs), or its source run through tsx (tests, dev).
 */
export function startThread(name: 'parse-worker' | 'lines-worker', resourceLimits: ResourceLimits): Worker {
  if (!import.meta.url.endsWith('.ts')) return new Worker(new URL(`./${name}.js`, import.meta.url), { resourceLimits });
  const source = JSON.stringify(new URL(`./${name}.ts`, import.meta.url).href);
  return new Worker(`import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${source}); })`, { resourceLimits, eval: true });
}
