// What the lines worker (imports/lines-worker.ts) loads to read an import's lines: every area's
// import models and the types their lines write or name, not the areas themselves. AREAS would
// bring every area's routes, jobs and hooks, and the libraries they use (PDFs, images, payments,
// the job queue...): ~40 MB of the worker's heap. Checked against AREAS (test/imports/check.test.ts).
import { Registry } from '../jsonapi/registry.ts';
import { contactsResource } from './crm/contacts.resource.ts';
import { contactsImport, customersImport } from './crm/crm.import.ts';
import { customersResource } from './crm/customers.resource.ts';
import { vehicleSalesResource } from './pricing/pricing.resources.ts';
import { vehicleSalesImport } from './pricing/vehicle-sales.import.ts';
import { suppliersImport } from './purchases/suppliers.import.ts';
import { suppliersResource } from './purchases/suppliers.resource.ts';
import { vehiclesImport } from './vehicles/vehicles.import.ts';
import { vehiclesResource } from './vehicles/vehicles.resource.ts';

export const IMPORT_MODELS = [vehiclesImport, customersImport, contactsImport, suppliersImport, vehicleSalesImport];

/** The types the import models write, and those their relationship fields name. */
export const IMPORTED_TYPES = [vehiclesResource, customersResource, contactsResource, suppliersResource, vehicleSalesResource];

/** A registry of the import models and their types only: enough to read lines (check.ts), not to serve them. */
export function importRegistry(): Registry {
  const registry = new Registry();
  for (const def of IMPORTED_TYPES) registry.add(def);
  for (const model of IMPORT_MODELS) registry.addImportModel(model);
  return registry;
}
