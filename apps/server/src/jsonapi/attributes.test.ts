import { describe, expect, it } from 'vitest';
import { attr as declared, normalizeByRule, ruleProblem } from '@atelier/domain';
import { attr, attributeOf, isoTimestamp, parseDateTime } from './attributes.ts';

describe('isoTimestamp', () => {
  it('writes PostgreSQL timestamps as ISO 8601 in UTC, milliseconds, as Date would', () => {
    const samples = [
      '2026-11-22 14:32:55.213+00',
      '2026-11-22 14:32:55.213456+00',
      '2026-11-22 14:32:55.2+00',
      '2026-11-22 14:32:55+00',
      '1999-12-31 23:59:59.999999+00',
    ];
    const viaDate = (s: string) => new Date(s.replace(' ', 'T').replace(/\+00$/, 'Z')).toISOString();
    for (const s of samples) expect(isoTimestamp(s), s).toBe(viaDate(s));
    expect(isoTimestamp('2026-11-22 14:32:55.213+00')).toBe('2026-11-22T14:32:55.213Z');
  });

  it('converts other offsets, Dates and nulls', () => {
    expect(isoTimestamp('2026-11-22 09:32:55.213-05')).toBe('2026-11-22T14:32:55.213Z');
    expect(isoTimestamp('2026-11-22 20:02:55+05:30')).toBe('2026-11-22T14:32:55.000Z');
    expect(isoTimestamp(new Date('2026-11-22T14:32:55.213Z'))).toBe('2026-11-22T14:32:55.213Z');
    expect(isoTimestamp(null)).toBeNull();
    expect(isoTimestamp('not a date')).toBe('not a date');
  });
});

describe('dates and date-times', () => {
  it('reads ISO 8601 date-times as instants, with or without a zone, within the years allowed', () => {
    expect(parseDateTime('2028-02-29T23:30:00-05:00')).toBe('2028-03-01T04:30:00.000Z');
    expect(parseDateTime('2026-11-23 10:00')).toBe('2026-11-23T10:00:00.000Z');
    expect(parseDateTime('2026-11-23T10:00:00,5+0530')).toBe('2026-11-23T04:30:00.500Z');
    expect(parseDateTime('2026-11-23')).toBe('2026-11-23T00:00:00.000Z');
    for (const bad of ['2027-02-29T00:00Z', '2026-04-31', '1899-12-31T23:59Z', '2201-01-01', '2026-11-23T24:00Z', '2026-11-23T10:60Z', '2026-11-23T10:00+15:00', '2026-11-23T10', '20261123', '12', ''])
      expect(parseDateTime(bad), bad).toBeNull();
  });

  it('checks calendar dates', () => {
    const date = attr.date();
    expect(date.parse('2000-02-29')).toEqual({ ok: true, value: '2000-02-29' });
    for (const bad of ['1900-02-29', '2026-02-30', '2026-00-10', '2026-1-1', '2026-01-01T00:00Z'])
      expect(date.parse(bad).ok, bad).toBe(false);
  });

  it('refuses NUL characters and lone surrogates in strings, keeps every other character', () => {
    const s = attr.string();
    for (const bad of ['a\u0000', '\ud800', 'x\udc00y', '\udc00\ud800']) expect(s.parse(bad), JSON.stringify(bad)).toMatchObject({ ok: false, code: 'validation.invalid_characters' });
    for (const good of ['🚗', 'Éric\tRoy', 'ligne\nsuivante', '\ufffd']) expect(s.parse(good).ok, good).toBe(true);
  });
});

describe('phones', () => {
  it('takes the characters of a number with at least 7 digits, for every type', () => {
    const phone = attr.phone();
    for (const good of ['514 555-0101', '+1 (514) 555.0101', '5550101']) expect(phone.parse(good).ok, good).toBe(true);
    for (const bad of ['abc', '(((((((', '- - - - -', '555-01', '514 555 0101 ext 2']) expect(phone.parse(bad), bad).toMatchObject({ ok: false, code: 'validation.phone' });
  });
});

describe('the shared rules of packages/domain', () => {
  it('refuse the same texts as the web forms (ruleProblem)', () => {
    for (const [a, rule, samples] of [
      [attr.email(), 'email', ['a@b.c', 'jean@exemple.ca', 'x@', 'Jean@Exemple.CA']],
      [attr.phone(), 'phone', ['514 555-0142', '-------', '123']],
      [attr.postalCode(), 'postal_code', ['H2J 2L3', 'h2j2l3', '90210', 'D2J 2L3']],
      [attr.vin(), 'vin', ['1HGCM82633A004352', '1HGCM82633A00435', '1HGCM82633A00435O']],
    ] as const)
      for (const v of samples) {
        const problem = ruleProblem(rule, v);
        expect(a.parse(v), v).toEqual(problem ? { ok: false, code: `validation.${problem}` } : { ok: true, value: normalizeByRule(rule, v) });
      }
  });

  it('store the normalised value', () => {
    expect(attr.email().parse(' Jean@Exemple.CA ')).toEqual({ ok: true, value: 'jean@exemple.ca' });
    expect(attr.postalCode().parse('h2j-2l3')).toEqual({ ok: true, value: 'H2J 2L3' });
  });
});

describe('attributeOf', () => {
  it('gives the declared kind, flags and limits to the engine', () => {
    const a = attributeOf(declared.string().isRequired().max(20));
    expect(a).toMatchObject({ kind: 'string', required: true, nullable: false, limits: { max: 20, maxLength: 255 } });
    expect(a.parse('x'.repeat(21))).toEqual({ ok: false, code: 'validation.max_length', params: { max: 20 } });
    expect(attributeOf(declared.enum(['a', 'b']).notNull()).parse('c')).toMatchObject({ ok: false, code: 'validation.enum' });
    expect(attributeOf(declared.datetime().isReadOnly())).toMatchObject({ kind: 'datetime', readOnly: true });
  });
});

describe('decimals', () => {
  it('bounds a decimal by its value, not by its length as a text', () => {
    const factor = attributeOf(declared.decimal().min(0).max(1000));
    expect(factor.parse('2.5')).toEqual({ ok: true, value: '2.5' });
    expect(factor.parse(0)).toEqual({ ok: true, value: '0' });
    expect(factor.parse('-0.5')).toMatchObject({ ok: false, code: 'validation.min' });
    expect(factor.parse('1000.01')).toMatchObject({ ok: false, code: 'validation.max' });
    expect(factor.parse('12345678')).toMatchObject({ ok: false, code: 'validation.max' });
  });
  it('reads a decimal typed with "," or "." and spaces, the domain’s rule (decimalText)', () => {
    const quantity = attributeOf(declared.decimal());
    expect(quantity.parse('12,4')).toEqual({ ok: true, value: '12.4' });
    expect(quantity.parse('1 234,5')).toEqual({ ok: true, value: '1234.5' });
    expect(quantity.parse('1.234,5')).toEqual({ ok: true, value: '1234.5' });
    expect(quantity.parse('1,2,3')).toMatchObject({ ok: false, code: 'validation.numeric' });
    expect(quantity.parse(Number.NaN)).toMatchObject({ ok: false, code: 'validation.numeric' });
  });
});
