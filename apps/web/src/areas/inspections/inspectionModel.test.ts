import { describe, expect, it } from 'vitest';
import { answersOfInspection, vehicleOfInspection } from './inspectionModel.ts';

const rec = (id: string, fieldId: string, attrs: Record<string, unknown> = {}) => ({
  id,
  type: 'inspection-fields',
  inspectionFormSectionField: { id: fieldId, type: 'inspection-form-section-fields' },
  value: null,
  action: null,
  touched: false,
  not_applicable: false,
  comment: null,
  ...attrs,
});

describe('an inspection read by the screen', () => {
  it('answers by form field, and the record each is sent to', () => {
    const { answers, recordIds } = answersOfInspection([rec('r1', 'f1', { value: true, touched: true, action: 'monitor' }), rec('r2', 'f2')]);
    expect(recordIds.get('f1')).toBe('r1');
    expect(answers.f1).toEqual({ value: true, action: 'monitor', comment: '', not_applicable: false, touched: true });
    expect(answers.f2.touched).toBe(false);
  });

  it('lays the unsent answers over the server’s: answered ones become touched, a comment alone does not', () => {
    const pending = new Map([
      ['f1', { value: 'bad' }],
      ['f2', { comment: 'rust' }],
      ['gone', { value: 1 }],
    ]);
    const { answers } = answersOfInspection([rec('r1', 'f1', { value: 'good', touched: true }), rec('r2', 'f2')], pending);
    expect(answers.f1).toMatchObject({ value: 'bad', touched: true });
    expect(answers.f2).toMatchObject({ comment: 'rust', touched: false });
    expect(Object.hasOwn(answers, 'gone')).toBe(false);
  });

  it('scores against the vehicle with the odometer read at the inspection', () => {
    const v = { id: 'v', type: 'vehicles', make: 'Honda', model: 'Civic', model_year: 2019, odometer: 90000, style: 'Sedan' };
    expect(vehicleOfInspection({ vehicle: v, odometer: 91000 })).toEqual({ make: 'Honda', model: 'Civic', model_year: 2019, odometer: 91000, style: 'Sedan' });
    expect(vehicleOfInspection({ vehicle: v, odometer: null }).odometer).toBe(90000);
  });
});
