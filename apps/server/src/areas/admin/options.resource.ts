import { tenancy } from '../../access/tenancy.ts';
import { attr } from '../../jsonapi/attributes.ts';
import { defineResource } from '../../jsonapi/define-resource.ts';
import { filter } from '../../jsonapi/filters.ts';
import { rel } from '../../jsonapi/relationships.ts';
import { options } from './admin.table.ts';

/** Organization configuration as name/value pairs (GET /options is read as a map by clients). */
export const optionsResource = defineResource({
  type: 'options',
  table: options,
  permissions: 'options',
  tenancy: tenancy.organization(),
  operations: { create: false, delete: false },
  attributes: {
    name: attr.string().isReadOnly(),
    value: attr.json(),
    updated_at: attr.datetime().isReadOnly(),
  },
  relationships: {
    organization: rel.belongsTo('organizations', 'organization_id', { readOnly: true }),
    allowedLocations: rel.idArray('locations', 'location_ids'),
  },
  filters: { name: filter.in('name'), search: filter.search(['name']) },
  sorts: ['name', 'updated_at'],
  defaultSort: 'name',
});
