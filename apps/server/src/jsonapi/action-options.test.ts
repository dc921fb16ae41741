import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { optionsBody, readOptions, withMessage } from './action-options.ts';
import { ApiError } from './errors.ts';

const OPTIONS = z.object({ note: z.string().max(5).nullish(), days: z.int().min(1).max(30).optional(), locale: z.enum(['fr', 'en']).optional() });

function problems(body: unknown) {
  try {
    readOptions(OPTIONS, body);
  } catch (err) {
    if (err instanceof ApiError) return err.errors.map((e) => [e.source?.pointer, e.code, e.params]);
    throw err;
  }
  return [];
}

describe('an action’s options read by their schema', () => {
  it('reads data.attributes, else the body’s own members, and only the schema’s', () => {
    expect(readOptions(OPTIONS, { data: { attributes: { note: 'ok', days: 3 } } })).toEqual({ note: 'ok', days: 3 });
    expect(readOptions(OPTIONS, { note: 'flat', holder: 'someone' })).toEqual({ note: 'flat' });
    expect(readOptions(OPTIONS, undefined)).toEqual({});
  });

  it('says every problem at once, each at its pointer, in the engine’s words', () => {
    expect(problems({ note: 'far too long', days: 0, locale: 'de' })).toEqual([
      ['/data/attributes/note', 'validation.max_length', { max: 5 }],
      ['/data/attributes/days', 'validation.min', { min: 1 }],
      ['/data/attributes/locale', 'validation.enum', { values: 'fr, en' }],
    ]);
    expect(problems({ data: { attributes: { note: 12, days: 2.5 } } })).toEqual([
      ['/data/attributes/note', 'validation.string', undefined],
      ['/data/attributes/days', 'validation.integer', undefined],
    ]);
  });

  it('describes the same schema in the contract, flat and in data.attributes', () => {
    const body = optionsBody(OPTIONS) as { properties: Record<string, any> };
    expect(body.properties.note).toEqual(body.properties.data.properties.attributes.properties.note);
    expect(body.properties.days).toMatchObject({ type: 'integer', minimum: 1, maximum: 30 });
    expect(body.properties.locale).toMatchObject({ enum: ['fr', 'en'] });
  });
});

describe('options with messages of their own', () => {
  const DAYS = z.object({
    days: withMessage(z.int().min(1).max(30).nullish(), 'share.expires_in_days', { max: 30 }),
    email: z.string().nullish(),
    send: z.boolean().nullish(),
  }).refine((o) => o.send !== false || o.email == null, { path: ['email'], params: { code: 'approval.email_not_sent' } });
  const problemsOf = (body: unknown, flat?: boolean) => {
    try {
      readOptions(DAYS, body, { flat });
    } catch (err) {
      if (err instanceof ApiError) return err.errors.map((e) => [e.source?.pointer, e.code, e.params]);
      throw err;
    }
    return [];
  };

  it('tells every problem of a member in its own message, and a refinement’s in the one it names', () => {
    for (const days of [0, 31, 2.5, '3']) expect(problemsOf({ days })).toEqual([['/data/attributes/days', 'share.expires_in_days', { max: 30 }]]);
    expect(problemsOf({ email: 'a@b.co', send: false })).toEqual([['/data/attributes/email', 'approval.email_not_sent', undefined]]);
    expect(problemsOf({ email: 'a@b.co', send: true, days: null })).toEqual([]);
  });

  it('reads data.attributes only when the options are not flat, and describes them so', () => {
    expect(readOptions(DAYS, { days: 3 }, { flat: false })).toEqual({});
    expect(problemsOf({ days: 0 }, false)).toEqual([]);
    const body = optionsBody(DAYS, { flat: false }) as { properties: Record<string, any> };
    expect(Object.keys(body.properties)).toEqual(['data']);
    expect(body.properties.data.properties.attributes.properties.days).toMatchObject({ anyOf: [{ type: 'integer', minimum: 1, maximum: 30 }, { type: 'null' }] });
  });
});
