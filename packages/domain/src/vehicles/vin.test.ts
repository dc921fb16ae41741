import { describe, expect, it } from 'vitest';
import { checkVin, expectedCheckDigit, isCheckDigitValid, normalizeVin, vinError } from './vin.ts';

// VINs whose check digit is right; the first four are real published VINs.
const REAL = [
  '1HGCM82633A004352', // 2003 Honda Accord EX-V6
  'KM8K2CAB4PU001140', // 2023 Hyundai Kona SE
  'JH4KA7561PC008269', // 1993 Acura Legend
  '1M8GDM9AXKP042788', // 1989 Motor Coach Industries bus (check digit X)
  '5YJ3E1EA2KF317000', // a 2019 Tesla Model 3 (serial made up, check digit computed)
];

describe('VIN', () => {
  it.each(REAL)('accepts %s with its check digit', (vin) => {
    expect(checkVin(vin)).toMatchObject({ ok: true, vin, checkDigitValid: true });
    expect(isCheckDigitValid(vin)).toBe(true);
  });

  it('computes X for a remainder of 10', () => {
    expect(expectedCheckDigit('1M8GDM9AXKP042788')).toBe('X');
  });

  it('upper-cases and removes spaces and dashes', () => {
    expect(normalizeVin(' 1hgcm8-2633a 004352 ')).toBe('1HGCM82633A004352');
    expect(checkVin('1hgcm82633a004352')).toMatchObject({ ok: true, vin: '1HGCM82633A004352' });
  });

  it('only warns about a wrong check digit', () => {
    expect(checkVin('1HGCM82643A004352')).toEqual({
      ok: true,
      vin: '1HGCM82643A004352',
      checkDigitValid: false,
      expectedCheckDigit: expectedCheckDigit('1HGCM82643A004352'),
    });
    // A letter where the check digit goes (a European VIN) is a warning as well.
    expect(checkVin('WVWZZZ1JZXW000001')).toMatchObject({ ok: true, checkDigitValid: false });
  });

  it.each([
    ['1HGCM82633A00435', 'vin_length'],
    ['1HGCM82633A0043521', 'vin_length'],
    ['', 'vin_length'],
    ['1HGCM82633A00435I', 'vin_characters'],
    ['1HGCM82633AO04352', 'vin_characters'],
    ['QHGCM82633A004352', 'vin_characters'],
    ['1HGCM82633A00435*', 'vin_characters'],
  ])('refuses %s (%s)', (vin, error) => {
    expect(vinError(normalizeVin(vin))).toBe(error);
    expect(checkVin(vin)).toMatchObject({ ok: false, error });
    expect(isCheckDigitValid(vin)).toBe(false);
  });
});
