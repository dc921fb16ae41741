import { describe, expect, it } from 'vitest';
import { quantityToOrder, reorder } from './reorder.ts';

const row = (over: Partial<Parameters<typeof quantityToOrder>[0]> = {}) => ({ available: '2', minimum: '3', maximum: '12', onOrder: '0', ...over });

describe('reordering', () => {
  it('orders up to the maximum what is at or below the minimum', () => {
    expect(quantityToOrder(row())).toBe('10');
    expect(quantityToOrder(row({ available: '3' }))).toBe('9');
    expect(quantityToOrder(row({ available: '3.5' }))).toBe('0');
  });

  it('counts what is already on order, never orders a negative or without a minimum', () => {
    expect(quantityToOrder(row({ onOrder: '4' }))).toBe('6');
    expect(quantityToOrder(row({ onOrder: '40' }))).toBe('0');
    expect(quantityToOrder(row({ minimum: null }))).toBe('0');
    // Below zero (a counter that sells before receipts): up to the maximum from there.
    expect(quantityToOrder(row({ available: '-2' }))).toBe('14');
  });

  it('orders up to the minimum when there is no maximum; decimals stay exact', () => {
    expect(quantityToOrder(row({ maximum: null, available: '0.25' }))).toBe('2.75');
  });

  it('groups by supplier and lists what nobody sells', () => {
    const r = reorder([
      { product: 'a', supplier: 's1', ...row() },
      { product: 'b', supplier: 's2', ...row({ available: '0' }) },
      { product: 'c', supplier: 's1', ...row({ available: '1' }) },
      { product: 'd', supplier: null, ...row() },
      { product: 'e', supplier: 's2', ...row({ available: '9' }) },
    ]);
    expect([...r.bySupplier]).toEqual([
      ['s1', [{ product: 'a', quantity: '10' }, { product: 'c', quantity: '11' }]],
      ['s2', [{ product: 'b', quantity: '12' }]],
    ]);
    expect(r.withoutSupplier).toEqual(['d']);
  });
});
