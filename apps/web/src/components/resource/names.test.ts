import { describe, expect, it } from 'vitest';
import i18n from '../../i18n/index.ts';
import { nameOf } from './recordNames.tsx';

describe('record names', () => {
  it('names a payment by its amount and day, never by its id, in the user’s language', async () => {
    const payment = { id: '0195a7c2-0000-7000-8000-000000000001', type: 'purchases-payments', amount: 123450, paid_on: '2026-11-20' };
    await i18n.changeLanguage('fr');
    expect(nameOf('purchases-payments', payment)).toMatch(/^1\s234,50\s\$ · 20 nov\. 2026$/);
    await i18n.changeLanguage('en');
    expect(nameOf('sales-payments', { ...payment, type: 'sales-payments', amount: -5000 })).toBe('-$50.00 · Nov 20, 2026');
    // A reseller's invoice lists its payments by the same name (it showed their ids).
    expect(nameOf('reseller-payments', { ...payment, type: 'reseller-payments' })).toBe('$1,234.50 · Nov 20, 2026');
    await i18n.changeLanguage('fr');
  });
});
