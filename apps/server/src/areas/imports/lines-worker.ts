import { parentPort } from 'node:worker_threads';
import { importRegistry } from '../importable.ts';
import { checkLines, type CheckRequest } from './check.ts';

// The lines worker: reads import chunks by their model's rules off the server's thread
// (lines-pool.ts). Bundled on its own as dist/lines-worker.js (scripts/build.mjs). Its registry
// holds the import models and their types only (importable.ts): an app serving fewer areas sends
// only models it serves.

const registry = importRegistry();

parentPort!.on('message', ({ id, request }: { id: number; request: CheckRequest }) => {
  try {
    parentPort!.postMessage({ id, verdicts: checkLines(registry, request) });
  } catch (err) {
    parentPort!.postMessage({ id, error: err instanceof Error ? (err.stack ?? err.message) : String(err) });
  }
});
