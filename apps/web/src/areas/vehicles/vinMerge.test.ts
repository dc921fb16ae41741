import { describe, expect, it } from 'vitest';
import { mergeDecode } from './vinMerge.ts';

const BUS = { make: 'Motor Coach Industries', model: '102C3 Intercity', model_year: 1989, series: 'MCI', style: 'Bus', engine_description: '8V-92TA', fuel_type: 'diesel', transmission: null, drivetrain: null };
const TESLA = { make: 'Tesla', model: 'Model 3', model_year: 2019, series: null, style: 'Sedan', engine_description: null, fuel_type: 'electric', transmission: null, drivetrain: null };
const EMPTY = { make: '', model: '', model_year: '', series: '', style: '', engine_description: '', fuel_type: '', transmission: '', drivetrain: '' };

describe('a VIN decode fills the vehicle form', () => {
  it('fills an empty form from the first decode', () => {
    const r = mergeDecode(EMPTY, {}, BUS);
    expect(r.set).toMatchObject({ make: 'Motor Coach Industries', model_year: 1989, series: 'MCI', engine_description: '8V-92TA', transmission: '' });
    expect(r.typed).toEqual([]);
  });

  it('a second decode replaces every decoded field: no "MCI" series or "8V-92TA" engine left on a Tesla', () => {
    const first = mergeDecode(EMPTY, {}, BUS);
    const form = { ...EMPTY, ...first.set };
    const second = mergeDecode(form, first.applied, TESLA);
    const after = { ...form, ...second.set };
    expect(after).toMatchObject({ make: 'Tesla', model: 'Model 3', model_year: 2019, series: '', engine_description: '', style: 'Sedan', fuel_type: 'electric' });
    expect(second.typed).toEqual([]);
  });

  it('keeps what the user typed by hand, before or after a decode, and says which', () => {
    const first = mergeDecode({ ...EMPTY, series: 'Prestige' }, {}, BUS);
    expect(first.typed).toEqual(['series']);
    expect(first.set).not.toHaveProperty('series');
    // The user then corrects the engine the bus decode put there.
    const form = { ...EMPTY, ...first.set, series: 'Prestige', engine_description: 'Detroit 8V-92' };
    const second = mergeDecode(form, first.applied, TESLA);
    expect(second.typed).toEqual(['series', 'engine_description']);
    expect({ ...form, ...second.set }).toMatchObject({ make: 'Tesla', series: 'Prestige', engine_description: 'Detroit 8V-92', model_year: 2019 });
  });

  it('a VIN the database does not know empties what the previous decode filled', () => {
    const first = mergeDecode(EMPTY, {}, BUS);
    const r = mergeDecode({ ...EMPTY, ...first.set, model: 'typed' }, first.applied, {});
    expect(r.set).toMatchObject({ make: '', series: '', engine_description: '', model_year: '' });
    expect(r.typed).toEqual(['model']);
  });

  it('compares a year typed as text with the decoded number', () => {
    const first = mergeDecode(EMPTY, {}, BUS);
    const r = mergeDecode({ ...EMPTY, ...first.set, model_year: '1989' }, first.applied, TESLA);
    expect(r.set.model_year).toBe(2019);
  });
});
