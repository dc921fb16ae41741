import { z } from 'zod';
import { passwordProblems } from '@atelier/domain';

/**
 * Field rules with message keys (spec platform §5); the form shows t(message). The same rules
 * are checked by the server, which answers with its own translated messages.
 */
import { EMAIL, isEmail } from './email.ts';
export { isEmail };

export const requiredString = () => z.string().trim().min(1, 'validation:required');
export const optionalString = () => z.string().trim().optional().or(z.literal(''));
export const emailField = () => requiredString().refine((v) => EMAIL.test(v), 'validation:email');
export const numericField = () => z.string().trim().refine((v) => v === '' || /^\d+$/.test(v), 'validation:numeric');
export const passwordField = () =>
  z.string().min(1, 'validation:required').refine((v) => passwordProblems(v).length === 0, 'validation:password_rules');

