import { isPhone } from '@atelier/domain';
import { attr } from '../../jsonapi/attributes.ts';

/**
 * A phone attribute with the domain's rule (isPhone, the web forms' rule too): the engine's
 * attr.phone() checks the characters only, so "(((((((" or "- - - -" passed for a number.
 */
export const phoneAttr = () =>
  attr.phone().check((v) => (typeof v === 'string' && isPhone(v) ? { ok: true, value: v } : { ok: false, code: 'validation.phone' }));
