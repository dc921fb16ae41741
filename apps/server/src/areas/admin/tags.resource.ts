import { tenancy } from '../../access/tenancy.ts';
import { attr } from '../../jsonapi/attributes.ts';
import { defineResource } from '../../jsonapi/define-resource.ts';
import { filter } from '../../jsonapi/filters.ts';
import { rel } from '../../jsonapi/relationships.ts';
import { tags } from './admin.table.ts';

/** Tags shared by every taggable record of an organization (records hold tag_ids). */
export const tagsResource = defineResource({
  type: 'tags',
  table: tags,
  permissions: 'tags',
  tenancy: tenancy.organization({ locations: false }),
  attributes: {
    name: attr.string().isRequired().max(60),
    color: attr.string().max(20),
    created_at: attr.datetime().isReadOnly(),
    updated_at: attr.datetime().isReadOnly(),
  },
  relationships: { organization: rel.belongsTo('organizations', 'organization_id', { createOnly: true }) },
  filters: { search: filter.search(['name']) },
  sorts: ['name', 'created_at'],
  defaultSort: 'name',
  uniques: { tags_org_name_unique: 'name' },
});
