import { describe, expect, it } from 'vitest';
import { bestValue } from './answers.ts';

const options = (pairs: [string, number][]) => pairs.map(([option, points]) => ({ option, points }));

describe('bestValue (set a section all good)', () => {
  it('answers a check box by its better option', () => {
    expect(bestValue({ field_type: 'CHECK', points_threshold: options([['yes', 5], ['no', 0]]) }, null)).toBe(true);
    // A "defect found?" box: no is the good answer.
    expect(bestValue({ field_type: 'CHECK', points_threshold: options([['yes', 0], ['no', 5]]) }, null)).toBe(false);
  });
  it('chooses the option worth the most points', () => {
    expect(bestValue({ field_type: 'SELECT_SINGLE', points_threshold: options([['Usé', 1], ['Neuf', 10], ['Moyen', 5]]) }, null)).toBe('Neuf');
    expect(bestValue({ field_type: 'SELECT_MULTIPLE', points_threshold: options([['A', 2], ['B', 3]]) }, ['A'])).toEqual(['B']);
  });
  it('keeps a widget’s measures', () => {
    const tire = options([['good', 10], ['to_replace', 0], ['bad', 0], ['not_applicable', 0]]);
    expect(bestValue({ field_type: 'TIRE_STATE_WIDGET', points_threshold: tire }, { value: 'bad', depth: 2 })).toEqual({ value: 'good', depth: 2 });
  });
  it('invents no measure or text', () => {
    expect(bestValue({ field_type: 'NUMBER', points_threshold: options([['0-10', 5]]) }, null)).toBeUndefined();
    expect(bestValue({ field_type: 'TEXT', points_threshold: [] }, null)).toBeUndefined();
  });
});
