import { checkVin } from '@atelier/domain';
import { Attribute, attr } from '../../jsonapi/attributes.ts';
import type { Warning } from '../../jsonapi/define-resource.ts';
import { attributePointer } from '../../jsonapi/errors.ts';

/** A VIN attribute: stored normalised; a malformed VIN is refused, a doubtful check digit only warned about. */
export function vinAttribute(): Attribute {
  return attr.string().check((value) => {
    const checked = checkVin(String(value));
    return checked.ok ? { ok: true, value: checked.vin } : { ok: false, code: `validation.${checked.error}` as const };
  });
}

/** The warning of a VIN whose check digit does not match, on the attribute that holds it. */
export function vinWarnings(vin: unknown, attribute: string): Warning[] {
  if (typeof vin !== 'string' || !vin) return [];
  const checked = checkVin(vin);
  if (!checked.ok || checked.checkDigitValid) return [];
  return [{ code: 'vehicle.vin_check_digit', params: { expected: checked.expectedCheckDigit }, pointer: attributePointer(attribute) }];
}
