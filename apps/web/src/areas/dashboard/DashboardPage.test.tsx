// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import i18n from '../../i18n/index.ts';
import { screenTests } from '../../testing/jsdom.ts';
import { mockApi, renderAt, type Call } from '../../testing/mockApi.tsx';
import { periodDays } from '../repairs/efficiencyModel.ts';
import DashboardPage from './DashboardPage.tsx';

const PERMISSIONS = new Set(['view any requests', 'view any inspections', 'view any estimations', 'view any repairs']);
vi.mock('../../app/AppData.tsx', () => ({
  useMe: () => ({ me: { id: 'u-me', firstname: 'Marie', organization: { id: 'org' } }, permissions: PERMISSIONS, can: (p?: string) => !p || PERMISSIONS.has(p) }),
  useAppConfig: () => ({ organization_types: [], list_counts: ['requests', 'inspections', 'estimations', 'repairs'] }),
}));

const COUNTS: Record<string, Record<string, number>> = {
  inspections: { assigned: 3, repairing: 1 },
  estimations: { completed: 2, reviewed: 1 },
  repairs: { approved: 4 },
  requests: { draft: 5 },
};

const SALES_FIGURES = {
  month: { from: '2026-11-01', to: '2026-12-01' },
  invoiced: 10500,
  paid: 10500,
  outstanding: 0,
  invoice_count: 1,
  overdue: { count: 0, balance: 0, invoices: [] },
  average_repair_order: { amount: 10000, repairs: 1 },
  approval: null,
};

const SERVICE_FIGURES = {
  from: '2026-11-23',
  to: '2026-11-29',
  time_zone: 'America/Toronto',
  step: 'day',
  figures: {
    repair_orders: 3,
    average_repair_order: 25000,
    hours_per_repair_order: 1.5,
    approval: { rate: 75, approved: 7500, proposed: 10000 },
    declined: { count: 1, amount: 2500, returned_count: 0, returned_amount: 0, returned_rate: 0 },
    parts: { revenue: 20000, cost: 12000, margin: 8000, rate: 40, uncosted: 0 },
    labour: null,
    comebacks: { count: 1, rate: 33.3 },
  },
  series: [],
};

screenTests();

let calls: Call[] = [];
async function renderDashboard(locale: 'fr' | 'en', service: unknown = SERVICE_FIGURES) {
  await i18n.changeLanguage(locale);
  calls = mockApi((call) => {
    if (call.url.startsWith('/sales/figures')) return { body: { jsonapi: { version: '1.1' }, meta: SALES_FIGURES } };
    if (call.url.startsWith('/repairs/figures')) return { body: { jsonapi: { version: '1.1' }, meta: service } };
    const m = /^\/(\w+)\/list\/count/.exec(call.url);
    return m ? { body: { meta: { counts: COUNTS[m[1]!] ?? {} } } } : undefined;
  });
  renderAt('/dashboard', '/dashboard', <DashboardPage />);
}

describe('the dashboard work cards', () => {
  it('names each state as its own list does and opens that list filtered on it (fr)', async () => {
    await renderDashboard('fr');
    const card = screen.getByTestId('dashboard-estimations');
    const toApprove = await within(card).findByRole('link', { name: /À approuver\s*2/ });
    expect(toApprove.getAttribute('href')).toBe('/inspecpro/estimates?filter%5Bstate%5D=completed');
    expect(within(card).getByRole('link', { name: /À réviser\s*1/ }).getAttribute('href')).toBe('/inspecpro/estimates?filter%5Bstate%5D=reviewed');
    expect(within(card).getByRole('link', { name: 'Estimations' }).getAttribute('href')).toBe('/inspecpro/estimates');
    const inspections = screen.getByTestId('dashboard-inspections');
    expect((await within(inspections).findByRole('link', { name: /En réparation\s*1/ })).getAttribute('href')).toBe('/inspecpro/inspections?filter%5Bstate%5D=repairing');
    const repairs = screen.getByTestId('dashboard-repairs');
    expect((await within(repairs).findByRole('link', { name: /Approuvée, à assigner\s*4/ })).getAttribute('href')).toBe('/inspecpro/repairs?filter%5Bstate%5D=approved');
    const requests = screen.getByTestId('dashboard-requests');
    expect((await within(requests).findByRole('link', { name: /Brouillon\s*5/ })).getAttribute('href')).toBe('/vehicles/requests?filter%5Bstate%5D=draft');
    // This week's service figures, each opening the records it counts.
    const comebacks = await screen.findByTestId('figure-comebacks');
    // French writes the sign after a non-breaking space (it never wraps away from its number).
    expect(comebacks.textContent).toContain('33,3\u00a0%');
    expect(decodeURIComponent(comebacks.getAttribute('href')!)).toMatch(/^\/inspecpro\/repairs\?.*filter\[comeback\]=true/);
    expect(screen.getByTestId('figure-labour-margin').textContent).toContain('coût horaire');
  });

  it('speaks English too', async () => {
    await renderDashboard('en');
    const card = screen.getByTestId('dashboard-estimations');
    expect((await within(card).findByRole('link', { name: /To approve\s*2/ })).getAttribute('href')).toBe('/inspecpro/estimates?filter%5Bstate%5D=completed');
    expect(within(screen.getByTestId('dashboard-inspections')).getByRole('link', { name: /To do\s*3/ })).toBeTruthy();
    // English says "Estimates", as its menu does (issue 20, point 23).
    expect(within(card).getByRole('link', { name: 'Estimates' })).toBeTruthy();
  });
});

describe('the dashboard sales figures', () => {
  it('shows this month’s sales figures only to whoever may list invoices', async () => {
    await renderDashboard('fr');
    await screen.findByTestId('dashboard-estimations');
    expect(screen.queryByTestId('sales-figures')).toBeNull();
    cleanup();
    PERMISSIONS.add('view any sales invoices');
    try {
      await renderDashboard('fr');
      expect((await screen.findByTestId('sales-invoiced-value')).textContent?.replace(/\s/g, ' ')).toBe('105,00 $');
      expect(screen.getByTestId('sales-invoiced').getAttribute('href')).toBe('/sales/invoices');
      // The overdue list is the sales home's.
      expect(screen.queryByTestId('sales-overdue')).toBeNull();
    } finally {
      PERMISSIONS.delete('view any sales invoices');
    }
  });
});

describe('the dashboard service figures', () => {
  it('switches to another period, asks the server for its days, and keeps the choice on this device', async () => {
    localStorage.clear();
    await renderDashboard('fr');
    await screen.findByTestId('figure-comebacks');
    const week = periodDays('this_week');
    expect(calls.some((c) => c.url.startsWith(`/repairs/figures?from=${week.from}&to=${week.to}`))).toBe(true);
    fireEvent.click(within(screen.getByTestId('dashboard-figures-period')).getByText('Mois dernier'));
    const month = periodDays('last_month');
    await waitFor(() => expect(calls.some((c) => c.url.startsWith(`/repairs/figures?from=${month.from}&to=${month.to}`))).toBe(true));
    // The figures' links open the records of that period.
    const from = decodeURIComponent((await screen.findByTestId('figure-comebacks')).getAttribute('href')!);
    expect(from).toContain(`filter[completed_from]=${new Date(`${month.from}T00:00:00`).toISOString()}`);
    cleanup();
    await renderDashboard('en');
    await screen.findByTestId('figure-comebacks');
    expect(within(screen.getByTestId('dashboard-figures-period')).getByText('Last month').closest('label')?.getAttribute('data-active')).toBe('true');
  });
});

describe('the parts margin', () => {
  it('shows the margin of the parts of known cost, and no margin at all when none has a cost (not 0 $)', async () => {
    await renderDashboard('fr');
    const known = await screen.findByTestId('figure-parts-margin');
    expect(known.textContent).toContain('80,00\u00a0$');
    expect(known.textContent).toContain('40,0\u00a0%');
    cleanup();
    const uncosted = { ...SERVICE_FIGURES, figures: { ...SERVICE_FIGURES.figures, parts: { revenue: 0, cost: 0, margin: 0, rate: null, uncosted: 20950 } } };
    await renderDashboard('fr', uncosted);
    const none = await screen.findByTestId('figure-parts-margin');
    expect(none.textContent).not.toContain('0,00\u00a0$');
    expect(none.textContent).toContain('Aucune pièce au coût connu (209,50\u00a0$ de pièces vendues)');
    cleanup();
    await renderDashboard('en', uncosted);
    expect((await screen.findByTestId('figure-parts-margin')).textContent).toContain('No part with a known cost ($209.50 of parts sold)');
  });
});
