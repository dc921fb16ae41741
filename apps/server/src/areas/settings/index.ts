// Settings: tax groups and their taxes, callbacks (their delivery log, secret and worker). The
// options themselves are the admin area's type (options.resource.ts), checked by the domain's rules.
import { eq } from 'drizzle-orm';
import { defineArea } from '../area.ts';
import { callbackDeliveriesResource } from './callback-deliveries.resource.ts';
import { callbackSecretRoutes } from './callback-secret.routes.ts';
import { CallbackWorker } from './callbacks.ts';
import { seedDemoCallbacks } from './demo.ts';
import { callbackDeliveries } from './settings.table.ts';
import { taxGroupsResource, taxesResource } from './tax-groups.resource.ts';

export const settingsArea = defineArea({
  name: 'settings',
  resources: [taxGroupsResource, taxesResource, callbackDeliveriesResource],
  routes: [callbackSecretRoutes],
  worker: (services) => new CallbackWorker(services),
  // Deliveries not yet made (due now or waiting for their next attempt).
  queues: [{ name: 'callbacks', depth: (db) => db.$count(callbackDeliveries, eq(callbackDeliveries.status, 'pending')) }],
  demo: seedDemoCallbacks,
});
