import { describe, expect, it } from 'vitest';
import { creditProblems, creditable, creditedPaymentStatus, invoiceDue } from './sales.ts';

describe('credit notes', () => {
  it('gives back at most what is left of a line, with the opposite sign', () => {
    const line = { quantity: '3', credited: '-1' };
    expect(creditable(line)).toBe('2');
    expect(creditProblems([{ quantity: '-2', line }])).toEqual([]);
    expect(creditProblems([{ quantity: '-2.5', line }])).toMatchObject([{ index: 0, problem: 'sales.credit_over', remaining: '2' }]);
    expect(creditProblems([{ quantity: '1', line }])).toMatchObject([{ problem: 'sales.credit_sign' }]);
    expect(creditProblems([{ quantity: '-1', line: undefined }])).toMatchObject([{ problem: 'sales.credit_unlinked' }]);
    // A deposit deducted (−1) is given back by +1.
    expect(creditProblems([{ quantity: '1', line: { quantity: '-1', credited: '0' } }])).toEqual([]);
    expect(creditable({ quantity: '2', credited: '-2' })).toBe('0');
  });

  it('lowers what is due; a paid invoice credited is owed back', () => {
    expect(invoiceDue(10000, 2500, 0)).toBe(7500);
    expect(invoiceDue(10000, 2500, 10000)).toBe(-2500);
    expect(creditedPaymentStatus(10000, 2500, 10000)).toBe('paid');
    expect(creditedPaymentStatus(10000, 10000, 0)).toBe('paid');
    expect(creditedPaymentStatus(10000, 2500, 0)).toBe('unpaid');
    expect(creditedPaymentStatus(10000, 2500, 5000)).toBe('partially_paid');
    expect(creditedPaymentStatus(10000, 0, 0)).toBe('unpaid');
  });
});
