import { describe, expect, it } from 'vitest';
import { formatDuration, hoursToSeconds, itemSeconds, nextRepairActions, overPlan, repairHeaderActions, timeSummary } from './repairModel.ts';

const NOW = Date.parse('2026-11-26T10:00:00Z');

describe('the repair screen’s model', () => {
  it('hours as seconds, exactly', () => {
    expect(hoursToSeconds('1.5')).toBe(5400);
    expect(hoursToSeconds(0.25)).toBe(900);
    expect(hoursToSeconds(null)).toBe(0);
    expect(hoursToSeconds('')).toBe(0);
    expect(hoursToSeconds('nonsense')).toBe(0);
  });

  it('a clock reads hours, minutes and seconds', () => {
    expect(formatDuration(0)).toBe('0:00:00');
    expect(formatDuration(4205)).toBe('1:10:05');
    expect(formatDuration(36 * 3600 + 59)).toBe('36:00:59');
    expect(formatDuration(-3)).toBe('0:00:00');
  });

  it('an item’s time: what the server counted, plus the running clock', () => {
    expect(itemSeconds({ time_spent: '1', clock_started_at: new Date(NOW - 65_000).toISOString() }, NOW)).toBe(3665);
    expect(itemSeconds({ time_spent: '0.5', clock_started_at: null }, NOW)).toBe(1800);
    // A clock started a little ahead of this device's time counts nothing yet.
    expect(itemSeconds({ time_spent: null, clock_started_at: new Date(NOW + 2000).toISOString() }, NOW)).toBe(0);
  });

  it('planned versus actual over the items, over plan when more was clocked', () => {
    const items = [
      { time: '1.5', time_spent: '1', clock_started_at: new Date(NOW - 3600_000).toISOString() },
      { time: null, time_spent: '0.25' },
    ];
    const t = timeSummary(items, NOW);
    expect(t).toEqual({ planned: 5400, actual: 3600 + 3600 + 900 });
    expect(overPlan(t)).toBe(true);
    expect(overPlan({ planned: 0, actual: 100 })).toBe(false);
  });

  it('the header offers the server’s actions in the domain’s order', () => {
    expect(repairHeaderActions(['cancel', 'start', 'nonsense'])).toEqual(['start', 'cancel']);
    expect(repairHeaderActions(undefined)).toEqual([]);
  });
});

describe('the likely next action on a repair', () => {
  it('assigns or starts the work waiting, completes the work in progress, validates the work done', () => {
    expect(nextRepairActions('approved')).toEqual(['assign', 'start']);
    expect(nextRepairActions('assigned')).toEqual(['start', 'assign']);
    expect(nextRepairActions('in_progress')).toEqual(['complete', 'take_over']);
    expect(nextRepairActions('completed')).toEqual(['validate', 'redo']);
    expect(nextRepairActions('canceled')).toEqual([]);
  });
});
