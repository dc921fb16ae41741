/** E-mail addresses; apart from the other format rules (rules.ts) so the sign-in page carries only this. */

// Deliberately simple: a pragmatic address check; deliverability is proven by the mail itself.
const EMAIL = /^[^\s@<>(),;:"]+@[^\s@<>(),;:"]+\.[^\s@<>(),;:"]{2,}$/;
export const EMAIL_MAX_LENGTH = 254;

/** Addresses are compared and stored in lower case. */
export const normalizeEmail = (value: string) => value.trim().toLowerCase();
export function isEmail(value: string): boolean {
  const s = normalizeEmail(value);
  return EMAIL.test(s) && s.length <= EMAIL_MAX_LENGTH;
}
