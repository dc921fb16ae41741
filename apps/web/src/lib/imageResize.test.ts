import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fitWithin, jpegName, keepAsIs, MAX_SIDE } from './imageResize.ts';

describe('photo resizing', () => {
  it.each([
    [4032, 3024, { width: 1600, height: 1200 }],
    [3024, 4032, { width: 1200, height: 1600 }],
    [1600, 900, { width: 1600, height: 900 }],
    [800, 600, { width: 800, height: 600 }],
    [10000, 10, { width: 1600, height: 2 }],
    [0, 100, { width: 0, height: 0 }],
  ])('%i × %i fits in %o', (w, h, expected) => {
    expect(fitWithin(w, h)).toEqual(expected);
  });

  it('never exceeds the longest side, never enlarges, keeps the proportions', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 20000 }), fc.integer({ min: 1, max: 20000 }), (w, h) => {
        const r = fitWithin(w, h);
        expect(Math.max(r.width, r.height)).toBeLessThanOrEqual(Math.max(MAX_SIDE, 1));
        expect(r.width).toBeLessThanOrEqual(w);
        expect(r.height).toBeLessThanOrEqual(h);
        if (r.width > 20 && r.height > 20) expect(Math.abs(r.width / r.height - w / h) / (w / h)).toBeLessThan(0.05);
      }),
    );
  });

  it.each([
    ['IMG_0001.HEIC', 'IMG_0001.jpg'],
    ['photo.png', 'photo.jpg'],
    ['sans-extension', 'sans-extension.jpg'],
    ['.png', 'photo.jpg'],
  ])('names %s as %s', (name, expected) => {
    expect(jpegName(name)).toBe(expected);
  });

  it.each([
    ['a small JPEG', 'image/jpeg', 200_000, 1200, 900, true],
    ['a heavy JPEG', 'image/jpeg', 5_000_000, 1200, 900, false],
    ['a large JPEG', 'image/jpeg', 200_000, 4000, 3000, false],
    ['a small PNG', 'image/png', 20_000, 100, 100, false],
  ])('keeps %s as it is: %s', (_n, type, size, w, h, expected) => {
    expect(keepAsIs(type, size, w, h)).toBe(expected);
  });
});
