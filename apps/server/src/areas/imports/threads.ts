import type { ResourceLimits, Worker } from 'node:worker_threads';
import { startThread as start } from '../../threads.ts';

/** How long a worker of this folder is kept with nothing to do, in ms: then it ends, and its memory with it. */
export const IDLE_MS = 10_000;

/**
 * A worker's young generation, in MB. V8's default lets it grow to 32 MB (two semi-spaces of 16),
 * all resident once a file's read has filled it. With 8 MB the parse worker read 100,000 lines
 * in its heap of 51 MB instead of 68–76 (its old space a few MB larger), in 0.3–1.4 s against
 * 0.6–1.9 s by default (three reads each, on a loaded machine).
 */
const YOUNG_MB = 8;

/** A worker thread of this folder (parse-worker, lines-worker). */
export const startThread = (name: 'parse-worker' | 'lines-worker', resourceLimits: ResourceLimits): Worker =>
  start(name, new URL(`./${name}.ts`, import.meta.url), { resourceLimits: { maxYoungGenerationSizeMb: YOUNG_MB, ...resourceLimits } });
