// @vitest-environment jsdom
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import i18n from '../../i18n/index.ts';
import { shimMantineBrowser } from '../../testing/jsdom.ts';
import { mockApi, renderAt, signedIn, type Call } from '../../testing/mockApi.tsx';
import ResellerHome from './ResellerHome.tsx';

vi.mock('../../app/AppData.tsx', async () => (await import('../../testing/mockApi.tsx')).appDataMock());

const org = (id: string, name: string) => ({ type: 'organizations', id, attributes: { name }, relationships: { package: { data: { type: 'packages', id: 'p1' } } } });
const PLAN = { type: 'packages', id: 'p1', attributes: { name: 'Atelier Trio', maximum_users: 3 } };

let calls: Call[] = [];
beforeAll(() => shimMantineBrowser());
beforeEach(async () => {
  await i18n.changeLanguage('fr');
  signedIn.permissions = new Set(['view any organizations', 'view organizations']);
  calls = mockApi((c) =>
    c.method === 'GET' && c.url.startsWith('/organizations')
      ? {
          body: {
            data: [org('o1', 'Garage Démo'), org('o2', 'Autos Rivière')],
            included: [PLAN],
            meta: { page: { total: 2 }, usage: { o1: { active_users: 3, balance: 17_131 }, o2: { active_users: 1, balance: 0 } } },
          },
        }
      : undefined,
  );
});
afterEach(() => cleanup());

describe('the reseller’s home', { timeout: 30_000 }, () => {
  it('shows each organization’s users of its maximum and what it owes from one request, however many organizations', async () => {
    renderAt('/reseller', '/reseller', <ResellerHome />);
    const row = await screen.findByTestId('reseller-organization-o1');
    expect(within(row).getByText('3 / 3')).toBeTruthy();
    expect(within(row).getByText(/171,31/)).toBeTruthy();
    expect(within(screen.getByTestId('reseller-organization-o2')).getByText('1 / 3')).toBeTruthy();
    expect(calls.filter((c) => c.url.startsWith('/organizations'))).toHaveLength(1);
    expect(calls[0].url).toContain('add_data=usage');
    expect(calls.some((c) => c.url.startsWith('/users'))).toBe(false);
  });
});
