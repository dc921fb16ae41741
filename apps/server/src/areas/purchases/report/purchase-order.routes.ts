import type { RouteRegistrar } from '../../../jsonapi/router.ts';
import { describeRecordDocument, modelReport, pdfResponse, recordDocumentRoute } from '../../../reports/http.ts';
import { purchaseOrderFileName, renderPurchaseOrderPdf } from '../../../reports/purchase-order-pdf.ts';
import { purchasesOrdersResource } from '../purchases-orders.resource.ts';
import { purchaseOrderData } from './purchase-order-data.ts';

// GET /purchases-orders/{id}/report: the purchase order to send to the supplier (issue 22), in
// the reader's language, to whoever may view the order.

export const purchaseOrderRoutes: RouteRegistrar = (api, contextOf) =>
  recordDocumentRoute(api, contextOf, purchasesOrdersResource, modelReport(purchaseOrderData, renderPurchaseOrderPdf, purchaseOrderFileName));

describeRecordDocument('purchases-orders', {
  summary: 'The purchase order (PDF) to send to the supplier, in the request’s language: the supplier and where to deliver, dates and references, lines with the supplier’s codes, totals with each tax',
  description: 'Needs the right to view the order. Dates print in the X-Timezone header’s zone.',
  pdf: pdfResponse('The purchase order (PDF), inline, named after its code.'),
});
