import { declarations } from '@atelier/domain';
import { tenancy } from '../../access/tenancy.ts';
import { defineResource } from '../../jsonapi/define-resource.ts';
import { filter } from '../../jsonapi/filters.ts';
import { rel } from '../../jsonapi/relationships.ts';
import { organizations } from './admin.table.ts';
import { generateSubscriptionInvoice } from '../reseller/subscription-invoice.ts';
import { usageOf } from '../reseller/usage.ts';
import { setUpOrganization } from './organization-setup.ts';

export const organizationsResource = defineResource(declarations.organizations, {
  table: organizations,
  permissions: 'organizations',
  // An organization user reads and edits their own organization with the 'own' permissions.
  alsoGrantedBy: { view: ['view own organization'], edit: ['edit own organization'] },
  tenancy: tenancy.organizationSelf(),
  relationships: {
    reseller: rel.belongsTo('reseller_id'),
    owner: rel.belongsTo('owner_id'),
    locations: rel.hasMany('organization_id'),
    users: rel.hasMany('organization_id'),
    package: rel.belongsTo('package_id'),
    subscription: rel.belongsTo('subscription_id'),
  },
  filters: {
    search: filter.search(['name', 'email', 'city']),
    reseller: filter.ids('reseller_id', 'reseller'),
    // The global organization selector sends filter[organization]; on this type it is the id.
    organization: filter.ids('id', 'organization'),
  },
  actions: { generate_subscription_invoice: generateSubscriptionInvoice },
  addData: {
    usage: {
      read: usageOf,
      description: 'By organization id: its active users (`active_users`) and what it owes in cents (`balance`: its validated invoices not fully paid, for a reader of reseller invoices): the reseller’s home in one request.',
    },
  },
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
