import type { RouteRegistrar } from '../../../jsonapi/router.ts';
import { describeRecordDocument, pdfResponse, recordDocumentRoute } from '../../../reports/http.ts';
import { renderWorkOrderPdf, workOrderFileName } from '../../../reports/work-order-pdf.ts';
import type { RepairRow } from '../repairs.policies.ts';
import { repairsResource } from '../repairs.resource.ts';
import { workOrderData } from './work-order-data.ts';
import { storageOf } from '../../../storage/storage.ts';

// GET /repairs/{id}/report: the repair's PDF, the work order (spec §7, issue 12), in the reader's
// language, to whoever may view the repair.

export const workOrderRoutes: RouteRegistrar = (api, contextOf) =>
  recordDocumentRoute(api, contextOf, repairsResource, async (ctx, row: RepairRow, timeZone) => {
    const { model, images } = await workOrderData(ctx.db, storageOf(ctx.config), row, ctx.locale);
    return { pdf: await renderWorkOrderPdf({ model, images, timeZone }), name: workOrderFileName(model) };
  });

describeRecordDocument('repairs', {
  summary: 'The repair’s work order (PDF), in the request’s language: items with where they are done, parts and their status, planned and clocked hours, who did them, totals (warranty lines at zero) and sign-offs',
  description: 'Needs the right to view the repair. Dates print in the X-Timezone header’s zone.',
  pdf: pdfResponse('The work order (PDF), inline, named after the repair’s code.'),
});
