import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FIELD_ACTIONS, type FieldAction } from './form-enums.ts';
import { answerText, answerTone, buildInspectionReport, measuresText, scoreTone, TONE_COLORS, WIDGET_STATE_TONES, type ReportFieldInput, type ReportStructure } from './report.ts';
import { CRITICAL_SCORE_CAP } from './findings.ts';
import { findingUrgency } from './urgency.ts';
import { compileInspectionForm, scoreInspection, type Answers } from './scoring.ts';

describe('scoreTone', () => {
  it.each([
    [100, 'good'],
    [80, 'good'],
    [79, 'warn'],
    [50, 'warn'],
    [49, 'bad'],
    [0, 'bad'],
  ] as const)('%i is %s', (score, tone) => expect(scoreTone(score)).toBe(tone));

  it('never gets greener as the score drops', () => {
    const rank = { good: 2, warn: 1, bad: 0 };
    fc.assert(fc.property(fc.integer({ min: 0, max: 100 }), fc.integer({ min: 0, max: 100 }), (a, b) => (a <= b ? rank[scoreTone(a)] <= rank[scoreTone(b)] : true)));
  });
});

describe('answerText', () => {
  it.each([
    ['CHECK', true, 'fr', 'Oui'],
    ['CHECK', false, 'en', 'No'],
    ['CHECK', 'yes', 'fr', null],
    ['SELECT_SINGLE', 'Propre', 'fr', 'Propre'],
    ['SELECT_MULTIPLE', ['Rayure', 'Bosse'], 'en', 'Rayure, Bosse'],
    ['SELECT_MULTIPLE', [], 'en', null],
    ['NUMBER', 6.5, 'fr', '6,5'],
    ['RANGE_SLIDER', '7.25', 'en', '7.25'],
    ['TEXT', 'Bruit au freinage', 'fr', 'Bruit au freinage'],
    ['TIRE_STATE_WIDGET', { value: 'to_replace', depth_mm: 2 }, 'fr', 'À remplacer'],
    ['STATE_WIDGET', { value: 'good' }, 'en', 'Good'],
    ['STATE_WIDGET', { value: 'constructor' }, 'en', null],
    ['STATE_WIDGET', null, 'en', null],
  ] as const)('%s %j in %s', (type, value, locale, expected) => expect(answerText({ field_type: type }, value, locale)).toBe(expected));
});

describe('measuresText', () => {
  it('labels each measure with its unit, in the language', () => {
    expect(measuresText('TIRE_STATE_WIDGET', { value: 'good', depth_mm: 6.5, pressure_psi: 32 }, 'fr')).toEqual(['Profondeur 6,5 mm', 'Pression 32 psi']);
    expect(measuresText('BATTERY_STATE_WIDGET', { value: 'good', amps: 650, volts: '12.6' }, 'en')).toEqual(['Cold cranking 650 A', 'Voltage 12.6 V']);
    expect(measuresText('PAD_THICKNESS_WIDGET', { value: 'bad', thickness_mm: null }, 'en')).toEqual([]);
    expect(measuresText('STATE_WIDGET', { value: 'good', depth_mm: 3 }, 'en')).toEqual([]);
    expect(measuresText('toString', { value: 'good' }, 'en')).toEqual([]);
  });
});

// Two sections; the second's only field shows when the first's check box is "no".
const structure: ReportStructure = {
  sections: [
    {
      id: 's1',
      name: 'Pneus',
      subSections: [
        {
          id: 'a',
          name: 'Avant',
          fields: [
            { id: 'tire', name: 'Pneu avant gauche', field_type: 'TIRE_STATE_WIDGET', points_threshold: [{ option: 'good', points: 10 }, { option: 'to_replace', points: 0 }, { option: 'bad', points: 3 }, { option: 'not_applicable', points: 10 }] },
            { id: 'ok', name: 'Valves', field_type: 'CHECK', points_threshold: [{ option: 'yes', points: 10 }, { option: 'no', points: 0 }] },
            { id: 'na', name: 'Enjoliveurs', field_type: 'CHECK', points_threshold: [{ option: 'yes', points: 10 }] },
          ],
        },
      ],
    },
    { id: 's2', name: 'Fuites', subSections: [{ id: 'b', name: 'Moteur', fields: [{ id: 'leak', name: 'Fuite', field_type: 'SELECT_SINGLE', points_threshold: [{ option: 'Aucune', points: 10 }, { option: 'Huile', points: 0 }] }] }] },
  ],
};
const compiled = compileInspectionForm({
  sections: structure.sections.map((s) => ({
    id: s.id,
    subSections: s.subSections.map((sub) => ({
      id: sub.id,
      fields: sub.fields.map((f) => ({ ...f, enable_na: f.id === 'na', ...(f.id === 'leak' ? { conditional_field: true, conditions: [{ field: 'ok', operator: 'equals', value: 'no' }] } : {}) })),
    })),
  })),
  notes: [{ minimum_value: 0, maximum_value: 59, text: 'À revoir' }, { minimum_value: 60, maximum_value: 100, text: 'Bon état' }],
});
const report = (fields: ReportFieldInput[], locale: 'fr' | 'en' = 'fr') => {
  const answers: Answers = Object.fromEntries(fields.map((f) => [f.field_id, f]));
  return buildInspectionReport(structure, fields, scoreInspection(compiled, answers), locale);
};
const act = (field_id: string, value: unknown, action: FieldAction | null = null, extra: Partial<ReportFieldInput> = {}): ReportFieldInput => ({ field_id, value, action, touched: true, ...extra });

describe('buildInspectionReport', () => {
  it('leaves out hidden sections and keeps the answers, measures, comments and photos of the visible fields', () => {
    const r = report([
      act('tire', { value: 'to_replace', depth_mm: 2, pressure_psi: 30 }, 'replace', { comment: ' Usure à l’intérieur ', images: ['/api/v1/uploads/1/content', ''] }),
      act('ok', true),
      act('na', null, null, { not_applicable: true }),
    ]);
    expect(r.sections.map((s) => s.name)).toEqual(['Pneus']);
    const [tire, ok, na] = r.sections[0].subSections[0].fields;
    expect(tire).toMatchObject({ answer: 'À remplacer', measures: ['Profondeur 2 mm', 'Pression 30 psi'], action: 'replace', comment: 'Usure à l’intérieur', images: ['/api/v1/uploads/1/content'], score: 0, tone: 'warn' });
    expect(ok).toMatchObject({ answer: 'Oui', score: 100, tone: 'good' });
    expect(na).toMatchObject({ answer: null, not_applicable: true });
    expect(r.photos).toBe(1);
    expect(r.sections[0]).toMatchObject({ score: 50, tone: 'warn', filled: true });
    expect(r).toMatchObject({ vehicle_score: 50, tone: 'warn', note: 'À revoir' });
  });

  it('shows a field its condition reveals, and an unanswered field without answer', () => {
    const r = report([act('ok', false)], 'en');
    expect(r.sections.map((s) => s.name)).toEqual(['Pneus', 'Fuites']);
    expect(r.sections[1].subSections[0].fields[0]).toMatchObject({ name: 'Fuite', answer: null, action: null });
    expect(r.sections[0].subSections[0].fields[1].answer).toBe('No');
  });

  it('groups the recommended work by urgency, most urgent first, and ignores actions of unanswered or N/A fields', () => {
    const r = report([
      act('tire', { value: 'bad' }, 'monitor'),
      act('ok', false, 'verify', { comment: 'Valve arrière' }),
      act('leak', 'Huile', 'leakage'),
      act('na', null, 'replace', { not_applicable: true }),
    ]);
    // A poorly scored field moves one group up: the bad tire to plan, the failed valve check needed now.
    expect(r.work).toEqual([
      {
        urgency: 'urgent',
        items: [
          { field_id: 'ok', section: 'Pneus', field: 'Valves', action: 'verify', critical: false, comment: 'Valve arrière' },
          { field_id: 'leak', section: 'Fuites', field: 'Fuite', action: 'leakage', critical: false, comment: null },
        ],
      },
      { urgency: 'soon', items: [{ field_id: 'tire', section: 'Pneus', field: 'Pneu avant gauche', action: 'monitor', critical: false, comment: null }] },
    ]);
    expect(report([{ field_id: 'tire', value: { value: 'bad' }, action: 'replace', touched: false }]).work).toEqual([]);
  });

  it('puts every action of a visible answered field in exactly one group', () => {
    fc.assert(
      fc.property(fc.constantFrom(...FIELD_ACTIONS), fc.constantFrom(...FIELD_ACTIONS), (a, b) => {
        const r = report([act('tire', { value: 'good' }, a), act('ok', true, b)]);
        expect(r.work.flatMap((g) => g.items.map((i) => i.action)).sort()).toEqual([a, b].sort());
        const scores = new Map(r.sections.flatMap((sec) => sec.subSections.flatMap((sub) => sub.fields.map((f) => [f.name, f.score] as const))));
        for (const g of r.work) for (const i of g.items) expect(findingUrgency(i.action, scores.get(i.field))).toBe(g.urgency);
      }),
    );
  });
});

describe('findings in the report (issue 20 point 4)', () => {
  it('lists a failing answer without an action as recommended work, its action from the state', () => {
    const r = report([act('tire', { value: 'to_replace', depth_mm: 2 }), act('ok', false)]);
    expect(r.work).toEqual([
      {
        urgency: 'urgent',
        items: [
          { field_id: 'tire', section: 'Pneus', field: 'Pneu avant gauche', action: 'replace', critical: false, comment: null },
          // A check box worth less than half its best points: a closer look, needed now (it scored 0).
          { field_id: 'ok', section: 'Pneus', field: 'Valves', action: 'verify', critical: false, comment: null },
        ],
      },
    ]);
    expect(r.sections[0].subSections[0].fields[0]).toMatchObject({ action: 'replace', tone: 'warn' });
    // The "bad" state (3 of 10 points) asks for a repair; a good answer is no finding.
    expect(report([act('tire', { value: 'bad' }), act('ok', true)]).work).toEqual([
      { urgency: 'urgent', items: [{ field_id: 'tire', section: 'Pneus', field: 'Pneu avant gauche', action: 'repair', critical: false, comment: null }] },
    ]);
    expect(report([act('tire', { value: 'good' }), act('ok', true)]).work).toEqual([]);
  });

  it('puts a failing safety-critical field first, urgent and critical, and caps the verdict', () => {
    // The tire is safety-critical; "bad" is worth 4.9 of 10 (failing), the valves weigh five times more.
    const tireOptions = [{ option: 'good', points: 10 }, { option: 'bad', points: 4.9 }];
    const critical: ReportStructure = {
      sections: structure.sections.map((s) => ({
        ...s,
        subSections: s.subSections.map((sub) => ({
          ...sub,
          fields: sub.fields.map((f) => (f.id === 'tire' ? { ...f, safety_critical: true, points_threshold: tireOptions } : f)),
        })),
      })),
    };
    const formOf = (critical: ReportStructure) =>
      compileInspectionForm({
        sections: critical.sections.map((s) => ({ id: s.id, subSections: s.subSections.map((sub) => ({ id: sub.id, fields: sub.fields.map((f) => ({ ...f, enable_na: f.id === 'na', coefficient: f.id === 'ok' ? 5 : 1, ...(f.id === 'leak' ? { conditions: [{ field: 'ok', operator: 'equals', value: 'no' }] } : {}) })) })) })),
        notes: [{ minimum_value: 0, maximum_value: 79, text: 'Bon état' }, { minimum_value: 80, maximum_value: 100, text: 'Excellent état' }],
      });
    const notCritical = { sections: critical.sections.map((s) => ({ ...s, subSections: s.subSections.map((sub) => ({ ...sub, fields: sub.fields.map((f) => ({ ...f, safety_critical: false })) })) })) };
    const fields = [act('tire', { value: 'bad', thickness_mm: 2 }), act('ok', false, 'replace'), act('na', null, null, { not_applicable: true })];
    const answers: Answers = Object.fromEntries(fields.map((f) => [f.field_id, f]));

    const r = buildInspectionReport(critical, fields, scoreInspection(formOf(critical), answers), 'fr');
    // Critical first in its group, though after the valves in the form.
    expect(r.work[0].urgency).toBe('urgent');
    expect(r.work[0].items.map((i) => [i.field, i.critical, i.action])).toEqual([
      ['Pneu avant gauche', true, 'repair'],
      ['Valves', false, 'replace'],
    ]);
    expect(r.sections[0].subSections[0].fields[0]).toMatchObject({ critical: true, tone: 'bad' });

    // Everything else good: 92 "Excellent état" when not critical; the critical tire holds it at 79.
    const good: Answers = { tire: { value: { value: 'bad' }, touched: true }, ok: { value: true, touched: true }, na: { not_applicable: true, touched: true } };
    expect(scoreInspection(formOf(notCritical), good)).toMatchObject({ vehicle_score: 92, note: 'Excellent état' });
    expect(scoreInspection(formOf(critical), good)).toMatchObject({ vehicle_score: CRITICAL_SCORE_CAP, note: 'Bon état' });
    expect(scoreTone(CRITICAL_SCORE_CAP)).toBe('warn');
    // Answered good, or not answered yet, the critical field caps nothing.
    expect(scoreInspection(formOf(critical), { ...good, tire: { value: { value: 'good' }, touched: true } }).vehicle_score).toBe(100);
    expect(scoreInspection(formOf(critical), { ...good, tire: { value: { value: 'bad' }, touched: false } }).vehicle_score).toBe(92);
  });
});

describe('the colour of a state', () => {
  it('is one map for the screen and the PDF: to replace is yellow, bad red', () => {
    expect(answerTone('TIRE_STATE_WIDGET', { value: 'to_replace' }, 0)).toBe('warn');
    expect(answerTone('PAD_THICKNESS_WIDGET', { value: 'bad' }, 80)).toBe('bad');
    expect(answerTone('CHECK', false, 0)).toBe('bad');
    expect(TONE_COLORS[WIDGET_STATE_TONES.to_replace].fill).toBe(TONE_COLORS.warn.fill);
  });
});
