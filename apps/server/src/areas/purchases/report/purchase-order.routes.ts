import { modelReport, pdfResponse, recordReportRoutes } from '../../../reports/http.ts';
import { purchaseOrderFileName, renderPurchaseOrderPdf } from '../../../reports/purchase-order-pdf.ts';
import { purchasesOrdersResource } from '../purchases-orders.resource.ts';
import { purchaseOrderData } from './purchase-order-data.ts';

// GET /purchases-orders/{id}/report: the purchase order to send to the supplier (issue 22), in
// the reader's language, to whoever may view the order.

export const purchaseOrderRoutes = recordReportRoutes(purchasesOrdersResource, modelReport(purchaseOrderData, renderPurchaseOrderPdf, purchaseOrderFileName), {
  summary: 'The purchase order (PDF) to send to the supplier, in the request’s language: the supplier and where to deliver, dates and references, lines with the supplier’s codes, totals with each tax',
  viewer: 'the order',
  pdf: pdfResponse('The purchase order (PDF), inline, named after its code.'),
});
