import { modelReport, pdfResponse, recordReportRoutes } from '../../../reports/http.ts';
import { renderWorkOrderPdf, workOrderFileName } from '../../../reports/work-order-pdf.ts';
import { repairsResource } from '../repairs.resource.ts';
import { workOrderData } from './work-order-data.ts';

// GET /repairs/{id}/report: the repair's PDF, the work order (spec §7, issue 12), in the reader's
// language, to whoever may view the repair.

export const workOrderRoutes = recordReportRoutes(repairsResource, modelReport(workOrderData, renderWorkOrderPdf, workOrderFileName), {
  summary: 'The repair’s work order (PDF), in the request’s language: items with where they are done, parts and their status, planned and clocked hours, who did them, totals (warranty lines at zero) and sign-offs',
  viewer: 'the repair',
  pdf: pdfResponse('The work order (PDF), inline, named after the repair’s code.'),
});
