import { FORM_PROBLEM_CODES } from '@atelier/domain';
import { describe, expect, it } from 'vitest';
import { en } from './en.ts';
import { fr } from './fr.ts';
import { hasMessage, t } from './index.ts';

describe('server messages', () => {
  it('has the same keys and placeholders in French and English', () => {
    expect(Object.keys(en).sort()).toEqual(Object.keys(fr).sort());
    const holes = (s: string) => (s.match(/\{\w+(?:, money)?\}/g) ?? []).sort();
    for (const key of Object.keys(fr) as (keyof typeof fr)[]) expect(holes(en[key]), key).toEqual(holes(fr[key]));
  });

  it('uses the spec wording', () => {
    expect(t('fr', 'validation.required')).toBe('Ce champ est obligatoire');
    expect(t('fr', 'validation.numeric')).toBe('Le champ ne peut contenir que des chiffres');
    expect(t('fr', 'validation.email')).toBe('Le champ doit contenir un email valide');
    expect(t('en', 'validation.required')).toBe('This field is required');
    expect(t('fr', 'auth.verification_code_wrong')).toBe('Le code de vérification est incorrect.');
    expect(t('en', 'error.cannot_delete_self')).toBe('Unable to delete the connected user.');
  });

  it('fills placeholders', () => {
    expect(t('en', 'error.not_found', { id: '42' })).toBe('Resource 42 does not exist or you have no right to access it.');
  });

  it('writes numbers as the reader does: decimal comma and grouped thousands in French, not years', () => {
    expect(t('fr', 'validation.max', { max: 0.5 })).toBe('La valeur doit être au plus 0,5');
    expect(t('en', 'validation.max', { max: 0.5 })).toBe('The value must be at most 0.5');
    expect(t('fr', 'validation.max', { max: 1_000_000 })).toBe('La valeur doit être au plus 1\u00a0000\u00a0000');
    expect(t('en', 'validation.max', { max: 1_000_000 })).toBe('The value must be at most 1,000,000');
    expect(t('fr', 'validation.model_year', { min: 1900, max: 2027 })).toBe('L’année modèle doit être comprise entre 1900 et 2027');
    // A name given as a placeholder is never read from the object's prototype.
    expect(t('fr', 'validation.max', {} as never)).toBe('La valeur doit être au plus {max}');
  });

  it('writes an amount of cents with its currency, as the reader does', () => {
    expect(t('fr', 'trade.payment_over_balance', { balance: 1250 })).toContain('il reste 12,50\u00a0$ à payer');
    expect(t('en', 'trade.payment_over_balance', { balance: 123456 })).toContain('$1,234.56 is left to pay');
  });

  it('has a message for every problem of the inspection form rules', () => {
    for (const code of FORM_PROBLEM_CODES) expect(hasMessage(`inspection_form.${code}`), code).toBe(true);
  });
});
