import { PAYMENT_STATUSES, SALES_INVOICE_KINDS } from '@atelier/domain';
import type { JsonSchema } from '../../jsonapi/define-resource.ts';
import { publicTokenRoute } from '../../jsonapi/openapi.ts';
import type { RouteRegistrar } from '../../jsonapi/router.ts';
import { TIME_ZONE_QUERY, pdfResponse, publicLinkOpener, requestTimeZone, sendPdf } from '../../reports/http.ts';
import { NULLABLE_STRING, PUBLIC_LINK_HEAD, PUBLIC_LINK_REQUIRED } from '../../contract-schemas.ts';
import { invoiceView, openInvoiceLink } from './invoice-links.ts';
import { invoicePdf } from './report/invoice-data.ts';
import { storageOf } from '../../storage/storage.ts';

// The customer's invoice page calls (no sign-in: the e-mailed link's token opens them), in the
// link's language: read the invoice, download its PDF. Paying it online is online-payments' (its
// checkout route opens this invoice through the same link: payable.ts).

export const invoicePublicRoutes: RouteRegistrar = (api, _contextOf, services) => {
  const db = services.database.db;

  const opened = publicLinkOpener(services, (token) => openInvoiceLink(db, token));

  api.get('/public/sales-invoices/:token', async (request, reply) => {
    const { link, invoice } = await opened(request);
    return reply.header('Cache-Control', 'private, no-store').send(await invoiceView(db, link, invoice));
  });

  api.get('/public/sales-invoices/:token/report', async (request, reply) => {
    const { link, invoice } = await opened(request);
    const { pdf, name } = await invoicePdf(db, storageOf(services.config), invoice, link.locale, requestTimeZone(request));
    return sendPdf(reply, pdf, name);
  });
};

const money: JsonSchema = { type: 'integer' };
const taxes: JsonSchema = { type: 'array', items: { type: 'object', required: ['code', 'amount'], properties: { code: { type: 'string' }, amount: money } } };
const view: JsonSchema = {
  type: 'object',
  required: [...PUBLIC_LINK_REQUIRED, 'kind', 'lines', 'subtotal', 'taxes', 'total', 'amount_paid', 'balance', 'payment_status'],
  properties: {
    ...PUBLIC_LINK_HEAD,
    kind: { enum: [...SALES_INVOICE_KINDS] },
    issued_on: NULLABLE_STRING,
    expiration_time: NULLABLE_STRING,
    billing_address: NULLABLE_STRING,
    lines: {
      type: 'array',
      items: { type: 'object', required: ['description', 'quantity', 'unit_price', 'subtotal', 'taxes'], properties: { description: { type: 'string' }, quantity: { type: 'string' }, unit_price: money, subtotal: money, taxes } },
    },
    subtotal: money,
    taxes,
    total: money,
    amount_paid: money,
    balance: money,
    payment_status: { enum: [...PAYMENT_STATUSES] },
  },
};

publicTokenRoute('GET', '/public/sales-invoices/:token', {
  summary: 'The invoice a customer’s link opens (no sign-in), in the link’s language: its lines with their taxes, totals, what is paid and the balance',
  tag: 'sales-invoices',
  responses: { 200: { contentType: 'application/json', schema: view } },
});
publicTokenRoute('GET', '/public/sales-invoices/:token/report', {
  summary: 'The invoice (PDF) a customer’s link opens, in the link’s language',
  tag: 'sales-invoices',
  query: TIME_ZONE_QUERY,
  responses: { 200: pdfResponse('The invoice (PDF), inline, named after its number.') },
});
