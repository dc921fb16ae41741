import { checkVin } from '@atelier/domain';
import type { Warning } from '../../jsonapi/define-resource.ts';
import { attributePointer } from '../../jsonapi/errors.ts';

/** The warning of a VIN whose check digit does not match, on the attribute that holds it. */
export function vinWarnings(vin: unknown, attribute: string): Warning[] {
  if (typeof vin !== 'string' || !vin) return [];
  const checked = checkVin(vin);
  if (!checked.ok || checked.checkDigitValid) return [];
  return [{ code: 'vehicle.vin_check_digit', params: { expected: checked.expectedCheckDigit }, pointer: attributePointer(attribute) }];
}
