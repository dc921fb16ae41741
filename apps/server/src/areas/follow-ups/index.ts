// Follow-ups of declined work (issue 26): the organization's schedule (options
// estimations.follow_up*), the runner that sends each step once, its results on the vehicle.
import { inArray } from 'drizzle-orm';
import { defineArea } from '../area.ts';
import { seedDemoFollowUps } from './demo.ts';
import { followUpsResource } from './follow-ups.resource.ts';
import { followUps } from './follow-ups.table.ts';
import { reminderRoutes } from './reminder.routes.ts';
import { FollowUpRunner } from './runner.ts';

export const followUpsArea = defineArea({
  name: 'follow-ups',
  resources: [followUpsResource],
  routes: [reminderRoutes],
  jobs: (services) => new FollowUpRunner(services).define(services.jobs),
  // Follow-ups planned and not yet run (due or not).
  queues: [{ name: 'follow-ups', depth: (db) => db.$count(followUps, inArray(followUps.status, ['scheduled', 'sending'])) }],
  demo: seedDemoFollowUps,
});
