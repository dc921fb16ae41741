// Follow-ups of declined work (issue 26): the organization's schedule (options
// estimations.follow_up*), the runner that sends each step once, its results on the vehicle.
import { defineArea } from '../area.ts';
import { seedDemoFollowUps } from './demo.ts';
import { followUpsResource } from './follow-ups.resource.ts';
import { reminderRoutes } from './reminder.routes.ts';
import { FollowUpRunner } from './runner.ts';

export const followUpsArea = defineArea({
  name: 'follow-ups',
  resources: [followUpsResource],
  routes: [reminderRoutes],
  worker: (services) => new FollowUpRunner(services),
  demo: seedDemoFollowUps,
});
