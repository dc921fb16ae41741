// Imports: files of vehicles, customers... checked by a dry run, then written in the background.
import { inArray } from 'drizzle-orm';
import { BUSY_STATUSES } from '@atelier/domain';
import { defineArea } from '../area.ts';
import { imports } from './imports.table.ts';
import { seedDemoImports } from './demo.ts';
import { importItemsResource, importsResource } from './imports.resource.ts';
import { importRoutes } from './routes.ts';
import { ImportWorker } from './run.ts';

export const importsArea = defineArea({
  name: 'imports',
  resources: [importsResource, importItemsResource],
  worker: (services) => new ImportWorker(services),
  workerRoutes: importRoutes,
  // Dry runs and runs under way or waiting for a worker.
  queues: [{ name: 'imports', depth: (db) => db.$count(imports, inArray(imports.status, [...BUSY_STATUSES])) }],
  demo: seedDemoImports,
});
