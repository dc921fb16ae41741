import { pdfResponse, recordReportRoutes } from '../../../reports/http.ts';
import { salesInvoicesResource } from '../sales-invoices.resource.ts';
import type { salesInvoices } from '../sales.table.ts';
import { invoicePdf } from './invoice-data.ts';
import { storageOf } from '../../../storage/storage.ts';

// GET /sales-invoices/{id}/report: the customer's invoice (issue 23), in the reader's language, to
// whoever may view the invoice.

export const invoiceRoutes = recordReportRoutes(
  salesInvoicesResource,
  (ctx, row: typeof salesInvoices.$inferSelect, timeZone) => invoicePdf(ctx.db, storageOf(ctx.config), row, ctx.locale, timeZone),
  {
    summary: 'The customer’s invoice (PDF), in the request’s language: the organization with its GST and QST numbers, the customer billed, the vehicle and repair, the lines with their taxes, totals with each tax, deposits deducted, paid and balance, payment terms',
    viewer: 'the invoice',
    pdf: pdfResponse('The invoice (PDF), inline, named after its number.'),
  },
);
