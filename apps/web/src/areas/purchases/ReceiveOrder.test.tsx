// @vitest-environment jsdom
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import i18n from '../../i18n/index.ts';
import { shimMantineBrowser } from '../../testing/jsdom.ts';
import { mockApi, renderAt, signedIn, type Call } from '../../testing/mockApi.tsx';
import type { RecordOf } from '@atelier/domain';
import type { Model } from '../../api/jsonapi.ts';
import { ReceiveOrder } from './ReceiveOrder.tsx';

vi.mock('../../app/AppData.tsx', async () => (await import('../../testing/mockApi.tsx')).appDataMock());

// The Receive dialog (issue 22): a draft receipt of the order already waiting is named and opened,
// never doubled; a code typed or scanned counts one more of the line whose part carries it.

const ORDER = {
  id: 'o1',
  type: 'purchases-orders',
  code: 'PO-2026-000007',
  state: 'validated',
  items: [{ id: 'l1', type: 'purchases-order-items', description: 'Plaquettes avant', quantity: '5.0000', quantity_delivered: '0.0000', product: { id: 'p1', sku: 'PLAQ-AV', barcode: '0123456789012' } }],
} as unknown as RecordOf<'purchases-orders'> & Model;

let calls: Call[] = [];
let drafts: unknown[] = [];
beforeAll(() => shimMantineBrowser());
beforeEach(async () => {
  await i18n.changeLanguage('fr');
  signedIn.permissions = new Set(['view any purchases deliveries', 'view purchases deliveries', 'create purchases deliveries']);
  calls = mockApi((c) => {
    if (c.method === 'GET' && c.url.startsWith('/purchases-deliveries')) return { body: { data: drafts, meta: { page: { total: drafts.length } } } };
    return undefined;
  });
});
afterEach(() => cleanup());

describe('the Receive dialog', { timeout: 30_000 }, () => {
  it('names the draft receipt already waiting for the order and opens it, without making a second', async () => {
    drafts = [{ type: 'purchases-deliveries', id: 'd1', attributes: { code: 'PR-2026-000003' } }];
    renderAt('/purchases/orders', '/purchases/orders', <ReceiveOrder order={ORDER} />);
    fireEvent.click(await screen.findByTestId('order-receive'));
    const notice = await screen.findByTestId('receive-draft-exists');
    expect(notice.textContent).toContain('La réception PR-2026-000003 de cette commande est déjà en brouillon');
    expect(calls.some((c) => decodeURIComponent(c.url).includes('filter[purchasesOrder]=o1') && decodeURIComponent(c.url).includes('filter[state]=draft'))).toBe(true);
    expect((screen.getByTestId('receive-draft') as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByTestId('receive-validate') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByTestId('receive-open-draft'));
    expect(await screen.findByTestId('navigated')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('without a draft, counts a scanned code on its line and may receive', async () => {
    drafts = [];
    renderAt('/purchases/orders', '/purchases/orders', <ReceiveOrder order={ORDER} />);
    fireEvent.click(await screen.findByTestId('order-receive'));
    const scan = await screen.findByTestId('receive-scan');
    fireEvent.change(scan, { target: { value: '0123456789012' } });
    fireEvent.keyDown(scan, { key: 'Enter' });
    expect((screen.getByTestId('receive-0') as HTMLInputElement).value).toBe('1');
    expect(screen.queryByTestId('receive-draft-exists')).toBeNull();
    expect((screen.getByTestId('receive-validate') as HTMLButtonElement).disabled).toBe(false);
  });
});
