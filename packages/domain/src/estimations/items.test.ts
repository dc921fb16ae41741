import { describe, expect, it } from 'vitest';
import { QUEBEC } from '../taxes/test-rates.ts';
import { ESTIMATION_ITEM_ATTRIBUTE_GROUPS, estimationTotals, isItemCharged, itemAttributeGroup, sumEstimationLines, type EstimationItemLine } from './items.ts';

const item = (i: Partial<EstimationItemLine>): EstimationItemLine => ({ quantity: 1, unit_price: 0, time: 0, hourly_rate: 12000, taxes: QUEBEC, ...i });

describe('estimation totals', () => {
  const items = [
    item({ unit_price: 10000, state: 'approved' }), // 100.00 + 5.00 + 9.98
    item({ time: 1, state: 'approved', customer_decision: 'declined' }), // declined by the customer
    item({ unit_price: 5000, state: 'denied' }), // denied by the approver
    item({ time: '0.5' }), // undecided: 60.00 + 3.00 + 5.99 (5.985)
    item({ unit_price: 30000, state: 'approved', warranty: true }), // under warranty
  ];

  it('proposes what is not denied or declined, and approves what is approved', () => {
    const t = estimationTotals(items);
    expect(t.lines.map((l) => l.total)).toEqual([11498, 13797, 5749, 6899, 0]);
    expect(t.proposed).toMatchObject({
      parts: 10000,
      labour: 6000,
      discount: 0,
      part_charges: 0,
      subtotal: 16000,
      taxes: [
        { code: 'TPS', amount: 800 },
        { code: 'TVQ', amount: 1597 },
      ],
      tax: 2397,
      total: 18397,
      warranty: 30000,
    });
    expect(t.approved).toMatchObject({ parts: 10000, labour: 0, tax: 1498, total: 11498, warranty: 30000 });
  });

  it('charges an item unless denied or declined', () => {
    expect(isItemCharged({ state: null, customer_decision: null })).toBe(true);
    expect(isItemCharged({ state: 'reviewed' })).toBe(true);
    expect(isItemCharged({ state: 'denied' })).toBe(false);
    expect(isItemCharged({ state: 'approved', customer_decision: 'declined' })).toBe(false);
  });
});

describe('item attribute groups', () => {
  it('name the phase of each written attribute, own names only', () => {
    expect(itemAttributeGroup('unit_price')).toBe('parts');
    expect(itemAttributeGroup('time')).toBe('labour');
    expect(itemAttributeGroup('state')).toBe('decision');
    expect(itemAttributeGroup('detail')).toBe('description');
    expect(itemAttributeGroup('customer_decision')).toBeNull();
    expect(itemAttributeGroup('constructor')).toBeNull();
    expect(itemAttributeGroup('__proto__')).toBeNull();
    expect(new Set(Object.values(ESTIMATION_ITEM_ATTRIBUTE_GROUPS))).toEqual(new Set(['description', 'parts', 'labour', 'decision']));
  });
});

describe('sumEstimationLines', () => {
  it('adds the items’ stored totals as estimationTotals adds the lines', () => {
    const gst = [{ code: 'GST', rate: '5', type: 'percentage' }];
    const items = [
      { quantity: 1, unit_price: 10_000, time: 1, hourly_rate: 12_000, taxes: gst, state: 'approved' as const },
      { quantity: 2, unit_price: 1_999, time: 0, hourly_rate: 0, taxes: gst, state: 'denied' as const },
      { quantity: 1, unit_price: 5_000, time: 0, hourly_rate: 0, taxes: gst, customer_decision: 'declined' as const, state: 'approved' as const },
      { quantity: 1, unit_price: 333, time: 0.5, hourly_rate: 9_999, taxes: gst },
    ];
    const full = estimationTotals(items);
    const summed = sumEstimationLines(items.map((item, k) => ({ state: item.state, customer_decision: item.customer_decision, totals: full.lines[k] })));
    expect(summed).toEqual({ proposed: full.proposed, approved: full.approved });
    expect(summed.approved.total).toBe(23_100);
    expect(summed.proposed.total).toBe(23_100 + 5_600);
  });
});
