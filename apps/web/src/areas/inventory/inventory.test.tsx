// @vitest-environment jsdom
import { notify } from '../../app/notify.tsx';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import i18n from '../../i18n/index.ts';
import { shimMantineBrowser } from '../../testing/jsdom.ts';
import { mockApi, renderAt, signedIn, type Call } from '../../testing/mockApi.tsx';
import StockMovementsPage from './StockMovementsPage.tsx';
import WarehouseStockPage from './WarehouseStockPage.tsx';

vi.mock('../../app/AppData.tsx', async () => (await import('../../testing/mockApi.tsx')).appDataMock());
vi.mock('../../app/notify.tsx', () => ({ notify: vi.fn() }));

const MOVEMENT = {
  type: 'stock-movements',
  id: 'm1',
  attributes: { code: 'M-2026-000004', type: 'remove', state: 'draft', available_actions: ['validate', 'cancel'], item_count: 1, total_cost: 0 },
  relationships: { sourceWarehouse: { data: { type: 'warehouses', id: 'w1' } }, items: { data: [{ type: 'stock-movement-items', id: 'i1' }] } },
};
const ROOM = { type: 'warehouses', id: 'w1', attributes: { name: 'Magasin de pièces — Montréal' } };
const PADS = { type: 'products', id: 'p1', attributes: { sku: 'PF-AV-HOCI', name: 'Plaquettes avant' } };

let calls: Call[] = [];
beforeAll(() => shimMantineBrowser());
beforeEach(async () => {
  await i18n.changeLanguage('fr');
  signedIn.permissions = new Set(['view any stock movements', 'view stock movements', 'edit stock movements', 'validate stock movements', 'cancel stock movements', 'view any warehouses', 'view warehouses', 'edit warehouses']);
  calls = mockApi((c) => {
    if (c.method === 'GET' && c.url.startsWith('/stock-movements/list/count')) return { body: { meta: { counts: { draft: 1 } } } };
    if (c.method === 'GET' && c.url.startsWith('/stock-movements/m2')) return { body: { data: { ...MOVEMENT, id: 'm2', attributes: { ...MOVEMENT.attributes, state: 'validated', available_actions: ['cancel'] } }, included: [ROOM] } };
    if (c.method === 'GET' && c.url.startsWith('/stock-movements/m1')) return { body: { data: MOVEMENT, included: [ROOM, PADS, { type: 'stock-movement-items', id: 'i1', attributes: { quantity: '3', unit_cost: null, description: null }, relationships: { product: { data: { type: 'products', id: 'p1' } } } }] } };
    if (c.method === 'GET' && c.url.startsWith('/stock-movements')) return { body: { data: [MOVEMENT], included: [ROOM], meta: { page: { total: 1 } } } };
    if (c.method === 'POST' && c.url === '/stock-movements/m1/validate')
      return { status: 409, body: { errors: [{ status: '409', code: 'stock_movement.insufficient_stock', detail: 'Stock insuffisant de PF-AV-HOCI · Plaquettes avant dans « Magasin de pièces — Montréal » : 1 disponible(s).' }] } };
    if (c.method === 'POST' && c.url === '/stock-movements/m2/cancel') return { body: { data: { ...MOVEMENT, id: 'm2', attributes: { ...MOVEMENT.attributes, state: 'canceled', available_actions: [] } } } };
    if (c.method === 'GET' && c.url.startsWith('/warehouses/w1')) return { body: { data: ROOM } };
    if (c.method === 'GET' && c.url.startsWith('/warehouse-products'))
      return {
        body: {
          data: [
            { type: 'warehouse-products', id: 's1', attributes: { quantity_on_hand: '2.5000', quantity_reserved: '0.0000', quantity_available: '2.5000', minimum: '3.0000', maximum: '12.0000', average_cost: 5450, below_minimum: true }, relationships: { product: { data: { type: 'products', id: 'p1' } } } },
          ],
          included: [PADS],
          meta: { page: { total: 1 } },
        },
      };
    return undefined;
  });
});
afterEach(() => cleanup());

describe('inventory screens', { timeout: 30_000 }, () => {
  it('a warehouse’s stock: quantities as the reader writes them, below the minimum flagged, only those on demand', async () => {
    renderAt('/inventory/warehouses/w1/stock', '/inventory/warehouses/:id/stock', <WarehouseStockPage />);
    expect(await screen.findByText('Stock — Magasin de pièces — Montréal')).toBeTruthy();
    const row = (await screen.findByText('PF-AV-HOCI · Plaquettes avant')).closest('tr')!;
    expect(within(row).getAllByText('2,5')).toHaveLength(2);
    expect(within(row).getByText('Sous le minimum')).toBeTruthy();
    expect(calls.some((c) => c.url.includes('filter%5Bwarehouse%5D=w1') || c.url.includes('filter[warehouse]=w1'))).toBe(true);
    fireEvent.click(screen.getByTestId('only-below'));
    await vi.waitFor(() => expect(calls.some((c) => /below_minimum(%5D|\])=true/.test(c.url))).toBe(true));
  });

  it('a draft movement offers validate; a refusal names the product and what is available', async () => {
    renderAt('/inventory/stock-movements?id=m1&action=view', '/inventory/stock-movements', <StockMovementsPage />);
    fireEvent.click(await screen.findByTestId('movement-actions-validate'));
    expect((await screen.findByTestId('movement-actions-confirm-body')).textContent).toBe('Valider le mouvement M-2026-000004 ? Ses lignes seront appliquées au stock.');
    fireEvent.click(screen.getByTestId('movement-actions-confirm'));
    expect((await screen.findByTestId('movement-actions-refused')).textContent).toContain('1 disponible(s)');
    expect(calls.some((c) => c.method === 'POST' && c.url === '/stock-movements/m1/validate')).toBe(true);
  });

  it('a canceled movement is told as such, not as an undo ("Fait : Annuler.")', async () => {
    renderAt('/inventory/stock-movements?id=m2&action=view', '/inventory/stock-movements', <StockMovementsPage />);
    fireEvent.click(await screen.findByTestId('movement-actions-cancel'));
    fireEvent.click(await screen.findByTestId('movement-actions-confirm'));
    await vi.waitFor(() => expect(vi.mocked(notify)).toHaveBeenCalledWith(expect.objectContaining({ message: 'Mouvement M-2026-000004 annulé.' })));
  });

  it('a draft movement offers Edit; a removal shows its source warehouse, no destination', async () => {
    signedIn.permissions.add('delete stock movements');
    renderAt('/inventory/stock-movements?id=m1&action=view', '/inventory/stock-movements', <StockMovementsPage />);
    expect(await screen.findByTestId('record-edit')).toBeTruthy();
    const record = screen.getByTestId('record-title').closest('section, [role=dialog]') as HTMLElement;
    expect(within(record).getByText('Entrepôt de départ')).toBeTruthy();
    expect(within(record).queryByText("Entrepôt d'arrivée")).toBeNull();
  });

  it('a validated movement offers neither Edit nor Delete, even from an edit URL: only its cancel', async () => {
    signedIn.permissions.add('delete stock movements');
    renderAt('/inventory/stock-movements?id=m2&action=edit', '/inventory/stock-movements', <StockMovementsPage />);
    expect(await screen.findByTestId('movement-actions-cancel', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.queryByTestId('record-edit')).toBeNull();
    expect(screen.queryByTestId('record-delete')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Enregistrer' })).toBeNull();
  });
});
