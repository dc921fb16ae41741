// @vitest-environment jsdom
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import i18n from '../../i18n/index.ts';
import { shimMantineBrowser } from '../../testing/jsdom.ts';
import { mockApi, renderAt, signedIn } from '../../testing/mockApi.tsx';
import OrganizationsPage, { resellerHref } from './OrganizationsPage.tsx';

vi.mock('../../app/AppData.tsx', async () => (await import('../../testing/mockApi.tsx')).appDataMock());

const LIST = {
  data: [
    { type: 'organizations', id: 'o1', attributes: { name: 'Garage Démo', phone: null, created_at: '2026-11-01T10:00:00.000Z' }, relationships: { reseller: { data: { type: 'resellers', id: 'r1' } }, owner: { data: null } } },
    { type: 'organizations', id: 'o2', attributes: { name: 'Autos Rivière', phone: null, created_at: '2026-11-02T10:00:00.000Z' }, relationships: { reseller: { data: null }, owner: { data: null } } },
  ],
  included: [{ type: 'resellers', id: 'r1', attributes: { name: 'Réseau Démo' } }],
  meta: { page: { total: 2, number: 1, size: 10, last: 1 } },
};

beforeAll(() => shimMantineBrowser());
beforeEach(async () => {
  await i18n.changeLanguage('fr');
  mockApi((c) => (c.method === 'GET' && c.url.startsWith('/organizations') ? { body: LIST } : undefined));
});
afterEach(cleanup);

describe('the organizations list’s reseller (platform §6)', () => {
  it('is a link to the reseller for who may read resellers', async () => {
    signedIn.permissions = new Set(['view any organizations', 'view organizations', 'view any resellers']);
    renderAt('/admin/organizations', '/admin/organizations', <OrganizationsPage />);
    const link = await screen.findByRole('link', { name: 'Réseau Démo' });
    expect(link.getAttribute('href')).toBe(resellerHref('r1'));
    expect(resellerHref('r1')).toBe('/admin/resellers?id=r1&action=view');
  });

  it('is plain text for who may not', async () => {
    signedIn.permissions = new Set(['view any organizations', 'view organizations']);
    renderAt('/admin/organizations', '/admin/organizations', <OrganizationsPage />);
    expect(await screen.findByText('Réseau Démo')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Réseau Démo' })).toBeNull();
  });
});
