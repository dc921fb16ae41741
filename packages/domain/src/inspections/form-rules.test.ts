import { describe, expect, it } from 'vitest';
import { FIELD_TYPES, WIDGET_FIELD_TYPES } from './form-enums.ts';
import { fieldProblems, formProblems, multiplierProblems, noteProblems } from './form-rules.ts';
import type { FormField, InspectionFormInput } from './scoring.ts';

const pts = (o: Record<string, number | string | null>) => Object.entries(o).map(([option, points]) => ({ option, points }));
const field = (field_type: string, options: Record<string, number | string | null> = {}, extra: Partial<FormField> = {}): FormField => ({
  id: 'f',
  field_type,
  points_threshold: pts(options),
  ...extra,
});
const WIDGET = { good: 10, to_replace: 0, bad: 3, not_applicable: 10 };
const IDS = new Set(['f', 'g', 'h']);
const problems = (f: FormField) => fieldProblems(f, IDS);

describe('options by field type', () => {
  it.each([
    ['CHECK yes and no', field('CHECK', { yes: 10, no: 0 })],
    ['CHECK yes alone', field('CHECK', { yes: 10 })],
    ['SELECT_SINGLE', field('SELECT_SINGLE', { Bon: 10, Mauvais: 0 })],
    ['SELECT_MULTIPLE, one option', field('SELECT_MULTIPLE', { Rayure: 2 })],
    ['NUMBER ranges with decimals, touching without sharing', field('NUMBER', { '0-4.5': 0, '4.6-10': 10, '10.5-12': 5 })],
    ['RANGE_SLIDER with spaces and negatives', field('RANGE_SLIDER', { ' -10 - -1 ': 0, '0-10': 10 })],
    ['TEXT without options', field('TEXT')],
    ['TEXT with null options', { id: 'f', field_type: 'TEXT', points_threshold: null }],
    ['points as numeric texts', field('SELECT_SINGLE', { a: '2.5' })],
    ...WIDGET_FIELD_TYPES.map((t) => [`${t} with its four states`, field(t, WIDGET)] as [string, FormField]),
  ] as [string, FormField][])('accepts %s', (_case, f) => {
    expect(problems(f)).toEqual([]);
  });

  it.each([
    ['SELECT_SINGLE without options', field('SELECT_SINGLE'), [{ pointer: '/points_threshold', code: 'options_required' }]],
    ['SELECT_MULTIPLE without options', field('SELECT_MULTIPLE'), [{ pointer: '/points_threshold', code: 'options_required' }]],
    ['NUMBER without options', field('NUMBER'), [{ pointer: '/points_threshold', code: 'options_required' }]],
    ['TEXT with options', field('TEXT', { a: 1 }), [{ pointer: '/points_threshold', code: 'options_not_allowed' }]],
    [
      'a duplicate option',
      { ...field('SELECT_SINGLE'), points_threshold: [{ option: 'a', points: 1 }, { option: 'a', points: 2 }] },
      [{ pointer: '/points_threshold/1/option', code: 'option_duplicate', params: { option: 'a' } }],
    ],
    ['an empty option name', field('SELECT_SINGLE', { ' ': 1 }), [{ pointer: '/points_threshold/0/option', code: 'option_name_required' }]],
    ['negative points', field('SELECT_SINGLE', { a: -1 }), [{ pointer: '/points_threshold/0/points', code: 'option_points' }]],
    ['points not a number', field('SELECT_SINGLE', { a: 'beaucoup' }), [{ pointer: '/points_threshold/0/points', code: 'option_points' }]],
    ['missing points', field('SELECT_SINGLE', { a: null }), [{ pointer: '/points_threshold/0/points', code: 'option_points' }]],
    ['infinite points', field('SELECT_SINGLE', { a: Infinity }), [{ pointer: '/points_threshold/0/points', code: 'option_points' }]],
    [
      'CHECK with another option',
      field('CHECK', { yes: 1, maybe: 0 }),
      [{ pointer: '/points_threshold/1/option', code: 'check_option', params: { option: 'maybe' } }],
    ],
    ['CHECK options are lower case', field('CHECK', { Yes: 1 }), [
      { pointer: '/points_threshold/0/option', code: 'check_option', params: { option: 'Yes' } },
      { pointer: '/points_threshold', code: 'check_yes_required' },
    ]],
    ['CHECK with "no" alone', field('CHECK', { no: 1 }), [{ pointer: '/points_threshold', code: 'check_yes_required' }]],
    ['CHECK without options', field('CHECK'), [{ pointer: '/points_threshold', code: 'check_yes_required' }]],
    ['NUMBER option not a range', field('NUMBER', { '10': 1 }), [{ pointer: '/points_threshold/0/option', code: 'range_format', params: { option: '10' } }]],
    ['NUMBER decimal comma', field('NUMBER', { '1,5-3': 1 }), [{ pointer: '/points_threshold/0/option', code: 'range_format', params: { option: '1,5-3' } }]],
    ['RANGE_SLIDER text', field('RANGE_SLIDER', { 'un-deux': 1 }), [{ pointer: '/points_threshold/0/option', code: 'range_format', params: { option: 'un-deux' } }]],
    ['NUMBER min above max', field('NUMBER', { '10-1': 1 }), [{ pointer: '/points_threshold/0/option', code: 'range_order', params: { option: '10-1' } }]],
    [
      'NUMBER ranges sharing a bound (both inclusive)',
      field('NUMBER', { '0-5': 0, '5-10': 10 }),
      [{ pointer: '/points_threshold/1/option', code: 'range_overlap', params: { option: '5-10', other: '0-5' } }],
    ],
    [
      'RANGE_SLIDER range inside another',
      field('RANGE_SLIDER', { '0-10': 0, '20-30': 1, '2-3': 10 }),
      [{ pointer: '/points_threshold/2/option', code: 'range_overlap', params: { option: '2-3', other: '0-10' } }],
    ],
    [
      'a widget without a state',
      field('TIRE_STATE_WIDGET', { good: 10, bad: 0, to_replace: 0 }),
      [{ pointer: '/points_threshold', code: 'widget_option_missing', params: { option: 'not_applicable' } }],
    ],
    [
      'a widget with another state',
      field('STATE_WIDGET', { ...WIDGET, worn: 2 }),
      [{ pointer: '/points_threshold/4/option', code: 'widget_option_unknown', params: { option: 'worn' } }],
    ],
    [
      'a widget state written as its label',
      field('BATTERY_STATE_WIDGET', { good: 10, 'to replace': 0, bad: 3, not_applicable: 10 }),
      [
        { pointer: '/points_threshold/1/option', code: 'widget_option_unknown', params: { option: 'to replace' } },
        { pointer: '/points_threshold', code: 'widget_option_missing', params: { option: 'to_replace' } },
      ],
    ],
    [
      'a widget state without points',
      field('PAD_THICKNESS_WIDGET', { ...WIDGET, bad: null }),
      [{ pointer: '/points_threshold/2/points', code: 'option_points' }],
    ],
    ['a negative coefficient', field('TEXT', {}, { coefficient: -1 }), [{ pointer: '/coefficient', code: 'coefficient' }]],
    ['a coefficient that is no number', field('TEXT', {}, { coefficient: 'x' }), [{ pointer: '/coefficient', code: 'coefficient' }]],
  ] as [string, FormField, unknown][])('refuses %s', (_case, f, expected) => {
    expect(problems(f)).toEqual(expected);
  });

  it('an empty coefficient is fine (it weighs 1)', () => {
    expect(problems(field('TEXT', {}, { coefficient: null }))).toEqual([]);
    expect(problems(field('TEXT', {}, { coefficient: '' }))).toEqual([]);
    expect(problems(field('TEXT', {}, { coefficient: 0 }))).toEqual([]);
  });

  it('leaves an unknown type to the declaration (its enumeration)', () => {
    expect(problems(field('SIGNATURE', { a: 1 }))).toEqual([]);
    expect(FIELD_TYPES).not.toContain('SIGNATURE');
  });
});

describe('conditions and copies', () => {
  const cond = (field: string, operator = 'equals', value: string | number | null = 'yes') => ({ field, operator, value });
  const conditional = (conditions: FormField['conditions'], extra: Partial<FormField> = {}) =>
    field('TEXT', {}, { conditional_field: true, conditions, condition_relation: 'and', ...extra });

  it('accepts conditions on other fields of the form', () => {
    expect(problems(conditional([cond('g'), cond('h', 'superior', '3'), cond('h', 'inferior', 7)], { condition_relation: 'or' }))).toEqual([]);
  });

  it.each([
    ['a field not in the form', conditional([cond('zz')]), [{ pointer: '/conditions/0/field', code: 'condition_field_unknown' }]],
    ['the field itself', conditional([cond('g'), cond('f')]), [{ pointer: '/conditions/1/field', code: 'condition_field_self' }]],
    ['an unknown operator', conditional([cond('g', 'like')]), [{ pointer: '/conditions/0/operator', code: 'condition_operator' }]],
    ['superior to a text', conditional([cond('g', 'superior', 'bon')]), [{ pointer: '/conditions/0/value', code: 'condition_value_number' }]],
    ['inferior to nothing', conditional([cond('g', 'inferior', null)]), [{ pointer: '/conditions/0/value', code: 'condition_value_number' }]],
    ['an unknown relation', conditional([cond('g')], { condition_relation: 'xor' }), [{ pointer: '/condition_relation', code: 'condition_relation' }]],
    ['a copy without its field', field('TEXT', {}, { is_copy: true }), [{ pointer: '/copiedField', code: 'copied_field_required' }]],
    ['a copy of a field not in the form', field('TEXT', {}, { is_copy: true, copiedField: 'zz' }), [{ pointer: '/copiedField', code: 'copied_field_unknown' }]],
    ['a copy of itself', field('TEXT', {}, { is_copy: true, copiedField: 'f' }), [{ pointer: '/copiedField', code: 'copied_field_self' }]],
  ] as [string, FormField, unknown][])('refuses %s', (_case, f, expected) => {
    expect(problems(f)).toEqual(expected);
  });

  it('conditions switched off are not checked', () => {
    expect(problems(conditional([cond('zz')], { conditional_field: false }))).toEqual([]);
  });

  it('a field that is not a copy may keep an old copiedField', () => {
    expect(problems(field('TEXT', {}, { is_copy: false, copiedField: 'zz' }))).toEqual([]);
    expect(problems(field('TEXT', {}, { is_copy: true, copiedField: 'g' }))).toEqual([]);
  });
});

describe('notes and multipliers', () => {
  const note = (minimum_value: number | string | null, maximum_value: number | string | null) => ({ minimum_value, maximum_value, text: 'x' });

  it('accepts ranges within 0..100 that do not overlap', () => {
    expect(noteProblems([note(80, 100), note(0, 49), note('50', '79.5')])).toEqual([]);
  });

  it.each([
    ['below 0', [note(-1, 10)], [{ pointer: '/0/minimum_value', code: 'note_range' }]],
    ['above 100', [note(90, 101)], [{ pointer: '/0/maximum_value', code: 'note_range' }]],
    ['without bounds', [note(null, 'x')], [{ pointer: '/0/minimum_value', code: 'note_range' }, { pointer: '/0/maximum_value', code: 'note_range' }]],
    ['minimum above maximum', [note(60, 50)], [{ pointer: '/0/maximum_value', code: 'note_order' }]],
    ['sharing a bound', [note(0, 50), note(50, 100)], [{ pointer: '/1/minimum_value', code: 'note_overlap', params: { other: 0 } }]],
    ['one inside another', [note(0, 100), note(90, 95), note(20, 30)], [
      { pointer: '/1/minimum_value', code: 'note_overlap', params: { other: 0 } },
      { pointer: '/2/minimum_value', code: 'note_overlap', params: { other: 0 } },
    ]],
  ])('refuses notes %s', (_case, notes, expected) => {
    expect(noteProblems(notes)).toEqual(expected);
  });

  it('multipliers: a number to multiply by, a number to compare with for greater_than and less_than', () => {
    expect(
      multiplierProblems([
        { type: 'points', field: 'make', operation: 'equals', value: 'Honda', multiplier: 0.9 },
        { type: 'points', field: 'odometer', operation: 'greater_than', value: '100000', multiplier: '1.1' },
      ]),
    ).toEqual([]);
    expect(
      multiplierProblems([
        { type: 'points', field: 'make', operation: 'equals', value: 'Honda', multiplier: null },
        { type: 'repair_value', field: 'model_year', operation: 'less_than', value: 'vieux', multiplier: 2 },
      ]),
    ).toEqual([
      { pointer: '/0/multiplier', code: 'multiplier_factor' },
      { pointer: '/1/value', code: 'multiplier_value_number' },
    ]);
  });
});

describe('the whole form', () => {
  const yes = (id: string, extra: Partial<FormField> = {}): FormField => ({ ...field('CHECK', { yes: 1 }), id, ...extra });
  const on = (target: string) => ({ conditional_field: true, conditions: [{ field: target, operator: 'equals', value: 'yes' }] });

  it('points into sections, sub-sections, fields, notes and multipliers', () => {
    const form: InspectionFormInput = {
      sections: [
        { id: 's1', factor: 1, subSections: [{ id: 'a', factor: -2, fields: [yes('x')] }] },
        { id: 's2', factor: 'x', subSections: [{ id: 'b', fields: [yes('y', on('x')), { ...field('NUMBER', { '5-1': 1 }), id: 'z', is_copy: true, copiedField: 'gone' }] }] },
      ],
      notes: [{ minimum_value: 0, maximum_value: 200, text: 'x' }],
      multipliers: [{ type: 'points', field: 'odometer', operation: 'less_than', value: '', multiplier: 1 }],
    };
    expect(formProblems(form)).toEqual([
      { pointer: '/sections/0/subSections/0/factor', code: 'factor' },
      { pointer: '/sections/1/factor', code: 'factor' },
      { pointer: '/sections/1/subSections/0/fields/1/points_threshold/0/option', code: 'range_order', params: { option: '5-1' } },
      { pointer: '/sections/1/subSections/0/fields/1/copiedField', code: 'copied_field_unknown' },
      { pointer: '/notes/0/maximum_value', code: 'note_range' },
      { pointer: '/multipliers/0/value', code: 'multiplier_value_number' },
    ]);
  });

  it('a condition may point to a field of another section; a copy too', () => {
    const form: InspectionFormInput = {
      sections: [
        { id: 's1', subSections: [{ id: 'a', fields: [yes('x')] }] },
        { id: 's2', subSections: [{ id: 'b', fields: [yes('y', { ...on('x'), is_copy: true, copiedField: 'x' })] }] },
      ],
    };
    expect(formProblems(form)).toEqual([]);
  });

  it('refuses conditions that make a cycle, on each field of the cycle, not on those behind it', () => {
    const form: InspectionFormInput = {
      sections: [
        {
          id: 's',
          subSections: [
            { id: 'a', fields: [yes('x', on('z')), yes('y', on('x'))] },
            { id: 'b', fields: [yes('z', on('y')), yes('w', on('z')), yes('v')] },
          ],
        },
      ],
    };
    expect(formProblems(form)).toEqual([
      { pointer: '/sections/0/subSections/0/fields/0/conditions/0/field', code: 'condition_cycle', params: { field: 'z' } },
      { pointer: '/sections/0/subSections/0/fields/1/conditions/0/field', code: 'condition_cycle', params: { field: 'x' } },
      { pointer: '/sections/0/subSections/1/fields/0/conditions/0/field', code: 'condition_cycle', params: { field: 'y' } },
    ]);
  });

  it('a chain without a cycle and a cycle through switched-off conditions are fine', () => {
    const form: InspectionFormInput = {
      sections: [{ id: 's', subSections: [{ id: 'a', fields: [yes('x', { ...on('y'), conditional_field: false }), yes('y', on('x')), yes('z', on('y'))] }] }],
    };
    expect(formProblems(form)).toEqual([]);
  });
});
