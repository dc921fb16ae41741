import { describe, expect, it } from 'vitest';
import { repairWorkflow } from '../repairs/states.ts';
import { requestWorkflow } from '../requests/requests.ts';
import { isLate, moveAction } from './board.ts';

const now = new Date('2026-11-28T15:00:00Z');

describe('isLate', () => {
  it('is late once the promised time has passed while the work is open', () => {
    expect(isLate('2026-11-28T14:59:00Z', 'in_progress', repairWorkflow, now)).toBe(true);
    expect(isLate('2026-11-28T14:59:00Z', 'assigned', repairWorkflow, now)).toBe(true);
    expect(isLate('2026-11-28T15:01:00Z', 'in_progress', repairWorkflow, now)).toBe(false);
  });
  it('is never late once the work is over (completed, validated, canceled) or without a promise', () => {
    for (const state of ['completed', 'validated', 'canceled', 'denied'] as const) expect(isLate('2026-11-01T00:00:00Z', state, repairWorkflow, now)).toBe(false);
    expect(isLate(null, 'in_progress', repairWorkflow, now)).toBe(false);
    expect(isLate('not a date', 'in_progress', repairWorkflow, now)).toBe(false);
    expect(isLate('2026-11-01T00:00:00Z', 'completed', requestWorkflow, now)).toBe(false);
    expect(isLate(new Date('2026-11-01T00:00:00Z'), 'approved', requestWorkflow, now)).toBe(true);
  });
  it('open states are those before the work is over', () => {
    expect(repairWorkflow.openStates).toEqual(['draft', 'pending', 'assigned', 'in_progress', 'approved', 'reviewed']);
    expect(requestWorkflow.openStates).toEqual(['draft', 'assigned', 'approved']);
  });
});

describe('moveAction', () => {
  it('runs the action that leads to the column, if the user may do it now', () => {
    expect(moveAction(repairWorkflow, 'assigned', 'in_progress', ['start', 'assign', 'cancel'], 'assign')).toBe('start');
    expect(moveAction(repairWorkflow, 'in_progress', 'completed', ['complete', 'take_over'], 'assign')).toBe('complete');
    expect(moveAction(repairWorkflow, 'completed', 'validated', ['validate', 'redo'], 'assign')).toBe('validate');
  });
  it('refuses what the user may not do, what leads elsewhere, the same column and the assignment', () => {
    expect(moveAction(repairWorkflow, 'assigned', 'in_progress', ['assign', 'cancel'], 'assign')).toBeNull();
    expect(moveAction(repairWorkflow, 'assigned', 'completed', ['start', 'complete'], 'assign')).toBeNull();
    expect(moveAction(repairWorkflow, 'in_progress', 'in_progress', ['take_over'], 'assign')).toBeNull();
    // Assigning from pending leads to "to do", but it needs a person: dropped on a technician.
    expect(moveAction(repairWorkflow, 'pending', 'assigned', ['assign', 'start'], 'assign')).toBeNull();
  });
});
