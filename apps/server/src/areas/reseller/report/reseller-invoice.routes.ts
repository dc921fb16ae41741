import type { RouteRegistrar } from '../../../jsonapi/router.ts';
import { describeRecordDocument, pdfResponse, recordDocumentRoute } from '../../../reports/http.ts';
import { renderResellerInvoicePdf, resellerInvoiceFileName } from '../../../reports/reseller-invoice-pdf.ts';
import { resellerInvoicesResource } from '../reseller-invoices.resource.ts';
import type { resellerInvoices } from '../reseller.table.ts';
import { resellerInvoiceData } from './reseller-invoice-data.ts';
import { storageOf } from '../../../storage/storage.ts';

// GET /reseller-invoices/{id}/report: the reseller's invoice (issue 24), in its colours, in the
// reader's language, to whoever may view the invoice.

export const resellerInvoiceRoutes: RouteRegistrar = (api, contextOf) =>
  recordDocumentRoute(api, contextOf, resellerInvoicesResource, async (ctx, row: typeof resellerInvoices.$inferSelect, timeZone) => {
    const { model, images } = await resellerInvoiceData(ctx.db, storageOf(ctx.config), row, ctx.locale);
    return { pdf: await renderResellerInvoicePdf({ model, images, timeZone }), name: resellerInvoiceFileName(model) };
  });

describeRecordDocument('reseller-invoices', {
  summary: 'The reseller’s invoice (PDF), in the request’s language: the reseller’s logo and colour, the organization billed, dates and the period billed, lines, totals with each tax, paid and balance',
  description: 'Needs the right to view the invoice. Dates print in the X-Timezone header’s zone.',
  pdf: pdfResponse('The invoice (PDF), inline, named after its code.'),
});
