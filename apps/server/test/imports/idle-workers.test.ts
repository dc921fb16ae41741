import type { Worker } from 'node:worker_threads';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { endWhenIdle } from '../../src/threads.ts';

// The import workers end when idle (a file's read grew their heaps; the lines worker holds the
// import models' declarations): forgotten first, so no task goes to a worker that is ending.

afterEach(() => vi.useRealTimers());

function watched() {
  const order: string[] = [];
  const worker = { terminate: vi.fn(async () => order.push('terminate')) } as unknown as Worker;
  const lifetime = endWhenIdle(worker, 10_000, () => order.push('forget'));
  return { order, lifetime, worker };
}

describe('endWhenIdle', () => {
  it('ends a worker after its idle time, forgetting it first', () => {
    vi.useFakeTimers();
    const { order, lifetime } = watched();
    lifetime.idle();
    vi.advanceTimersByTime(9_999);
    expect(order).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(order).toEqual(['forget', 'terminate']);
  });

  it('keeps a worker given a task before its time, and counts the idle time again from its next rest', () => {
    vi.useFakeTimers();
    const { order, lifetime } = watched();
    lifetime.idle();
    vi.advanceTimersByTime(9_000);
    lifetime.busy();
    vi.advanceTimersByTime(60_000);
    expect(order).toEqual([]);
    lifetime.idle();
    vi.advanceTimersByTime(9_999);
    expect(order).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(order).toEqual(['forget', 'terminate']);
  });
});
