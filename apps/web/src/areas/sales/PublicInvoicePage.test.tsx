// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import i18n from '../../i18n/index.ts';
import { screenTests } from '../../testing/jsdom.ts';
import { mockApi, renderAt } from '../../testing/mockApi.tsx';
import type { InvoiceView } from './invoiceLinkApi.ts';
import PublicInvoicePage from './PublicInvoicePage.tsx';

// The customer's invoice page (issue 23): the invoice in the link's language, its balance, the
// online payment offered while something is due, nothing to pay once paid; a link gone says so.

const JSON_TYPE = 'application/json';
let view: InvoiceView;
let status = 200;

const invoice = (over: Partial<InvoiceView> = {}): InvoiceView => ({
  locale: 'en',
  expires_at: '2027-01-26T12:00:00Z',
  organization: 'Garage Démo',
  location: null,
  code: 'FV-2026-000012',
  kind: 'standard',
  issued_on: '2026-11-28',
  expiration_time: '2026-12-28',
  billing_address: 'Mary Grant\n12 Maple St',
  lines: [{ description: 'Oil change', quantity: '1', unit_price: 8000, subtotal: 8000, taxes: [{ code: 'GST', amount: 400 }] }],
  subtotal: 8000,
  taxes: [
    { code: 'GST', amount: 400 },
    { code: 'QST', amount: 798 },
  ],
  total: 9198,
  amount_paid: 0,
  balance: 9198,
  payment_status: 'unpaid',
  ...over,
});

screenTests();
beforeEach(async () => {
  await i18n.changeLanguage('fr');
  view = invoice();
  status = 200;
  mockApi((c) => {
    if (c.url === '/public/online-payments/providers') return { type: JSON_TYPE, body: { providers: ['stripe'] } };
    if (c.url === '/public/sales-invoices/tok')
      return status === 200 ? { type: JSON_TYPE, body: view } : { status, type: 'application/vnd.api+json', body: { errors: [{ status: String(status), code: 'invoice_link.gone', title: 'Gone', detail: 'This invoice link has expired or was withdrawn.' }] } };
    return undefined;
  });
});

const show = (path = '/pay/invoices/tok') => renderAt(path, '/pay/invoices/:token', <PublicInvoicePage />);

describe('the customer’s invoice page', { timeout: 30_000 }, () => {
  it('shows the invoice in the link’s language with its taxes and balance, and offers to pay it online', async () => {
    show();
    expect(await screen.findByText('Invoice FV-2026-000012')).toBeTruthy();
    expect(screen.getByText('Oil change')).toBeTruthy();
    expect(screen.getByTestId('public-invoice-balance').textContent).toBe('$91.98');
    expect(screen.getByText('QST')).toBeTruthy();
    expect(await screen.findByTestId('pay-online-stripe')).toBeTruthy();
    expect(screen.getByTestId('public-invoice-pdf').getAttribute('href')).toBe('/api/v1/public/sales-invoices/tok/report');
  });

  it('offers nothing to pay once paid, and says the payment came back from the provider', async () => {
    view = invoice({ amount_paid: 9198, balance: 0, payment_status: 'paid' });
    show('/pay/invoices/tok?payment=returned');
    expect(await screen.findByTestId('pay-online-returned')).toBeTruthy();
    expect(screen.getByTestId('public-invoice-status').textContent).toBe('Paid');
    expect(screen.queryByTestId('pay-online-stripe')).toBeNull();
  });

  it('says a link gone is gone', async () => {
    status = 410;
    show();
    expect(await screen.findByTestId('shared-gone')).toBeTruthy();
  });
});
