import { declarations } from '@atelier/domain';
import { tenancy } from '../../access/tenancy.ts';
import { defineResource } from '../../jsonapi/define-resource.ts';
import { filter } from '../../jsonapi/filters.ts';
import { rel } from '../../jsonapi/relationships.ts';
import { options } from './admin.table.ts';

/** Organization configuration as name/value pairs (GET /options is read as a map by clients). */
export const optionsResource = defineResource(declarations.options, {
  table: options,
  permissions: 'options',
  tenancy: tenancy.organization(),
  operations: { create: false, delete: false },
  relationships: {
    organization: rel.belongsTo('organization_id'),
    allowedLocations: rel.idArray('location_ids'),
  },
  filters: { name: filter.in('name'), search: filter.search(['name']) },
});
