import type { RouteRegistrar } from '../../../jsonapi/router.ts';
import { describeRecordDocument, pdfResponse, recordDocumentRoute } from '../../../reports/http.ts';
import { invoiceFileName, renderInvoicePdf } from '../../../reports/sales-invoice-pdf.ts';
import { salesInvoicesResource } from '../sales-invoices.resource.ts';
import type { salesInvoices } from '../sales.table.ts';
import { invoiceData } from './invoice-data.ts';
import { storageOf } from '../../../storage/storage.ts';

// GET /sales-invoices/{id}/report: the customer's invoice (issue 23), in the reader's language, to
// whoever may view the invoice.

export const invoiceRoutes: RouteRegistrar = (api, contextOf) =>
  recordDocumentRoute(api, contextOf, salesInvoicesResource, async (ctx, row: typeof salesInvoices.$inferSelect, timeZone) => {
    const { model, images } = await invoiceData(ctx.db, storageOf(ctx.config), row, ctx.locale);
    return { pdf: await renderInvoicePdf({ model, images, timeZone }), name: invoiceFileName(model) };
  });

describeRecordDocument('sales-invoices', {
  summary: 'The customer’s invoice (PDF), in the request’s language: the organization with its GST and QST numbers, the customer billed, the vehicle and repair, the lines with their taxes, totals with each tax, deposits deducted, paid and balance, payment terms',
  description: 'Needs the right to view the invoice. Dates print in the X-Timezone header’s zone.',
  pdf: pdfResponse('The invoice (PDF), inline, named after its number.'),
});
