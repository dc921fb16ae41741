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

/**
 * Ends a worker once it has had nothing to do for `ms` (its isolate and heap go with it; the next
 * task starts another): idle() when it has nothing left, busy() when it is given a task. forget
 * runs first, so that no task is handed to a worker that is ending.
 */
export function endWhenIdle(worker: Worker, ms: number, forget: () => void) {
  let timer: NodeJS.Timeout | undefined;
  return {
    idle() {
      clearTimeout(timer);
      timer = setTimeout(() => {
        forget();
        void worker.terminate();
      }, ms).unref();
    },
    busy() {
      clearTimeout(timer);
    },
  };
}
