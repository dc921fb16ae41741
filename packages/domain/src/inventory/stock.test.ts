import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { toScaled } from '../lines/decimal.ts';
import { applyChange, applyMovement, lineChanges, reverseMovement, stockKey, type MovementPlan, type Stock } from './stock.ts';
import { STOCK_MOVEMENT_TYPES, stockMovementWorkflow, warehouseProblems } from './stock-movements.ts';

const q = (text: string) => toScaled(text);
const stock = (quantity: string, value: number, averageCost = 0): Stock => ({ quantity: q(quantity), value: BigInt(value), averageCost });
const W = { source: 'A', destination: 'B' };
const never = () => false;

describe('a line’s changes', () => {
  it('an add receives at its unit cost and weighs the average by the quantities', () => {
    const before = stock('10', 10 * 1000, 1000); // 10 at 10,00 $
    const [change] = lineChanges('add', { quantity: '30', unitCost: 2000 }, { destination: before });
    expect(change).toEqual({ side: 'destination', quantity: q('30'), value: 60000n });
    // (10 × 10 $ + 30 × 20 $) / 40 = 17,50 $
    expect(applyChange(before, change).averageCost).toBe(1750);
  });

  it('an add without a unit cost receives at the average; decimals are exact', () => {
    const [change] = lineChanges('add', { quantity: '2.5' }, { destination: stock('1', 899, 899) });
    expect(change.value).toBe(2248n); // 2.5 × 8,99 $ = 22,475 $ → 22,48 $
  });

  it('a remove takes out at the average; taking all leaves no value', () => {
    const before = stock('3', 1000, 333);
    expect(lineChanges('remove', { quantity: '1' }, { source: before })[0]).toEqual({ side: 'source', quantity: -q('1'), value: -333n });
    expect(applyChange(before, lineChanges('remove', { quantity: '3' }, { source: before })[0])).toEqual({ quantity: 0n, value: 0n, averageCost: 333 });
  });

  it('a move carries the source’s average to the destination', () => {
    const changes = lineChanges('move', { quantity: '2' }, { source: stock('4', 4000, 1000), destination: stock('0', 0) });
    expect(changes).toEqual([
      { side: 'source', quantity: -q('2'), value: -2000n },
      { side: 'destination', quantity: q('2'), value: 2000n },
    ]);
  });

  it('a correction sets the counted quantity, up or down', () => {
    expect(lineChanges('correct', { quantity: '7' }, { destination: stock('10', 5000, 500) })[0]).toEqual({ side: 'destination', quantity: -q('3'), value: -1500n });
    expect(lineChanges('correct', { quantity: '12', unitCost: 600 }, { destination: stock('10', 5000, 500) })[0]).toEqual({ side: 'destination', quantity: q('2'), value: 1200n });
    expect(lineChanges('correct', { quantity: '0' }, { destination: stock('10', 5001, 500) })[0].value).toBe(-5001n);
  });
});

describe('a movement', () => {
  const plan = (lines: MovementPlan['lines']): MovementPlan => ({ warehouses: W, lines });

  it('is refused at the first line that takes a stock below zero, naming what was there', () => {
    const stocks = new Map([[stockKey('A', 'p'), stock('5', 500, 100)]]);
    const outcome = applyMovement('remove', plan([{ product: 'p', quantity: '3' }, { product: 'p', quantity: '3' }]), stocks, never);
    expect(outcome).toEqual({ ok: false, shortage: { line: 1, warehouse: 'A', product: 'p', available: q('2') } });
  });

  it('goes below zero where the warehouse allows it', () => {
    const outcome = applyMovement('remove', plan([{ product: 'p', quantity: '3' }]), new Map(), () => true);
    expect(outcome.ok && outcome.stocks.get(stockKey('A', 'p'))?.quantity).toBe(-q('3'));
  });

  it('a reversal refused by the same rule: parts received then used cannot be unreceived', () => {
    const received = applyMovement('add', plan([{ product: 'p', quantity: '4', unitCost: 100 }]), new Map(), never);
    if (!received.ok) throw new Error('refused');
    const used = applyMovement('remove', plan([{ product: 'p', quantity: '3' }]), new Map([[stockKey('A', 'p'), received.stocks.get(stockKey('B', 'p'))!]]), never);
    expect(used.ok).toBe(true);
    const after = new Map([[stockKey('B', 'p'), stock('1', 100, 100)]]);
    expect(reverseMovement(plan([{ product: 'p', quantity: '4' }]), received.changes, after, never)).toMatchObject({ ok: false, shortage: { available: q('1') } });
  });

  const stockArb = fc
    .record({ units: fc.integer({ min: 0, max: 5_000_000 }), average: fc.integer({ min: 0, max: 100_000 }) })
    .map(({ units, average }): Stock => {
      const quantity = BigInt(units) * 100n; // two decimals
      const value = (quantity * BigInt(average)) / 10_000n;
      return applyChange({ quantity: 0n, value: 0n, averageCost: average }, { quantity, value });
    });
  const lineArb = fc.record({
    product: fc.constantFrom('p1', 'p2', 'p3'),
    quantity: fc.integer({ min: 1, max: 200_000 }).map((n) => (n / 100).toFixed(2)),
    unitCost: fc.option(fc.integer({ min: 0, max: 200_000 }), { nil: null }),
  });

  it('applying then reversing a movement restores the stock (property)', () => {
    fc.assert(
      fc.property(fc.constantFrom(...STOCK_MOVEMENT_TYPES), fc.array(lineArb, { minLength: 1, maxLength: 6 }), fc.array(stockArb, { minLength: 6, maxLength: 6 }), fc.boolean(), (type, lines, stocks, negative) => {
        const before = new Map(['A', 'B'].flatMap((w, i) => ['p1', 'p2', 'p3'].map((p, j) => [stockKey(w, p), stocks[i * 3 + j]] as const)));
        const p = plan(lines);
        const applied = applyMovement(type, p, before, () => negative);
        if (!applied.ok) return; // refused: nothing changed
        const back = reverseMovement(p, applied.changes, applied.stocks, () => true);
        expect(back.ok).toBe(true);
        // Quantity and value come back exactly; so does the average wherever there is stock (with none, it keeps the last one).
        if (back.ok)
          for (const [key, s] of before) {
            const restored = back.stocks.get(key)!;
            expect({ quantity: restored.quantity, value: restored.value }, key).toEqual({ quantity: s.quantity, value: s.value });
            if (s.quantity > 0n) expect(restored.averageCost, key).toBe(s.averageCost);
          }
      }),
      { numRuns: 300 },
    );
  });

  it('never leaves a stock below zero where the warehouse refuses it (property)', () => {
    fc.assert(
      fc.property(fc.constantFrom(...STOCK_MOVEMENT_TYPES), fc.array(lineArb, { minLength: 1, maxLength: 6 }), stockArb, (type, lines, s) => {
        const before = new Map(['p1', 'p2', 'p3'].flatMap((p) => ['A', 'B'].map((w) => [stockKey(w, p), s] as const)));
        const outcome = applyMovement(type, plan(lines), before, never);
        if (outcome.ok) for (const s2 of outcome.stocks.values()) expect(s2.quantity >= 0n).toBe(true);
      }),
    );
  });
});

describe('its workflow and warehouses', () => {
  it('validates a draft, cancels a draft or a validated movement, and keeps a canceled one', () => {
    expect(stockMovementWorkflow.transition('draft', 'validate')).toBe('validated');
    expect(stockMovementWorkflow.transition('validated', 'cancel')).toBe('canceled');
    expect(stockMovementWorkflow.transition('validated', 'validate')).toBeNull();
    expect(stockMovementWorkflow.isFinal('canceled')).toBe(true);
    expect(stockMovementWorkflow.isEditable('validated')).toBe(false);
  });

  it('needs the warehouses its type works on, two different ones for a move', () => {
    expect(warehouseProblems('add', null, null)).toEqual([{ side: 'destination', problem: 'required' }]);
    expect(warehouseProblems('remove', null, 'B')).toEqual([{ side: 'source', problem: 'required' }]);
    expect(warehouseProblems('move', 'A', 'A')).toEqual([{ side: 'destination', problem: 'same' }]);
    expect(warehouseProblems('correct', null, 'B')).toEqual([]);
  });
});
