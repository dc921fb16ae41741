import { describe, expect, it } from 'vitest';
import { previousAnswerText, previousVisitOf, type PreviousAnswer } from './previousVisit.ts';

const t = (key: string, o?: Record<string, unknown>) => (o ? `${key}(${Object.values(o).join(',')})` : key);
const fmt = (n: number) => String(n).replace('.', ',');
const a = (value: unknown, extra: Partial<PreviousAnswer> = {}): PreviousAnswer => ({ value, action: null, not_applicable: false, comment: null, ...extra });

describe('the previous visit', () => {
  it('reads meta.previousInspection for the inspection, none when absent or malformed', () => {
    const doc = { meta: { previousInspection: { i1: { id: 'p', code: 'I-2026-000001', completed_at: '2026-03-01T10:00:00Z', odometer: 1000, vehicle_score: 84, fields: { f: { value: true, action: 'monitor', not_applicable: false, comment: null } } }, i2: null } } };
    const v = previousVisitOf(doc, 'i1')!;
    expect(v).toMatchObject({ id: 'p', code: 'I-2026-000001', vehicle_score: 84 });
    expect(v.fields.get('f')).toEqual({ value: true, action: 'monitor', not_applicable: false, comment: null });
    expect(previousVisitOf(doc, 'i2')).toBeNull();
    expect(previousVisitOf(doc, '__proto__')).toBeNull();
    expect(previousVisitOf({ meta: { previousInspection: 'x' } }, 'i1')).toBeNull();
    expect(previousVisitOf(undefined, 'i1')).toBeNull();
  });

  it.each([
    ['CHECK', a(true), 'inspections:check.yes'],
    ['CHECK', a(false, { action: 'repair' }), 'inspections:check.no · inspections:actions.repair'],
    ['TIRE_STATE_WIDGET', a({ value: 'to_replace', depth_mm: 3.5, pressure_psi: 32 }), 'inspections:states.to_replace · inspections:previous.units.depth_mm(3,5) · inspections:previous.units.pressure_psi(32)'],
    ['BATTERY_STATE_WIDGET', a({ value: 'good', amps: 600 }), 'inspections:states.good · inspections:previous.units.amps(600)'],
    ['NUMBER', a(42.5), '42,5'],
    ['SELECT_MULTIPLE', a(['Vitres', 'Phares']), 'Vitres, Phares'],
    ['SELECT_SINGLE', a('Propre'), 'Propre'],
    ['TEXT', a('x'.repeat(100)), `${'x'.repeat(79)}…`],
    ['CHECK', a(null, { not_applicable: true }), 'inspections:field.not_applicable'],
  ] as const)('%s %j reads “%s”', (type, answer, text) => {
    expect(previousAnswerText(type, answer, t, fmt)).toBe(text);
  });

  it('says nothing of a field not answered then', () => {
    expect(previousAnswerText('CHECK', undefined, t, fmt)).toBeNull();
    expect(previousAnswerText('TEXT', a('  '), t, fmt)).toBeNull();
  });
});
