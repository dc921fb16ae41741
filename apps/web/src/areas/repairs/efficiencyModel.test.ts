import { describe, expect, it } from 'vitest';
import { periodDays } from './efficiencyModel.ts';

describe('technician efficiency periods', () => {
  // Saturday 28 November 2026.
  const today = new Date(2026, 10, 28, 15, 0);
  it('names the days of each period, weeks from Monday, months whole', () => {
    expect(periodDays('this_week', today)).toEqual({ from: '2026-11-23', to: '2026-11-29' });
    expect(periodDays('last_week', today)).toEqual({ from: '2026-11-16', to: '2026-11-22' });
    expect(periodDays('this_month', today)).toEqual({ from: '2026-11-01', to: '2026-11-30' });
    expect(periodDays('last_month', today)).toEqual({ from: '2026-10-01', to: '2026-10-31' });
    // A Sunday belongs to the week that began the Monday before; January's last month is December.
    expect(periodDays('this_week', new Date(2026, 10, 29))).toEqual({ from: '2026-11-23', to: '2026-11-29' });
    expect(periodDays('last_month', new Date(2027, 0, 15))).toEqual({ from: '2026-12-01', to: '2026-12-31' });
  });
});
