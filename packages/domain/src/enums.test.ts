import { describe, expect, it } from 'vitest';
import { defineEnum } from './enums.ts';
import { DRIVETRAINS, DRIVETRAIN_LABELS } from './vehicles/vehicle-enums.ts';

describe('defineEnum', () => {
  it('gives the labels’ keys as the values, in their order, and the labels themselves', () => {
    const labels = { b: { fr: 'Bé', en: 'Bee' }, a: { fr: 'A', en: 'A' } };
    const [values, same] = defineEnum(labels);
    expect(values).toEqual(['b', 'a']);
    expect(same).toBe(labels);
  });

  it('keeps the order of keys that start with a digit', () => {
    expect(DRIVETRAINS).toEqual(['AWD', '4WD', 'FWD', 'RWD']);
    expect(DRIVETRAIN_LABELS['4WD'].en).toBe('Four-wheel drive (4WD)');
  });
});
