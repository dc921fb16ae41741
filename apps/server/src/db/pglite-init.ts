// Makes a new embedded data directory in a process of its own, which then exits (embedded.ts
// createDataDir). PGlite makes it with a second PGlite and an initdb WebAssembly instance: in the
// server's process, even in a thread that ended, what they took (~430 MB of WebAssembly memories,
// ~190 MB of allocator arenas) stayed resident; an exited process gives it all back.
import { openDurablePglite } from './pglite.ts';

const dir = process.argv[2];
if (!dir) throw new Error('usage: pglite-init <data directory>');
const pglite = await openDurablePglite(dir);
await pglite.close();
