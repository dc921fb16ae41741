import { describe, expect, it } from 'vitest';
import { FIELD_ACTIONS, WIDGET_OPTIONS, type RecordOf } from '@atelier/domain';
import i18n from '../../i18n/index.ts';
import { formOfRecord, formOfVersion, remindersOfVersion } from './adapter.ts';
import { testFormRecord } from './testForm.ts';

const form = () => formOfRecord(testFormRecord());

describe('formOfRecord', () => {
  it('keeps top-level sections only, sections, sub-sections and fields in order', () => {
    const f = form();
    expect(f.name).toBe('Inspection 100 points');
    expect(f.sections.map((s) => s.id)).toEqual(['A', 'B']);
    expect(f.sections[1].subSections.map((s) => s.id)).toEqual(['B1', 'B2']);
    expect(f.sections[0].subSections[0].fields.map((x) => x.id)).toEqual(['f1', 'f2', 'f3']);
    expect(f.sections[1].subSections[0].fields.map((x) => x.id)).toEqual(['t1', 't2']);
    expect(f.sections[0]).toMatchObject({ name: 'Extérieur', icon: 'car', factor: 2 });
  });

  it('reads points, conditions and flags of a field, numbers given as text included', () => {
    const f = form();
    const f3 = f.sections[0].subSections[0].fields[2];
    expect(f3).toMatchObject({
      field_type: 'CHECK',
      points_threshold: [
        { option: 'yes', points: 5 },
        { option: 'no', points: 0 },
      ],
      conditions: [{ field: 'f1', operator: 'equals', value: 'no' }],
      condition_relation: 'and',
      can_add_comment: true,
      enable_na: false,
    });
    expect(f.multipliers).toEqual([{ id: 'm-ford', type: 'points', field: 'make', operation: 'contains', value: 'ford', multiplier: 0.5 }]);
    expect(f.notes.map((n) => n.text)).toEqual(['À revoir', 'Correct', 'Excellent état']);
  });

  it('ignores conditions switched off, and leaves out a field of an unknown type', () => {
    const record = testFormRecord();
    const a1 = record.sections!.find((s) => s.id === 'A1')!;
    // A type the declaration does not know (a newer server's): the record is outside its type on purpose.
    const odd = { ...a1.fields![0], id: 'odd', name: 'Inconnu', field_type: 'SIGNATURE', order_number: 9 } as unknown as RecordOf<'inspection-form-section-fields'>;
    a1.fields = [...a1.fields!.map((x) => (x.id === 'f3' ? { ...x, conditional_field: false } : x)), odd];
    const sub = formOfRecord(record).sections[0].subSections[0];
    expect(sub.fields.map((x) => x.id)).toEqual(['f1', 'f2', 'f3']);
    expect(sub.fields[2].conditions).toEqual([]);
  });

  it('a form without sections, multipliers or notes is an empty form', () => {
    expect(formOfRecord({ id: '9', name: 'Vide' })).toEqual({ id: '9', name: 'Vide', sections: [], multipliers: [], notes: [] });
  });
});

describe('inspections locale', () => {
  it('names every state and action of the domain in French and English', () => {
    for (const locale of ['fr', 'en']) {
      const ns = i18n.getResourceBundle(locale, 'inspections') as { states: Record<string, string>; actions: Record<string, string> };
      for (const s of WIDGET_OPTIONS) expect(ns.states[s], `${locale} ${s}`).toBeTruthy();
      for (const a of FIELD_ACTIONS) expect(ns.actions[a], `${locale} ${a}`).toBeTruthy();
    }
    expect((i18n.getResourceBundle('fr', 'inspections') as { states: Record<string, string> }).states.to_replace).toBe('À remplacer');
  });
});

describe('formOfVersion', () => {
  // A frozen version as the server writes it (versions.ts): plain JSON, factors and coefficients as text.
  const version = {
    id: 'v1',
    type: 'inspection-form-versions',
    number: 3,
    structure: {
      sections: [
        {
          id: 'B',
          name: 'Freins',
          icon: null,
          factor: '1',
          order_number: 2,
          subSections: [{ id: 'B1', name: 'Avant', factor: '1', order_number: 1, fields: [{ id: 'p1', name: 'Plaquettes', field_type: 'PAD_THICKNESS_WIDGET', points_threshold: [{ option: 'good', points: 10 }], order_number: 1, coefficient: '1', conditional_field: false, conditions: [], condition_relation: 'and' }] }],
        },
        {
          id: 'A',
          name: 'Extérieur',
          icon: 'car',
          factor: '2',
          order_number: 1,
          subSections: [
            {
              id: 'A1',
              name: 'Carrosserie',
              factor: '1',
              order_number: 1,
              fields: [
                { id: 'f2', name: 'Rayures', field_type: 'CHECK', points_threshold: [{ option: 'yes', points: 5 }], order_number: 2, coefficient: '2', can_add_comment: true, conditional_field: true, conditions: [{ field: 'f1', operator: 'equals', value: 'no' }], condition_relation: 'or' },
                { id: 'f1', name: 'Capot', field_type: 'CHECK', points_threshold: [{ option: 'yes', points: 5 }], order_number: 1, coefficient: '1', conditional_field: false, conditions: [], condition_relation: 'and' },
              ],
            },
          ],
        },
      ],
      multipliers: [{ type: 'points', field: 'odometer', operation: 'greater_than', value: '200000', multiplier: '0.9' }],
      notes: [
        { minimum_value: 50, maximum_value: 100, text: 'Bon' },
        { minimum_value: 0, maximum_value: 49, text: 'À revoir' },
      ],
      reminders: [
        { id: 'r2', text: 'Pneus serrés', order_number: 2 },
        { id: 'r1', text: 'Clés rendues', order_number: 1 },
      ],
    },
  };

  it('builds the screen’s form from the frozen structure, in order, with its scoring data', () => {
    const f = formOfVersion(version, 'Inspection 100 points');
    expect(f.name).toBe('Inspection 100 points');
    expect(f.sections.map((s) => s.id)).toEqual(['A', 'B']);
    expect(f.sections[0]).toMatchObject({ name: 'Extérieur', icon: 'car', factor: 2 });
    expect(f.sections[0].subSections[0].fields.map((x) => x.id)).toEqual(['f1', 'f2']);
    expect(f.sections[0].subSections[0].fields[1]).toMatchObject({ coefficient: 2, can_add_comment: true, condition_relation: 'or', conditions: [{ field: 'f1', operator: 'equals', value: 'no' }] });
    expect(f.sections[1].subSections[0].fields[0].field_type).toBe('PAD_THICKNESS_WIDGET');
    expect(f.multipliers).toEqual([{ id: 'm0', type: 'points', field: 'odometer', operation: 'greater_than', value: '200000', multiplier: 0.9 }]);
    expect(f.notes.map((n) => n.text)).toEqual(['À revoir', 'Bon']);
  });

  it('lists the reminders in their order, by the ids complete expects', () => {
    expect(remindersOfVersion(version)).toEqual([
      { id: 'r1', text: 'Clés rendues' },
      { id: 'r2', text: 'Pneus serrés' },
    ]);
    expect(remindersOfVersion(undefined)).toEqual([]);
    expect(formOfVersion({ id: 'v', structure: null }, 'X').sections).toEqual([]);
  });

  it('reads the form in the user’s language: English labels where there are, French otherwise; the required flag', () => {
    const structure = structuredClone(version.structure) as typeof version.structure & Record<string, any>;
    const [brakes, outside] = structure.sections as any[];
    brakes.name_en = 'Brakes';
    brakes.subSections[0].name_en = 'Front';
    outside.subSections[0].fields[0].name_en = 'Scratches';
    outside.subSections[0].fields[0].required = false;
    brakes.subSections[0].fields[0] = { ...brakes.subSections[0].fields[0], field_type: 'SELECT_SINGLE', points_threshold: [{ option: 'neuves', points: 10, option_en: 'new' }, { option: 'usées', points: 0, failing: true }] };
    (structure.notes[0] as any).text_en = 'Good';
    (structure.reminders[1] as any).text_en = 'Keys returned';
    const en = formOfVersion({ ...version, structure }, 'X', 'en');
    expect(en.sections.map((s) => s.name)).toEqual(['Extérieur', 'Brakes']);
    expect(en.sections[1].subSections[0].name).toBe('Front');
    const [hood, scratches] = en.sections[0].subSections[0].fields;
    expect([hood.name, hood.required, scratches.name, scratches.required]).toEqual(['Capot', true, 'Scratches', false]);
    // The stored value stays the French option: what the answer holds and scores by; the form's mark of an option goes with it.
    expect(en.sections[1].subSections[0].fields[0].points_threshold).toEqual([
      { option: 'neuves', points: 10, label: 'new', failing: null },
      { option: 'usées', points: 0, label: 'usées', failing: true },
    ]);
    expect(en.notes.map((n) => n.text)).toEqual(['À revoir', 'Good']);
    expect(remindersOfVersion({ ...version, structure }, 'en').map((r) => r.text)).toEqual(['Keys returned', 'Pneus serrés']);
    const fr = formOfVersion({ ...version, structure }, 'X', 'fr');
    expect(fr.sections.map((s) => s.name)).toEqual(['Extérieur', 'Freins']);
    expect(fr.sections[1].subSections[0].fields[0].points_threshold[0].label).toBe('neuves');
  });
});
