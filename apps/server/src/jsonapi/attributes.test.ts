import { describe, expect, it } from 'vitest';
import { isoTimestamp } from './attributes.ts';

describe('isoTimestamp', () => {
  it('writes PostgreSQL timestamps as ISO 8601 in UTC, milliseconds, as Date would', () => {
    const samples = [
      '2026-11-22 14:32:55.213+00',
      '2026-11-22 14:32:55.213456+00',
      '2026-11-22 14:32:55.2+00',
      '2026-11-22 14:32:55+00',
      '1999-12-31 23:59:59.999999+00',
    ];
    const viaDate = (s: string) => new Date(s.replace(' ', 'T').replace(/\+00$/, 'Z')).toISOString();
    for (const s of samples) expect(isoTimestamp(s), s).toBe(viaDate(s));
    expect(isoTimestamp('2026-11-22 14:32:55.213+00')).toBe('2026-11-22T14:32:55.213Z');
  });

  it('converts other offsets, Dates and nulls', () => {
    expect(isoTimestamp('2026-11-22 09:32:55.213-05')).toBe('2026-11-22T14:32:55.213Z');
    expect(isoTimestamp('2026-11-22 20:02:55+05:30')).toBe('2026-11-22T14:32:55.000Z');
    expect(isoTimestamp(new Date('2026-11-22T14:32:55.213Z'))).toBe('2026-11-22T14:32:55.213Z');
    expect(isoTimestamp(null)).toBeNull();
    expect(isoTimestamp('not a date')).toBe('not a date');
  });
});
