import { PROVINCES } from '@atelier/domain';
import { tenancy } from '../../access/tenancy.ts';
import { attr, contactAttributes } from '../../jsonapi/attributes.ts';
import { defineResource } from '../../jsonapi/define-resource.ts';
import { filter } from '../../jsonapi/filters.ts';
import { rel } from '../../jsonapi/relationships.ts';
import { organizations } from './admin.table.ts';
import { setUpOrganization } from './organization-setup.ts';

export const organizationsResource = defineResource({
  type: 'organizations',
  table: organizations,
  permissions: 'organizations',
  // An organization user reads and edits their own organization with the 'own' permissions.
  alsoGrantedBy: { view: ['view own organization'], edit: ['edit own organization'] },
  tenancy: tenancy.organizationSelf(),
  attributes: {
    name: attr.string().isRequired().max(150),
    ...contactAttributes(PROVINCES),
    country: attr.string().max(2).notNull(),
    locale: attr.enum(['fr', 'en']).notNull(),
    created_at: attr.datetime().isReadOnly(),
    updated_at: attr.datetime().isReadOnly(),
  },
  relationships: {
    reseller: rel.belongsTo('resellers', 'reseller_id'),
    owner: rel.belongsTo('users', 'owner_id'),
    locations: rel.hasMany('locations', 'organization_id'),
    users: rel.hasMany('users', 'organization_id'),
  },
  filters: {
    search: filter.search(['name', 'email', 'city']),
    reseller: filter.ids('reseller_id', 'reseller'),
    // The global organization selector sends filter[organization]; on this type it is the id.
    organization: filter.ids('id', 'organization'),
  },
  sorts: ['name', 'created_at', 'updated_at', 'city'],
  defaultSort: 'name',
  hooks: {
    beforeWrite(ctx, input, existing) {
      // A reseller's organizations are its own; only the platform moves them between resellers.
      if (!ctx.actor.isStaff) {
        if (!existing) input.values.reseller_id = ctx.actor.resellerId;
        else delete input.values.reseller_id;
      }
    },
    async afterWrite(ctx, row, _input, existing) {
      if (!existing) await setUpOrganization(ctx.db, row.id, (row.locale as 'fr' | 'en') ?? 'fr');
    },
  },
});
