import type { ResourceLimits, Worker } from 'node:worker_threads';
import { startThread as start } from '../../threads.ts';

/** How long a worker of this folder is kept with nothing to do, in ms: then it ends, and its memory with it. */
export const IDLE_MS = 10_000;

/** A worker thread of this folder (parse-worker, lines-worker). */
export const startThread = (name: 'parse-worker' | 'lines-worker', resourceLimits: ResourceLimits): Worker =>
  start(name, new URL(`./${name}.ts`, import.meta.url), { resourceLimits });
