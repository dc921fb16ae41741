import { describe, expect, it } from 'vitest';
import { creditProblems, creditable, creditedPaymentStatus, invoiceDue, salesInvoiceName } from './sales.ts';

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

describe('an invoice’s name', () => {
  it('is its number, or « Brouillon » and whom it bills', () => {
    expect(salesInvoiceName({ code: 'FV-2026-000001', billing_address: 'Julie Tremblay' }, 'fr')).toBe('FV-2026-000001');
    expect(salesInvoiceName({ code: null, billing_address: 'Julie Tremblay\n12 rue des Érables' }, 'fr')).toBe('Brouillon — Julie Tremblay');
    expect(salesInvoiceName({ code: null, billing_address: 'Julie Tremblay' }, 'en')).toBe('Draft — Julie Tremblay');
    expect(salesInvoiceName({}, 'en')).toBe('Draft');
  });
});
