import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CRITICAL_SCORE_CAP, failsByDefault, findingOf, isFailingAnswer, markedFailing, type FindingField } from './findings.ts';
import { FIELD_TYPES } from './form-enums.ts';
import { pickedOptions, type PointsOption } from './options.ts';
import { compileInspectionForm, scoreInspection } from './scoring.ts';

// Issue 20 point 4, the last part: a form marks an option failing (or not); unmarked, the default rule.

const field = (field_type: string, points_threshold: PointsOption[], extra: Partial<FindingField> = {}): FindingField => ({ field_type, points_threshold, ...extra });
/** "Fuite visible ?": "oui" is worth 3 of 4 points, yet a leak is a finding. */
const leak = (failing: boolean | null) => field('CHECK', [{ option: 'yes', points: 3, failing }, { option: 'no', points: 4 }]);
/** A cosmetic scratch worth 1 of 4 points: the designer says it is no finding. */
const paint = field('SELECT_SINGLE', [{ option: 'Impeccable', points: 4 }, { option: 'Rayure légère', points: 1, failing: false }, { option: 'Rouille', points: 0 }]);
const widget = (marks: Partial<Record<string, boolean | null>> = {}) =>
  field('PAD_THICKNESS_WIDGET', (['good', 'to_replace', 'bad', 'not_applicable'] as const).map((option, i) => ({ option, points: [10, 0, 4, 10][i], failing: marks[option] })));

describe('the default rule (nothing marked)', () => {
  it.each([
    ['PAD_THICKNESS_WIDGET', 'to_replace', 8, 10, true],
    ['PAD_THICKNESS_WIDGET', 'bad', 9, 10, true],
    ['PAD_THICKNESS_WIDGET', 'good', 0, 10, false],
    ['PAD_THICKNESS_WIDGET', 'not_applicable', 0, 10, false],
    ['CHECK', null, 1, 4, true],
    ['SELECT_SINGLE', null, 2, 4, false],
    ['NUMBER', null, 0, 0, false],
    ['TEXT', null, 0, 4, false],
  ] as const)('%s %s worth %i of %i fails: %s', (type, state, points, max, expected) => expect(failsByDefault(type, state, points, max)).toBe(expected));

  it('decides every answer of a form that marks nothing, as before the marks', () => {
    fc.assert(
      fc.property(fc.constantFrom(...FIELD_TYPES), fc.anything(), fc.nat(20), fc.nat(20), (type, value, points, max) => {
        const options = [{ option: 'yes', points: 1 }, { option: 'good', points: 2, failing: null }];
        expect(markedFailing(field(type, options), value)).toBeNull();
        expect(isFailingAnswer(field(type, options), value, points, max)).toBe(isFailingAnswer(field(type, []), value, points, max));
      }),
    );
  });
});

describe('options marked by the form', () => {
  it('makes "oui" to "Fuite visible ?" a finding though it is worth 3 of 4 points', () => {
    expect(isFailingAnswer(leak(null), true, 3, 4)).toBe(false);
    expect(isFailingAnswer(leak(true), true, 3, 4)).toBe(true);
    // "non" is not marked: the default rule, 4 of 4.
    expect(isFailingAnswer(leak(true), false, 4, 4)).toBe(false);
  });

  it('keeps a cosmetic option worth 1 of 4 points out of the findings', () => {
    expect(isFailingAnswer(paint, 'Rayure légère', 1, 4)).toBe(false);
    // The other options are not marked: rust (0 of 4) fails by the default rule.
    expect(isFailingAnswer(paint, 'Rouille', 0, 4)).toBe(true);
    expect(isFailingAnswer(paint, 'Impeccable', 4, 4)).toBe(false);
  });

  it('marks the states of a widget, the others keeping their default', () => {
    expect(isFailingAnswer(widget({ to_replace: false }), { value: 'to_replace', thickness_mm: 5 }, 0, 10)).toBe(false);
    expect(isFailingAnswer(widget({ to_replace: false }), { value: 'bad' }, 4, 10)).toBe(true);
    expect(isFailingAnswer(widget({ not_applicable: true }), { value: 'not_applicable' }, 10, 10)).toBe(true);
  });

  it('reads the range holding a number', () => {
    const depth = field('NUMBER', [{ option: '0-3', points: 5, failing: true }, { option: '3.5-12', points: 10 }]);
    expect(isFailingAnswer(depth, '2.5', 5, 10)).toBe(true);
    expect(isFailingAnswer(depth, 7, 10, 10)).toBe(false);
    // Outside every range: no option picked, the default rule (0 of 10).
    expect(isFailingAnswer(depth, 40, 0, 10)).toBe(true);
  });

  it('fails a multiple choice when one option picked is marked failing, not when each is marked not failing', () => {
    const body = field('SELECT_MULTIPLE', [
      { option: 'Rayure', points: 0, failing: false },
      { option: 'Bosse', points: 0, failing: false },
      { option: 'Pare-chocs fissuré', points: 3, failing: true },
      { option: 'Éclat', points: 0 },
    ]);
    expect(markedFailing(body, ['Rayure', 'Pare-chocs fissuré'])).toBe(true);
    expect(markedFailing(body, ['Rayure', 'Bosse'])).toBe(false);
    // An unmarked option among them: the default rule on the answer's points.
    expect(markedFailing(body, ['Rayure', 'Éclat'])).toBeNull();
    expect(isFailingAnswer(body, ['Rayure', 'Éclat'], 0, 3)).toBe(true);
    expect(markedFailing(body, [])).toBeNull();
  });

  it('gives a finding to a marked answer without an action, and none to an answer marked not failing', () => {
    const score = { points: 3, max_points: 4, score: 75 };
    expect(findingOf(leak(true), { value: true, touched: true }, score)).toEqual({ action: 'verify', chosen: false, failing: true, critical: false, urgency: 'soon' });
    expect(findingOf(paint, { value: 'Rayure légère', touched: true }, { points: 1, max_points: 4, score: 25 })).toBeNull();
    // The inspector's action still makes it one.
    expect(findingOf(paint, { value: 'Rayure légère', touched: true, action: 'rectify' }, { points: 1, max_points: 4, score: 25 })).toMatchObject({ action: 'rectify', failing: false });
    // A marked state keeps the action of its state.
    expect(findingOf(widget({ bad: true }), { value: { value: 'bad' }, touched: true }, { points: 4, max_points: 10, score: 40 })?.action).toBe('repair');
  });

  it('caps the verdict with a safety-critical field marked failing, not with one marked not failing', () => {
    const form = (fields: FindingField[]) =>
      compileInspectionForm({ sections: [{ id: 's', subSections: [{ id: 'a', fields: fields.map((f, i) => ({ ...f, id: `f${i}` })) }] }] });
    const critical = { safety_critical: true };
    // A field worth 400 points answered well outweighs the other: the vehicle scores above the cap.
    const good = field('CHECK', [{ option: 'yes', points: 400 }]);
    const answers = { f0: { value: true, touched: true }, f1: { value: true, touched: true } };
    expect(scoreInspection(form([{ ...leak(null), ...critical }, good]), answers).vehicle_score).toBe(100);
    expect(scoreInspection(form([{ ...leak(true), ...critical }, good]), answers).vehicle_score).toBe(CRITICAL_SCORE_CAP);
    // The scratch, 24 of 96 points: (24 + 400) / (96 + 400) is 85, capped only when it is not marked.
    const scratch = (failing?: null) => ({ ...paint, ...critical, points_threshold: paint.points_threshold!.map((o) => ({ ...o, points: Number(o.points) * 24, ...(failing === null ? { failing } : {}) })) });
    const scratched = { f0: { value: 'Rayure légère', touched: true }, f1: { value: true, touched: true } };
    expect(scoreInspection(form([scratch(), good]), scratched).vehicle_score).toBe(85);
    expect(scoreInspection(form([scratch(null), good]), scratched).vehicle_score).toBe(CRITICAL_SCORE_CAP);
  });
});

describe('pickedOptions', () => {
  const o = (...names: string[]) => names.map((option) => ({ option, points: 0 }));
  it.each([
    ['CHECK', o('yes', 'no'), true, ['yes']],
    ['CHECK', o('yes', 'no'), null, ['no']],
    ['CHECK', o('yes'), false, []],
    ['SELECT_SINGLE', o('A', 'B'), 'B', ['B']],
    ['SELECT_SINGLE', o('A'), 'Z', []],
    ['SELECT_MULTIPLE', o('A', 'B', 'C'), ['C', 'A', 'C', 7], ['C', 'A']],
    ['RANGE_SLIDER', o('0-5', '6-10'), '6', ['6-10']],
    ['NUMBER', o('0-5'), 'abc', []],
    ['TIRE_STATE_WIDGET', o('good', 'bad'), { value: 'bad', depth_mm: 2 }, ['bad']],
    ['TIRE_STATE_WIDGET', o('good', 'bad'), 'bad', []],
    ['TEXT', o('A'), 'A', []],
  ] as const)('%s %j picks %j', (type, options, value, expected) => expect(pickedOptions(type, options, value).map((x) => x.option)).toEqual(expected));
});
