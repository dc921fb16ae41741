import { describe, expect, it } from 'vitest';
import { pageAfterChange, pageCount, pageWindow } from './pagination.ts';
import { formatDate, formatMoney, formatNumber, formatPercent } from './format.ts';

describe('pagination', () => {
  it('shows 5 page links around the current page', () => {
    expect(pageWindow(1, 20)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(10, 20)).toEqual([8, 9, 10, 11, 12]);
    expect(pageWindow(20, 20)).toEqual([16, 17, 18, 19, 20]);
    expect(pageWindow(2, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(1, 1)).toEqual([1]);
  });
  it('counts pages', () => {
    expect(pageCount(0, 10)).toBe(1);
    expect(pageCount(21, 10)).toBe(3);
  });
  it('resets to page 1 when the size or the total changes', () => {
    expect(pageAfterChange(3, { size: 10, total: 50 }, { size: 25, total: 50 })).toBe(1);
    expect(pageAfterChange(3, { size: 10, total: 50 }, { size: 10, total: 12 })).toBe(1);
    expect(pageAfterChange(3, { size: 10, total: undefined }, { size: 10, total: 50 })).toBe(3);
    expect(pageAfterChange(3, { size: 10, total: 50 }, { size: 10, total: 50 })).toBe(3);
  });
});

describe('formatting for fr-CA and en-CA', () => {
  it('formats money in CAD from cents', () => {
    expect(formatMoney(123456, 'fr').replace(/\s/g, ' ')).toBe('1 234,56 $');
    expect(formatMoney(123456, 'en')).toBe('$1,234.56');
    expect(formatMoney(null, 'en')).toBe('');
  });
  it('formats numbers and dates', () => {
    expect(formatNumber(1234.5, 'en')).toBe('1,234.5');
    expect(formatDate('2026-03-05T12:00:00Z', 'en')).toMatch(/Mar 5, 2026/);
    expect(formatDate('2026-03-05T12:00:00Z', 'fr')).toMatch(/5 mars 2026/);
    expect(formatDate('nope', 'fr')).toBe('');
  });
  it('shows a date without a time as that day, west of Greenwich too', () => {
    const tz = process.env.TZ;
    process.env.TZ = 'America/Toronto';
    try {
      // Read as UTC midnight, "2026-03-05" was the evening of March 4 in Montréal.
      expect(formatDate('2026-03-05', 'en')).toMatch(/Mar 5, 2026/);
      expect(formatDate('2026-03-05', 'fr')).toMatch(/5 mars 2026/);
      expect(formatDate('2026-02-30', 'fr')).toBe('');
      expect(formatDate('2026-03-05T02:00:00Z', 'en')).toMatch(/Mar 4, 2026/);
    } finally {
      process.env.TZ = tz;
    }
  });
  it('formats shares as whole percentages', () => {
    expect(formatPercent(0.426, 'fr').replace(/\s/g, ' ')).toBe('43 %');
    expect(formatPercent(0.426, 'en')).toBe('43%');
    expect(formatPercent(0.9843, 'en', 1)).toBe('98.4%');
    expect(formatPercent(0.75, 'fr', 1).replace(/\s/g, ' ')).toBe('75,0 %');
    expect(formatPercent(Number.NaN, 'en')).toBe('');
  });
});
