import { declarations } from '@atelier/domain';
import { eq, sql } from 'drizzle-orm';
import { ApiError, relationshipPointer } from '../../jsonapi/errors.ts';
import { roles } from '../admin/admin.table.ts';
import { tenancy } from '../../access/tenancy.ts';
import { defineResource, type Hooks, type Row } from '../../jsonapi/define-resource.ts';
import { column, filter } from '../../jsonapi/filters.ts';
import { rel } from '../../jsonapi/relationships.ts';
import { requireOwnTaxGroup, requireReseller } from './owner.ts';
import { packages, resellerProducts, resellerServices } from './reseller.table.ts';

// A reseller's catalogue (spec platform §3 Reseller billing): its products and services (lines of
// its invoices) and its packages (what organizations subscribe to). Seen by the reseller only.

const hooks: Hooks = {
  async beforeWrite(ctx, input, existing) {
    if (!existing) requireReseller(input);
    await requireOwnTaxGroup(ctx, input, (input.values.reseller_id ?? existing?.reseller_id) as string | undefined);
  },
};
const catalogue = { tenancy: tenancy.reseller(), hooks, notify: { label: (row: Row) => String(row.name ?? '') } };

/** A product and a service are the same to the API: the reseller's, taxed by one of its groups, found by name, by active, by reseller. */
const catalogueItem = {
  relationships: { reseller: rel.belongsTo('reseller_id'), taxGroup: rel.belongsTo('tax_group_id') },
  filters: { search: filter.search(['name', 'description']), active: filter.boolean('active'), reseller: filter.ids('reseller_id', 'reseller') },
  ...catalogue,
};

export const resellerProductsResource = defineResource(declarations['reseller-products'], {
  table: resellerProducts,
  permissions: 'reseller products',
  uniques: { reseller_products_name_unique: 'name' },
  ...catalogueItem,
});

export const resellerServicesResource = defineResource(declarations['reseller-services'], {
  table: resellerServices,
  permissions: 'reseller services',
  uniques: { reseller_services_name_unique: 'name' },
  ...catalogueItem,
});

/** Packages (spec §6: their screens use view-any-customers; the API, the packages permissions). */
export const packagesResource = defineResource(declarations.packages, {
  table: packages,
  permissions: 'packages',
  relationships: { reseller: rel.belongsTo('reseller_id'), taxGroup: rel.belongsTo('tax_group_id'), defaultRole: rel.belongsTo('default_role_id'), subscriptions: rel.hasMany('package_id') },
  filters: {
    search: filter.search(['name', 'description']),
    active: filter.boolean('active'),
    frequency: filter.in('frequency'),
    reseller: filter.ids('reseller_id', 'reseller'),
  },
  uniques: { packages_name_unique: 'name' },
  ...catalogue,
  hooks: {
    async beforeWrite(ctx, input, existing) {
      await hooks.beforeWrite!(ctx, input, existing);
      // The default role is one of the package's reseller's own roles (what its organizations may use).
      const roleId = input.values.default_role_id as string | null | undefined;
      if (!roleId) return;
      const [role] = await ctx.db.select({ reseller_id: roles.reseller_id }).from(roles).where(eq(roles.id, roleId));
      if (role?.reseller_id !== (input.values.reseller_id ?? existing?.reseller_id))
        throw ApiError.many([{ status: 422, code: 'reseller.role_not_yours', source: { pointer: relationshipPointer('defaultRole') } }]);
    },
  },
  // An organization's users read the package they are on (what it allows, its limit).
  tenancy: tenancy.reseller({ seenByOrganization: (t, org) => sql`${column(t, 'id')} = (SELECT o.package_id FROM organizations o WHERE o.id = ${org})` }),
});
