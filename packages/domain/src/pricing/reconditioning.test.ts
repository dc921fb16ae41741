import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeOffer } from './offer.ts';
import { NO_RECONDITIONING, reconditioningDollars, reconditioningOfEstimate, reconditioningOfJobs, saleComparison } from './reconditioning.ts';

const base = { retail: 20_000, condition: 'good' as const, accident: false, rebuilt: false, aggressionPercent: 0, desiredProfit: 1000, damageCost: 0 };

describe('reconditioning from an inspection', () => {
  it('takes the estimate items as they are, leaving the free ones out', () => {
    expect(reconditioningOfEstimate([{ label: 'Plaquettes avant', cents: 34_490 }, { label: 'Inspection', cents: 0 }, { label: 'Pneus', cents: 80_000 }])).toEqual({
      origin: 'inspection_estimate',
      cents: 114_490,
      lines: [{ label: 'Plaquettes avant', cents: 34_490 }, { label: 'Pneus', cents: 80_000 }],
    });
  });

  it('prices each canned job by its parts and labour, before taxes and whatever the warranty', () => {
    const brakes = { name: 'Freins avant', lines: [{ quantity: '2', unit_price: 4500, time: '1.5', hourly_rate: 12_000 }, { quantity: '1', unit_price: null, time: null, hourly_rate: null, manual_labour: 2000 }] };
    const wipers = { name: 'Essuie-glaces', lines: [{ quantity: '1', unit_price: 2999, time: null, hourly_rate: null, taxes: [{ code: 'TPS', rate: '5', type: 'percentage' }], warranty: true }] };
    expect(reconditioningOfJobs([brakes, wipers])).toEqual({
      origin: 'canned_jobs',
      cents: 9000 + 18_000 + 2000 + 2999,
      lines: [{ label: 'Freins avant', cents: 29_000 }, { label: 'Essuie-glaces', cents: 2999 }],
    });
  });

  it('is none when nothing costs anything', () => {
    expect(reconditioningOfEstimate([])).toBe(NO_RECONDITIONING);
    expect(reconditioningOfJobs([{ name: 'Vérification', lines: [{ quantity: '1', unit_price: null, time: null, hourly_rate: null }] }])).toBe(NO_RECONDITIONING);
  });

  it('is one offer step per line, after the damage cost', () => {
    const reconditioning = reconditioningDollars(reconditioningOfEstimate([{ label: 'Plaquettes', cents: 34_490 }, { label: 'Pneus', cents: 80_050 }]));
    const offer = computeOffer({ ...base, damageCost: 500, reconditioning });
    expect(offer.steps.map((s) => [s.code, s.amount, s.total, s.label])).toEqual([
      ['market_retail', 20_000, 20_000, undefined],
      ['desired_profit', -1000, 19_000, undefined],
      ['damage_cost', -500, 18_500, undefined],
      ['reconditioning', -345, 18_155, 'Plaquettes'],
      ['reconditioning', -801, 17_354, 'Pneus'],
      ['offer', 17_354, 17_354, undefined],
    ]);
  });

  it('never offers below zero, and the steps always add up to the offer before that floor', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 200_000 }), fc.array(fc.integer({ min: 0, max: 5_000_000 }), { maxLength: 8 }), (retail, cents) => {
        const reconditioning = reconditioningDollars(reconditioningOfEstimate(cents.map((c, i) => ({ label: `l${i}`, cents: c }))));
        const offer = computeOffer({ ...base, retail, reconditioning });
        const before = offer.steps.slice(0, -1).reduce((s, step, i) => (i === 0 ? step.amount : s + step.amount), 0);
        expect(offer.offer).toBe(Math.max(0, before));
        expect(offer.steps.filter((s) => s.code === 'reconditioning')).toHaveLength(reconditioning.filter((l) => l.amount !== 0).length);
      }),
    );
  });
});

describe('an appraisal against the sale', () => {
  it('says how much more (or less) the vehicle sold for than it was offered', () => {
    expect(saleComparison(17_354, 2_249_900)).toEqual({ sale: 22_499, difference: 5145 });
    expect(saleComparison(17_354, 1_500_000)).toEqual({ sale: 15_000, difference: -2354 });
  });
});
