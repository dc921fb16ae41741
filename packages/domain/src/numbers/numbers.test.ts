import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decimalText, formatDecimalInput, formatHoursMinutes, formatPercent, parseDecimal, tooManyDecimals } from './numbers.ts';

describe('parseDecimal', () => {
  it('takes "," and "." as the decimal mark, never dropping it', () => {
    expect(parseDecimal('12.4')).toBe(12.4);
    expect(parseDecimal('12,4')).toBe(12.4);
    expect(parseDecimal(',5')).toBe(0.5);
    expect(parseDecimal('-0,25')).toBe(-0.25);
    expect(parseDecimal('\u22123,5')).toBe(-3.5);
    expect(parseDecimal('12.')).toBe(12);
  });
  it('drops spaces and reads a thousands mark only where it cannot be the decimal one', () => {
    expect(parseDecimal('1 234,5')).toBe(1234.5);
    expect(parseDecimal('1\u202f234,5')).toBe(1234.5);
    expect(parseDecimal('1,234.5')).toBe(1234.5);
    expect(parseDecimal('1.234,5')).toBe(1234.5);
    expect(parseDecimal('1,234,567')).toBe(1234567);
    // One mark alone is the decimal: never multiplied by a thousand.
    expect(parseDecimal('1,234')).toBe(1.234);
    expect(parseDecimal('1.234')).toBe(1.234);
  });
  it('refuses what is not a number', () => {
    for (const bad of ['', ' ', 'abc', '12a', '1,2,3', '1.2.3,4,5', '1,23.4', '--1', '1-2', '.', ',', '1e3', '12,4.5,6']) expect(parseDecimal(bad), bad).toBeNull();
  });
  it('gives a plain text the API takes', () => {
    expect(decimalText('0012,50')).toBe('12.50');
    expect(decimalText('-0,0')).toBe('0.0');
    expect(decimalText('2,')).toBe('2');
  });
  it('"a.b" and "a,b" are the same number, the one JavaScript reads from "a.b"', () => {
    fc.assert(
      fc.property(fc.nat(999_999), fc.stringMatching(/^\d{1,4}$/), (whole, fraction) => {
        const expected = Number(`${whole}.${fraction}`);
        expect(parseDecimal(`${whole}.${fraction}`)).toBe(expected);
        expect(parseDecimal(`${whole},${fraction}`)).toBe(expected);
      }),
    );
  });
  it('never gives more than the digits typed: removing a mark never happens silently', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[\d.,]{1,12}$/), (typed) => {
        const n = parseDecimal(typed);
        if (n === null) return;
        const digitsOnly = Number(typed.replace(/[.,]/g, ''));
        // A number read from a text with a mark is smaller than its digits run together unless the mark was a thousands one.
        if (/[.,]\d{0,2}$|[.,]\d{4,}$/.test(typed)) expect(n).toBeLessThanOrEqual(digitsOnly);
      }),
    );
  });
  it('reads back what a number input shows, in both languages', () => {
    fc.assert(
      fc.property(fc.integer({ min: -10_000_000_000, max: 10_000_000_000 }), fc.constantFrom('fr' as const, 'en' as const), (scaled, locale) => {
        const value = scaled / 10_000;
        expect(parseDecimal(formatDecimalInput(value, locale))).toBe(value);
      }),
    );
  });
});

describe('tooManyDecimals', () => {
  it('tells a field that keeps fewer decimals than typed', () => {
    expect(tooManyDecimals('12,345', 2)).toBe(true);
    expect(tooManyDecimals('12,34', 2)).toBe(false);
    expect(tooManyDecimals('12,50', 1)).toBe(false);
    expect(tooManyDecimals('1.5', 0)).toBe(true);
  });
});

describe('formats', () => {
  it('shows a number input in the locale', () => {
    expect(formatDecimalInput(1234.5, 'fr')).toBe('1234,5');
    expect(formatDecimalInput(1234.5, 'en')).toBe('1234.5');
    expect(formatDecimalInput(-0.25, 'fr')).toBe('-0,25');
  });
  it('writes percentages in the locale', () => {
    expect(formatPercent(14.975, 'fr')).toBe('14,975\u00a0%');
    expect(formatPercent(14.975, 'en')).toBe('14.975%');
    expect(formatPercent(5, 'fr')).toBe('5\u00a0%');
  });
  it('writes hours as hours and minutes', () => {
    expect(formatHoursMinutes(2.0833)).toBe('2\u00a0h\u00a005');
    expect(formatHoursMinutes(-3.6988)).toBe('\u22123\u00a0h\u00a042');
    expect(formatHoursMinutes(0.0007)).toBe('0\u00a0h\u00a000');
    expect(formatHoursMinutes(1.5)).toBe('1\u00a0h\u00a030');
    expect(formatHoursMinutes(125.9999)).toBe('126\u00a0h\u00a000');
    expect(formatHoursMinutes(-0.001)).toBe('0\u00a0h\u00a000');
  });
  it('hours and minutes: minutes under 60, the total within half a minute', () => {
    fc.assert(
      fc.property(fc.double({ min: -1000, max: 1000, noNaN: true }), (hours) => {
        const m = /^(\u2212?)(\d+)\u00a0h\u00a0(\d{2})$/.exec(formatHoursMinutes(hours))!;
        expect(m).not.toBeNull();
        expect(Number(m[3])).toBeLessThan(60);
        const total = (m[1] ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3]));
        expect(Math.abs(total - hours * 60)).toBeLessThanOrEqual(0.5 + 1e-9);
      }),
    );
  });
});
