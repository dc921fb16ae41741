/** Password rules of spec platform §5: 8+ characters with digits, letters, upper and lower case. */
export const PASSWORD_MIN_LENGTH = 8;

export type PasswordRule = 'min_length' | 'digit' | 'letter' | 'uppercase' | 'lowercase';

export const PASSWORD_RULES: readonly { rule: PasswordRule; test: (p: string) => boolean }[] = [
  { rule: 'min_length', test: (p) => [...p].length >= PASSWORD_MIN_LENGTH },
  { rule: 'digit', test: (p) => /\p{Nd}/u.test(p) },
  { rule: 'letter', test: (p) => /\p{L}/u.test(p) },
  { rule: 'uppercase', test: (p) => /\p{Lu}/u.test(p) },
  { rule: 'lowercase', test: (p) => /\p{Ll}/u.test(p) },
];

/** The rules a password breaks, in display order; empty when it is acceptable. */
export function passwordProblems(password: string): PasswordRule[] {
  return PASSWORD_RULES.filter((r) => !r.test(password)).map((r) => r.rule);
}
