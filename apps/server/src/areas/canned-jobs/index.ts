// Canned jobs (issue 27): named jobs of parts and labour, added to an estimate in one step or
// drafted from the inspection's findings their triggers name (the estimations area applies them).
import { defineArea } from '../area.ts';
import { cannedJobItemsResource, cannedJobTriggersResource, cannedJobsResource } from './canned-jobs.resource.ts';
import { seedDemoCannedJobs } from './demo.ts';

export const cannedJobsArea = defineArea({
  name: 'canned-jobs',
  resources: [cannedJobsResource, cannedJobItemsResource, cannedJobTriggersResource],
  demo: seedDemoCannedJobs,
});
