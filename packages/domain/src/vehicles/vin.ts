/**
 * VIN rules (ISO 3779 / 49 CFR 565): 17 characters, letters and digits without I, O and Q
 * (they read as 1 and 0). Position 9 is a check digit in North America; many Canadian-market
 * imports and grey-market vehicles do not follow it, so a wrong one is a warning, never a refusal.
 */

export const VIN_LENGTH = 17;
const VIN_CHARACTERS = /^[A-HJ-NPR-Z0-9]+$/;

/** Transliteration of each letter (digits are their own value). */
const LETTER_VALUES: Record<string, number> = {
  A: 1, B: 2, C: 3, D: 4, E: 5, F: 6, G: 7, H: 8,
  J: 1, K: 2, L: 3, M: 4, N: 5, P: 7, R: 9,
  S: 2, T: 3, U: 4, V: 5, W: 6, X: 7, Y: 8, Z: 9,
};
const WEIGHTS = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2];

/** What a user typed or pasted, as it is stored: upper-case, without spaces or dashes. */
export function normalizeVin(input: string): string {
  return input.replace(/[\s-]+/g, '').toUpperCase();
}

export type VinError = 'vin_length' | 'vin_characters';

/** Why a normalised VIN is refused, or null when its form is valid. */
export function vinError(vin: string): VinError | null {
  if (vin.length !== VIN_LENGTH) return 'vin_length';
  if (!VIN_CHARACTERS.test(vin)) return 'vin_characters';
  return null;
}

/** The check digit position 9 should hold ('0'-'9' or 'X'), for a VIN of valid form. */
export function expectedCheckDigit(vin: string): string {
  let sum = 0;
  for (let i = 0; i < VIN_LENGTH; i++) {
    const c = vin[i];
    sum += (c >= '0' && c <= '9' ? Number(c) : LETTER_VALUES[c]) * WEIGHTS[i];
  }
  const r = sum % 11;
  return r === 10 ? 'X' : String(r);
}

export function isCheckDigitValid(vin: string): boolean {
  return vinError(vin) === null && vin[8] === expectedCheckDigit(vin);
}

export type VinCheck =
  | { ok: true; vin: string; checkDigitValid: boolean; expectedCheckDigit: string }
  | { ok: false; vin: string; error: VinError };

/** Normalises and checks a VIN in one step: what forms, the API and imports call. */
export function checkVin(input: string): VinCheck {
  const vin = normalizeVin(input);
  const error = vinError(vin);
  if (error) return { ok: false, vin, error };
  const expected = expectedCheckDigit(vin);
  return { ok: true, vin, checkDigitValid: vin[8] === expected, expectedCheckDigit: expected };
}
