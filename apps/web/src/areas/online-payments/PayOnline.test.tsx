// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import i18n from '../../i18n/index.ts';
import { screenTests } from '../../testing/jsdom.ts';
import { mockApi, renderAt, type Call, type Reply } from '../../testing/mockApi.tsx';
import { PayOnline, type PayOnlineProps } from './PayOnline.tsx';

// « Payer en ligne » on a public page: a button per provider offered, in the customer's language
// (not the page's), the provider's page opened; nothing when no provider is offered.

const JSON_TYPE = 'application/json';
let calls: Call[];
let providers: string[];
let checkout: Reply;
const went: string[] = [];

const show = (props: Partial<PayOnlineProps> = {}) =>
  renderAt('/pay/tok', '/pay/:token', <PayOnline type="sales-invoices" token="tok" amountDue={12345} locale="fr" go={(url) => went.push(url)} {...props} />);

screenTests();
beforeEach(async () => {
  await i18n.changeLanguage('fr');
  went.length = 0;
  providers = ['stripe', 'paypal'];
  checkout = { status: 201, type: JSON_TYPE, body: { url: 'https://checkout.stripe.test/c/pay/cs_1', provider: 'stripe', amount: 12345, currency: 'CAD', expires_at: '2026-12-10T15:00:00.000Z' } };
  calls = mockApi((c) => {
    if (c.url === '/public/online-payments/providers') return { type: JSON_TYPE, body: { providers } };
    if (c.method === 'POST' && c.url === '/public/online-payments/sales-invoices/tok/checkouts') return checkout;
    return undefined;
  });
});

describe('paying online', { timeout: 30_000 }, () => {
  it('offers each provider in French, with the amount due, and opens the provider’s page', async () => {
    show();
    const card = await screen.findByTestId('pay-online-stripe');
    expect(card.textContent).toBe('Payer par carte');
    expect(screen.getByTestId('pay-online-paypal').textContent).toBe('Payer avec PayPal');
    expect(screen.getByText('Payer en ligne')).toBeTruthy();
    expect(screen.getByText(/^Montant à payer : 123,45/)).toBeTruthy();
    fireEvent.click(card);
    await waitFor(() => expect(went).toEqual(['https://checkout.stripe.test/c/pay/cs_1']));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ data: { attributes: { provider: 'stripe' } } });
  });

  it('speaks the customer’s language, not the page’s', async () => {
    show({ locale: 'en', amountDue: 5000 });
    expect((await screen.findByTestId('pay-online-paypal')).textContent).toBe('Pay with PayPal');
    expect(screen.getByText('Pay online')).toBeTruthy();
    expect(screen.getByText('Amount to pay: $50.00')).toBeTruthy();
  });

  it('shows only the providers offered, and nothing at all without one', async () => {
    providers = ['paypal'];
    show();
    await screen.findByTestId('pay-online-paypal');
    expect(screen.queryByTestId('pay-online-stripe')).toBeNull();
    cleanup();
    providers = [];
    show();
    await waitFor(() => expect(calls.filter((c) => c.url === '/public/online-payments/providers').length).toBeGreaterThan(1));
    expect(screen.queryByTestId('pay-online')).toBeNull();
  });

  it('shows nothing when nothing is due', async () => {
    show({ amountDue: 0 });
    await waitFor(() => expect(calls.some((c) => c.url === '/public/online-payments/providers')).toBe(true));
    expect(screen.queryByTestId('pay-online')).toBeNull();
  });

  it('says why a payment could not start, and stays on the page', async () => {
    checkout = {
      status: 409,
      body: { errors: [{ status: '409', code: 'online_payments.nothing_due', title: 'Conflit', detail: 'Il n’y a plus rien à payer.' }] },
    };
    show();
    fireEvent.click(await screen.findByTestId('pay-online-paypal'));
    expect((await screen.findByTestId('pay-online-error')).textContent).toBe('Il n’y a plus rien à payer.');
    expect(went).toEqual([]);
  });

  it('thanks the customer back from the provider, and says a canceled payment took nothing', async () => {
    show({ returned: 'returned' });
    expect((await screen.findByTestId('pay-online-returned')).textContent).toContain('Votre paiement est en cours de confirmation.');
    cleanup();
    // Once the provider confirmed it, nothing is left to pay: it says so.
    show({ returned: 'returned', amountDue: 0, locale: 'en' });
    expect((await screen.findByTestId('pay-online-returned')).textContent).toContain('Your payment is confirmed: the invoice is paid.');
    cleanup();
    show({ returned: 'canceled', locale: 'en' });
    expect((await screen.findByTestId('pay-online-canceled')).textContent).toBe('Payment canceled: nothing was charged. You may try again.');
    expect(screen.getByTestId('pay-online-stripe')).toBeTruthy();
  });
});
