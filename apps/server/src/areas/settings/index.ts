// Settings: tax groups and their taxes, callbacks (their delivery log, secret and worker). The
// options themselves are the admin area's type (options.resource.ts), checked by the domain's rules.
import { defineArea } from '../area.ts';
import { callbackDeliveriesResource } from './callback-deliveries.resource.ts';
import { callbackSecretRoutes } from './callback-secret.routes.ts';
import { CallbackWorker } from './callbacks.ts';
import { seedDemoCallbacks } from './demo.ts';
import { taxGroupsResource, taxesResource } from './tax-groups.resource.ts';

export const settingsArea = defineArea({
  name: 'settings',
  resources: [taxGroupsResource, taxesResource, callbackDeliveriesResource],
  routes: [callbackSecretRoutes],
  worker: (services) => new CallbackWorker(services),
  demo: seedDemoCallbacks,
});
