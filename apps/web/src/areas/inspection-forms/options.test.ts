import { describe, expect, it } from 'vitest';
import { FORM_PROBLEM_CODES } from '@atelier/domain';
import i18n from '../../i18n/index.ts';
import { defaultMarks, optionProblems, optionsKind, retype, toModel, toThreshold, type OptionsModel } from './options.ts';

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
    expect(m).toEqual({ kind: 'check', yes: 5, no: '', withNo: false, marks: { yes: null, no: null } });
    expect(toThreshold(m)).toEqual([{ option: 'yes', points: 5 }]);
    const both = toModel('CHECK', [{ option: 'yes', points: '5' }, { option: 'no', points: 0 }]);
    expect(toThreshold(both)).toEqual([{ option: 'yes', points: 5 }, { option: 'no', points: 0 }]);
  });

  it('reads and writes ranges as "min-max"', () => {
    const m = toModel('NUMBER', [{ option: '0-10', points: 0 }, { option: '11-20.5', points: 3 }]);
    expect(m).toEqual({ kind: 'ranges', rows: [{ min: 0, max: 10, points: 0, failing: null }, { min: 11, max: 20.5, points: 3, failing: null }] });
    expect(toThreshold(m)).toEqual([{ option: '0-10', points: 0 }, { option: '11-20.5', points: 3 }]);
    expect(toModel('NUMBER', [{ option: ' -5 - 5 ', points: 1 }, { option: 'abc', points: 2 }])).toEqual({
      kind: 'ranges',
      rows: [
        { min: -5, max: 5, points: 1, failing: null },
        { min: '', max: '', points: 2, failing: null },
      ],
    });
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
    expect(retype(m, 'CHECK')).toEqual({ kind: 'check', yes: 1, no: '', withNo: false, marks: { yes: null, no: null } });
    expect(toThreshold(retype(m, 'TEXT'))).toEqual([]);
  });
});

describe('option problems', () => {
  it("reports each row by the form rules' codes, ranges overlapping bounds included", () => {
    const ranges: OptionsModel = {
      kind: 'ranges',
      rows: [
        { min: 0, max: 5, points: 1, failing: null },
        { min: 8, max: 6, points: 2, failing: null },
        { min: 5, max: 10, points: '', failing: null },
        { min: '', max: 4, points: 0, failing: null },
      ],
    };
    expect(optionProblems('NUMBER', ranges)).toEqual([
      { row: 1, key: 'inspection-forms:rules.range_order', params: { option: '8-6' } },
      { row: 2, key: 'inspection-forms:rules.option_points' },
      { row: 2, key: 'inspection-forms:rules.range_overlap', params: { option: '5-10', other: '0-5' } },
      // A missing bound is no "min-max".
      { row: 3, key: 'inspection-forms:rules.range_format', params: { option: '-4' } },
    ]);
    expect(
      optionProblems('NUMBER', {
        kind: 'ranges',
        rows: [
          { min: 0, max: 4, points: 0, failing: null },
          { min: 5, max: 10, points: 1, failing: null },
        ],
      }),
    ).toEqual([]);
    const choices: OptionsModel = {
      kind: 'choices',
      rows: [
        { option: 'Bon', option_en: '', points: 2, failing: null },
        { option: 'Bon ', option_en: '', points: 1, failing: null },
        { option: '', option_en: '', points: 0, failing: null },
      ],
    };
    expect(optionProblems('SELECT_SINGLE', choices)).toEqual([
      { row: 1, key: 'inspection-forms:rules.option_duplicate', params: { option: 'Bon' } },
      { row: 2, key: 'inspection-forms:rules.option_name_required' },
    ]);
  });

  it('reports the whole list and the points of a checkbox or a widget', () => {
    expect(optionProblems('SELECT_MULTIPLE', { kind: 'choices', rows: [] })).toEqual([{ row: null, key: 'inspection-forms:rules.options_required' }]);
    expect(optionProblems('CHECK', toModel('CHECK', []))).toEqual([]);
    expect(optionProblems('CHECK', { kind: 'check', yes: 1, no: '', withNo: true, marks: { yes: null, no: null } })).toEqual([{ row: 1, key: 'inspection-forms:rules.option_points' }]);
    const states = toModel('STATE_WIDGET', []);
    expect(optionProblems('STATE_WIDGET', states)).toEqual([]);
    if (states.kind === 'states') expect(optionProblems('STATE_WIDGET', { ...states, points: { ...states.points, bad: '' } })).toEqual([{ row: 2, key: 'inspection-forms:rules.option_points' }]);
  });

  it('has a French and an English text for every rule code, with the values it names', () => {
    for (const code of FORM_PROBLEM_CODES)
      for (const lng of ['fr', 'en']) {
        const key = `inspection-forms:rules.${code}`;
        expect(i18n.exists(key, { lng, fallbackLng: false }), `${lng} ${code}`).toBe(true);
        expect(i18n.t(key, { lng, option: 'X-Y', other: 'Z' })).not.toMatch(/\{/);
      }
    expect(i18n.t('inspection-forms:rules.range_overlap', { lng: 'fr', option: '5-10', other: '0-5' })).toBe('La plage « 5-10 » chevauche la plage « 0-5 »');
  });
});

describe('English labels of choices', () => {
  it('keeps each choice’s English label through the editor, and stores none for an empty one', () => {
    const model = toModel('SELECT_SINGLE', [{ option: 'neuves', points: 10, option_en: 'new' }, { option: 'usées', points: 0 }]);
    expect(model).toEqual({
      kind: 'choices',
      rows: [
        { option: 'neuves', option_en: 'new', points: 10, failing: null },
        { option: 'usées', option_en: '', points: 0, failing: null },
      ],
    });
    expect(toThreshold(model)).toEqual([{ option: 'neuves', points: 10, option_en: 'new' }, { option: 'usées', points: 0 }]);
  });
});

describe('options marked as findings (issue 20 point 4)', () => {
  it('keeps each option’s mark through the editor, and stores none for the default rule', () => {
    const check = toModel('CHECK', [{ option: 'yes', points: 3, failing: true }, { option: 'no', points: 4, failing: false }]);
    expect(check).toMatchObject({ marks: { yes: true, no: false } });
    expect(toThreshold(check)).toEqual([{ option: 'yes', points: 3, failing: true }, { option: 'no', points: 4, failing: false }]);
    // Without its "no", a check box stores no mark for it.
    if (check.kind === 'check') expect(toThreshold({ ...check, withNo: false })).toEqual([{ option: 'yes', points: 3, failing: true }]);
    const choices = [{ option: 'Rayure', points: 1, failing: false }, { option: 'Propre', points: 4, failing: null }];
    expect(toThreshold(toModel('SELECT_MULTIPLE', choices))).toEqual([{ option: 'Rayure', points: 1, failing: false }, { option: 'Propre', points: 4 }]);
    expect(toThreshold(toModel('RANGE_SLIDER', [{ option: '0-3', points: 5, failing: true }]))).toEqual([{ option: '0-3', points: 5, failing: true }]);
    const states = toModel('TIRE_STATE_WIDGET', [{ option: 'good', points: 10 }, { option: 'to_replace', points: 0, failing: false }, { option: 'bad', points: 2 }, { option: 'not_applicable', points: 0 }]);
    expect(toThreshold(states)[1]).toEqual({ option: 'to_replace', points: 0, failing: false });
    expect(toThreshold(toModel('STATE_WIDGET', [])).some((o) => 'failing' in o)).toBe(false);
  });

  it('says what the default rule gives each option: a state to replace or bad, less than half the best points', () => {
    expect(defaultMarks('CHECK', toModel('CHECK', [{ option: 'yes', points: 3 }, { option: 'no', points: 4 }]))).toEqual([false, false]);
    expect(defaultMarks('SELECT_SINGLE', toModel('SELECT_SINGLE', [{ option: 'Propre', points: '4' }, { option: 'Rayure', points: 1 }, { option: 'Vide', points: null }]))).toEqual([false, true, true]);
    expect(defaultMarks('TIRE_STATE_WIDGET', toModel('TIRE_STATE_WIDGET', []))).toEqual([false, true, true, false]);
  });
});
