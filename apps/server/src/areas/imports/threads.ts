import type { ResourceLimits, Worker } from 'node:worker_threads';
import { startThread as start } from '../../threads.ts';

/** How long a worker of this folder is kept with nothing to do, in ms: then it ends, and its memory with it. */
export const IDLE_MS = 10_000;

/**
 * A worker's young generation, in MB. V8's default lets it grow to 32 MB (two semi-spaces of 16),
 * all resident once a file's read has filled it; 8 MB reads a 100,000-line file as fast (measured:
 * the parse worker's heap 51 MB instead of 68–76, its old space a few MB larger).
 */
const YOUNG_MB = 8;

/** A worker thread of this folder (parse-worker, lines-worker). */
export const startThread = (name: 'parse-worker' | 'lines-worker', resourceLimits: ResourceLimits): Worker =>
  start(name, new URL(`./${name}.ts`, import.meta.url), { resourceLimits: { maxYoungGenerationSizeMb: YOUNG_MB, ...resourceLimits } });
