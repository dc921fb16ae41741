import type { Worker } from 'node:worker_threads';
import type { CheckRequest, Verdict } from './check.ts';
import { endWhenIdle } from '../../threads.ts';
import { IDLE_MS, startThread } from './threads.ts';

// The lines worker (issue 29): one thread reads the chunks of every running import by their
// model's rules (check.ts), so the server's thread only writes them. Started on first use, ended
// after IDLE_MS without a chunk; it loads the import models and their types only (importable.ts),
// and holds a chunk at a time, never a file. One that dies fails the chunks it was reading (their
// imports fail, as a crash would) and the next chunk starts another.

/** The worker's heap, in MB: a chunk's lines and the registry of types, with room to spare. */
const LINES_HEAP_MB = 256;

let worker: { thread: Worker; lifetime: ReturnType<typeof endWhenIdle> } | null = null;
let nextId = 0;
const waiting = new Map<number, { resolve: (v: Verdict[]) => void; reject: (err: Error) => void }>();

function spawn(): NonNullable<typeof worker> {
  const thread = startThread('lines-worker', { maxOldGenerationSizeMb: LINES_HEAP_MB });
  const lifetime = endWhenIdle(thread, IDLE_MS, () => worker?.thread === thread && (worker = null));
  const fail = (err: Error) => {
    if (worker?.thread !== thread) return;
    worker = null;
    for (const job of waiting.values()) job.reject(err);
    waiting.clear();
  };
  thread
    .on('message', ({ id, verdicts, error }: { id: number; verdicts?: Verdict[]; error?: string }) => {
      const job = waiting.get(id);
      waiting.delete(id);
      if (!waiting.size) {
        thread.unref();
        lifetime.idle();
      }
      if (verdicts) job?.resolve(verdicts);
      else job?.reject(new Error(`lines worker: ${error}`));
    })
    .on('error', fail)
    .on('exit', (code) => fail(new Error(`lines worker exited (${code})`)));
  return { thread, lifetime };
}

/** The verdicts of a chunk's lines, read in the lines worker. */
export function checkInWorker(request: CheckRequest): Promise<Verdict[]> {
  const { thread, lifetime } = (worker ??= spawn());
  lifetime.busy();
  const id = nextId++;
  // Referenced while it reads: a process waiting for a chunk does not exit.
  thread.ref();
  return new Promise((resolve, reject) => {
    waiting.set(id, { resolve, reject });
    thread.postMessage({ id, request });
  });
}
