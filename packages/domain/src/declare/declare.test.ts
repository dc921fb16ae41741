import { describe, expect, expectTypeOf, it } from 'vitest';
import { declarations, type RecordOf } from '../declarations/index.ts';
import { attr, declare, rel } from './declare.ts';
import { isEmail } from '../auth/email.ts';
import { isPostalCode, normalizeByRule, ruleProblem } from './rules.ts';

describe('declare', () => {
  const things = declare('things', {
    attributes: {
      name: attr.string().isRequired().max(60),
      size: attr.enum(['s', 'm'] as const, { s: { fr: 'Petit', en: 'Small' }, m: { fr: 'Moyen', en: 'Medium' } }),
      count: attr.integer().min(0),
      secret: attr.string().isWriteOnly(),
      created_at: attr.datetime().isReadOnly(),
    },
    relationships: { owner: rel.toOne('users', { createOnly: true }), tags: rel.toMany('tags') },
    filters: ['search'],
    sorts: ['name', 'created_at'],
    defaultSort: '-created_at',
  });

  it('keeps flags, limits and values, each method returning a new declaration', () => {
    const base = attr.string();
    const required = base.isRequired();
    expect(base.required).toBe(false);
    expect(required).toMatchObject({ kind: 'string', required: true, nullable: false });
    expect(things.attributes.name.maxLength).toBe(60);
    expect(attr.string().maxLength).toBe(255);
    expect(things.attributes.count.limits).toEqual({ min: 0 });
    expect(things.attributes.count.maxLength).toBeUndefined();
    expect(things.attributes.size.values).toEqual(['s', 'm']);
    expect(things.attributes.size.labels?.m).toEqual({ fr: 'Moyen', en: 'Medium' });
    expect(things.relationships.owner).toMatchObject({ type: 'users', many: false, createOnly: true, readOnly: false });
    expect(things.relationships.tags.many).toBe(true);
    expect(things.defaultSort).toBe('-created_at');
  });

  it('gives the record type: nullability, write-only attributes left out, related records typed', () => {
    expectTypeOf<RecordOf<'vehicles'>['vin']>().toEqualTypeOf<string>();
    expectTypeOf<RecordOf<'vehicles'>['make']>().toEqualTypeOf<string | null>();
    expectTypeOf<RecordOf<'vehicles'>['fuel_type']>().toEqualTypeOf<'gas' | 'hybrid' | 'electric' | 'plug_in_hybrid' | 'diesel' | 'cng' | null>();
    expectTypeOf<RecordOf<'vehicles'>['pictures']>().toEqualTypeOf<string[]>();
    expectTypeOf<NonNullable<RecordOf<'vehicles'>['customer']>['customer_name']>().toEqualTypeOf<string | null>();
    expectTypeOf<RecordOf<'users'>>().not.toHaveProperty('password');
    // A customer's `type` attribute is its kind, as in the deserialised record.
    expectTypeOf<RecordOf<'customers'>['type']>().toEqualTypeOf<'individual' | 'company'>();
    expectTypeOf<RecordOf<'tags'>['type']>().toEqualTypeOf<'tags'>();
  });

  it('declares every type under its own name', () => {
    for (const [type, d] of Object.entries(declarations)) expect(d.type).toBe(type);
  });
});

describe('shared rules', () => {
  it('refuses a@b.c as the server always did (a top-level domain has two letters or more)', () => {
    expect(isEmail('a@b.c')).toBe(false);
    expect(ruleProblem('email', 'a@b.c')).toBe('email');
    expect(isEmail(' Jean@Exemple.CA ')).toBe(true);
    expect(normalizeByRule('email', ' Jean@Exemple.CA ')).toBe('jean@exemple.ca');
    expect(isEmail(`${'a'.repeat(250)}@b.ca`)).toBe(false);
  });

  it.each(['H2J 2L3', 'h2j2l3', 'H2J-2L3'])('takes the postal code %s, stored as A1A 1A1', (v) => {
    expect(isPostalCode(v)).toBe(true);
    expect(normalizeByRule('postal_code', v)).toBe('H2J 2L3');
  });
  it.each(['90210', 'D2J 2L3', 'H2J 2L', 'W1A 1A1', 'H2J  2L3'])('refuses the postal code %s', (v) => expect(ruleProblem('postal_code', v)).toBe('postal_code'));

  it('checks phones and VINs with the domain rules', () => {
    expect(ruleProblem('phone', '514 555-0142')).toBeNull();
    expect(ruleProblem('phone', '-------')).toBe('phone');
    expect(ruleProblem('vin', '1HGCM82633A004352')).toBeNull();
    expect(ruleProblem('vin', '1HGCM82633A00435')).toBe('vin_length');
    expect(ruleProblem('vin', '1HGCM82633A00435O')).toBe('vin_characters');
    expect(normalizeByRule('vin', '1hgcm8-2633a004352')).toBe('1HGCM82633A004352');
  });
});
