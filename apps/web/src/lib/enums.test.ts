import { describe, expect, it } from 'vitest';
import { isOneOf } from './enums.ts';

describe('isOneOf', () => {
  const STATES = ['open', 'done'] as const;
  it('takes the enumeration’s values only, never a look-alike', () => {
    expect(isOneOf(STATES, 'open')).toBe(true);
    expect(isOneOf(STATES, 'weird')).toBe(false);
    expect(isOneOf(STATES, null)).toBe(false);
    expect(isOneOf(STATES, undefined)).toBe(false);
    // An object's own keys are not values (a labels table read with `in` would take them).
    expect(isOneOf(STATES, 'constructor')).toBe(false);
    expect(isOneOf([10, 20], '10')).toBe(false);
  });
});
