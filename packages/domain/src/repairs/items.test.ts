import { describe, expect, it } from 'vitest';
import type { TaxRate } from '../taxes/taxes.ts';
import { repairDocumentTotals, repairLineTotals, sumHours, type RepairItemLine } from './items.ts';

const HST: TaxRate[] = [{ code: 'HST', rate: '13', type: 'percentage' }];
const item = (i: Partial<RepairItemLine>): RepairItemLine => ({ quantity: 1, unit_price: 0, time: 0, hourly_rate: 11000, taxes: HST, ...i });

describe('repair totals', () => {
  it('charges internal and external work, nothing under warranty, not what was not done', () => {
    const items = [
      item({ unit_price: 8999, time: 1, repair_mode: 'internal', state: 'done' }), // 199.99 + 26.00 (25.9987)
      item({ manual_labour: 25000, repair_mode: 'external', state: 'done' }), // 250.00 + 32.50
      item({ unit_price: 45000, time: 2, repair_mode: 'warranty', state: 'done' }), // 670.00 covered
      item({ unit_price: 1500, state: 'not_done' }),
    ];
    const lines = items.map(repairLineTotals);
    expect(lines.map((l) => l.total)).toEqual([22599, 28250, 0, 1695]);
    expect(repairDocumentTotals(items, lines, {}, () => [])).toMatchObject({ parts: 8999, labour: 36000, discount: 0, subtotal: 44999, taxes: [{ code: 'HST', amount: 5850 }], tax: 5850, total: 50849, warranty: 67000, part_charges: 0, supplies: 0 });
  });
});

describe('repair document totals from stored lines', () => {
  it('sums hours exactly', () => {
    expect(sumHours(['0.1', '0.2', 1.25, null])).toBe('1.55');
    expect(sumHours([])).toBe('0');
  });
});
