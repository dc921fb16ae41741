import { describe, expect, it } from 'vitest';
import { describeTransitions } from '../workflow/table-test.ts';
import { isBrandColor, overUserLimit, periodEnd, renewedPeriod, resellerInvoiceWorkflow, subscriptionState, subscriptionWorkflow } from './billing.ts';

const at = (iso: string) => new Date(iso);

describe('periodEnd', () => {
  it.each([
    ['2026-01-15T10:00:00Z', 'monthly', '2026-02-15T10:00:00.000Z'],
    ['2026-01-31T00:00:00Z', 'monthly', '2026-02-28T00:00:00.000Z'],
    ['2028-01-31T00:00:00Z', 'monthly', '2028-02-29T00:00:00.000Z'],
    ['2026-12-10T00:00:00Z', 'monthly', '2027-01-10T00:00:00.000Z'],
    ['2028-02-29T00:00:00Z', 'yearly', '2029-02-28T00:00:00.000Z'],
    ['2026-03-01T00:00:00Z', 'yearly', '2027-03-01T00:00:00.000Z'],
  ] as const)('%s + %s = %s', (start, frequency, end) => {
    expect(periodEnd(at(start), frequency).toISOString()).toBe(end);
  });
});

describe('subscriptionState', () => {
  const end = at('2026-06-30T00:00:00Z');
  it.each([
    ['2026-06-01T00:00:00Z', 'active'],
    ['2026-06-23T00:00:00Z', 'renewable'],
    ['2026-06-29T23:59:59Z', 'renewable'],
    ['2026-06-30T00:00:00Z', 'expired'],
    ['2027-01-01T00:00:00Z', 'expired'],
  ] as const)('at %s it is %s', (now, state) => expect(subscriptionState(end, at(now))).toBe(state));
});

describe('renewedPeriod', () => {
  it('extends a running subscription from its end', () => {
    const p = renewedPeriod({ start: at('2026-05-01T00:00:00Z'), end: at('2026-06-01T00:00:00Z') }, 'monthly', at('2026-05-28T00:00:00Z'));
    expect([p.start.toISOString(), p.end.toISOString()]).toEqual(['2026-06-01T00:00:00.000Z', '2026-07-01T00:00:00.000Z']);
  });
  it('restarts an expired one from now, not billing the months without it', () => {
    const p = renewedPeriod({ start: at('2026-01-01T00:00:00Z'), end: at('2026-02-01T00:00:00Z') }, 'yearly', at('2026-05-10T00:00:00Z'));
    expect([p.start.toISOString(), p.end.toISOString()]).toEqual(['2026-05-10T00:00:00.000Z', '2027-05-10T00:00:00.000Z']);
  });
});

describe('isBrandColor', () => {
  it.each([
    ['#1c7ed6', true],
    ['#C2255C', true],
    ['1c7ed6', false],
    ['#1c7ed', false],
    ['#1c7ed6;', false],
    ['red', false],
  ])('%s: %s', (value, ok) => expect(isBrandColor(value)).toBe(ok));
});

describe('overUserLimit', () => {
  it.each([
    [2, 3, false],
    [3, 3, true],
    [4, 3, true],
    [500, null, false],
  ] as const)('%s active users, limit %s: one more is over: %s', (n, max, over) => expect(overUserLimit(n, max)).toBe(over));
});

describeTransitions('subscription', subscriptionWorkflow, { active: ['active'], renewable: ['active'], expired: ['active'] });
describeTransitions('reseller invoice', resellerInvoiceWorkflow, {
  draft: ['validated', 'canceled'],
  validated: [null, 'canceled'],
  canceled: [null, null],
});
