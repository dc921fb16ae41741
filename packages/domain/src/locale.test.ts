import { describe, expect, it } from 'vitest';
import { pickLocale } from './locale.ts';

describe('pickLocale', () => {
  it.each([
    [undefined, 'fr'],
    ['', 'fr'],
    ['en', 'en'],
    ['en-CA,en;q=0.9', 'en'],
    ['de-DE,en;q=0.5,fr;q=0.8', 'fr'],
    ['de', 'fr'],
    ['fr-CA', 'fr'],
    ['en;q=0, fr;q=0.1', 'fr'],
  ])('%s -> %s', (header, expected) => {
    expect(pickLocale(header)).toBe(expected);
  });
});
