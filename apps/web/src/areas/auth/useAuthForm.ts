import { useState, type ChangeEvent, type FormEvent } from 'react';
import { isEmail, passwordProblems } from '@atelier/domain';
import { useErrorText } from '../../lib/useFieldError.ts';
import { useApiErrorText } from './useApiErrorText.ts';

/** A field's rule: the message key of its problem, or null (spec platform §5; the server checks the same). */
type Rule<V> = (value: string, values: V) => string | null;

export const rules = {
  required: (v: string) => (v === '' ? 'validation:required' : null),
  email: (v: string) => (v.trim() === '' ? 'validation:required' : isEmail(v.trim()) ? null : 'validation:email'),
  password: (v: string) => (v === '' ? 'validation:required' : passwordProblems(v).length > 0 ? 'validation:password_rules' : null),
};

/**
 * The sign-in pages' forms: a few text fields checked on submit, then again as they change, the
 * server's field errors placed on them, and its other refusals as the form's failure (an alert). Not react-hook-form: it weighed 12 KB gzip on /login
 * (docs/decisions.md "The first page's JavaScript").
 */
export function useAuthForm<V extends Record<string, string>>(initial: V, fieldRules: Partial<Record<keyof V, Rule<V>>> = {}) {
  const errText = useErrorText();
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Partial<Record<keyof V, string>>>({});
  const [submitted, setSubmitted] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const apiErrorText = useApiErrorText();
  const check = (name: keyof V, all: V) => fieldRules[name]?.(all[name], all) ?? undefined;

  const setError = (name: keyof V, message: string) => setErrors((e) => ({ ...e, [name]: message }));

  /** The props of a Mantine input: value, change, and its error in the user's language. */
  const field = (name: keyof V & string) => ({
    name,
    value: values[name],
    onChange: (e: ChangeEvent<HTMLInputElement>) => {
      const next = { ...values, [name]: e.currentTarget.value };
      setValues(next);
      if (submitted) setErrors((errs) => ({ ...errs, [name]: check(name, next) }));
    },
    error: errText(errors[name]),
  });

  const onSubmit = (handler: (values: V) => Promise<void>) => async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = e.currentTarget;
    setSubmitted(true);
    const found: Partial<Record<keyof V, string>> = {};
    for (const name of Object.keys(values) as (keyof V)[]) {
      const message = check(name, values);
      if (message) found[name] = message;
    }
    setErrors(found);
    const first = Object.keys(found)[0];
    if (first) return form.querySelector<HTMLInputElement>(`[name="${first}"]`)?.focus();
    setSubmitting(true);
    // A new try: the last answer's failure goes.
    setFailure(null);
    try {
      await handler(values);
    } finally {
      setSubmitting(false);
    }
  };

  /** The form failed as a call says (its text; anything else: something went wrong). */
  const fail = (e: unknown) => setFailure(apiErrorText(e));

  return { values, field, setError, onSubmit, submitting, failure, fail, clearFailure: () => setFailure(null) };
}
