import { Worker, type ResourceLimits } from 'node:worker_threads';

/**
 * A worker thread: its bundle next to the server's (scripts/build.mjs puts every worker beside
 * main.js), or its source (`source`, beside the caller) run through tsx in tests and development.
 */
export function startThread(name: string, source: URL, options: { resourceLimits?: ResourceLimits; workerData?: unknown } = {}): Worker {
  if (!import.meta.url.endsWith('.ts')) return new Worker(new URL(`./${name}.js`, import.meta.url), options);
  const href = JSON.stringify(source.href);
  return new Worker(`import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${href}); })`, { ...options, eval: true });
}
