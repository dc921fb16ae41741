import { describe, expect, it } from 'vitest';
import { firstLocale, pickLocale } from './locale.ts';

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

describe('firstLocale', () => {
  it('takes the first language of the app among the candidates, else French', () => {
    expect(firstLocale('en', 'fr')).toBe('en');
    expect(firstLocale(null, 'en')).toBe('en');
    expect(firstLocale('es', undefined, '__proto__')).toBe('fr');
    expect(firstLocale()).toBe('fr');
  });
});
