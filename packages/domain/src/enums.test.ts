import { describe, expect, it } from 'vitest';
import { DEFINED_ENUMS, defineEnum } from './enums.ts';
import './index.ts';
import { LOCALES } from './locale.ts';
import en from './locales/en/enums.json' with { type: 'json' };
import fr from './locales/fr/enums.json' with { type: 'json' };
import { DRIVETRAINS, DRIVETRAIN_LABELS } from './vehicles/vehicle-enums.ts';
import { REQUEST_PRIORITY_LABELS } from './requests/requests.ts';

const FILES: Record<(typeof LOCALES)[number], Record<string, Record<string, string>>> = { fr, en };

describe('defineEnum', () => {
  it('gives the values in their order, and their labels from the locale files', () => {
    expect(DRIVETRAINS).toEqual(['AWD', '4WD', 'FWD', 'RWD']);
    expect(Object.keys(DRIVETRAIN_LABELS)).toEqual(['AWD', '4WD', 'FWD', 'RWD']);
    expect(DRIVETRAIN_LABELS['4WD']).toEqual({ fr: '4 roues motrices (4WD)', en: 'Four-wheel drive (4WD)' });
    expect(REQUEST_PRIORITY_LABELS[30]).toEqual({ fr: 'Haute', en: 'High' });
  });

  it('refuses an enumeration or a value the locale files do not name', () => {
    expect(() => defineEnum('no_such_enum', ['a'])).toThrow(/no_such_enum has no fr label for a/);
    expect(() => defineEnum('drivetrains', ['AWD', 'TWD'])).toThrow(/drivetrains has no fr label for TWD/);
  });
});

describe('the locale files of the enumerations', () => {
  const defined = new Map(DEFINED_ENUMS.map((e) => [e.name, e.values.map(String)]));

  it('name each enumeration once', () => {
    expect(defined.size).toBe(DEFINED_ENUMS.length);
    expect(defined.size).toBeGreaterThan(30);
  });

  for (const locale of LOCALES)
    it(`give a ${locale} label to every value of every enumeration, and nothing else`, () => {
      const file = FILES[locale];
      expect(Object.keys(file).sort()).toEqual([...defined.keys()].sort());
      for (const [name, values] of defined) {
        expect(Object.keys(file[name]).sort(), name).toEqual([...values].sort());
        for (const v of values) expect(file[name][v].trim(), `${name}.${v}`).not.toBe('');
      }
    });
});
