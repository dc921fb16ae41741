// The embedded database served from its own thread (pglite-worker.ts) to a node-postgres pool of
// one connection, through an in-memory stream: the HTTP thread only reads and writes the wire
// protocol, PostgreSQL's work runs on the other core, and the server's code takes the same path
// on both databases (one driver, one SQL runner). Measured in docs/decisions.md.
import { AsyncLocalStorage } from 'node:async_hooks';
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
  /** How many messages the connection has sent the database's thread (the round-trip test). */
  messagesSent(): number;
  close(): Promise<void>;
}

/** A transaction's opening and end as node-postgres sends them (Drizzle's, simple queries with no options). */
const BEGIN = Buffer.from('Q\0\0\0\x0abegin\0', 'latin1');
const COMMIT = Buffer.from('Q\0\0\0\x0bcommit\0', 'latin1');
/** What PostgreSQL answers them: CommandComplete, then ReadyForQuery in a transaction or out of one. */
const BEGUN = Buffer.from('C\0\0\0\x0aBEGIN\0Z\0\0\0\x05T', 'latin1');
const COMMITTED = Buffer.from('C\0\0\0\x0bCOMMIT\0Z\0\0\0\x05I', 'latin1');

/** A transaction whose COMMIT may be answered before the database has run it (withCommitConfirmed). */
interface CommitScope {
  /** Settles once the database has run it: resolved if it committed (on disk), rejected with PostgreSQL's error if not. */
  confirmed?: Promise<void>;
}
const commitScopes = new AsyncLocalStorage<CommitScope>();

/**
 * Runs fn, a transaction, and resolves with its result once the database has committed it. On the
 * embedded database its COMMIT is answered at once and run by the database's thread after: the
 * connection goes to the next transaction meanwhile, whose statements wait behind the COMMIT in the
 * thread, which never waits for the HTTP thread between two transactions. A COMMIT that fails (a
 * serialization failure) rejects here as it would have in fn. Elsewhere, fn alone.
 */
export async function withCommitConfirmed<T>(fn: () => Promise<T>): Promise<T> {
  const scope: CommitScope = {};
  const result = await commitScopes.run(scope, fn);
  await scope.confirmed;
  return result;
}

/** What a message sent to the thread expects of its answer: all of it for node-postgres, or a part answered here already. */
type Answered = { prefix: Buffer; checked: (answer: Buffer) => void } | { whole: Buffer; checked: (answer: Buffer) => void };

/** PostgreSQL's error in an answer (ErrorResponse fields: C code, M message), as node-postgres would raise it. */
function errorIn(answer: Buffer): Error {
  for (let at = 0; at + 5 <= answer.length; at += 1 + answer.readInt32BE(at + 1)) {
    if (answer[at] !== 0x45) continue;
    const fields = new Map<string, string>();
    for (let f = at + 5; answer[f] !== 0 && f < at + 1 + answer.readInt32BE(at + 1); ) {
      const end = answer.indexOf(0, f + 1);
      fields.set(String.fromCharCode(answer[f]), answer.toString('utf8', f + 1, end));
      f = end + 1;
    }
    return Object.assign(new Error(fields.get('M') ?? 'the transaction did not commit'), { code: fields.get('C') });
  }
  return new Error(`the transaction did not commit: ${answer.toString('latin1', 0, 200)}`);
}

/**
 * The connection's socket: what node-postgres writes goes to the worker, what the worker answers
 * is read (one answer for each message, in order). node-postgres calls connect, setNoDelay, ref
 * and unref on a socket.
 *
 * Two round trips between the threads fewer for every transaction (an inspector's answer was
 * seven): its `begin` is answered here at once and sent with its first statement, and its
 * `commit`, inside withCommitConfirmed, is answered here at once and sent alone. Their real answers
 * are checked and dropped: a `begin` cannot fail out of a transaction (the pool's one connection is
 * out of one between two), and anything but BEGUN stops the database as a broken one would, since
 * the statements ran outside it; a `commit` that fails rejects its confirmation.
 */
class WorkerSocket extends Duplex {
  /** The `begin` answered but not sent yet. */
  private begun = false;
  /** For each message sent and not answered yet, in order: what of its answer was given here, or null. */
  private readonly answered: (Answered | null)[] = [];

  constructor(
    private readonly post: (message: ToWorker, transfer?: ArrayBuffer[]) => void,
    private readonly broken: (message: string) => void,
  ) {
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
    let answer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const given = this.answered.shift();
    if (given && 'whole' in given) return given.checked(answer);
    if (given) {
      given.checked(answer.subarray(0, given.prefix.length));
      answer = answer.subarray(given.prefix.length);
    }
    if (answer.length) this.push(answer);
  }
  override _write(chunk: Buffer, _encoding: BufferEncoding, done: (error?: Error | null) => void) {
    this.send(chunk);
    done();
  }
  override _writev(chunks: { chunk: Buffer }[], done: (error?: Error | null) => void) {
    // A `begin` or `commit` is answered alone: the others together.
    let together: Buffer[] = [];
    for (const { chunk } of chunks) {
      if (chunk.equals(BEGIN) || chunk.equals(COMMIT)) {
        if (together.length) this.send(Buffer.concat(together));
        together = [];
        this.send(chunk);
      } else together.push(chunk);
    }
    if (together.length) this.send(Buffer.concat(together));
    done();
  }
  override _read() {}
  private send(chunk: Buffer) {
    if (!this.begun && chunk.equals(BEGIN)) {
      this.begun = true;
      queueMicrotask(() => this.push(BEGUN));
      return;
    }
    const scope = commitScopes.getStore();
    if (scope && !scope.confirmed && !this.begun && chunk.equals(COMMIT)) {
      let checked!: (answer: Buffer) => void;
      scope.confirmed = new Promise<void>((resolve, reject) => (checked = (answer) => (answer.equals(COMMITTED) ? resolve() : reject(errorIn(answer)))));
      // Awaited once fn has returned: a failure before that is not unhandled.
      scope.confirmed.catch(() => {});
      this.answered.push({ whole: COMMITTED, checked });
      this.transfer(chunk);
      queueMicrotask(() => this.push(COMMITTED));
      return;
    }
    if (this.begun) {
      this.begun = false;
      this.answered.push({ prefix: BEGUN, checked: (answer) => answer.equals(BEGUN) || this.broken(`a transaction did not begin: ${answer.toString('latin1')}`) });
      this.transfer(Buffer.concat([BEGIN, chunk]));
    } else {
      this.answered.push(null);
      this.transfer(chunk);
    }
  }
  private transfer(chunk: Buffer) {
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
  let sent = 0;
  const post = (message: ToWorker, transfer: ArrayBuffer[] = []) => (sent++, worker.postMessage(message, transfer));
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
    stream: () => (socket = new WorkerSocket(post, onFatal)),
  } as pg.PoolConfig);
  pool.on('error', (err) => onFatal(err.message));

  return {
    pool,
    fsyncCount: async () => {
      const answer = await ask({ fsyncs: true });
      return 'fsyncs' in answer ? answer.fsyncs : 0;
    },
    messagesSent: () => sent,
    close: async () => {
      await pool.end();
      closing = true;
      await ask({ close: true });
      await worker.terminate();
    },
  };
}
