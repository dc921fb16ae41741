import type { Locale, PaymentStatus, SalesInvoiceKind, TaxAmount } from '@atelier/domain';
import { API_BASE, request } from '../../api/client.ts';
import type { JsonApiDocument } from '../../api/jsonapi.ts';
import { publicCall } from '../../api/publicCall.ts';
import { sendAttributes, type SendChoice, type SentLink } from '../../components/SendLinkDialog.tsx';

// A customer's invoice page (server: areas/sales/public.routes.ts): what the invoice's link opens
// without signing in, and sending that link from the invoice's screen (POST /sales-invoices/{id}/send).

export const invoiceLinkPath = (token: string) => `${API_BASE}/public/sales-invoices/${encodeURIComponent(token)}`;

/** GET /public/sales-invoices/{token}. */
export interface InvoiceView {
  locale: Locale;
  expires_at: string;
  organization: string;
  location: string | null;
  code: string;
  kind: SalesInvoiceKind;
  issued_on: string | null;
  expiration_time: string | null;
  billing_address: string | null;
  lines: { description: string; quantity: string; unit_price: number; subtotal: number; taxes: TaxAmount[] }[];
  subtotal: number;
  taxes: TaxAmount[];
  total: number;
  amount_paid: number;
  balance: number;
  payment_status: PaymentStatus;
}

export const fetchInvoiceView = (token: string, locale: string) => publicCall<InvoiceView>(invoiceLinkPath(token), { headers: { Accept: 'application/json', 'Accept-Language': locale } });

/** POST /sales-invoices/{id}/send: the link to the invoice's page, e-mailed or not (meta.link, this once). */
export async function sendInvoice(invoiceId: string, choice: SendChoice): Promise<SentLink> {
  const doc = await request<JsonApiDocument>(`/sales-invoices/${encodeURIComponent(invoiceId)}/send`, {
    method: 'POST',
    global: false,
    body: { data: { type: 'sales-invoices', id: invoiceId, attributes: sendAttributes(choice) } },
  });
  return (doc.meta as { link: SentLink }).link;
}
