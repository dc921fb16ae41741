import { tenancy } from '../../access/tenancy.ts';
import { attr } from '../../jsonapi/attributes.ts';
import { defineResource } from '../../jsonapi/define-resource.ts';
import { filter } from '../../jsonapi/filters.ts';
import { rel } from '../../jsonapi/relationships.ts';
import { resellers } from './admin.table.ts';

export const resellersResource = defineResource({
  type: 'resellers',
  table: resellers,
  permissions: 'resellers',
  alsoGrantedBy: { view: ['edit own reseller'], edit: ['edit own reseller'] },
  tenancy: tenancy.resellerSelf(),
  attributes: {
    name: attr.string().isRequired().max(150),
    email: attr.email(),
    phone: attr.phone(),
    // Manager configuration: the branding of the app for this reseller's organizations.
    app_name: attr.string().max(100),
    app_logo: attr.string().max(500),
    url_pattern: attr.string().max(255),
    created_at: attr.datetime().isReadOnly(),
    updated_at: attr.datetime().isReadOnly(),
  },
  relationships: {
    owner: rel.belongsTo('users', 'owner_id'),
    organizations: rel.hasMany('organizations', 'reseller_id'),
  },
  filters: { search: filter.search(['name', 'email', 'app_name']) },
  sorts: ['name', 'created_at', 'updated_at'],
  defaultSort: 'name',
  uploads: { app_logo: { kinds: ['image'] } },
});
