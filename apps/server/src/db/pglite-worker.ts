// The embedded database's own thread: PGlite runs here, off the HTTP thread, and speaks the
// PostgreSQL wire protocol to the server's node-postgres pool (embedded.ts). Each message holds the
// bytes the connection wrote (whole protocol messages: node-postgres writes each one at once), and
// the answer holds what PostgreSQL wrote back (one answer for each message, empty or not). The pool
// has one connection: PGlite is one session.
import { parentPort, workerData } from 'node:worker_threads';
import type { PGlite } from '@electric-sql/pglite';
import { openDurablePglite, pgliteFsyncCount } from './pglite.ts';

export type ToWorker = { bytes: Uint8Array } | { fsyncs: true } | { close: true };
export type FromWorker = { ready: true } | { bytes: Uint8Array } | { fsyncs: number } | { closed: true } | { fatal: string };

const port = parentPort!;
const send = (message: FromWorker, transfer: ArrayBuffer[] = []) => port.postMessage(message, transfer);
const { dir } = workerData as { dir: string };

let pglite: PGlite;
try {
  pglite = await openDurablePglite(dir);
} catch (err) {
  send({ fatal: (err as Error).message ?? String(err) });
  throw err;
}

// In arrival order, one after the other: PostgreSQL answers a connection's messages in order.
let turn = Promise.resolve();
port.on('message', (message: ToWorker) => {
  turn = turn.then(() => handle(message)).catch((err: unknown) => {
    // PGlite stopped (its PostgreSQL exited): nothing more can be answered.
    send({ fatal: err instanceof Error ? err.message : JSON.stringify(err) });
  });
});

async function handle(message: ToWorker) {
  if ('close' in message) {
    await pglite.close();
    send({ closed: true });
    return;
  }
  if ('fsyncs' in message) {
    send({ fsyncs: pgliteFsyncCount() });
    return;
  }
  const parts: Uint8Array[] = [];
  await pglite.execProtocolRawStream(message.bytes, { onRawData: (data) => parts.push(data.slice()) });
  // An answer for every message, empty or not: the connection pairs them in order (embedded.ts).
  const answer = parts.length === 1 ? parts[0] : new Uint8Array(Buffer.concat(parts));
  send({ bytes: answer }, [answer.buffer as ArrayBuffer]);
}

send({ ready: true });
