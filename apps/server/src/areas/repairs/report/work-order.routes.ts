import { describeRoute } from '../../../jsonapi/openapi.ts';
import { authorize } from '../../../jsonapi/policies.ts';
import type { RouteRegistrar } from '../../../jsonapi/router.ts';
import { findRow } from '../../../jsonapi/scope.ts';
import { requestTimeZone, sendPdf } from '../../../reports/http.ts';
import { renderWorkOrderPdf, workOrderFileName } from '../../../reports/work-order-pdf.ts';
import type { RepairRow } from '../repairs.policies.ts';
import { repairsResource } from '../repairs.resource.ts';
import { workOrderData } from './work-order-data.ts';

// GET /repairs/{id}/report: the repair's PDF, the work order (spec §7, issue 12), in the reader's
// language, to whoever may view the repair.

export const workOrderRoutes: RouteRegistrar = (api, contextOf) => {
  api.get('/repairs/:id/report', async (request, reply) => {
    const ctx = contextOf(request);
    // The right to view the repair; one out of the user's scope does not exist for them (404).
    authorize(ctx, repairsResource, 'view');
    const row = (await findRow(ctx, repairsResource, (request.params as { id: string }).id)) as RepairRow;
    const { model, images } = await workOrderData(ctx.db, ctx.config.dataDir, row, ctx.locale);
    return sendPdf(reply, await renderWorkOrderPdf({ model, images, timeZone: requestTimeZone(request) }), workOrderFileName(model));
  });
};

describeRoute('GET', '/repairs/:id/report', {
  summary: 'The repair’s work order (PDF), in the request’s language: items with where they are done, parts and their status, planned and clocked hours, who did them, totals (warranty lines at zero) and sign-offs',
  description: 'Needs the right to view the repair. Dates print in the X-Timezone header’s zone.',
  tag: 'repairs',
  responses: { 200: { contentType: 'application/pdf', description: 'The work order (PDF), inline, named after the repair’s code.', schema: { type: 'string', format: 'binary' } } },
  errors: [403, 404],
});
