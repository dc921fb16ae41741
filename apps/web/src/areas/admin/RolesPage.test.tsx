// @vitest-environment jsdom
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import i18n from '../../i18n/index.ts';
import { shimMantineBrowser } from '../../testing/jsdom.ts';
import { mockApi, renderAt, signedIn, type Call } from '../../testing/mockApi.tsx';
import RolesPage from './RolesPage.tsx';

vi.mock('../../app/AppData.tsx', async () => (await import('../../testing/mockApi.tsx')).appDataMock());

// The roles form's maximum discount (issue 27): typed with "," or ".", sent as a number.

const ROLE = { type: 'roles', id: 'r1', attributes: { name: 'Conseiller', description: null, key: null, users_count: 2, max_discount_percent: '10.0000', created_at: '2026-11-01T10:00:00Z' }, relationships: { permissions: { data: [] }, organization: { data: null } } };
let calls: Call[] = [];

beforeAll(() => shimMantineBrowser());
beforeEach(() => {
  signedIn.permissions = new Set(['view any roles', 'view roles', 'edit roles']);
  calls = mockApi((c) => {
    if (c.method === 'GET' && c.url.startsWith('/roles/r1')) return { body: { data: ROLE, included: [] } };
    if (c.method === 'GET' && c.url.startsWith('/roles')) return { body: { data: [ROLE], meta: { page: { total: 1 } } } };
    if (c.method === 'GET' && c.url.startsWith('/permissions')) return { body: { data: [], meta: { page: { total: 0 } } } };
    if (c.method === 'PATCH') return { body: { data: ROLE, included: [] } };
    return undefined;
  });
});
afterEach(cleanup);

describe('a role’s maximum discount', () => {
  it.each([
    ['fr', 'Remise maximale (%)', '12,5', 'Enregistrer'],
    ['en', 'Maximum discount (%)', '12.5', 'Save'],
  ])('in %s, is edited in the roles form and sent as a number', async (lang, label, typed, save) => {
    await i18n.changeLanguage(lang);
    renderAt('/admin/roles?id=r1&action=edit', '/admin/roles', <RolesPage />);
    const input = (await screen.findByLabelText(label)) as HTMLInputElement;
    await waitFor(() => expect(input.value).toBe('10'));
    fireEvent.change(input, { target: { value: typed } });
    fireEvent.click(screen.getByRole('button', { name: save }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PATCH')).toBe(true));
    const body = calls.find((c) => c.method === 'PATCH')!.body as { data: { attributes: Record<string, unknown> } };
    expect(body.data.attributes.max_discount_percent).toBe(12.5);
  });
});
