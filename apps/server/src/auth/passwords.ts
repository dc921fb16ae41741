import { hash, verify } from '@node-rs/argon2';
import { passwordProblems, type PasswordRule } from '@atelier/domain';
import type { MessageKey } from '../i18n/index.ts';
import { attributePointer, type ValidationErrors } from '../jsonapi/errors.ts';

// argon2id with OWASP's baseline parameters (19 MiB, 2 passes, 1 lane).
const OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1, algorithm: 2 } as const;

export const hashPassword = (password: string) => hash(password, OPTIONS);

// Verifying against a real hash when the account does not exist keeps timing from telling.
let dummy: Promise<string> | null = null;
export async function verifyPassword(passwordHash: string | null | undefined, password: string): Promise<boolean> {
  if (!passwordHash) {
    dummy ??= hashPassword('not-a-real-password-1A');
    await verify(await dummy, password).catch(() => false);
    return false;
  }
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

const RULE_MESSAGES: Record<PasswordRule, MessageKey> = {
  min_length: 'validation.password_min_length',
  digit: 'validation.password_digit',
  letter: 'validation.password_letter',
  uppercase: 'validation.password_uppercase',
  lowercase: 'validation.password_lowercase',
};

/** The message keys of the rules a password breaks (spec platform §5). */
export const passwordErrors = (password: string): MessageKey[] => passwordProblems(password).map((r) => RULE_MESSAGES[r]);

/** Checks a new password and its optional confirmation into `errors`; returns the password. */
export function checkNewPassword(errors: ValidationErrors, password: unknown, confirmation: unknown): string {
  const value = typeof password === 'string' ? password : '';
  if (!value) errors.add(attributePointer('password'), 'validation.required');
  else for (const code of passwordErrors(value)) errors.add(attributePointer('password'), code);
  if (confirmation !== undefined && confirmation !== value)
    errors.add(attributePointer('password_confirmation'), 'validation.password_confirmation');
  return value;
}
