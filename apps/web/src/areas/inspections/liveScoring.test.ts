import { describe, expect, it } from 'vitest';
import { CLEARED_ANSWER, scoreInspection } from '@atelier/domain';
import { formOfRecord } from './adapter.ts';
import { answer, answerOf, comment, fieldScoreOf, progressOf, sectionScoreOf, startLive, subSectionScoreOf, withVehicle, type LiveState } from './liveScoring.ts';
import { EMPTY_VEHICLE } from './model.ts';
import { testFormRecord } from './testForm.ts';

const form = formOfRecord(testFormRecord());
const start = () => startLive(form, EMPTY_VEHICLE);
const run = (...steps: ((s: LiveState) => LiveState)[]) => steps.reduce((s, step) => step(s), start());

describe('live scoring', () => {
  it('starts with nothing answered: every score at 0, the lowest verdict, the shown fields counted', () => {
    const s = start();
    expect(s.score.vehicle_score).toBe(0);
    expect(s.score.note).toBe('À revoir');
    expect(subSectionScoreOf(s.score, 'A', 'A1')).toEqual({ score: 0, points: 0, max: 20, filled: false, visible: true });
    // The conditional field is hidden until the windshield is answered "no".
    expect(fieldScoreOf(s.score, 'f3')?.visible).toBe(false);
    expect(progressOf(s, form)).toEqual({ touched: 0, visible: 8 });
  });

  it('an emptied answer (the undo of Tout bon) is unanswered again, and the scores go back', () => {
    const before = run((x) => answer(x, 'f2', { value: 'Bonne' }));
    const undone = run(
      (x) => answer(x, 'f2', { value: 'Bonne' }),
      (x) => answer(x, 'f1', { value: true }),
      (x) => answer(x, 'f1', CLEARED_ANSWER),
    );
    expect(answerOf(undone, 'f1')).toMatchObject({ value: null, touched: false });
    expect(progressOf(undone, form)).toEqual(progressOf(before, form));
    expect(undone.score.vehicle_score).toBe(before.score.vehicle_score);
  });

  it('an answer updates its field, sub-section, section and the vehicle score with its verdict', () => {
    const s = run((x) => answer(x, 'f1', { value: true }));
    expect(fieldScoreOf(s.score, 'f1')).toEqual({ points: 10, max_points: 10, score: 100, visible: true });
    expect(subSectionScoreOf(s.score, 'A', 'A1')).toMatchObject({ score: 50, points: 10, max: 20, filled: false });
    expect(sectionScoreOf(s.score, 'A')?.score).toBe(50);
    // Sections weighted by factor: (2 × 50 + 1 × 0) / 3.
    expect(s.score.vehicle_score).toBe(33);
    expect(answerOf(s, 'f1')).toEqual({ value: true, action: null, comment: '', not_applicable: false, touched: true });
    const more = run(
      (x) => answer(x, 'f1', { value: true }),
      (x) => answer(x, 'f2', { value: 'Bonne' }),
      (x) => answer(x, 't1', { value: { value: 'good' } }),
    );
    expect(subSectionScoreOf(more.score, 'A', 'A1')).toMatchObject({ score: 100, filled: true });
    expect(more.score.vehicle_score).toBe(83);
    expect(more.score.note).toBe('Excellent état');
    expect(progressOf(more, form)).toEqual({ touched: 4, visible: 8 });
  });

  it('a condition shows a field, which then counts in its sub-section', () => {
    const s = run((x) => answer(x, 'f1', { value: false }));
    expect(fieldScoreOf(s.score, 'f3')?.visible).toBe(true);
    expect(subSectionScoreOf(s.score, 'A', 'A1')).toMatchObject({ max: 25, filled: false });
    expect(progressOf(s, form).visible).toBe(9);
    const repaired = answer(s, 'f3', { value: true });
    expect(subSectionScoreOf(repaired.score, 'A', 'A1')).toMatchObject({ score: 20, points: 5, max: 25 });
    // Hidden again: the field counts nowhere.
    const back = answer(repaired, 'f1', { value: true });
    expect(fieldScoreOf(back.score, 'f3')?.visible).toBe(false);
    expect(subSectionScoreOf(back.score, 'A', 'A1')).toMatchObject({ points: 10, max: 20 });
  });

  it('the first tire passes its state and action to the other tire, which shows where it came from', () => {
    const s = run((x) => answer(x, 't1', { value: { value: 'to_replace', depth_mm: 2 }, action: 'replace' }));
    // The state and action, not the first tire's tread depth: each tire has its own.
    expect(answerOf(s, 't2')).toMatchObject({ action: 'replace', touched: true });
    expect(answerOf(s, 't2').value).toEqual({ value: 'to_replace' });
    expect(s.copiedFrom).toEqual({ t2: 't1' });
    expect(subSectionScoreOf(s.score, 'B', 'B1')).toEqual({ score: 50, points: 10, max: 20, filled: true, visible: true });
    // The second tire answered on its own: no longer a copy, and the first one keeps its answer.
    const own = answer(s, 't2', { value: { value: 'good' } });
    expect(own.copiedFrom).toEqual({});
    expect(answerOf(own, 't1').value).toEqual({ value: 'to_replace', depth_mm: 2 });
    expect(subSectionScoreOf(own.score, 'B', 'B1')?.points).toBe(15);
    // What the inspector set on the second tire is never overwritten by the first one's next change.
    const again = answer(own, 't1', { value: { value: 'good', depth_mm: 6 } });
    expect(answerOf(again, 't2').value).toEqual({ value: 'good' });
    expect(again.copiedFrom).toEqual({});
  });

  it('numbers by range, slider, multiple choice, N/A and text', () => {
    const s = run(
      (x) => answer(x, 'n1', { value: 12.2 }),
      (x) => answer(x, 's1', { value: 8 }),
      (x) => answer(x, 'm1', { value: ['Trousse', 'Cric'] }),
      (x) => answer(x, 'x1', { value: 'RAS' }),
    );
    expect([fieldScoreOf(s.score, 'n1')?.points, fieldScoreOf(s.score, 's1')?.points, fieldScoreOf(s.score, 'm1')?.points]).toEqual([5, 10, 3]);
    expect(fieldScoreOf(s.score, 'x1')).toMatchObject({ points: 0, max_points: 0, score: 100 });
    expect(subSectionScoreOf(s.score, 'B', 'B2')).toMatchObject({ points: 18, max: 23, score: 78, filled: true });
    const na = answer(s, 'n1', { not_applicable: true });
    expect(subSectionScoreOf(na.score, 'B', 'B2')).toMatchObject({ points: 13, max: 13, score: 100 });
  });

  it('a comment changes no score and does not answer the field', () => {
    const s = run((x) => comment(x, 'f2', 'Rayure sur la portière'));
    expect(answerOf(s, 'f2')).toMatchObject({ comment: 'Rayure sur la portière', touched: false });
    expect(s.score).toEqual(start().score);
    // Kept when the field is answered afterwards.
    expect(answerOf(answer(s, 'f2', { value: 'Moyenne' }), 'f2')).toMatchObject({ comment: 'Rayure sur la portière', value: 'Moyenne', touched: true });
  });

  it('a sample vehicle matching a points multiplier scales the vehicle score', () => {
    const s = run(
      (x) => answer(x, 'f1', { value: true }),
      (x) => answer(x, 'f2', { value: 'Bonne' }),
      (x) => answer(x, 't1', { value: { value: 'good' } }),
    );
    const ford = withVehicle(s, { ...EMPTY_VEHICLE, make: 'Ford Canada' });
    expect(ford.score.vehicle_score).toBe(42);
    expect(ford.score.note).toBe('À revoir');
    expect(withVehicle(ford, { ...EMPTY_VEHICLE, make: 'Toyota' }).score.vehicle_score).toBe(83);
    // Sections are not rescored: the fields keep their objects (their controls do not redraw).
    expect(ford.score.fields).toEqual(s.score.fields);
    expect(fieldScoreOf(ford.score, 'f1')).toBe(fieldScoreOf(s.score, 'f1'));
  });

  it('the incremental scores equal a full scoring of the same answers', () => {
    const s = run(
      (x) => answer(x, 'f1', { value: false }),
      (x) => answer(x, 'f3', { value: true }),
      (x) => answer(x, 't1', { value: { value: 'bad' } }),
      (x) => answer(x, 'n1', { value: 14 }),
      (x) => answer(x, 'f1', { value: true }),
    );
    expect(s.score).toEqual(scoreInspection(s.compiled, s.answers, s.vehicle));
  });

  it('ignores an answer to a field the form does not have', () => {
    const s = start();
    expect(answer(s, '__proto__', { value: true })).toBe(s);
    expect(comment(s, 'nope', 'x')).toBe(s);
    expect(answerOf(s, 'constructor').touched).toBe(false);
  });
});
