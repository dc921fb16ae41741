// Repairs, the work orders (issue 12, server): made from an approved estimate (from-estimation.ts)
// or directly, their items and their totals, the workflow, the mechanics' clocks on the items,
// the work order's PDF (report/).
import { technicianEfficiencyRoutes } from './efficiency.routes.ts';
import { repairFiguresRoutes } from './figures.routes.ts';
import { defineArea } from '../area.ts';
import { seedDemoRepairs } from './demo.ts';
import { repairItemsResource } from './repair-items.resource.ts';
import { repairTimeEntriesResource } from './repair-time-entries.resource.ts';
import { repairsResource } from './repairs.resource.ts';
import { workOrderRoutes } from './report/work-order.routes.ts';

export const repairsArea = defineArea({
  name: 'repairs',
  resources: [repairsResource, repairItemsResource, repairTimeEntriesResource],
  routes: [workOrderRoutes, technicianEfficiencyRoutes, repairFiguresRoutes],
  demo: seedDemoRepairs,
});
