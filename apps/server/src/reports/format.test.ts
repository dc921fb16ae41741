import { describe, expect, it } from 'vitest';
import { formatDay } from './format.ts';

describe("the documents' days", () => {
  it('print a date without a time as that day in every time zone', () => {
    expect(formatDay('2026-03-12', 'fr', 'America/Toronto')).toBe('12 mars 2026');
    expect(formatDay('2026-03-12', 'en', 'America/Vancouver')).toBe('March 12, 2026');
    expect(formatDay('2026-03-12', 'en', 'Asia/Tokyo')).toBe('March 12, 2026');
  });
  it('print an instant as its day in the reader’s time zone', () => {
    expect(formatDay('2026-03-12T02:00:00Z', 'fr', 'America/Toronto')).toBe('11 mars 2026');
    expect(formatDay('2026-03-12T02:00:00Z', 'en', 'UTC')).toBe('March 12, 2026');
  });
});
