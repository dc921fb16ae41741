import type { Worker } from 'node:worker_threads';
import type { PackedFile } from './packed.ts';
import { endWhenIdle } from '../../threads.ts';
import { IDLE_MS, startThread } from './threads.ts';

// Spreadsheets are read in worker threads (issue 29): a large or hostile file never holds the
// thread that answers every organization's requests, and a worker's heap is capped, so one that
// runs out of memory dies alone. Two at a time; more uploads wait their turn.

/** Files read at once. */
export const PARSE_WORKERS = 2;
/** A worker's heap, in MB: the server's memory for reading files is at most twice this. */
export const PARSE_HEAP_MB = 512;
/** Longest a file may take to read, in seconds. */
export const PARSE_SECONDS = 60;
/**
 * A worker that read a file of this size or more ends at once instead of waiting IDLE_MS for the
 * next: its heap grew with the file (~50 MB for 100,000 lines) and would stay while the import
 * the file begins runs. Starting another costs a few tens of ms; small files keep their worker.
 */
const KEEP_UNDER_BYTES = 1024 * 1024;

export type ParseOutcome = { file: PackedFile } | { refused: { key: string; params?: Record<string, string | number> } };

interface ParseWorker {
  worker: Worker;
  lifetime: ReturnType<typeof endWhenIdle>;
}

function spawn(): ParseWorker {
  const worker = startThread('parse-worker', { maxOldGenerationSizeMb: PARSE_HEAP_MB });
  const forget = () => idle.includes(entry) && idle.splice(idle.indexOf(entry), 1);
  const entry: ParseWorker = { worker, lifetime: endWhenIdle(worker, IDLE_MS, forget) };
  // An idle worker that dies or ends is forgotten (a job's own listeners report its death to the job).
  worker.on('error', () => {}).on('exit', forget);
  return entry;
}

/** Workers waiting for a file; each ends after IDLE_MS (a file's read may have grown its heap to PARSE_HEAP_MB). */
const idle: ParseWorker[] = [];
let busy = 0;
const waiting: (() => void)[] = [];

const outOfMemory = { refused: { key: 'import.cap_memory', params: { max: `${PARSE_HEAP_MB} MB` } } };
const overrun = { refused: { key: 'import.cap_time', params: { max: PARSE_SECONDS } } };

/** A worker's turn: at once when one is free, else when a reading ends (its turn is handed over). */
async function acquire() {
  if (busy < PARSE_WORKERS) busy++;
  else await new Promise<void>((r) => waiting.push(r));
}
function release() {
  const next = waiting.shift();
  if (next) next();
  else busy--;
}

/** Reads a file in a worker; a worker that dies (out of memory) or overruns is replaced. */
export async function parseInWorker(bytes: Uint8Array, format: 'csv' | 'xlsx'): Promise<ParseOutcome> {
  await acquire();
  let entry: ParseWorker;
  try {
    entry = idle.pop() ?? spawn();
  } catch (err) {
    release();
    throw err;
  }
  const { worker, lifetime } = entry;
  lifetime.busy();
  worker.ref();
  let healthy = false;
  let onMessage: (m: ParseOutcome) => void = () => {};
  let onError: (err: Error & { code?: string }) => void = () => {};
  let onExit: () => void = () => {};
  let timer: NodeJS.Timeout | undefined;
  try {
    return await new Promise<ParseOutcome>((resolve, reject) => {
      timer = setTimeout(() => resolve(overrun), PARSE_SECONDS * 1000);
      onMessage = (m) => {
        healthy = true;
        resolve(m);
      };
      onError = (err) => (err.code === 'ERR_WORKER_OUT_OF_MEMORY' ? resolve(outOfMemory) : reject(err));
      onExit = () => reject(new Error('parse worker exited'));
      worker.on('message', onMessage).on('error', onError).on('exit', onExit);
      // A copy the worker owns: the request's buffer may be a slice of a shared pool.
      const copy = new Uint8Array(bytes).buffer;
      worker.postMessage({ bytes: copy, format }, [copy]);
    });
  } finally {
    clearTimeout(timer);
    worker.off('message', onMessage).off('error', onError).off('exit', onExit);
    if (healthy && bytes.length < KEEP_UNDER_BYTES) {
      worker.unref();
      idle.push(entry);
      lifetime.idle();
    } else void worker.terminate();
    release();
  }
}
