import type { ResourceLimits, Worker } from 'node:worker_threads';
import { startThread as start } from '../../threads.ts';

/** A worker thread of this folder (parse-worker, lines-worker). */
export const startThread = (name: 'parse-worker' | 'lines-worker', resourceLimits: ResourceLimits): Worker =>
  start(name, new URL(`./${name}.ts`, import.meta.url), { resourceLimits });
