import { z } from 'zod';
import { isEmail, passwordProblems } from '@atelier/domain';

/**
 * Field rules with message keys (spec platform §5); the form shows t(message). The same rules
 * are checked by the server, which answers with its own translated messages.
 */

export const requiredString = () => z.string().trim().min(1, 'validation:required');
export const optionalString = () => z.string().trim().optional().or(z.literal(''));
export const emailField = () => requiredString().refine(isEmail, 'validation:email');
export const numericField = () => z.string().trim().refine((v) => v === '' || /^\d+$/.test(v), 'validation:numeric');
export const passwordField = () =>
  z.string().min(1, 'validation:required').refine((v) => passwordProblems(v).length === 0, 'validation:password_rules');

