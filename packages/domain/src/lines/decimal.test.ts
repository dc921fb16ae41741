import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { productCents, roundDiv, toScaled } from './decimal.ts';

describe('exact decimals', () => {
  it.each([
    ['9.975', 99750n],
    [9.975, 99750n],
    ['1.5', 15000n],
    [' 2 ', 20000n],
    ['-0.5', -5000n],
    ['.25', 2500n],
    ['3.', 30000n],
    ['0.00005', 1n],
    ['-0.00005', -1n],
    ['0.00004', 0n],
    [1e-7, 0n],
    ['1e3', 10_000_000n],
    ['2.5E-1', 2500n],
    ['0x10', 0n],
    ['1,5', 0n],
    ['-', 0n],
    ['', 0n],
    ['abc', 0n],
    [Number.NaN, 0n],
    [Infinity, 0n],
    [null, 0n],
    [undefined, 0n],
  ])('reads %o as %s ten-thousandths', (value, scaled) => {
    expect(toScaled(value)).toBe(scaled);
  });

  it.each([
    [5n, 2n, 3n],
    [-5n, 2n, -3n],
    [4n, 3n, 1n],
    [-4n, 3n, -1n],
    [7n, 7n, 1n],
    [0n, 9n, 0n],
    [149n, 100n, 1n],
    [150n, 100n, 2n],
    [-150n, 100n, -2n],
  ])('rounds %s / %s half away from zero to %s', (n, d, q) => {
    expect(roundDiv(n, d)).toBe(q);
  });

  it('multiplies exactly where binary floats miss the half cent', () => {
    expect(1.005 * 100).toBeLessThan(100.5);
    expect(productCents('1.005', 100)).toBe(101);
    expect(productCents(1.005, 100)).toBe(101);
    expect(productCents(0.5, 1)).toBe(1);
    expect(productCents(-0.5, 1)).toBe(-1);
  });

  it('rounds a product to the nearest cent', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1_000_000, max: 1_000_000 }), fc.integer({ min: 0, max: 10_000_000 }), (q4, cents) => {
        // q4 ten-thousandths × cents, exactly: the rounded cent is within half a cent.
        const got = productCents((q4 / 10_000).toString(), cents);
        const exactTimes10k = BigInt(q4) * BigInt(cents);
        const diff = BigInt(got) * 10_000n - exactTimes10k;
        return diff <= 5_000n && diff >= -5_000n;
      }),
    );
  });
});
