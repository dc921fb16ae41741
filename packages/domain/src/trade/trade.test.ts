import { describe, expect, it } from 'vitest';
import type { TaxRate } from '../taxes/taxes.ts';
import { GST, QST } from '../taxes/test-rates.ts';
import { invoiceBalance, orderCompleted, paymentProblem, progress, quantityProblems, remaining, tradeLineTotals, tradeTotals } from './trade.ts';

const LEVY: TaxRate = { code: 'ENV', rate: '3.00', type: 'amount' };

describe('trade line totals', () => {
  it('takes the discount off the gross, then taxes the discounted amount', () => {
    // 3 × 19.99 $ = 59.97 $; 10 % off = 5.997 → 6.00 $; 53.97 $; GST 2.6985 → 2.70; QST 5.3835 → 5.38
    expect(tradeLineTotals({ quantity: 3, unit_price: 1999, discount: '10', taxes: [GST, QST] })).toEqual({
      gross: 5997,
      discount: 600,
      subtotal: 5397,
      taxes: [{ code: 'TPS', amount: 270 }, { code: 'TVQ', amount: 538 }],
      tax: 808,
      total: 6205,
    });
  });

  it('has no discount or tax when none is given, and decimal quantities are exact', () => {
    expect(tradeLineTotals({ quantity: '1.005', unit_price: 100 })).toMatchObject({ gross: 101, discount: 0, tax: 0, total: 101 });
  });

  it('charges a per-unit tax on the quantity, whatever the discount', () => {
    expect(tradeLineTotals({ quantity: 4, unit_price: 10000, discount: 50, taxes: [LEVY] })).toMatchObject({ subtotal: 20000, tax: 1200, total: 21200 });
  });

  it('sums a document from its rounded lines', () => {
    const t = tradeTotals([
      { quantity: 1, unit_price: 1001, discount: '50', taxes: [GST] },
      { quantity: 1, unit_price: 1001, discount: '50', taxes: [GST] },
    ]);
    // each line: 10.01 − 5.005 → 5.01 off → 5.00; GST 0.25
    expect(t).toEqual({ gross: 2002, discount: 1002, subtotal: 1000, taxes: [{ code: 'TPS', amount: 50 }], tax: 50, total: 1050 });
  });
});

describe('delivery and invoicing progress', () => {
  it.each([
    [[], 'pending'],
    [[{ ordered: 5, covered: 0 }], 'pending'],
    [[{ ordered: 5, covered: '2.5' }], 'partial'],
    [[{ ordered: 5, covered: 5 }, { ordered: 2, covered: 0 }], 'partial'],
    [[{ ordered: 5, covered: 5 }, { ordered: 2, covered: 3 }], 'complete'],
    [[{ ordered: 5, covered: 5 }, { ordered: 0, covered: 0 }], 'complete'],
  ] as const)('%j → %s', (lines, expected) => {
    expect(progress(lines)).toBe(expected);
  });

  it('is completed only when all is delivered and invoiced', () => {
    expect(orderCompleted('complete', 'complete')).toBe(true);
    expect(orderCompleted('complete', 'partial')).toBe(false);
    expect(orderCompleted('partial', 'complete')).toBe(false);
  });

  it('says what remains, never below zero', () => {
    expect(remaining({ ordered: '5', covered: '1.25' })).toBe('3.75');
    expect(remaining({ ordered: 2, covered: 3 })).toBe('0');
  });

  it('names the lines asked beyond what remains, or not positive', () => {
    const lines = [{ ordered: 5, covered: 2 }, { ordered: 1, covered: 0 }, { ordered: 4, covered: 0 }];
    expect(quantityProblems(lines, ['3', '1.5', 0])).toEqual([
      { index: 1, problem: 'trade.quantity_over_remaining', remaining: '1' },
      { index: 2, problem: 'trade.quantity_not_positive', remaining: '4' },
    ]);
    expect(quantityProblems(lines, [3, 1, 4])).toEqual([]);
  });
});

describe('payments against an invoice', () => {
  it('derives what is paid and due', () => {
    expect(invoiceBalance(10000, [2500, 2500])).toEqual({ paid: 5000, balance: 5000, settled: false });
    expect(invoiceBalance(10000, [10000])).toEqual({ paid: 10000, balance: 0, settled: true });
    expect(invoiceBalance(0, [])).toEqual({ paid: 0, balance: 0, settled: false });
  });

  it('refuses a payment over the balance or not positive', () => {
    expect(paymentProblem(5000, 5000)).toBeNull();
    expect(paymentProblem(5001, 5000)).toBe('trade.payment_over_balance');
    expect(paymentProblem(0, 5000)).toBe('trade.payment_not_positive');
    expect(paymentProblem(-1, 5000)).toBe('trade.payment_not_positive');
  });
});
