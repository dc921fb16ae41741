import type { RouteRegistrar } from '../../../jsonapi/router.ts';
import { describeRecordDocument, modelReport, pdfResponse, recordDocumentRoute } from '../../../reports/http.ts';
import { renderResellerInvoicePdf, resellerInvoiceFileName } from '../../../reports/reseller-invoice-pdf.ts';
import { resellerInvoicesResource } from '../reseller-invoices.resource.ts';
import { resellerInvoiceData } from './reseller-invoice-data.ts';

// GET /reseller-invoices/{id}/report: the reseller's invoice (issue 24), in its colours, in the
// reader's language, to whoever may view the invoice.

export const resellerInvoiceRoutes: RouteRegistrar = (api, contextOf) =>
  recordDocumentRoute(api, contextOf, resellerInvoicesResource, modelReport(resellerInvoiceData, renderResellerInvoicePdf, resellerInvoiceFileName));

describeRecordDocument('reseller-invoices', {
  summary: 'The reseller’s invoice (PDF), in the request’s language: the reseller’s logo and colour, the organization billed, dates and the period billed, lines, totals with each tax, paid and balance',
  description: 'Needs the right to view the invoice. Dates print in the X-Timezone header’s zone.',
  pdf: pdfResponse('The invoice (PDF), inline, named after its code.'),
});
