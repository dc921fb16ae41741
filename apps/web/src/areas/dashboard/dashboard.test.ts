import { describe, expect, it } from 'vitest';
import { visibleWork } from './DashboardPage.tsx';

describe('dashboard work cards', () => {
  const everything = () => true;
  it('shows no card for a type the server does not count, whatever the permissions', () => {
    expect(visibleWork(['requests'], everything)).toEqual([]);
    expect(visibleWork(undefined, everything)).toEqual([]);
  });
  it('shows a card once the server counts the type, to whoever may list it', () => {
    expect(visibleWork(['requests', 'inspections'], everything).map((w) => w.type)).toEqual(['inspections']);
    expect(visibleWork(['inspections', 'repairs'], (p) => p === 'view any repairs').map((w) => w.type)).toEqual(['repairs']);
  });
});
