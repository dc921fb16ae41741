import { declarations } from '@atelier/domain';
import { tenancy } from '../../access/tenancy.ts';
import type { RequestContext } from '../../jsonapi/context.ts';
import { defineResource, type Row, type WriteInput } from '../../jsonapi/define-resource.ts';
import { filter } from '../../jsonapi/filters.ts';
import { placedRelationships, rel } from '../../jsonapi/relationships.ts';
import { warehouses } from './inventory.table.ts';

/** A warehouse is seen in its location unless its locations are given. */
function beforeWrite(_ctx: RequestContext, input: WriteInput, existing: Row | null) {
  const v = input.values;
  if (!existing && !input.present.has('allowedLocations') && typeof v.location_id === 'string') v.location_ids = [v.location_id];
}

/** Warehouses (spec platform §3 Inventory, §7 /warehouses): each a location's parts room. */
export const warehousesResource = defineResource(declarations.warehouses, {
  table: warehouses,
  permissions: 'warehouses',
  tenancy: tenancy.organization(),
  relationships: {
    ...placedRelationships(),
    location: rel.belongsTo('location_id'),
  },
  filters: {
    search: filter.search(['name']),
    location: filter.ids('location_id', 'location'),
  },
  hooks: { beforeWrite },
  notify: { label: (row) => String(row.name ?? '') },
});
