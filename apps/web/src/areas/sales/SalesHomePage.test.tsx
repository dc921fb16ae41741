// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import i18n from '../../i18n/index.ts';
import { hrefOf } from '../../app/resources.ts';
import { screenTests } from '../../testing/jsdom.ts';
import { mockApi, renderAt } from '../../testing/mockApi.tsx';
import SalesHomePage from './SalesHomePage.tsx';
import type { SalesFigures } from './SalesFigures.tsx';

// The sales home (issue 23 "Reports"): this month's figures from GET /sales/figures, in the
// reader's language, each opening its list; the overdue invoices each open the invoice; the
// approval rate only when the server gives it (the user may list estimates).

const PERMISSIONS = new Set(['view app sales', 'view any sales invoices', 'view any sales orders']);
vi.mock('../../app/AppData.tsx', () => ({
  useMe: () => ({ me: { id: 'u-me', firstname: 'Marie', organization: { id: 'org' } }, permissions: PERMISSIONS, can: (p?: string) => !p || PERMISSIONS.has(p) }),
  useAppConfig: () => ({ organization_types: [] }),
}));

const FIGURES: SalesFigures = {
  month: { from: '2026-11-01', to: '2026-12-01' },
  invoiced: 68251,
  paid: 12500,
  outstanding: 55751,
  invoice_count: 4,
  overdue: { count: 1, balance: 6350, invoices: [{ id: '7d1f2c1e-1c57-4b43-9e0f-2f4a0c6b5a11', code: 'INV-2026-000007', due_on: '2026-10-15', balance: 6350, customer: 'Léa Roy' }] },
  average_repair_order: { amount: 25001, repairs: 2 },
  approval: { rate: 75, approved: 30000, proposed: 40000 },
};

screenTests();

async function renderHome(locale: 'fr' | 'en', figures: SalesFigures = FIGURES) {
  await i18n.changeLanguage(locale);
  const calls: string[] = [];
  mockApi((call) => {
    calls.push(call.url);
    return call.url.startsWith('/sales/figures') ? { body: { jsonapi: { version: '1.1' }, meta: figures } } : undefined;
  });
  renderAt('/sales', '/sales', <SalesHomePage />);
  return calls;
}

const textOf = (id: string) => (screen.getByTestId(`${id}-value`).textContent ?? '').replace(/\s/g, ' ');

describe('the sales home', () => {
  it('shows this month’s figures in French, taxes included, and the overdue invoices opening the invoice', async () => {
    const calls = await renderHome('fr');
    await screen.findByTestId('sales-invoiced');
    expect(calls.filter((u) => u.startsWith('/sales/figures'))).toHaveLength(1);
    expect(textOf('sales-invoiced')).toBe('682,51 $');
    expect(textOf('sales-paid')).toBe('125,00 $');
    expect(textOf('sales-outstanding')).toBe('557,51 $');
    expect(textOf('sales-average-repair')).toBe('250,01 $');
    expect(textOf('sales-approval-rate')).toBe('75,0 %');
    expect(screen.getByText('Factures validées émises ce mois, taxes comprises')).toBeTruthy();
    expect(screen.getByTestId('sales-approval-rate').getAttribute('href')).toBe('/inspecpro/estimates');
    const overdue = screen.getByTestId('sales-overdue');
    expect(within(overdue).getByRole('link', { name: 'INV-2026-000007' }).getAttribute('href')).toBe(hrefOf('sales-invoices')('7d1f2c1e-1c57-4b43-9e0f-2f4a0c6b5a11'));
    expect(within(overdue).getByText('Léa Roy')).toBeTruthy();
    expect(within(overdue).getByText('63,50 $')).toBeTruthy();
    expect(within(overdue).getByText('15 oct. 2026')).toBeTruthy();
  });

  it('speaks English, and leaves the approval rate out when the server does not give it', async () => {
    await renderHome('en', { ...FIGURES, approval: null, overdue: { count: 0, balance: 0, invoices: [] }, average_repair_order: { amount: null, repairs: 0 } });
    await screen.findByTestId('sales-invoiced');
    expect(textOf('sales-invoiced')).toBe('$682.51');
    expect(screen.getByText('Invoiced')).toBeTruthy();
    expect(textOf('sales-average-repair')).toBe('—');
    expect(screen.queryByTestId('sales-approval-rate')).toBeNull();
    expect(within(screen.getByTestId('sales-overdue')).getByText('No overdue invoice.')).toBeTruthy();
  });
});
