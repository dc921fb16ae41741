import { describe, expect, it } from 'vitest';
import { isRequiredField, labelIn, noteIn, optionLabel, requiredByDefault } from './labels.ts';
import { answerText, buildInspectionReport } from './report.ts';

describe('labels in two languages', () => {
  it('gives English readers the English label, the French one when there is none', () => {
    expect(labelIn('Freins', 'Brakes', 'en')).toBe('Brakes');
    expect(labelIn('Freins', 'Brakes', 'fr')).toBe('Freins');
    for (const none of [null, undefined, '', '  ']) expect(labelIn('Freins', none, 'en')).toBe('Freins');
  });

  it('names a SELECT option by its stored value', () => {
    const field = { field_type: 'SELECT_MULTIPLE', points_threshold: [{ option: 'rouge', points: 1, option_en: 'red' }, { option: 'bleu', points: 0 }] };
    expect(optionLabel(field, 'rouge', 'en')).toBe('red');
    expect(optionLabel(field, 'inconnu', 'en')).toBe('inconnu');
    expect(answerText(field, ['rouge', 'bleu'], 'en')).toBe('red, bleu');
    expect(answerText({ ...field, field_type: 'SELECT_SINGLE' }, 'rouge', 'en')).toBe('red');
    expect(answerText({ ...field, field_type: 'SELECT_SINGLE' }, 'rouge', 'fr')).toBe('rouge');
  });

  it('finds a kept French verdict again to print it in English, else by the score’s range', () => {
    const notes = [
      { minimum_value: 0, maximum_value: 59, text: 'À reconditionner', text_en: 'To recondition' },
      { minimum_value: 60, maximum_value: 100, text: 'Excellent état', text_en: 'Excellent condition' },
    ];
    expect(noteIn(notes, 'Excellent état', 90, 'en')).toBe('Excellent condition');
    expect(noteIn(notes, 'Excellent état', 90, 'fr')).toBe('Excellent état');
    expect(noteIn(notes, 'Ancien texte', 10, 'en')).toBe('To recondition');
    expect(noteIn(notes, null, 10, 'en')).toBeNull();
  });

  it('builds an English report from the English labels: sections, fields, verdict, states', () => {
    const structure = {
      sections: [{ id: 's', name: 'Freins', name_en: 'Brakes', subSections: [{ id: 'b', name: 'Avant', name_en: 'Front', fields: [{ id: 'f', name: 'Plaquettes', name_en: 'Pads', field_type: 'STATE_WIDGET' }] }] }],
      notes: [{ minimum_value: 0, maximum_value: 100, text: 'Excellent état', text_en: 'Excellent condition' }],
    };
    const score = {
      vehicle_score: 95,
      points: 1,
      max_points: 1,
      note: 'Excellent état',
      sectionsScores: { s: { score: 95, filled: true, visible: true, subSections: { b: { score: 95, points: 1, max: 1, filled: true, visible: true } } } },
      fields: { f: { points: 1, max_points: 1, score: 95, visible: true } },
    };
    const model = buildInspectionReport(structure, [{ field_id: 'f', value: { value: 'good' }, touched: true }], score, 'en');
    expect(model.note).toBe('Excellent condition');
    expect(model.sections[0]).toMatchObject({ name: 'Brakes', subSections: [{ name: 'Front', fields: [{ name: 'Pads', answer: 'Good' }] }] });
  });
});

describe('required fields', () => {
  it('makes a new free text optional and every other kind required; a version frozen before the flag reads as required', () => {
    expect(requiredByDefault('TEXT')).toBe(false);
    for (const type of ['CHECK', 'NUMBER', 'SELECT_SINGLE', 'STATE_WIDGET']) expect(requiredByDefault(type)).toBe(true);
    expect(isRequiredField({})).toBe(true);
    expect(isRequiredField({ required: false })).toBe(false);
  });
});
