import { describe, expect, it } from 'vitest';
import { dueBalances } from './balances.ts';

describe('dueBalances', () => {
  it('adds up the balances of each organization’s invoices', () => {
    const owed = dueBalances([
      { organization: 'a', balance: 1000 },
      { organization: 'b', balance: 250 },
      { organization: 'a', balance: 99 },
    ]);
    expect([...owed]).toEqual([
      ['a', 1099],
      ['b', 250],
    ]);
  });
});
