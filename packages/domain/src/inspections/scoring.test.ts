import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FIELD_TYPES, WIDGET_FIELD_TYPES } from './form-enums.ts';
import {
  compileInspectionForm,
  propagateAnswer,
  repairValueMultiplier,
  rescoreInspection,
  scoreInspection,
  type Answers,
  type FieldAnswer,
  type FormField,
  type FormMultiplier,
  type FormSection,
  type InspectionFormInput,
  type ScoredVehicle,
} from './scoring.ts';

// ---------------------------------------------------------------------------------------------
// Builders

const pts = (o: Record<string, number>) => Object.entries(o).map(([option, points]) => ({ option, points }));
const field = (id: string, field_type: string, options: Record<string, number> = {}, extra: Partial<FormField> = {}): FormField => ({
  id,
  field_type,
  points_threshold: pts(options),
  order_number: 0,
  ...extra,
});
const WIDGET = { good: 10, to_replace: 0, bad: 3, not_applicable: 10 };
const yesNo = (id: string, extra: Partial<FormField> = {}) => field(id, 'CHECK', { yes: 10, no: 0 }, extra);
const select = (id: string, options: Record<string, number>, extra: Partial<FormField> = {}) => field(id, 'SELECT_SINGLE', options, extra);
const when = (target: string, operator: string, value: string | number, extra: Partial<FormField> = {}): Partial<FormField> => ({
  conditional_field: true,
  conditions: [{ field: target, operator, value: String(value) }],
  ...extra,
});

/** One section "s" holding one sub-section "a" with these fields. */
const oneSub = (fields: FormField[], extra: Partial<InspectionFormInput> = {}): InspectionFormInput => ({
  sections: [{ id: 's', factor: 1, order_number: 1, subSections: [{ id: 'a', factor: 1, order_number: 1, fields }] }],
  ...extra,
});
const run = (form: InspectionFormInput, answers: Answers = {}, vehicle: ScoredVehicle = {}) =>
  scoreInspection(compileInspectionForm(form), answers, vehicle);
const v = (value: unknown, extra: FieldAnswer = {}): FieldAnswer => ({ value, touched: true, ...extra });

// ---------------------------------------------------------------------------------------------

describe('field points by type', () => {
  const ranges = { '0-4.5': 2, '5-10': 10 };
  const cases: [string, FormField, unknown, number, number, number][] = [
    // [case, field, value, points, max, field score]
    ['CHECK yes', yesNo('f'), true, 10, 10, 100],
    ['CHECK no', field('f', 'CHECK', { yes: 10, no: 2 }), false, 2, 10, 20],
    ['CHECK without value uses the NO option', field('f', 'CHECK', { yes: 10, no: 2 }), undefined, 2, 10, 20],
    ['CHECK without value nor NO option is 0', field('f', 'CHECK', { yes: 10 }), undefined, 0, 10, 0],
    ['CHECK false without NO option is 0', field('f', 'CHECK', { yes: 10 }), false, 0, 10, 0],
    ['CHECK with a text value is no value', field('f', 'CHECK', { yes: 10, no: 4 }), 'yes', 4, 10, 40],
    ['SELECT_SINGLE option', select('f', { a: 0, b: 5, c: 10 }), 'b', 5, 10, 50],
    ['SELECT_SINGLE unknown option', select('f', { a: 0, b: 5, c: 10 }), 'z', 0, 10, 0],
    ['SELECT_SINGLE option names are exact', select('f', { a: 0, b: 5, c: 10 }), 'B', 0, 10, 0],
    ['SELECT_SINGLE no value', select('f', { a: 0, b: 5, c: 10 }), null, 0, 10, 0],
    ['SELECT_MULTIPLE sums', field('f', 'SELECT_MULTIPLE', { a: 2, b: 3, c: 10 }), ['a', 'b'], 5, 10, 50],
    ['SELECT_MULTIPLE never above its maximum', field('f', 'SELECT_MULTIPLE', { a: 2, b: 3, c: 10 }), ['a', 'c'], 10, 10, 100],
    ['SELECT_MULTIPLE counts an option once', field('f', 'SELECT_MULTIPLE', { a: 2, b: 3, c: 10 }), ['a', 'a'], 2, 10, 20],
    ['SELECT_MULTIPLE nothing selected', field('f', 'SELECT_MULTIPLE', { a: 2, b: 3, c: 10 }), [], 0, 10, 0],
    ['SELECT_MULTIPLE a single name is not a list', field('f', 'SELECT_MULTIPLE', { a: 2, b: 3, c: 10 }), 'a', 0, 10, 0],
    ['NUMBER lower bound of the first range', field('f', 'NUMBER', ranges), 0, 2, 10, 20],
    ['NUMBER upper bound (decimal) inclusive', field('f', 'NUMBER', ranges), 4.5, 2, 10, 20],
    ['NUMBER lower bound inclusive', field('f', 'NUMBER', ranges), 5, 10, 10, 100],
    ['NUMBER upper bound inclusive', field('f', 'NUMBER', ranges), 10, 10, 10, 100],
    ['NUMBER between two ranges', field('f', 'NUMBER', ranges), 4.7, 0, 10, 0],
    ['NUMBER above every range', field('f', 'NUMBER', ranges), 10.01, 0, 10, 0],
    ['NUMBER below every range', field('f', 'NUMBER', ranges), -1, 0, 10, 0],
    ['NUMBER as a numeric text', field('f', 'NUMBER', ranges), '7', 10, 10, 100],
    ['NUMBER no value', field('f', 'NUMBER', ranges), null, 0, 10, 0],
    ['NUMBER an empty text is no value', field('f', 'NUMBER', { '0-1': 4, '2-3': 8 }), '', 0, 8, 0],
    ['NUMBER negative ranges', field('f', 'NUMBER', { '-10--5': 8, '-4-0': 3 }), -7, 8, 8, 100],
    ['RANGE_SLIDER ranges', field('f', 'RANGE_SLIDER', { '1-3': 1, '4-6': 4, '7-9': 8 }), 5, 4, 8, 50],
    ['RANGE_SLIDER upper bound inclusive', field('f', 'RANGE_SLIDER', { '1-3': 1, '4-6': 4, '7-9': 8 }), 9, 8, 8, 100],
    ['TEXT has no points', field('f', 'TEXT'), 'Rayure sur la portière', 0, 0, 100],
    ['TEXT options count nothing', field('f', 'TEXT', { a: 5 }), 'a', 0, 0, 100],
    ['STATE_WIDGET by value member', field('f', 'STATE_WIDGET', WIDGET), { value: 'bad' }, 3, 10, 30],
    ['STATE_WIDGET unknown state', field('f', 'STATE_WIDGET', WIDGET), { value: 'broken' }, 0, 10, 0],
    ['STATE_WIDGET a bare name is not a widget value', field('f', 'STATE_WIDGET', WIDGET), 'good', 0, 10, 0],
    ['STATE_WIDGET not applicable state has its points', field('f', 'STATE_WIDGET', WIDGET), { value: 'not_applicable' }, 10, 10, 100],
    ['rounds the field score half up', select('f', { a: 1, b: 8 }), 'a', 1, 8, 13],
    ['options given as numeric texts', select('f', {}, { points_threshold: [{ option: 'a', points: '2.5' }, { option: 'b', points: '5' }] }), 'a', 2.5, 5, 50],
  ];
  it.each(cases)('%s', (_case, f, value, points, max, score) => {
    const r = run(oneSub([f]), { f: v(value) });
    expect(r.fields.f).toEqual({ points, max_points: max, score, visible: true });
    expect(r.sectionsScores.s.subSections.a).toMatchObject({ points, max, score });
  });

  it.each(WIDGET_FIELD_TYPES)('%s scores the option named by value.value, measures aside', (type) => {
    const r = run(oneSub([field('f', type, WIDGET)]), { f: v({ value: 'to_replace', depth_mm: 2, amps: 500, volts: 12.4 }) });
    expect(r.fields.f).toEqual({ points: 0, max_points: 10, score: 0, visible: true });
    expect(run(oneSub([field('f', type, WIDGET)]), { f: v({ value: 'good', depth_mm: 7 }) }).fields.f.points).toBe(10);
  });

  it('an unknown type scores like a text', () => {
    expect(run(oneSub([field('f', 'SIGNATURE', { a: 4 })]), { f: v('a') }).fields.f).toEqual({ points: 0, max_points: 0, score: 100, visible: true });
  });
});

describe('sub-sections, sections and the vehicle', () => {
  it('a sub-section adds points and maxima of its visible fields; 100 when its maximum is 0', () => {
    const r = run(oneSub([yesNo('x'), select('y', { a: 2, b: 6 }), field('t', 'TEXT')]), { x: v(true), y: v('a') });
    expect(r.sectionsScores.s.subSections.a).toEqual({ score: 75, points: 12, max: 16, filled: false, visible: true });
    expect(run(oneSub([field('t', 'TEXT')])).sectionsScores.s.subSections.a.score).toBe(100);
  });

  it('rounds a sub-section half up (1 of 8 is 12.5, so 13)', () => {
    const r = run(oneSub([select('x', { a: 1, b: 4 }), select('y', { a: 0, b: 4 })]), { x: v('a'), y: v('a') });
    expect(r.sectionsScores.s.subSections.a.score).toBe(13);
  });

  it('a coefficient weighs a field in its sub-section (1 when empty, 0 counts nothing)', () => {
    const form = (coefficient: number | string | null) => oneSub([yesNo('x', { coefficient }), yesNo('y')]);
    const answers = { x: v(true), y: v(false) };
    expect(run(form(3), answers).sectionsScores.s.subSections.a).toMatchObject({ score: 75, points: 30, max: 40 });
    expect(run(form('3'), answers).sectionsScores.s.subSections.a.score).toBe(75);
    expect(run(form(null), answers).sectionsScores.s.subSections.a.score).toBe(50);
    expect(run(form(0), answers).sectionsScores.s.subSections.a.score).toBe(0);
    // A field's own numbers are not weighted.
    expect(run(form(3), answers).fields.x).toEqual({ points: 10, max_points: 10, score: 100, visible: true });
    // The inspection's points add its fields' as their sub-sections count them.
    expect(run(form(3), answers)).toMatchObject({ points: 30, max_points: 40 });
  });

  const twoSubs = (f1: number, f2: number): InspectionFormInput => ({
    sections: [
      {
        id: 's',
        factor: 1,
        subSections: [
          { id: 'a', factor: f1, fields: [yesNo('x')] },
          { id: 'b', factor: f2, fields: [select('y', { a: 1, b: 2 })] },
        ],
      },
    ],
  });
  it('a section is the factor-weighted mean of its sub-sections', () => {
    const answers = { x: v(true), y: v('a') };
    expect(run(twoSubs(3, 1), answers).sectionsScores.s.score).toBe(88); // (3×100 + 50) / 4 = 87.5
    expect(run(twoSubs(1, 3), answers).sectionsScores.s.score).toBe(63); // (100 + 3×50) / 4 = 62.5
    expect(run(twoSubs(1, 0), answers).sectionsScores.s.score).toBe(100);
    expect(run(twoSubs(0, 0), answers).sectionsScores.s.score).toBe(100);
  });

  it('the vehicle is the factor-weighted mean of its sections, rounded half up', () => {
    const form: InspectionFormInput = {
      sections: [
        { id: 's1', factor: 2, subSections: [{ id: 'a', fields: [yesNo('x')] }] },
        { id: 's2', factor: 1, subSections: [{ id: 'b', fields: [select('y', { a: 2, b: 5, c: 10 })] }] },
        { id: 's3', factor: '0', subSections: [{ id: 'c', fields: [yesNo('z')] }] },
      ],
    };
    expect(run(form, { x: v(true), y: v('b'), z: v(false) }).vehicle_score).toBe(83); // (200 + 50) / 3 = 83.3
    expect(run(form, { x: v(false), y: v('b'), z: v(true) }).vehicle_score).toBe(17); // 50 / 3 = 16.7
    // Sub-section factors empty: 1.
    expect(run(form, { x: v(true), y: v('a'), z: v(true) }).sectionsScores.s2.score).toBe(20);
  });

  it('a vehicle score of x.5 rounds up', () => {
    const form: InspectionFormInput = {
      sections: [
        { id: 's1', factor: 1, subSections: [{ id: 'a', fields: [select('x', { a: 50, b: 100 })] }] },
        { id: 's2', factor: 1, subSections: [{ id: 'b', fields: [select('y', { a: 51, b: 100 })] }] },
      ],
    };
    expect(run(form, { x: v('a'), y: v('a') }).vehicle_score).toBe(51);
  });

  it('an empty form scores 100', () => {
    expect(run({ sections: [] })).toEqual({ vehicle_score: 100, points: 0, max_points: 0, note: null, sectionsScores: {}, fields: {} });
  });

  it('ids are data: "__proto__" or "constructor" are keys like any other', () => {
    const form = compileInspectionForm({
      sections: [{ id: '__proto__', subSections: [{ id: 'constructor', fields: [yesNo('__proto__'), yesNo('toString', when('__proto__', 'equals', 'yes'))] }] }],
    });
    const empty = scoreInspection(form, {});
    expect(Object.hasOwn(empty.fields, '__proto__')).toBe(true);
    expect(empty.fields['toString' as string].visible).toBe(false);
    const { answers, changed } = propagateAnswer(form, {}, '__proto__', { value: true });
    expect(Object.hasOwn(answers, '__proto__')).toBe(true);
    const r = rescoreInspection(form, empty, answers, {}, changed);
    expect(Object.getPrototypeOf(r.fields)).toBe(Object.prototype);
    expect(r.sectionsScores.__proto__.subSections.constructor).toEqual({ score: 50, points: 10, max: 20, filled: false, visible: true });
    expect(JSON.parse(JSON.stringify(r))).toEqual(JSON.parse(JSON.stringify(scoreInspection(form, answers))));
  });

  it('orders sections, sub-sections and fields by order_number', () => {
    const form: InspectionFormInput = {
      sections: [
        { id: 's2', order_number: 2, subSections: [] },
        { id: 's1', order_number: 1, subSections: [{ id: 'b', order_number: 2, fields: [] }, { id: 'a', order_number: 1, fields: [] }] },
      ],
    };
    const r = run(form);
    expect(Object.keys(r.sectionsScores)).toEqual(['s1', 's2']);
    expect(Object.keys(r.sectionsScores.s1.subSections)).toEqual(['a', 'b']);
  });
});

describe('visibility', () => {
  const form = (extra: Partial<FormField>) => oneSub([yesNo('x'), yesNo('y', extra)]);
  const shown = (target: FormField, value: unknown, operator: string, compared: string | number) =>
    run(oneSub([target, yesNo('y', when(target.id, operator, compared))]), { [target.id]: v(value) }).fields.y.visible;

  it.each([
    // [case, target field, its value, operator, condition value, shown]
    ['CHECK equals yes', yesNo('x'), true, 'equals', 'yes', true],
    ['CHECK equals yes, unticked', yesNo('x'), false, 'equals', 'yes', false],
    ['CHECK equals "true" names yes', yesNo('x'), true, 'equals', 'true', true],
    ['CHECK equals no', yesNo('x'), false, 'equals', 'NO', true],
    ['CHECK equals no, without answer', yesNo('x'), undefined, 'equals', 'no', false],
    ['CHECK different yes, without answer', yesNo('x'), undefined, 'different', 'yes', true],
    ['SELECT_SINGLE compares lowercased', select('x', { Bon: 1, Mauvais: 0 }), 'Mauvais', 'equals', 'mauvais ', true],
    ['SELECT_SINGLE different', select('x', { Bon: 1, Mauvais: 0 }), 'Bon', 'different', 'mauvais', true],
    ['SELECT_MULTIPLE equals is contains', field('x', 'SELECT_MULTIPLE', { a: 1, B: 1 }), ['a', 'B'], 'equals', 'b', true],
    ['SELECT_MULTIPLE equals, not selected', field('x', 'SELECT_MULTIPLE', { a: 1, b: 1 }), ['a'], 'equals', 'b', false],
    ['SELECT_MULTIPLE different is none selected', field('x', 'SELECT_MULTIPLE', { a: 1, b: 1 }), ['a'], 'different', 'b', true],
    ['SELECT_MULTIPLE different, selected', field('x', 'SELECT_MULTIPLE', { a: 1, b: 1 }), ['a', 'b'], 'different', 'b', false],
    ['SELECT_MULTIPLE has no order', field('x', 'SELECT_MULTIPLE', { 1: 1, 2: 1 }), ['2'], 'superior', '1', false],
    ['NUMBER superior', field('x', 'NUMBER', { '0-100': 1 }), 6, 'superior', '5', true],
    ['NUMBER superior is strict', field('x', 'NUMBER', { '0-100': 1 }), 5, 'superior', '5', false],
    ['NUMBER compares numerically, not as texts', field('x', 'NUMBER', { '0-100': 1 }), 10, 'superior', '9', true],
    ['NUMBER inferior', field('x', 'NUMBER', { '0-100': 1 }), 4.5, 'inferior', '5', true],
    ['NUMBER inferior is strict', field('x', 'NUMBER', { '0-100': 1 }), 5, 'inferior', 5, false],
    ['NUMBER without answer is neither superior nor inferior', field('x', 'NUMBER', { '0-100': 1 }), undefined, 'inferior', '5', false],
    ['NUMBER equals numerically', field('x', 'NUMBER', { '0-100': 1 }), 5, 'equals', '5.0', true],
    ['RANGE_SLIDER different', field('x', 'RANGE_SLIDER', { '0-10': 1 }), 3, 'different', '3', false],
    ['widget by value member', field('x', 'TIRE_STATE_WIDGET', WIDGET), { value: 'to_replace', depth_mm: 2 }, 'equals', 'TO_REPLACE', true],
    ['widget by value member, other state', field('x', 'TIRE_STATE_WIDGET', WIDGET), { value: 'good' }, 'equals', 'to_replace', false],
    ['TEXT lowercased', field('x', 'TEXT'), ' Fuite ', 'equals', 'fuite', true],
    ['TEXT superior on texts is false', field('x', 'TEXT'), 'b', 'superior', 'a', false],
    ['unknown operator is false', yesNo('x'), true, 'like', 'yes', false],
  ] as [string, FormField, unknown, string, string | number, boolean][])('%s', (_case, target, value, operator, compared, visible) => {
    expect(shown(target, value, operator, compared)).toBe(visible);
  });

  it('joins conditions with and (by default) or with or', () => {
    const conditions = [
      { field: 'x', operator: 'equals', value: 'yes' },
      { field: 'z', operator: 'equals', value: 'yes' },
    ];
    const f = (relation: string | null) => oneSub([yesNo('x'), yesNo('z'), yesNo('y', { conditions, condition_relation: relation })]);
    const one = { x: v(true), z: v(false) };
    expect(run(f(null), one).fields.y.visible).toBe(false);
    expect(run(f('and'), one).fields.y.visible).toBe(false);
    expect(run(f('and'), { x: v(true), z: v(true) }).fields.y.visible).toBe(true);
    expect(run(f('or'), one).fields.y.visible).toBe(true);
    expect(run(f('or'), { x: v(false), z: v(false) }).fields.y.visible).toBe(false);
  });

  it('a hidden field counts nowhere, keeps its own numbers and does not keep its sub-section from being filled', () => {
    const r = run(form(when('x', 'equals', 'yes')), { x: v(false), y: { value: true } });
    expect(r.fields.y).toEqual({ points: 10, max_points: 10, score: 100, visible: false });
    expect(r.sectionsScores.s.subSections.a).toEqual({ score: 0, points: 0, max: 10, filled: true, visible: true });
    const shownY = run(form(when('x', 'equals', 'yes')), { x: v(true), y: { value: true } });
    expect(shownY.sectionsScores.s.subSections.a).toEqual({ score: 100, points: 20, max: 20, filled: false, visible: true });
  });

  it('the inspection’s points and maximum sum its visible fields’ (a hidden field adds nothing)', () => {
    const r = run(form(when('x', 'equals', 'yes')), { x: v(false), y: { value: true } });
    expect([r.points, r.max_points]).toEqual([0, 10]);
    const shownY = run(form(when('x', 'equals', 'yes')), { x: v(true), y: { value: true } });
    expect([shownY.points, shownY.max_points]).toEqual([20, 20]);
  });

  it('conditions are ignored while conditional_field is off', () => {
    expect(run(form(when('x', 'equals', 'yes', { conditional_field: false })), { x: v(false) }).fields.y.visible).toBe(true);
  });

  it('a condition on a hidden field is false, whatever its operator (chains hide)', () => {
    const chain = oneSub([yesNo('x'), yesNo('y', when('x', 'equals', 'yes')), yesNo('z', when('y', 'equals', 'yes')), yesNo('w', when('y', 'different', 'yes'))]);
    const hidden = run(chain, { x: v(false), y: v(true) });
    expect([hidden.fields.y.visible, hidden.fields.z.visible, hidden.fields.w.visible]).toEqual([false, false, false]);
    const shownAll = run(chain, { x: v(true), y: v(true) });
    expect([shownAll.fields.y.visible, shownAll.fields.z.visible, shownAll.fields.w.visible]).toEqual([true, true, false]);
  });

  it('a chain is followed whatever the order of the fields in the form', () => {
    const chain = oneSub([yesNo('z', when('y', 'equals', 'yes')), yesNo('y', when('x', 'equals', 'yes')), yesNo('x')]);
    expect(run(chain, { x: v(true), y: v(true) }).fields.z.visible).toBe(true);
    expect(run(chain, { x: v(false), y: v(true) }).fields.z.visible).toBe(false);
  });

  it('a condition on a field not in the form is false', () => {
    expect(run(form(when('gone', 'different', 'yes'))).fields.y.visible).toBe(false);
  });

  it('fields in or behind a condition cycle are hidden; the others are scored', () => {
    const r = run(oneSub([yesNo('x', when('y', 'different', 'yes')), yesNo('y', when('x', 'different', 'yes')), yesNo('z', when('x', 'different', 'no')), yesNo('w')]), {
      w: v(true),
    });
    expect([r.fields.x.visible, r.fields.y.visible, r.fields.z.visible, r.fields.w.visible]).toEqual([false, false, false, true]);
    expect(run(oneSub([yesNo('x', when('x', 'different', 'yes'))])).fields.x.visible).toBe(false);
  });

  it('a sub-section without a visible field is hidden and left out of its section; a section without one is left out of the vehicle', () => {
    const form: InspectionFormInput = {
      sections: [
        {
          id: 's1',
          subSections: [
            { id: 'a', fields: [yesNo('x')] },
            { id: 'b', fields: [yesNo('y', when('x', 'equals', 'yes'))] },
          ],
        },
        { id: 's2', subSections: [{ id: 'c', fields: [yesNo('z', when('x', 'equals', 'yes'))] }, { id: 'd', fields: [] }] },
      ],
    };
    const hidden = run(form, { x: v(true), y: v(false), z: v(false) });
    expect(hidden.sectionsScores.s1.score).toBe(50);
    expect(hidden.vehicle_score).toBe(25);
    const r = run(form, { x: v(false), y: v(false), z: v(false) });
    expect(r.sectionsScores.s1.subSections.b).toMatchObject({ visible: false, filled: true });
    expect(r.sectionsScores.s1).toMatchObject({ score: 0, visible: true });
    expect(r.sectionsScores.s2).toMatchObject({ visible: false, score: 100, filled: true });
    expect(r.sectionsScores.s2.subSections.d).toEqual({ score: 100, points: 0, max: 0, filled: true, visible: false });
    expect(r.vehicle_score).toBe(0);
  });
});

describe('not applicable', () => {
  const form = (enable_na: boolean) => oneSub([yesNo('x', { enable_na }), select('y', { a: 1, b: 4 })]);

  it('counts nowhere and answers the field, on a field that allows it', () => {
    const r = run(form(true), { x: { not_applicable: true }, y: v('a') });
    expect(r.fields.x).toEqual({ points: 0, max_points: 0, score: 100, visible: true });
    expect(r.sectionsScores.s.subSections.a).toEqual({ score: 25, points: 1, max: 4, filled: true, visible: true });
    expect(r.sectionsScores.s.filled).toBe(true);
    expect([r.points, r.max_points]).toEqual([1, 4]);
  });

  it('is ignored on a field without enable_na', () => {
    const r = run(form(false), { x: { not_applicable: true, value: true }, y: v('a') });
    expect(r.sectionsScores.s.subSections.a).toMatchObject({ score: 79, points: 11, max: 14, filled: false });
  });

  it('is no value for the conditions that read the field', () => {
    const f = oneSub([yesNo('x', { enable_na: true }), yesNo('y', when('x', 'equals', 'yes')), yesNo('z', when('x', 'equals', ''))]);
    const r = run(f, { x: { value: true, not_applicable: true } });
    expect([r.fields.y.visible, r.fields.z.visible]).toEqual([false, true]);
  });
});

describe('filled', () => {
  const form: InspectionFormInput = {
    sections: [
      {
        id: 's',
        subSections: [
          { id: 'a', fields: [yesNo('x'), yesNo('y')] },
          { id: 'b', fields: [yesNo('z')] },
        ],
      },
    ],
  };
  it('a sub-section or section is filled only when all its visible fields are touched', () => {
    const r = run(form, { x: v(true), y: { value: true }, z: v(true) });
    expect(r.sectionsScores.s.subSections.a.filled).toBe(false);
    expect(r.sectionsScores.s.subSections.b.filled).toBe(true);
    expect(r.sectionsScores.s.filled).toBe(false);
    const all = run(form, { x: v(true), y: v(false), z: v(true) });
    expect(all.sectionsScores.s.filled).toBe(true);
    // Touched without a value (a CHECK left unticked on purpose) is filled.
    expect(run(form, { x: { touched: true }, y: { touched: true }, z: { touched: true } }).sectionsScores.s.filled).toBe(true);
  });
});

describe('points multipliers and notes', () => {
  const vehicle: ScoredVehicle = { make: 'Honda', model: 'Civic', model_year: 2015, odometer: 150000, style: 'Sedan 4D' };
  const form = (multipliers: FormMultiplier[]) =>
    oneSub([select('x', { a: 8, b: 10, c: 7.5 })], {
      multipliers,
      notes: [
        { minimum_value: 80, maximum_value: 100, text: 'Excellent' },
        { minimum_value: 0, maximum_value: 49, text: 'À reprendre' },
        { minimum_value: '50', maximum_value: '79', text: 'Bon' },
      ],
    });
  const points = (field: string, operation: string, value: string | number, multiplier: number | string): FormMultiplier => ({
    type: 'points',
    field,
    operation,
    value,
    multiplier,
  });
  const scoreWith = (multipliers: FormMultiplier[], answer = 'a', car = vehicle) => run(form(multipliers), { x: v(answer) }, car).vehicle_score;

  it.each([
    ['no multiplier', [], 80],
    ['equals make, without case', [points('make', 'equals', 'honda', 0.5)], 40],
    ['equals make, another make', [points('make', 'equals', 'Toyota', 0.5)], 80],
    ['equals model', [points('model', 'equals', 'CIVIC', 0.9)], 72],
    ['greater_than odometer', [points('odometer', 'greater_than', '100000', 0.9)], 72],
    ['greater_than is strict', [points('odometer', 'greater_than', 150000, 0.9)], 80],
    ['less_than model_year', [points('model_year', 'less_than', '2016', 0.75)], 60],
    ['less_than model_year, newer', [points('model_year', 'less_than', '2010', 0.5)], 80],
    ['year reads the model year', [points('year', 'equals', '2015', 1.1)], 88],
    ['contains style', [points('style', 'contains', 'sedan', 1.1)], 88],
    ['contains, absent', [points('style', 'contains', 'coupe', 1.1)], 80],
    ['greater_than on a text is false', [points('make', 'greater_than', 'A', 2)], 80],
    ['matching multipliers multiply', [points('make', 'equals', 'Honda', 0.5), points('style', 'contains', '4d', 1.5)], 60],
    ['clamped to 100', [points('make', 'equals', 'Honda', 2)], 100],
    ['clamped to 0', [points('make', 'equals', 'Honda', -1)], 0],
    ['a multiplier given as a numeric text', [points('make', 'equals', 'Honda', '0.5')], 40],
    ['a repair-value multiplier leaves the score alone', [{ type: 'repair_value', field: 'make', operation: 'equals', value: 'Honda', multiplier: 2 }], 80],
    ['unknown field or operation matches nothing', [points('colour', 'equals', 'red', 0.5), points('make', 'starts_with', 'H', 0.5)], 80],
  ] as [string, FormMultiplier[], number][])('%s', (_case, multipliers, score) => {
    expect(scoreWith(multipliers)).toBe(score);
  });

  it('rounds half up after multiplying (75 × 0.5 = 37.5, so 38)', () => {
    expect(scoreWith([points('make', 'equals', 'Honda', 0.5)], 'c')).toBe(38);
  });

  it('a vehicle without the compared value matches nothing', () => {
    expect(scoreWith([points('odometer', 'less_than', '10', 0.5), points('make', 'contains', '', 0.5)], 'a', { make: 'Honda' })).toBe(80);
    expect(scoreWith([points('year', 'less_than', '2020', 0.5)], 'a', { year: 2015 })).toBe(40);
  });

  it('the note whose range holds the vehicle score, bounds inclusive', () => {
    expect(run(form([]), { x: v('a') }, vehicle).note).toBe('Excellent');
    expect(run(form([points('make', 'equals', 'Honda', 0.9875)]), { x: v('a') }, vehicle)).toMatchObject({ vehicle_score: 79, note: 'Bon' });
    expect(run(form([points('make', 'equals', 'Honda', 0.625)]), { x: v('a') }, vehicle)).toMatchObject({ vehicle_score: 50, note: 'Bon' });
    expect(run(form([points('make', 'equals', 'Honda', 0.6)]), { x: v('a') }, vehicle)).toMatchObject({ vehicle_score: 48, note: 'À reprendre' });
    expect(run(oneSub([yesNo('x')], { notes: [{ minimum_value: 0, maximum_value: 50, text: 'Bas' }] }), { x: v(true) }).note).toBeNull();
  });

  it('repairValueMultiplier multiplies the matching repair-value multipliers, 1 when none', () => {
    const multipliers: FormMultiplier[] = [
      { type: 'repair_value', field: 'make', operation: 'equals', value: 'honda', multiplier: 1.2 },
      { type: 'repair_value', field: 'odometer', operation: 'greater_than', value: '100000', multiplier: 1.5 },
      { type: 'repair_value', field: 'model', operation: 'equals', value: 'Accord', multiplier: 3 },
      points('make', 'equals', 'Honda', 0.5),
    ];
    expect(repairValueMultiplier(multipliers, vehicle)).toBeCloseTo(1.8);
    expect(repairValueMultiplier(multipliers, { make: 'Kia' })).toBe(1);
    expect(repairValueMultiplier(null, vehicle)).toBe(1);
  });
});

describe('propagation', () => {
  const form = compileInspectionForm({
    sections: [
      {
        id: 's',
        subSections: [
          {
            id: 'wheels',
            fields: [
              field('t3', 'TIRE_STATE_WIDGET', WIDGET, { order_number: 3 }),
              field('st', 'STATE_WIDGET', WIDGET, { order_number: 0 }),
              field('t1', 'TIRE_STATE_WIDGET', WIDGET, { order_number: 1 }),
              field('t2', 'TIRE_STATE_WIDGET', WIDGET, { order_number: 2 }),
              field('d1', 'DRUM_THICKNESS_WIDGET', WIDGET, { order_number: 4 }),
              field('p1', 'PAD_THICKNESS_WIDGET', WIDGET, { order_number: 5 }),
              field('d2', 'DRUM_THICKNESS_WIDGET', WIDGET, { order_number: 6 }),
              field('p2', 'PAD_THICKNESS_WIDGET', WIDGET, { order_number: 7 }),
              field('s2', 'STATE_WIDGET', WIDGET, { order_number: 8 }),
            ],
          },
          { id: 'other', fields: [field('t9', 'TIRE_STATE_WIDGET', WIDGET)] },
        ],
      },
    ],
  });
  const bad = { value: 'bad', depth_mm: 3 };

  it('the first tire (by order_number) copies its state and action to the other tires of its sub-section', () => {
    const { answers, changed } = propagateAnswer(form, { t2: { value: { value: 'good' }, comment: 'x' } as FieldAnswer }, 't1', { value: bad, action: 'replace' });
    expect(changed).toEqual(['t1', 't2', 't3']);
    expect(answers.t1).toEqual({ value: bad, action: 'replace', touched: true });
    expect(answers.t2).toEqual({ value: { value: 'bad' }, action: 'replace', touched: true, comment: 'x' });
    expect(answers.t3).toEqual({ value: { value: 'bad' }, action: 'replace', touched: true });
    expect(answers.st).toBeUndefined();
    expect(answers.t9).toBeUndefined();
    expect(scoreInspection(form, answers).sectionsScores.s.subSections.wheels.points).toBe(9);
  });

  it('copies the state, never the other tires’ own measures', () => {
    const mine = { value: 'good', depth_mm: 7, pressure_psi: 35 };
    const { answers } = propagateAnswer(form, { t2: { value: mine } }, 't1', { value: bad, action: 'replace' });
    expect(answers.t2?.value).toEqual({ value: 'bad', depth_mm: 7, pressure_psi: 35 });
    expect(answers.t3?.value).toEqual({ value: 'bad' });
  });

  it('an emptied answer (no value, action or N/A: an undo) is untouched and passes nothing on', () => {
    const given = { t1: { value: { value: 'good' }, touched: true }, t2: { value: { value: 'bad' }, action: 'replace', touched: true } };
    const { answers, changed } = propagateAnswer(form, given, 't1', { value: null, action: null, not_applicable: false });
    expect(changed).toEqual(['t1']);
    expect(answers.t1).toEqual({ value: null, action: null, not_applicable: false, touched: false });
    expect(answers.t2).toBe(given.t2);
  });

  it('never overwrites a tire the inspector set otherwise: only the untouched ones and those still agreeing with the first follow', () => {
    const given: Answers = {
      t1: { value: { value: 'good' }, touched: true },
      // Copied from t1 earlier: still agrees with it, so it follows.
      t2: { value: { value: 'good', depth_mm: 8 }, touched: true },
      // Set by the inspector to another state: it keeps it, with its action.
      t3: { value: { value: 'to_replace', depth_mm: 2 }, action: 'replace', touched: true },
    };
    const { answers, changed } = propagateAnswer(form, given, 't1', { value: bad });
    expect(changed).toEqual(['t1', 't2']);
    expect(answers.t2).toEqual({ value: { value: 'bad', depth_mm: 8 }, action: undefined, touched: true });
    expect(answers.t3).toBe(given.t3);
  });

  it('keeps a tire marked not applicable', () => {
    const given: Answers = { t2: { value: null, not_applicable: true, touched: true } };
    const { answers, changed } = propagateAnswer(form, given, 't1', { value: bad });
    expect(changed).toEqual(['t1', 't3']);
    expect(answers.t2).toBe(given.t2);
  });

  it('a tire that agreed on the state but not the action keeps its own', () => {
    const given: Answers = { t1: { value: { value: 'bad' }, action: 'monitor', touched: true }, t2: { value: { value: 'bad' }, action: 'replace', touched: true } };
    const { changed } = propagateAnswer(form, given, 't1', { value: { value: 'good' }, action: null });
    expect(changed).toEqual(['t1', 't3']);
  });

  it('another tire changes alone', () => {
    const { answers, changed } = propagateAnswer(form, {}, 't2', { value: bad });
    expect(changed).toEqual(['t2']);
    expect(Object.keys(answers)).toEqual(['t2']);
  });

  it.each([
    ['d1', ['d1', 'd2']],
    ['p1', ['p1', 'p2']],
    ['d2', ['d2']],
    ['st', ['st']],
    ['t9', ['t9']],
  ])('drums and pads propagate to their own type only: %s', (id, changed) => {
    expect(propagateAnswer(form, {}, id, { value: bad }).changed).toEqual(changed);
  });

  it('keeps the other members of an answer and marks the change touched', () => {
    const { answers } = propagateAnswer(form, { st: { value: { value: 'good' }, action: 'monitor' } }, 'st', { value: bad });
    expect(answers.st).toEqual({ value: bad, action: 'monitor', touched: true });
  });
});

describe('incremental rescoring', () => {
  it('keeps the objects of what the change does not reach', () => {
    const form = compileInspectionForm({
      sections: [
        { id: 's1', subSections: [{ id: 'a', fields: [yesNo('x')] }, { id: 'b', fields: [yesNo('y')] }] },
        { id: 's2', subSections: [{ id: 'c', fields: [yesNo('z', when('x', 'equals', 'yes'))] }] },
        { id: 's3', subSections: [{ id: 'd', fields: [yesNo('w')] }] },
      ],
    });
    const before = scoreInspection(form, {});
    const answers = { x: v(true) };
    const after = rescoreInspection(form, before, answers, {}, ['x']);
    expect(after).toEqual(scoreInspection(form, answers));
    expect(after.sectionsScores.s3).toBe(before.sectionsScores.s3);
    expect(after.sectionsScores.s1.subSections.b).toBe(before.sectionsScores.s1.subSections.b);
    expect(after.sectionsScores.s2.subSections.c.visible).toBe(true);
    expect(before.sectionsScores.s2.subSections.c.visible).toBe(false);
  });

  it('rescores from a result read back from JSON (a saved score_data with its fields)', () => {
    const form = compileInspectionForm(oneSub([yesNo('x'), yesNo('y', when('x', 'equals', 'yes'))]));
    const saved = JSON.parse(JSON.stringify(scoreInspection(form, { y: v(true) })));
    const answers = { x: v(true), y: v(true) };
    expect(rescoreInspection(form, saved, answers, {}, ['x'])).toEqual(scoreInspection(form, answers));
  });

  it('rescores a field after the fields its conditions read, whatever their order in the form', () => {
    const both = { conditions: [{ field: 'x', operator: 'equals', value: 'yes' }, { field: 'c', operator: 'equals', value: 'yes' }] };
    const form = compileInspectionForm(oneSub([yesNo('x'), yesNo('b', both), yesNo('c', when('x', 'equals', 'yes'))]));
    const before = scoreInspection(form, { c: v(true) });
    expect(before.fields.b.visible).toBe(false);
    const after = rescoreInspection(form, before, { x: v(true), c: v(true) }, {}, ['x']);
    expect([after.fields.c.visible, after.fields.b.visible]).toEqual([true, true]);
  });
});

// ---------------------------------------------------------------------------------------------
// Properties

const OPTION_NAMES = ['a', 'b', 'c', 'd'];
const arbPoints = fc.integer({ min: 0, max: 20 });

/** A field of any type with options its rules accept, and conditions reading any field of the form. */
const arbField = (id: string, ids: string[]) =>
  fc
    .record({
      type: fc.constantFrom(...FIELD_TYPES),
      points: fc.array(arbPoints, { minLength: 4, maxLength: 4 }),
      coefficient: fc.option(fc.constantFrom(0, 0.5, 1, 2, 3), { nil: null }),
      enable_na: fc.boolean(),
      order_number: fc.integer({ min: 0, max: 5 }),
      conditions: fc.array(
        fc.record({ field: fc.constantFrom(...ids), operator: fc.constantFrom('equals', 'different', 'superior', 'inferior'), value: fc.constantFrom('a', 'yes', 'good', '3', '') }),
        { maxLength: 2 },
      ),
      relation: fc.constantFrom('and', 'or'),
      conditional: fc.boolean(),
    })
    .map(({ type, points, coefficient, enable_na, order_number, conditions, relation, conditional }): FormField => {
      const names =
        type === 'CHECK'
          ? ['yes', 'no']
          : type === 'NUMBER' || type === 'RANGE_SLIDER'
            ? ['0-2', '3-4.5', '5-7', '8-10']
            : WIDGET_FIELD_TYPES.includes(type as never)
              ? ['good', 'to_replace', 'bad', 'not_applicable']
              : OPTION_NAMES;
      return {
        id,
        field_type: type,
        points_threshold: type === 'TEXT' ? [] : names.map((option, i) => ({ option, points: points[i] })),
        order_number,
        coefficient,
        enable_na,
        conditional_field: conditional && conditions.length > 0,
        conditions,
        condition_relation: relation,
      };
    });

const arbForm = fc
  .record({
    shape: fc.array(fc.array(fc.integer({ min: 0, max: 4 }), { minLength: 1, maxLength: 3 }), { minLength: 1, maxLength: 3 }),
    factors: fc.array(fc.constantFrom(0, 1, 2, 3), { minLength: 12, maxLength: 12 }),
  })
  .chain(({ shape, factors }) => {
    const ids = shape.flatMap((subs, s) => subs.flatMap((n, b) => Array.from({ length: n }, (_, k) => `f${s}-${b}-${k}`)));
    const fieldIds = ids.length > 0 ? ids : ['none'];
    return fc.tuple(...ids.map((id) => arbField(id, fieldIds))).map((fields): InspectionFormInput => {
      let k = 0;
      const sections: FormSection[] = shape.map((subs, s) => ({
        id: `s${s}`,
        factor: factors[s],
        subSections: subs.map((n, b) => ({ id: `s${s}-${b}`, factor: factors[3 + s * 3 + b], fields: fields.slice(k, (k += n)) })),
      }));
      return { sections, notes: [{ minimum_value: 0, maximum_value: 100, text: 'ok' }] };
    });
  });

const arbValue = fc.oneof(
  fc.boolean(),
  fc.constantFrom(...OPTION_NAMES, 'yes', ''),
  fc.subarray(OPTION_NAMES),
  fc.double({ min: -1, max: 11, noNaN: true }),
  fc.integer({ min: 0, max: 10 }),
  fc.constantFrom('good', 'to_replace', 'bad', 'not_applicable').map((value) => ({ value, depth_mm: 4 })),
  fc.constant(null),
);
const arbAnswer: fc.Arbitrary<FieldAnswer> = fc.record({
  value: arbValue,
  action: fc.option(fc.constantFrom('replace', 'repair'), { nil: null }),
  touched: fc.boolean(),
  not_applicable: fc.boolean(),
});
const allFields = (form: InspectionFormInput) => form.sections.flatMap((s) => s.subSections.flatMap((b) => b.fields));
const arbAnswers = (form: InspectionFormInput) =>
  fc.tuple(...allFields(form).map((f) => fc.option(arbAnswer, { nil: undefined }).map((a) => [f.id, a] as const))).map((entries) =>
    Object.fromEntries(entries.filter(([, a]) => a !== undefined)),
  );

const inRange = (n: number) => Number.isInteger(n) && n >= 0 && n <= 100;

describe('properties', () => {
  it('every score is within 0..100 for non-negative points', () => {
    fc.assert(
      fc.property(
        arbForm.chain((form) => fc.tuple(fc.constant(form), arbAnswers(form), fc.double({ min: 0, max: 3, noNaN: true }))),
        ([form, answers, m]) => {
          const r = run({ ...form, multipliers: [{ type: 'points', field: 'make', operation: 'equals', value: 'honda', multiplier: m }] }, answers, { make: 'Honda' });
          expect(inRange(r.vehicle_score)).toBe(true);
          for (const s of Object.values(r.sectionsScores)) {
            expect(inRange(s.score)).toBe(true);
            for (const b of Object.values(s.subSections)) expect(inRange(b.score)).toBe(true);
          }
          for (const f of Object.values(r.fields)) expect(inRange(f.score)).toBe(true);
          expect(r.note).toBe('ok');
        },
      ),
    );
  });

  it('hiding a field that no field of another sub-section reads, even through other conditions, never changes another sub-section', () => {
    fc.assert(
      fc.property(
        arbForm.chain((form) => fc.tuple(fc.constant(form), arbAnswers(form), fc.nat())),
        ([form, answers, pick]) => {
          const fields = allFields(form);
          const subOf = new Map(form.sections.flatMap((s) => s.subSections.flatMap((b) => b.fields.map((f) => [f.id, b.id] as const))));
          const target = fields[pick % fields.length];
          fc.pre(target !== undefined);
          // Every field whose visibility depends on the target, directly or through a chain of conditions.
          const readers = new Set<string>([target.id]);
          for (let grew = true; grew; ) {
            grew = false;
            for (const f of fields)
              if (f.conditional_field && !readers.has(f.id) && f.conditions!.some((c) => readers.has(c.field))) grew = !!readers.add(f.id);
          }
          const readElsewhere = [...readers].some((id) => subOf.get(id) !== subOf.get(target.id));
          fc.pre(!readElsewhere);
          // Hidden by a condition on a field that is not in the form.
          const hide = (f: FormField): FormField => (f.id === target.id ? { ...f, ...when('absent', 'equals', 'x') } : f);
          const hidden: InspectionFormInput = {
            ...form,
            sections: form.sections.map((s) => ({ ...s, subSections: s.subSections.map((b) => ({ ...b, fields: b.fields.map(hide) })) })),
          };
          const a = run(form, answers);
          const b = run(hidden, answers);
          expect(b.fields[target.id].visible).toBe(false);
          for (const s of form.sections)
            for (const sub of s.subSections)
              if (sub.id !== subOf.get(target.id)) expect(b.sectionsScores[s.id].subSections[sub.id]).toEqual(a.sectionsScores[s.id].subSections[sub.id]);
        },
      ),
    );
  });

  /** Updates of distinct fields, none of a propagating type. */
  const arbUpdates = (form: InspectionFormInput) => {
    const ids = allFields(form)
      .filter((f) => !['TIRE_STATE_WIDGET', 'DRUM_THICKNESS_WIDGET', 'PAD_THICKNESS_WIDGET'].includes(f.field_type))
      .map((f) => f.id);
    return fc.uniqueArray(fc.constantFrom(...(ids.length ? ids : ['none'])), { maxLength: 6 }).chain((chosen) =>
      fc.tuple(...chosen.map((id) => arbAnswer.map((a) => [id, a] as const))),
    );
  };

  it('the order of independent updates does not change the result, and rescoring equals scoring', () => {
    fc.assert(
      fc.property(
        arbForm.chain((form) =>
          fc.tuple(fc.constant(form), arbAnswers(form)).chain(([f, answers]) =>
            fc.tuple(fc.constant(f), fc.constant(answers), arbUpdates(f)).chain(([f2, a2, updates]) =>
              fc.tuple(fc.constant(f2), fc.constant(a2), fc.constant(updates), fc.shuffledSubarray(updates, { minLength: updates.length, maxLength: updates.length })),
            ),
          ),
        ),
        ([formInput, initial, updates, shuffled]) => {
          const form = compileInspectionForm(formInput);
          const apply = (list: readonly (readonly [string, FieldAnswer])[]) => {
            let answers: Answers = initial;
            let result = scoreInspection(form, answers);
            for (const [id, change] of list) {
              const next = propagateAnswer(form, answers, id, change);
              answers = next.answers;
              result = rescoreInspection(form, result, answers, {}, next.changed);
            }
            return { answers, result };
          };
          const inOrder = apply(updates);
          const otherOrder = apply(shuffled);
          expect(otherOrder.result).toEqual(inOrder.result);
          expect(inOrder.result).toEqual(scoreInspection(form, inOrder.answers));
        },
      ),
    );
  });

  it('rescoring after any change, propagating types included, equals scoring again', () => {
    fc.assert(
      fc.property(
        arbForm.chain((form) => fc.tuple(fc.constant(form), arbAnswers(form), fc.nat(), arbAnswer)),
        ([formInput, answers, pick, change]) => {
          const form = compileInspectionForm(formInput);
          const ids = allFields(formInput).map((f) => f.id);
          fc.pre(ids.length > 0);
          const before = scoreInspection(form, answers);
          const next = propagateAnswer(form, answers, ids[pick % ids.length], change);
          expect(rescoreInspection(form, before, next.answers, {}, next.changed)).toEqual(scoreInspection(form, next.answers));
        },
      ),
    );
  });
});
