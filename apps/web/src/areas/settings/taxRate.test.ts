import { describe, expect, it } from 'vitest';
import { taxRateText } from './taxRate.ts';

const plain = (s: string) => s.replace(/\s/g, ' ');

describe('a tax rate as read', () => {
  it.each([
    ['9.9750', 'percentage', 'fr', '9,975 %'],
    ['9.9750', 'percentage', 'en', '9.975%'],
    ['5.0000', 'percentage', 'fr', '5 %'],
    ['13', 'percentage', 'en', '13%'],
    ['4.5000', 'amount', 'fr', '4,50 $'],
    ['4.5000', 'amount', 'en', '$4.50'],
    [null, 'percentage', 'fr', ''],
    ['abc', 'amount', 'en', ''],
  ] as const)('%j (%s) in %s: %s', (rate, type, locale, text) => {
    expect(plain(taxRateText(rate, type, locale))).toBe(text);
  });
});
