import { describe, expect, it } from 'vitest';
import { lineAmount, linesTotal } from './lines.ts';

describe('lines', () => {
  it.each([
    [{ quantity: 3, unit_price: 1250 }, 3750],
    [{ quantity: 2.5, unit_price: 9999 }, 24998],
    [{ quantity: '1.5', unit_price: '101' }, 152],
    [{ quantity: -1, unit_price: 101 }, -101],
    [{ quantity: -0.5, unit_price: 101 }, -51],
    [{ quantity: null, unit_price: 500 }, 0],
    [{ quantity: 'x', unit_price: 500 }, 0],
  ])('the amount of %o is %i cents', (line, cents) => {
    expect(lineAmount(line)).toBe(cents);
  });

  it('adds the rounded amounts of the lines', () => {
    expect(linesTotal([])).toBe(0);
    expect(linesTotal([{ quantity: 0.5, unit_price: 1 }, { quantity: 0.5, unit_price: 1 }])).toBe(2);
    expect(linesTotal([{ quantity: 2, unit_price: 1000 }, { quantity: 1, unit_price: 250 }])).toBe(2250);
  });
});
