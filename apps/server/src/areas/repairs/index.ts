// Repairs, the work orders (issue 12, server): made from an approved estimate (from-estimation.ts)
// or directly, their items and their totals, the workflow, the mechanics' clocks on the items.
import { defineArea } from '../area.ts';
import { seedDemoRepairs } from './demo.ts';
import { repairItemsResource } from './repair-items.resource.ts';
import { repairTimeEntriesResource } from './repair-time-entries.resource.ts';
import { repairsResource } from './repairs.resource.ts';

export const repairsArea = defineArea({
  name: 'repairs',
  resources: [repairsResource, repairItemsResource, repairTimeEntriesResource],
  demo: seedDemoRepairs,
});
