// Estimations (issue 12): estimates of parts and labour for a vehicle, often drafted from an
// inspection, worked in phases (parts, labour, approval) by the users holding them. Repairs are
// their own area; the repair an approved estimate opens is wired where both areas meet
// (repair-link.ts). The customer approves an estimate on a public page (approval/), and what they
// decline stays on the vehicle as deferred work.
import type { Db } from '../../db/client.ts';
import { defineArea } from '../area.ts';
import { seedDemoEstimations } from './demo-estimations.ts';
import { estimationItemsResource } from './estimation-items.resource.ts';
import { estimationsResource } from './estimations.resource.ts';
import { evaluationItemsRoutes } from './evaluation-items.routes.ts';
import { approvalRoutes } from './approval/approval.routes.ts';
import { deferredWorkResource } from './deferred-work.resource.ts';
import { quoteRoutes } from './report/quote.routes.ts';

export const estimationsArea = defineArea({
  name: 'estimations',
  resources: [estimationsResource, estimationItemsResource, deferredWorkResource],
  routes: [evaluationItemsRoutes, approvalRoutes, quoteRoutes],
  async demo(db: Db) {
    await seedDemoEstimations(db);
  },
});
