// Imports: files of vehicles, customers... checked by a dry run, then written in the background.
import { defineArea } from '../area.ts';
import { seedDemoImports } from './demo.ts';
import { importItemsResource, importsResource } from './imports.resource.ts';
import { importRoutes } from './routes.ts';
import { ImportWorker } from './run.ts';

export const importsArea = defineArea({
  name: 'imports',
  resources: [importsResource, importItemsResource],
  worker: (services) => new ImportWorker(services),
  workerRoutes: importRoutes,
  demo: seedDemoImports,
});
