import { describe, expect, it } from 'vitest';
import { figureLinks, periodInstants } from './figuresModel.ts';

describe('the lists behind the service figures', () => {
  it('covers the local days from the first midnight to the last millisecond', () => {
    const at = periodInstants({ from: '2026-03-02', to: '2026-03-08' });
    expect(new Date(at.from).getTime()).toBe(new Date(2026, 2, 2).getTime());
    expect(new Date(at.to).getTime()).toBe(new Date(2026, 2, 9).getTime() - 1);
  });

  it('opens the finished repairs, their comebacks and the estimates decided or declined in the period', () => {
    const links = figureLinks({ from: '2026-03-02', to: '2026-03-08' });
    const filters = (href: string) => Object.fromEntries(new URLSearchParams(href.split('?')[1]));
    expect(links.repairs.split('?')[0]).toBe('/inspecpro/repairs');
    expect(filters(links.repairs)).toMatchObject({ 'filter[state]': 'completed,validated', 'filter[completed_from]': periodInstants({ from: '2026-03-02', to: '2026-03-08' }).from });
    expect(filters(links.comebacks)['filter[comeback]']).toBe('true');
    expect(links.decided.split('?')[0]).toBe('/inspecpro/estimates');
    expect(Object.keys(filters(links.declined))).toEqual(['filter[declined_from]', 'filter[declined_to]']);
  });
});
