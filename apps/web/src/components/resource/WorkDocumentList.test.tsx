// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, waitFor } from '@testing-library/react';
import i18n from '../../i18n/index.ts';
import { shimMantineBrowser } from '../../testing/jsdom.ts';
import { mockApi, renderAt } from '../../testing/mockApi.tsx';
import SalesInvoicesPage from '../../areas/sales/SalesInvoicesPage.tsx';
import PurchasesOrdersPage from '../../areas/purchases/PurchasesOrdersPage.tsx';
import PurchasesDeliveriesPage from '../../areas/purchases/PurchasesDeliveriesPage.tsx';
import SalesOrdersPage from '../../areas/sales/SalesOrdersPage.tsx';
import SalesDeliveriesPage from '../../areas/sales/SalesDeliveriesPage.tsx';
import StockMovementsPage from '../../areas/inventory/StockMovementsPage.tsx';

// A document list's filter by a related record searches the relationship's declared type: a sales
// invoice's recipient is a customer (it asked /recipients, a 404, and the filter stayed empty).
// Each page also renders without error (a name no relationship declares broke a whole page).

const PERMISSIONS = new Set(['view app sales', 'view any sales invoices', 'view any sales orders', 'view any sales deliveries', 'view app purchases', 'view any purchases orders', 'view any purchases deliveries', 'view any customers', 'view any suppliers', 'view app inventory', 'view any stock movements', 'view any warehouses']);
vi.mock('../../app/AppData.tsx', () => ({
  useMe: () => ({ me: { id: 'u-me', firstname: 'Marie', organization: { id: 'org' } }, permissions: PERMISSIONS, can: (p?: string) => !p || PERMISSIONS.has(p) }),
  useAppConfig: () => ({ organization_types: [] }),
}));

beforeAll(() => shimMantineBrowser());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe.each([
  ['sales invoices', '/sales/invoices', SalesInvoicesPage, '/customers?'],
  ['purchase orders', '/purchases/orders', PurchasesOrdersPage, '/suppliers?'],
  // Orders and deliveries: one screen each for both sides (areas/trade), named by the side.
  ['sales orders', '/sales/orders', SalesOrdersPage, '/customers?'],
  ['purchase deliveries', '/purchases/deliveries', PurchasesDeliveriesPage, '/suppliers?'],
  ['sales deliveries', '/sales/deliveries', SalesDeliveriesPage, '/customers?'],
  // A filter that is no one relationship (its source or its destination) names its type.
  ['stock movements', '/inventory/stock-movements', StockMovementsPage, '/warehouses?'],
])('the %s list', (_name, path, Page, related) => {
  it.each(['fr', 'en'] as const)('filters by the related record from its declared type (%s)', async (locale) => {
    await i18n.changeLanguage(locale);
    const calls = mockApi(() => undefined);
    renderAt(path, path, <Page />);
    await waitFor(() => expect(calls.some((c) => c.url.startsWith(related))).toBe(true));
    expect(calls.filter((c) => c.url.startsWith('/recipients'))).toEqual([]);
  });
});
