import { describe, expect, it } from 'vitest';
import { DEFERRED_WORK_STATES, canMoveDeferredWork } from './deferred-work.ts';

describe('deferred work', () => {
  it('is closed once, from open only', () => {
    const moves = DEFERRED_WORK_STATES.flatMap((from) => DEFERRED_WORK_STATES.filter((to) => canMoveDeferredWork(from, to)).map((to) => `${from}→${to}`));
    expect(moves).toEqual(['open→reoffered', 'open→done', 'open→dismissed']);
  });
});
