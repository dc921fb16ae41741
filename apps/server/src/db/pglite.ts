// The embedded database's PostgreSQL (PGlite), opened durably on a data directory: by the worker
// thread that serves it (pglite-worker.ts), or in memory for tests (client.ts openMemoryDatabase).
import { fsyncSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { NodeFS } from '@electric-sql/pglite/nodefs';

export const PGLITE_OPTIONS = { parsers: { 20: (v: string) => Number(v) } };

/*
 * Durable embedded mode. PGlite 0.5 starts PostgreSQL with -F (fsync off), and its Node file
 * system (Emscripten's NODEFS) has no fsync operation: fsync() inside PostgreSQL returns success
 * without reaching the disk, and fdatasync() is a no-op in Emscripten whatever the file system.
 * So commits would survive a crash of the process (every write() reaches the OS) but not a power
 * loss. Here PostgreSQL runs with fsync on and wal_sync_method=fsync, and NODEFS gets a real
 * fsync: a commit returns once its WAL is on disk, as on a PostgreSQL server with its defaults.
 * (One fsync per commit: checked with strace; its cost is the disk's flush latency.)
 */
const DURABLE_PARAMS = ['fsync=on', 'wal_sync_method=fsync'];

/*
 * PostgreSQL's shared memory lives in PGlite's WebAssembly memory, and Emscripten's mmap zeroes it
 * as it maps it: initdb's shared_buffers of 128 MB were resident from the start, and a WebAssembly
 * memory never shrinks. 16 MB hold the hot pages of a dealership's tables and indexes; the others
 * are read from the operating system's page cache, one system call away (measured: the import
 * bench's run and dry run as fast, the process ~110 MB smaller).
 */
const MEMORY_PARAMS = ['shared_buffers=16MB'];

/*
 * No statistics of table and statement activity: single-user PostgreSQL has no autovacuum to read
 * them, and nothing else does (the server's own VACUUM (ANALYZE), maintenance.ts, needs none); their
 * counting cost each statement (inspectors' answers back to back: +7.6 %, higher in 8 of 8 windows).
 */
const STATS_PARAMS = ['track_counts=off', 'track_activities=off'];

const DURABLE_START_PARAMS = [...PGlite.defaultStartParams.filter((p) => p !== '-F'), ...[...DURABLE_PARAMS, ...MEMORY_PARAMS, ...STATS_PARAMS].flatMap((p) => ['-c', p])];

let fsyncs = 0;
/** How many times the embedded database has flushed a file to disk (the durability test reads it). */
export const pgliteFsyncCount = () => fsyncs;

interface NodefsStream {
  nfd?: number;
}

class DurableNodeFS extends NodeFS {
  override async init(pg: PGlite, opts: Parameters<NodeFS['init']>[1]) {
    const result = await super.init(pg, opts);
    const installFsync = (mod: { NODEFS?: { stream_ops?: Record<string, unknown> } }) => {
      const ops = mod.NODEFS?.stream_ops;
      // Fail loudly rather than run silently without durability if a PGlite upgrade moves this.
      if (!ops) throw new Error('PGlite: NODEFS.stream_ops not found; cannot make the embedded database durable');
      ops.fsync = (stream: NodefsStream) => {
        if (stream.nfd !== undefined) {
          fsyncSync(stream.nfd);
          fsyncs++;
        }
        return 0;
      };
    };
    const preRun = result.emscriptenOpts.preRun ?? [];
    result.emscriptenOpts.preRun = [installFsync as (typeof preRun)[number], ...preRun];
    return result;
  }
}

/** PGlite on a data directory, with commits flushed to disk. */
export const openDurablePglite = (dir: string) => PGlite.create({ ...PGLITE_OPTIONS, fs: new DurableNodeFS(dir), startParams: DURABLE_START_PARAMS, initDbStartParams: MEMORY_PARAMS.flatMap((p) => ['-c', p]) });
