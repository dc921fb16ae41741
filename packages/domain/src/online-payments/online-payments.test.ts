import { describe, expect, it } from 'vitest';
import { amountTextToCents, centsToAmountText, isPaymentProvider, providerLocale, refundProblem, refundableCents } from './online-payments.ts';

describe('provider amounts', () => {
  it.each([
    [0, '0.00'],
    [5, '0.05'],
    [1234, '12.34'],
    [100000, '1000.00'],
    [-250, '-2.50'],
  ])('writes %i cents as %s', (cents, text) => {
    expect(centsToAmountText(cents)).toBe(text);
  });

  it('refuses a fraction of a cent', () => {
    expect(() => centsToAmountText(1.5)).toThrow(RangeError);
  });

  it.each([
    ['12.34', 1234],
    ['12.3', 1230],
    ['12', 1200],
    ['0.05', 5],
  ])('reads %s as %i cents', (text, cents) => {
    expect(amountTextToCents(text)).toBe(cents);
  });

  it.each([['12.345'], ['-1.00'], ['1,00'], [''], ['1e3'], [' 1.00'], [12]])('reads %s as no amount', (text) => {
    expect(amountTextToCents(text)).toBeNull();
  });

  it('gives back every amount it wrote', () => {
    for (const cents of [0, 1, 99, 100, 101, 123456789]) expect(amountTextToCents(centsToAmountText(cents))).toBe(cents);
  });
});

describe('refunds', () => {
  it('refunds in part, then the rest, never more than paid online', () => {
    expect(refundProblem(10000, 0, 2500)).toBeNull();
    expect(refundProblem(10000, 2500, 7500)).toBeNull();
    expect(refundProblem(10000, 2500, 7501)).toBe('exceeds_paid');
    expect(refundProblem(10000, 10000, 1)).toBe('exceeds_paid');
    expect(refundableCents(10000, 10000)).toBe(0);
  });

  it('takes a whole positive number of cents', () => {
    for (const asked of [0, -1, 1.5, Number.NaN]) expect(refundProblem(10000, 0, asked)).toBe('not_positive');
  });
});

describe('providers', () => {
  it('knows its providers by name only', () => {
    expect(isPaymentProvider('stripe')).toBe(true);
    expect(isPaymentProvider('paypal')).toBe(true);
    expect(isPaymentProvider('manual')).toBe(false);
    expect(isPaymentProvider('toString')).toBe(false);
  });

  it('opens the provider’s page in the customer’s language', () => {
    expect(providerLocale('stripe', 'fr')).toBe('fr');
    expect(providerLocale('paypal', 'en')).toBe('en-CA');
  });
});
