import { describe, expect, it } from 'vitest';
import { averageCents, monthOf, percentOf } from './figures.ts';

describe('sales figures', () => {
  it('takes the month in the given time zone', () => {
    // 1 December 02:00 UTC is still 30 November in Montréal.
    expect(monthOf(new Date('2026-12-01T02:00:00Z'), 'America/Toronto')).toEqual({ from: '2026-11-01', to: '2026-12-01', today: '2026-11-30' });
    expect(monthOf(new Date('2026-12-01T02:00:00Z'), 'Europe/Paris')).toEqual({ from: '2026-12-01', to: '2027-01-01', today: '2026-12-01' });
  });
  it('has no rate or average without anything to count', () => {
    expect(percentOf(0, 0)).toBeNull();
    expect(percentOf(1, 3)).toBe(33.3);
    expect(averageCents(0, 0)).toBeNull();
    expect(averageCents(1001, 2)).toBe(501);
  });
});
