// The embedded database served from its own thread (pglite-worker.ts) to a node-postgres pool of
// one connection, through an in-memory stream: the HTTP thread only reads and writes the wire
// protocol, PostgreSQL's work runs on the other core, and the server's code takes the same path
// on both databases (one driver, one SQL runner). Measured in docs/decisions.md.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Duplex } from 'node:stream';
import type { Worker } from 'node:worker_threads';
import pg from 'pg';
import { runProcess, startThread } from '../threads.ts';
import type { FromWorker, ToWorker } from './pglite-worker.ts';

export interface EmbeddedServer {
  pool: pg.Pool;
  /** How many times the database has flushed a file to disk (the durability test). */
  fsyncCount(): Promise<number>;
  close(): Promise<void>;
}

/**
 * The connection's socket: what node-postgres writes goes to the worker, what the worker answers
 * is read. node-postgres calls connect, setNoDelay, ref and unref on a socket.
 */
class WorkerSocket extends Duplex {
  constructor(private readonly post: (message: ToWorker, transfer?: ArrayBuffer[]) => void) {
    super();
  }
  connect() {
    process.nextTick(() => this.emit('connect'));
    return this;
  }
  setNoDelay() {
    return this;
  }
  setKeepAlive() {
    return this;
  }
  ref() {
    return this;
  }
  unref() {
    return this;
  }
  deliver(bytes: Uint8Array) {
    this.push(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  }
  override _write(chunk: Buffer, _encoding: BufferEncoding, done: (error?: Error | null) => void) {
    this.send(chunk);
    done();
  }
  override _writev(chunks: { chunk: Buffer }[], done: (error?: Error | null) => void) {
    this.send(Buffer.concat(chunks.map((c) => c.chunk)));
    done();
  }
  override _read() {}
  private send(chunk: Buffer) {
    const bytes = new Uint8Array(chunk); // a copy the worker may own
    this.post({ bytes }, [bytes.buffer]);
  }
}

const startWorker = (dir: string) => startThread('pglite-worker', new URL('./pglite-worker.ts', import.meta.url), { workerData: { dir } });

/** Resolves when the thread's PGlite is open (its first message). */
const opened = (worker: Worker) =>
  new Promise<void>((resolve, reject) => {
    worker.once('error', reject);
    worker.once('message', (message: FromWorker) => ('ready' in message ? resolve() : reject(new Error('fatal' in message ? message.fatal : 'the embedded database did not start'))));
  });

/**
 * A new data directory is made by a process of its own (pglite-init.ts). PGlite makes it with a
 * second PGlite and an initdb WebAssembly instance; in the serving thread their memories (~430 MB)
 * stayed until a late garbage collection (its external memory fell from 631 to 201 MB ~40 s into
 * the bench's import), and in a thread that ended, ~190 MB of allocator arenas stayed resident.
 */
async function createDataDir(dir: string) {
  if (!existsSync(join(dir, 'PG_VERSION'))) await runProcess('pglite-init', new URL('./pglite-init.ts', import.meta.url), [dir]);
}

export async function startEmbedded(dir: string, onFatal: (message: string) => void): Promise<EmbeddedServer> {
  await createDataDir(dir);
  const worker = startWorker(dir);
  const post = (message: ToWorker, transfer: ArrayBuffer[] = []) => worker.postMessage(message, transfer);
  let socket: WorkerSocket | null = null;
  const waiting: ((message: FromWorker) => void)[] = [];
  let closing = false;

  await opened(worker);
  worker.on('message', (message: FromWorker) => {
    if ('bytes' in message) socket?.deliver(message.bytes);
    else if ('fatal' in message) onFatal(message.fatal);
    else waiting.shift()?.(message);
  });
  worker.on('error', (err) => onFatal(err.message));
  worker.on('exit', (code) => {
    if (!closing) onFatal(`its thread stopped (exit code ${code})`);
  });
  const ask = (message: ToWorker) => new Promise<FromWorker>((resolve) => (waiting.push(resolve), post(message)));

  const pool = new pg.Pool({
    user: 'postgres',
    database: 'postgres',
    max: 1,
    // The one session stays open for the server's life: its prepared statements with it.
    idleTimeoutMillis: 0,
    stream: () => (socket = new WorkerSocket(post)),
  } as pg.PoolConfig);
  pool.on('error', (err) => onFatal(err.message));

  return {
    pool,
    fsyncCount: async () => {
      const answer = await ask({ fsyncs: true });
      return 'fsyncs' in answer ? answer.fsyncs : 0;
    },
    close: async () => {
      await pool.end();
      closing = true;
      await ask({ close: true });
      await worker.terminate();
    },
  };
}
