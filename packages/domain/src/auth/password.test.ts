import { describe, expect, it } from 'vitest';
import { passwordProblems } from './password.ts';

describe('password rules', () => {
  it.each([
    ['Demo-Atelier-2026', []],
    ['Abcdefg1', []],
    ['Abc1', ['min_length']],
    ['abcdefgh1', ['uppercase']],
    ['ABCDEFGH1', ['lowercase']],
    ['Abcdefghi', ['digit']],
    ['12345678', ['letter', 'uppercase', 'lowercase']],
    ['Éléphant9', []],
    ['', ['min_length', 'digit', 'letter', 'uppercase', 'lowercase']],
  ])('%s breaks %j', (password, expected) => {
    expect(passwordProblems(password)).toEqual(expected);
  });
});
