import { describe, expect, it } from 'vitest';
import { cellDollarsToCents } from './amounts.ts';

describe('amounts of an import cell', () => {
  it.each([
    ['24500', 2_450_000],
    ['24 500 $', 2_450_000],
    ['24\u00a0500,50 $', 2_450_050],
    ['24,500.50', 2_450_050],
    ['24.500,5', 2_450_050],
    ['$24,500', 2_450_000],
    ['0,99', 99],
    ['1,234,567', 123_456_700],
    ['-150', -15_000],
  ])('%j is %i cents', (cell, cents) => {
    expect(cellDollarsToCents(cell)).toBe(cents);
  });

  it.each(['', 'abc', '12a', '$', '1e5'])('%j is not an amount', (cell) => {
    expect(cellDollarsToCents(cell)).toBeNull();
  });
});
