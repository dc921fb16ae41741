import { modelReport, pdfResponse, recordReportRoutes } from '../../../reports/http.ts';
import { renderResellerInvoicePdf, resellerInvoiceFileName } from '../../../reports/reseller-invoice-pdf.ts';
import { resellerInvoicesResource } from '../reseller-invoices.resource.ts';
import { resellerInvoiceData } from './reseller-invoice-data.ts';

// GET /reseller-invoices/{id}/report: the reseller's invoice (issue 24), in its colours, in the
// reader's language, to whoever may view the invoice.

export const resellerInvoiceRoutes = recordReportRoutes(resellerInvoicesResource, modelReport(resellerInvoiceData, renderResellerInvoicePdf, resellerInvoiceFileName), {
  summary: 'The reseller’s invoice (PDF), in the request’s language: the reseller’s logo and colour, the organization billed, dates and the period billed, lines, totals with each tax, paid and balance',
  viewer: 'the invoice',
  pdf: pdfResponse('The invoice (PDF), inline, named after its code.'),
});
