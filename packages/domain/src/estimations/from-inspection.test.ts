import { describe, expect, it } from 'vitest';
import { FIELD_ACTIONS } from '../inspections/form-enums.ts';
import { repairValueMultiplier } from '../inspections/scoring.ts';
import { CONDITION_OF_ACTION, draftItemsFromInspection, itemDetail, type InspectedField } from './from-inspection.ts';

/** An answered field; `score` (percent, out of 100 points) stands for its scoring. */
const field = ({ score, ...f }: Partial<InspectedField> & { id: string; score?: number | null }): InspectedField => ({
  name: `Champ ${f.id}`,
  field_type: 'TEXT',
  touched: true,
  action: null,
  scoring: { points: score ?? 100, max_points: 100, score: score ?? 100 },
  ...f,
});

describe('estimate items from an inspection', () => {
  it.each([
    ['replace', 'to_replace'],
    ['repair', 'to_repair'],
    ['rectify', 'to_repair'],
    ['verify', 'to_verify'],
    ['leakage', 'to_verify'],
    ['vibrations', 'to_verify'],
    ['monitor', 'to_monitor'],
    ['schedule', 'to_schedule'],
    ['recommended_maintenance', 'to_schedule'],
  ] as const)('%s becomes %s', (action, condition) => {
    expect(CONDITION_OF_ACTION[action]).toBe(condition);
  });

  it('maps every action of the form', () => {
    expect(Object.keys(CONDITION_OF_ACTION).sort()).toEqual([...FIELD_ACTIONS].sort());
  });

  it('drafts one item per visible field with an action, in order, with its photos and the scaled rate', () => {
    const fields: InspectedField[] = [
      field({ id: 'f1', name: 'Plaquettes avant', action: 'replace', comment: ' usées à 2 mm ', images: ['/u/1.jpg', '/u/2.jpg'], score: 0 }),
      field({ id: 'f2', name: 'Essuie-glaces', action: null, comment: 'ok' }),
      field({ id: 'f3', name: 'Courroie', action: 'monitor', score: 80 }),
      field({ id: 'f4', name: 'Caché', action: 'repair', visible: false }),
      field({ id: 'f5', name: 'Sans objet', action: 'repair', not_applicable: true }),
      field({ id: 'f6', name: 'Amortisseurs', action: 'vibrations', comment: '', score: 40 }),
      field({ id: 'f7', name: 'Ancien', action: 'polish' }),
      field({ id: 'f8', name: 'Huile', action: 'recommended_maintenance', score: 10 }),
    ];
    const multiplier = repairValueMultiplier([{ type: 'repair_value', field: 'make', operation: 'equals', value: 'BMW', multiplier: '1.15' }], { make: 'bmw' });
    expect(draftItemsFromInspection(fields, { defaultHourlyRate: 12_000, repairValueMultiplier: multiplier })).toEqual([
      {
        detail: 'Plaquettes avant — usées à 2 mm',
        condition: 'to_replace',
        urgency: 'urgent',
        images: ['/u/1.jpg', '/u/2.jpg'],
        inspection_field_id: 'f1',
        position: 0,
        quantity: 1,
        hourly_rate: 13_800,
      },
      { detail: 'Courroie', condition: 'to_monitor', urgency: 'monitor', images: [], inspection_field_id: 'f3', position: 1, quantity: 1, hourly_rate: 13_800 },
      { detail: 'Amortisseurs', condition: 'to_verify', urgency: 'urgent', images: [], inspection_field_id: 'f6', position: 2, quantity: 1, hourly_rate: 13_800 },
      { detail: 'Huile', condition: 'to_schedule', urgency: 'soon', images: [], inspection_field_id: 'f8', position: 3, quantity: 1, hourly_rate: 13_800 },
    ]);
  });

  it('drafts an item for a failing answer the inspector gave no action, its action from the state', () => {
    const items = draftItemsFromInspection(
      [
        field({ id: 'tire', name: 'Pneu avant gauche', field_type: 'TIRE_STATE_WIDGET', value: { value: 'to_replace', depth_mm: 2 }, score: 0 }),
        field({ id: 'pads', name: 'Plaquettes', field_type: 'PAD_THICKNESS_WIDGET', value: { value: 'bad' }, score: 0 }),
        field({ id: 'leak', name: 'Fuite ?', field_type: 'CHECK', value: true, scoring: { points: 0, max_points: 4, score: 0 } }),
        field({ id: 'ok', name: 'Pneu arrière', field_type: 'TIRE_STATE_WIDGET', value: { value: 'good' } }),
        // Its action chosen by the inspector wins over the default of its state.
        field({ id: 'mine', name: 'Pneu arrière droit', field_type: 'TIRE_STATE_WIDGET', value: { value: 'to_replace' }, action: 'monitor', score: 0 }),
        field({ id: 'untouched', field_type: 'TIRE_STATE_WIDGET', value: { value: 'bad' }, touched: false }),
      ],
      { defaultHourlyRate: 12_000, repairValueMultiplier: 1 },
    );
    expect(items.map((i) => [i.inspection_field_id, i.condition])).toEqual([
      ['tire', 'to_replace'],
      ['pads', 'to_repair'],
      ['leak', 'to_verify'],
      ['mine', 'to_monitor'],
    ]);
  });

  it('follows the options the form marks: a leak worth 3 of 4 is an item, a scratch worth 1 of 4 marked not failing is none', () => {
    const items = draftItemsFromInspection(
      [
        field({ id: 'leak', name: 'Fuite visible ?', field_type: 'CHECK', value: true, points_threshold: [{ option: 'yes', points: 3, failing: true }, { option: 'no', points: 4 }], scoring: { points: 3, max_points: 4, score: 75 } }),
        field({ id: 'paint', name: 'Peinture', field_type: 'SELECT_SINGLE', value: 'Rayure', points_threshold: [{ option: 'Rayure', points: 1, failing: false }, { option: 'Propre', points: 4 }], scoring: { points: 1, max_points: 4, score: 25 } }),
      ],
      { defaultHourlyRate: 12_000, repairValueMultiplier: 1 },
    );
    expect(items.map((i) => [i.inspection_field_id, i.condition, i.urgency])).toEqual([['leak', 'to_verify', 'soon']]);
  });

  it('keeps the default rate without multipliers, rounds a scaled one to the cent', () => {
    const one = [field({ id: 'a', action: 'repair' })];
    expect(draftItemsFromInspection(one, { defaultHourlyRate: 12_000, repairValueMultiplier: 1 })[0].hourly_rate).toBe(12_000);
    expect(draftItemsFromInspection(one, { defaultHourlyRate: 9_999, repairValueMultiplier: '1.05' })[0].hourly_rate).toBe(10_499); // 10 498.95
    expect(draftItemsFromInspection(one, { defaultHourlyRate: null, repairValueMultiplier: 2 })[0].hourly_rate).toBe(0);
    expect(draftItemsFromInspection([], { defaultHourlyRate: 12_000, repairValueMultiplier: 1 })).toEqual([]);
  });

  it('gives each item the urgency of its finding, raised one step when the field scored poorly', () => {
    const urgency = (action: string, score: number | null) =>
      draftItemsFromInspection([field({ id: 'a', action, score })], { defaultHourlyRate: 12_000, repairValueMultiplier: 1 })[0].urgency;
    expect(urgency('monitor', 49)).toBe('soon');
    expect(urgency('monitor', 50)).toBe('monitor');
    expect(urgency('verify', 0)).toBe('urgent');
    expect(urgency('replace', 0)).toBe('urgent');
    expect(urgency('recommended_maintenance', null)).toBe('monitor');
  });

  it('writes the detail from the field’s name and comment', () => {
    expect(itemDetail(' Pneus ', null)).toBe('Pneus');
    expect(itemDetail('Pneus', '  ')).toBe('Pneus');
    expect(itemDetail('Pneus', 'usure inégale')).toBe('Pneus — usure inégale');
  });
});
