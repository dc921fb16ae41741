import { describe, expect, it } from 'vitest';
import { optionProblems, optionsKind, overlaps, parseRange, retype, toModel, toThreshold, type OptionsModel } from './options.ts';

describe('options by field type', () => {
  it('picks the editor of each type', () => {
    expect(optionsKind('CHECK')).toBe('check');
    expect(optionsKind('SELECT_MULTIPLE')).toBe('choices');
    expect(optionsKind('RANGE_SLIDER')).toBe('ranges');
    expect(optionsKind('TIRE_STATE_WIDGET')).toBe('states');
    expect(optionsKind('TEXT')).toBe('none');
  });

  it('reads and writes a checkbox: yes, and no only when it has points', () => {
    const m = toModel('CHECK', [{ option: 'yes', points: 5 }]);
    expect(m).toEqual({ kind: 'check', yes: 5, no: '', withNo: false });
    expect(toThreshold(m)).toEqual([{ option: 'yes', points: 5 }]);
    const both = toModel('CHECK', [{ option: 'yes', points: '5' }, { option: 'no', points: 0 }]);
    expect(toThreshold(both)).toEqual([{ option: 'yes', points: 5 }, { option: 'no', points: 0 }]);
  });

  it('reads and writes ranges as "min-max"', () => {
    const m = toModel('NUMBER', [{ option: '0-10', points: 0 }, { option: '11-20.5', points: 3 }]);
    expect(m).toEqual({ kind: 'ranges', rows: [{ min: 0, max: 10, points: 0 }, { min: 11, max: 20.5, points: 3 }] });
    expect(toThreshold(m)).toEqual([{ option: '0-10', points: 0 }, { option: '11-20.5', points: 3 }]);
    expect(parseRange(' -5 - 5 ')).toEqual({ min: -5, max: 5 });
    expect(parseRange('abc')).toBeNull();
  });

  it('writes the four states of a widget, in their order, with defaults for a new one', () => {
    const fresh = toModel('STATE_WIDGET', []);
    expect(toThreshold(fresh).map((o) => o.option)).toEqual(['good', 'to_replace', 'bad', 'not_applicable']);
    const m = toModel('PAD_THICKNESS_WIDGET', [{ option: 'bad', points: 1 }, { option: 'good', points: 9 }]);
    expect(toThreshold(m)).toEqual([
      { option: 'good', points: 9 },
      { option: 'to_replace', points: null },
      { option: 'bad', points: 1 },
      { option: 'not_applicable', points: null },
    ]);
  });

  it("keeps a select's choices when it becomes the other select, restarts otherwise", () => {
    const m = toModel('SELECT_SINGLE', [{ option: 'Propre', points: 2 }]);
    expect(retype(m, 'SELECT_MULTIPLE')).toBe(m);
    expect(retype(m, 'CHECK')).toEqual({ kind: 'check', yes: 1, no: '', withNo: false });
    expect(toThreshold(retype(m, 'TEXT'))).toEqual([]);
  });
});

describe('option problems', () => {
  it('finds overlapping ranges, bounds included, naming the earlier row', () => {
    expect(overlaps([{ min: 0, max: 5 }, { min: 5, max: 10 }, { min: 11, max: 20 }])).toEqual([[1, 0]]);
    expect(overlaps([{ min: 0, max: 4 }, { min: 5, max: 10 }])).toEqual([]);
    // An inverted or incomplete row is its own problem, not an overlap.
    expect(overlaps([{ min: 10, max: 0 }, { min: 3, max: 4 }, { min: '', max: 4 }])).toEqual([]);
  });

  it('reports each row by its problem', () => {
    const ranges: OptionsModel = { kind: 'ranges', rows: [{ min: 0, max: 10, points: 1 }, { min: 8, max: 5, points: 2 }, { min: 10, max: 12, points: '' }] };
    expect(optionProblems(ranges)).toEqual([
      { row: 1, key: 'options.range_inverted' },
      { row: 2, key: 'options.points_required' },
      { row: 2, key: 'options.range_overlap', params: { n: 1 } },
    ]);
    const choices: OptionsModel = { kind: 'choices', rows: [{ option: 'Bon', points: 2 }, { option: 'bon ', points: 1 }, { option: '', points: 0 }] };
    expect(optionProblems(choices)).toEqual([
      { row: 1, key: 'options.option_repeated', params: { n: 1 } },
      { row: 2, key: 'options.option_required' },
    ]);
    expect(optionProblems(toModel('CHECK', []))).toEqual([]);
  });
});
