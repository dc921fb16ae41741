import { describe, expect, it } from 'vitest';
import { dayIn, plusDays } from './days.ts';

describe('days as a place reads them', () => {
  it('is still today in Montréal in the evening when Greenwich has moved on', () => {
    // 28 November 2026, 21:30 in Montréal (UTC-5) is 02:30 on the 29th in UTC.
    const evening = new Date('2026-11-29T02:30:00Z');
    expect(dayIn('America/Toronto', evening)).toBe('2026-11-28');
    expect(dayIn('UTC', evening)).toBe('2026-11-29');
    // Summer time (UTC-4): 20:30 on 30 June is 00:30 on 1 July in UTC.
    expect(dayIn('America/Toronto', new Date('2026-07-01T00:30:00Z'))).toBe('2026-06-30');
    expect(dayIn('Asia/Tokyo', new Date('2026-12-31T15:30:00Z'))).toBe('2027-01-01');
  });

  it('counts calendar days across months, years and leap days', () => {
    expect(plusDays('2026-11-28', 30)).toBe('2026-12-28');
    expect(plusDays('2026-12-15', 30)).toBe('2027-01-14');
    expect(plusDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(plusDays('2027-02-28', 1)).toBe('2027-03-01');
    expect(plusDays('2026-03-01', -1)).toBe('2026-02-28');
    // A day that crosses a change of hour is still one day.
    expect(plusDays('2026-03-07', 1)).toBe('2026-03-08');
    expect(plusDays('2026-03-08', 1)).toBe('2026-03-09');
  });
});
