import { declarations } from '@atelier/domain';
import { tenancy } from '../../access/tenancy.ts';
import { defineResource } from '../../jsonapi/define-resource.ts';
import { filter } from '../../jsonapi/filters.ts';
import { rel } from '../../jsonapi/relationships.ts';
import { tags } from './admin.table.ts';

/** Tags shared by every taggable record of an organization (records hold tag_ids). */
export const tagsResource = defineResource(declarations.tags, {
  table: tags,
  permissions: 'tags',
  tenancy: tenancy.organization(),
  relationships: { organization: rel.belongsTo('organization_id') },
  filters: { search: filter.search(['name']) },
  uniques: { tags_org_name_unique: 'name' },
});
