import { describe, expect, it } from 'vitest';
import { answeredCount, bestValue, sectionGoodFills } from './answers.ts';

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

describe('sectionGoodFills (issue 20 point 1)', () => {
  const check = options([['yes', 5], ['no', 0]]);
  const tire = options([['good', 10], ['to_replace', 0], ['bad', 0], ['not_applicable', 0]]);
  const fields = [
    { id: 'roof', field_type: 'STATE_WIDGET', points_threshold: tire },
    { id: 'rust', field_type: 'CHECK', points_threshold: check },
    { id: 'na', field_type: 'CHECK', points_threshold: check },
    { id: 'wipers', field_type: 'CHECK', points_threshold: check },
    { id: 'hidden', field_type: 'CHECK', points_threshold: check },
    { id: 'depth', field_type: 'NUMBER', points_threshold: options([['0-3', 0]]) },
    { id: 'lamp', field_type: 'TIRE_STATE_WIDGET', points_threshold: tire },
  ];
  it('fills only the untouched visible fields; answers and N/A stay', () => {
    const answers = {
      roof: { value: { value: 'to_replace' }, action: 'replace', touched: true },
      rust: { value: false, touched: true },
      na: { value: null, not_applicable: true, touched: true },
      lamp: { value: { value: null, depth_mm: 4 }, touched: false },
    };
    expect(sectionGoodFills(fields, answers, (id) => id !== 'hidden')).toEqual([
      { id: 'wipers', value: true },
      { id: 'lamp', value: { value: 'good', depth_mm: 4 } },
    ]);
    expect(answeredCount(fields.map((f) => f.id), answers)).toBe(3);
  });
});
