import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { Worker, type ResourceLimits } from 'node:worker_threads';

/**
 * A worker's young generation, in MB, unless its resourceLimits say otherwise. V8's default lets it
 * grow to 32 MB (two semi-spaces of 16), all resident once a burst of work has filled it: the parse
 * worker read 100,000 lines in a heap of 51 MB with 8 instead of 68–76, in 0.3–1.4 s against 0.6–1.9
 * s by default (three reads each, on a loaded machine); the embedded database's thread allocates
 * little JavaScript besides the wire's buffers. (The HTTP thread keeps V8's default: scripts/serve.sh.)
 */
const WORKER_YOUNG_MB = 8;

/**
 * A worker thread: its bundle next to the server's (scripts/build.mjs puts every worker beside
 * main.js), or its source (`source`, beside the caller) run through tsx in tests and development.
 */
export function startThread(name: string, source: URL, options: { resourceLimits?: ResourceLimits; workerData?: unknown } = {}): Worker {
  const settings = { ...options, resourceLimits: { maxYoungGenerationSizeMb: WORKER_YOUNG_MB, ...options.resourceLimits } };
  if (!import.meta.url.endsWith('.ts')) return new Worker(new URL(`./${name}.js`, import.meta.url), settings);
  const href = JSON.stringify(source.href);
  return new Worker(`import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${href}); })`, { ...settings, eval: true });
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

/**
 * Runs a script in a process of its own until it exits, as startThread finds it (its bundle beside
 * main.js, or its source through tsx); rejects with what it wrote to stderr when it fails.
 */
export function runProcess(name: string, source: URL, args: readonly string[]): Promise<void> {
  const [script, execArgv] = import.meta.url.endsWith('.ts') ? [fileURLToPath(source), ['--import', 'tsx']] : [fileURLToPath(new URL(`./${name}.js`, import.meta.url)), []];
  const child = spawn(process.execPath, [...execArgv, script, ...args], { stdio: ['ignore', 'ignore', 'pipe'] });
  let errors = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (errors = (errors + chunk).slice(-4000)));
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code, signal) => (code === 0 ? resolve() : reject(new Error(`${name} failed (${signal ?? code}): ${errors.trim()}`))));
  });
}
