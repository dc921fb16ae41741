import { describeRoute, type RouteResponse } from '../../../jsonapi/openapi.ts';
import { authorize } from '../../../jsonapi/policies.ts';
import type { RouteRegistrar } from '../../../jsonapi/router.ts';
import { findRow } from '../../../jsonapi/scope.ts';
import { requestTimeZone, sendPdf } from '../../../reports/http.ts';
import { quoteFileName, renderQuotePdf } from '../../../reports/quote-pdf.ts';
import type { EstimationRow } from '../estimation-lines.ts';
import { estimationsResource } from '../estimations.resource.ts';
import { quoteData } from './quote-data.ts';

// GET /estimations/{id}/report: the estimate's PDF, the quote (spec §7, issue 12), in the reader's
// language, to whoever may view the estimate. The customer's copy is served through the approval
// link (approval/approval.routes.ts).

export const quoteRoutes: RouteRegistrar = (api, contextOf) => {
  api.get('/estimations/:id/report', async (request, reply) => {
    const ctx = contextOf(request);
    // The right to view the estimate; one out of the user's scope does not exist for them (404).
    authorize(ctx, estimationsResource, 'view');
    const row = (await findRow(ctx, estimationsResource, (request.params as { id: string }).id)) as EstimationRow;
    const { model, images } = await quoteData(ctx.db, ctx.config.dataDir, row, ctx.locale);
    return sendPdf(reply, await renderQuotePdf({ model, images, timeZone: requestTimeZone(request) }), quoteFileName(model));
  });
};

/** The PDF answer of the quote's routes (the public one too). */
export const QUOTE_PDF: RouteResponse = { contentType: 'application/pdf', description: 'The quote (PDF), inline, named after the estimate’s code.', schema: { type: 'string', format: 'binary' } };

describeRoute('GET', '/estimations/:id/report', {
  summary: 'The estimate as a quote (PDF), in the request’s language: items by urgency and condition with their photos, parts, labour, taxes, totals and each item’s decisions',
  description: 'Needs the right to view the estimate. Any state: an estimate still being priced is marked as a draft. Dates print in the X-Timezone header’s zone.',
  tag: 'estimations',
  responses: { 200: QUOTE_PDF },
  errors: [403, 404],
});
