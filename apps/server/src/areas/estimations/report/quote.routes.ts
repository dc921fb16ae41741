import type { RouteRegistrar } from '../../../jsonapi/router.ts';
import { describeRecordDocument, modelReport, pdfResponse, recordDocumentRoute } from '../../../reports/http.ts';
import { quoteFileName, renderQuotePdf } from '../../../reports/quote-pdf.ts';
import { estimationsResource } from '../estimations.resource.ts';
import { quoteData } from './quote-data.ts';

// GET /estimations/{id}/report: the estimate's PDF, the quote (spec §7, issue 12), in the reader's
// language, to whoever may view the estimate. The customer's copy is served through the approval
// link (approval/approval.routes.ts).

export const quoteRoutes: RouteRegistrar = (api, contextOf) =>
  recordDocumentRoute(api, contextOf, estimationsResource, modelReport(quoteData, renderQuotePdf, quoteFileName));

/** The PDF answer of the quote's routes (the public one too). */
export const QUOTE_PDF = pdfResponse('The quote (PDF), inline, named after the estimate’s code.');

describeRecordDocument('estimations', {
  summary: 'The estimate as a quote (PDF), in the request’s language: items by urgency and condition with their photos, parts, labour, taxes, totals and each item’s decisions',
  description: 'Needs the right to view the estimate. Any state: an estimate still being priced is marked as a draft. Dates print in the X-Timezone header’s zone.',
  pdf: QUOTE_PDF,
});
