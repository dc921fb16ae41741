import type { FileObjectType } from '@atelier/domain';
import type { AttachableType } from '../../access/tenancy.ts';
import { customersResource } from '../crm/customers.resource.ts';
import { estimationsResource } from '../estimations/estimations.resource.ts';
import { inspectionsResource } from '../inspections/inspections.resource.ts';
import { repairsResource } from '../repairs/repairs.resource.ts';
import { vehiclesResource } from '../vehicles/vehicles.resource.ts';

let objects: ReadonlyMap<string, AttachableType> | null = null;

/**
 * The records files may be attached to, by type: a fixed list on the server (a client names a
 * type, it is looked up here). Built on first use: these resources import the files area's
 * helpers, so they are not yet defined while this module loads.
 */
export function fileObjects(): ReadonlyMap<string, AttachableType> {
  const all: Record<FileObjectType, AttachableType> = {
    vehicles: vehiclesResource,
    customers: customersResource,
    repairs: repairsResource,
    inspections: inspectionsResource,
    estimations: estimationsResource,
  };
  return (objects ??= new Map(Object.entries(all)));
}
