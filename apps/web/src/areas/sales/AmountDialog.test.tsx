// @vitest-environment jsdom
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import i18n from '../../i18n/index.ts';
import { shimMantineBrowser } from '../../testing/jsdom.ts';
import { mockApi, renderAt, signedIn, type Call } from '../../testing/mockApi.tsx';
import { DepositInvoiceButton } from './DepositInvoiceButton.tsx';
import { RefundPayment } from './RefundPayment.tsx';

vi.mock('../../app/AppData.tsx', async () => (await import('../../testing/mockApi.tsx')).appDataMock());

// The amounts asked before an action (issue 23): « Rembourser » prefills what is left of the
// payment, takes "," or "." and sends cents once confirmed; a refused refund says why and stays
// open; « Facture d'acompte » on an approved estimate sends an amount or a percentage.

let calls: Call[] = [];
let refused = false;
beforeAll(() => shimMantineBrowser());
beforeEach(async () => {
  await i18n.changeLanguage('fr');
  refused = false;
  signedIn.permissions = new Set(['create sales payments', 'create sales invoices']);
  calls = mockApi((c) => {
    if (c.method === 'POST' && c.url === '/sales-payments/p1/refund')
      return refused
        ? { status: 422, body: { errors: [{ status: '422', code: 'trade.refund_exceeds_paid', title: 'Refusé', detail: 'On ne peut rembourser plus que le paiement moins ce qui en a déjà été remboursé (35,00 $).', source: { pointer: '/data/attributes/amount' } }] } }
        : { status: 201, body: { data: { type: 'sales-payments', id: 'r1', attributes: { amount: -2550 } } } };
    if (c.method === 'POST' && c.url === '/estimations/e1/deposit-invoice') return { status: 201, body: { data: { type: 'sales-invoices', id: 'i9', attributes: { kind: 'deposit' } } } };
    return undefined;
  });
});
afterEach(() => cleanup());

const posted = (url: string) => calls.filter((c) => c.method === 'POST' && c.url === url);

describe('the refund dialog', { timeout: 30_000 }, () => {
  it('prefills what is left of the payment and sends the cents typed with a comma, once confirmed', async () => {
    renderAt('/sales/payments', '/sales/payments', <RefundPayment payment={{ id: 'p1', amount: 6000, amount_refunded: 2500 }} />);
    fireEvent.click(screen.getByTestId('payment-refund'));
    const amount = (await screen.findByTestId('payment-refund-amount')) as HTMLInputElement;
    expect(amount.value).toBe('35,00');
    expect(posted('/sales-payments/p1/refund')).toHaveLength(0);
    fireEvent.change(amount, { target: { value: '25,50' } });
    fireEvent.click(screen.getByTestId('payment-refund-confirm'));
    await waitFor(() => expect(posted('/sales-payments/p1/refund')).toHaveLength(1));
    expect(posted('/sales-payments/p1/refund')[0].body).toEqual({ data: { attributes: { amount: 2550 } } });
    await waitFor(() => expect(screen.queryByTestId('payment-refund-confirm')).toBeNull());
  });

  it('says why the server refused, and is not offered on a refund or a payment given back', async () => {
    refused = true;
    renderAt('/sales/payments', '/sales/payments', <RefundPayment payment={{ id: 'p1', amount: 6000, amount_refunded: 2500 }} />);
    fireEvent.click(screen.getByTestId('payment-refund'));
    fireEvent.change(await screen.findByTestId('payment-refund-amount'), { target: { value: '50' } });
    fireEvent.click(screen.getByTestId('payment-refund-confirm'));
    expect((await screen.findByRole('alert')).textContent).toContain('35,00 $');
    cleanup();
    renderAt('/sales/payments', '/sales/payments', <RefundPayment payment={{ id: 'r1', amount: -2500, amount_refunded: 0 }} />);
    expect(screen.queryByTestId('payment-refund')).toBeNull();
    cleanup();
    renderAt('/sales/payments', '/sales/payments', <RefundPayment payment={{ id: 'p2', amount: 2500, amount_refunded: 2500 }} />);
    expect(screen.queryByTestId('payment-refund')).toBeNull();
  });
});

describe('the deposit dialog', { timeout: 30_000 }, () => {
  it('on an approved estimate with a customer, sends a percentage of the approved work and opens the invoice', async () => {
    renderAt('/estimations/e1', '/estimations/:id', <DepositInvoiceButton estimation={{ id: 'e1', state: 'approved', customer: { id: 'c1' } }} />);
    fireEvent.click(screen.getByTestId('estimation-deposit'));
    fireEvent.click(await screen.findByText('Pourcentage du travail approuvé'));
    fireEvent.change(screen.getByTestId('estimation-deposit-amount'), { target: { value: '30' } });
    fireEvent.click(screen.getByTestId('estimation-deposit-confirm'));
    await waitFor(() => expect(posted('/estimations/e1/deposit-invoice')).toHaveLength(1));
    expect(posted('/estimations/e1/deposit-invoice')[0].body).toEqual({ data: { attributes: { percentage: 30 } } });
    expect(await screen.findByTestId('navigated')).toBeTruthy();
  });

  it('is not offered before the estimate is approved', () => {
    renderAt('/estimations/e1', '/estimations/:id', <DepositInvoiceButton estimation={{ id: 'e1', state: 'completed', customer: { id: 'c1' } }} />);
    expect(screen.queryByTestId('estimation-deposit')).toBeNull();
  });
});
