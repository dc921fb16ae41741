import { z } from 'zod';
import { passwordProblems } from '@atelier/domain';

/**
 * Field rules with message keys (spec platform §5); the form shows t(message). The same rules
 * are checked by the server, which answers with its own translated messages.
 */

export const requiredString = () => z.string().trim().min(1, 'validation:required');
export const passwordField = () =>
  z.string().min(1, 'validation:required').refine((v) => passwordProblems(v).length === 0, 'validation:password_rules');

