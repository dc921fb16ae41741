import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { technicianEfficiency, workingDays } from './efficiency.ts';

describe('technician efficiency', () => {
  it('counts the weekdays of a period, both ends included', () => {
    expect(workingDays('2026-11-23', '2026-11-29')).toBe(5); // Monday to Sunday
    expect(workingDays('2026-11-28', '2026-11-29')).toBe(0); // a weekend
    expect(workingDays('2026-11-01', '2026-11-30')).toBe(21);
    expect(workingDays('2026-11-30', '2026-11-01')).toBe(0);
  });

  it('credits billed hours to who clocked on the item, in proportion, else to who completed it', () => {
    const figures = technicianEfficiency({
      // Ann clocked 3 h this week, Bob 2 h.
      clocked: [
        { user_id: 'ann', repair_item_id: 'pads', hours: 1 },
        { user_id: 'ann', repair_item_id: 'oil', hours: 2 },
        { user_id: 'bob', repair_item_id: 'oil', hours: 2 },
      ],
      // Ann also clocked 1 h on the pads last week.
      itemClocks: [
        { user_id: 'ann', repair_item_id: 'pads', hours: 2 },
        { user_id: 'ann', repair_item_id: 'oil', hours: 2 },
        { user_id: 'bob', repair_item_id: 'oil', hours: 2 },
      ],
      billed: [
        { repair_item_id: 'pads', hours: 1.5, done_by: 'bob' },
        { repair_item_id: 'oil', hours: 3, done_by: 'ann' },
        // Nobody clocked: credited to who completed the repair.
        { repair_item_id: 'wipers', hours: 0.5, done_by: 'bob' },
      ],
      availableHours: 40,
    });
    expect(figures).toEqual([
      { user_id: 'ann', clocked: 3, billed: 3, efficiency: 1, productive: 0.075 },
      { user_id: 'bob', clocked: 2, billed: 2, efficiency: 1, productive: 0.05 },
    ]);
  });

  it('gives no ratio without its base, and a technician who only billed appears with his hours', () => {
    expect(technicianEfficiency({ clocked: [], itemClocks: [], billed: [{ repair_item_id: 'x', hours: 2, done_by: 'cal' }], availableHours: 0 })).toEqual([
      { user_id: 'cal', clocked: 0, billed: 2, efficiency: null, productive: null },
    ]);
  });

  it('never credits more or less than was billed', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ user_id: fc.constantFrom('a', 'b', 'c'), repair_item_id: fc.constantFrom('i1', 'i2', 'i3'), hours: fc.double({ min: 0.01, max: 10, noNaN: true }) })),
        fc.array(fc.record({ repair_item_id: fc.constantFrom('i1', 'i2', 'i3', 'i4'), hours: fc.double({ min: 0, max: 10, noNaN: true }), done_by: fc.constantFrom('a', 'b') })),
        (clocks, billed) => {
          const figures = technicianEfficiency({ clocked: clocks, itemClocks: clocks, billed, availableHours: 8 });
          const credited = figures.reduce((s, f) => s + f.billed, 0);
          const total = billed.reduce((s, b) => s + b.hours, 0);
          expect(Math.abs(credited - total)).toBeLessThan(0.001 * (figures.length + 1));
        },
      ),
    );
  });
});
