import { isPhone } from '../crm/crm.ts';
import { checkVin } from '../vehicles/vin.ts';
import { isEmail, normalizeEmail } from '../auth/email.ts';

/**
 * The format rules of texts, one definition for the server's validation and the web's checks
 * before sending. Each answers the message code both sides translate ('email' is the server's
 * validation.email and the web's validation:email) or null when the value is fine.
 */

/** A Canadian postal code (A1A 1A1): the letters D, F, I, O, Q and U are never used, W and Z never first. */
const POSTAL_CODE = /^([ABCEGHJ-NPRSTVXY]\d[ABCEGHJ-NPRSTV-Z])[ -]?(\d[ABCEGHJ-NPRSTV-Z]\d)$/;
/** Stored as Canada Post prints it: capitals, one space. */
export function normalizePostalCode(value: string): string {
  const m = POSTAL_CODE.exec(value.trim().toUpperCase());
  return m ? `${m[1]} ${m[2]}` : value.trim();
}
export const isPostalCode = (value: string) => POSTAL_CODE.test(value.trim().toUpperCase());

export type TextRule = 'email' | 'phone' | 'postal_code' | 'vin';
export type RuleCode = 'email' | 'phone' | 'postal_code' | 'vin_length' | 'vin_characters';

/** The problem of a value under a format rule (null: fine), the same on both sides. */
export function ruleProblem(rule: TextRule, value: string): RuleCode | null {
  switch (rule) {
    case 'email':
      return isEmail(value) ? null : 'email';
    case 'phone':
      return isPhone(value) ? null : 'phone';
    case 'postal_code':
      return isPostalCode(value) ? null : 'postal_code';
    case 'vin': {
      const vin = checkVin(value);
      return vin.ok ? null : vin.error;
    }
  }
}

/** The value a rule stores: an address in lower case, a postal code in capitals, a VIN normalised. */
export function normalizeByRule(rule: TextRule, value: string): string {
  switch (rule) {
    case 'email':
      return normalizeEmail(value);
    case 'postal_code':
      return normalizePostalCode(value);
    case 'vin': {
      const vin = checkVin(value);
      return vin.ok ? vin.vin : value.trim();
    }
    default:
      return value.trim();
  }
}
