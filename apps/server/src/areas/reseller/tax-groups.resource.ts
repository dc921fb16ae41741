import { declarations } from '@atelier/domain';
import { tenancy } from '../../access/tenancy.ts';
import { defineResource, type Hooks } from '../../jsonapi/define-resource.ts';
import { filter } from '../../jsonapi/filters.ts';
import { rel } from '../../jsonapi/relationships.ts';
import { taxRateHooks } from '../settings/tax-groups.resource.ts';
import { requireReseller } from './owner.ts';
import { resellerTaxes, resellerTaxGroups } from './reseller.table.ts';

// A reseller's own tax groups (issue 24): its products, services and packages name one, and the
// lines of its invoices are taxed by it. Seen by the reseller only; a group in use is not deleted
// (the catalogue's and lines' foreign keys restrict it: 409).

const hooks: Hooks = {
  beforeWrite(_ctx, input, existing) {
    if (!existing) requireReseller(input);
  },
};

export const resellerTaxGroupsResource = defineResource(declarations['reseller-tax-groups'], {
  table: resellerTaxGroups,
  permissions: 'reseller taxes',
  tenancy: tenancy.reseller(),
  relationships: {
    reseller: rel.belongsTo('reseller_id'),
    resellerTaxes: rel.ownsMany('reseller_tax_group_id', { order: 'position' }),
  },
  filters: { search: filter.search(['name']), reseller: filter.ids('reseller_id', 'reseller') },
  uniques: { reseller_tax_groups_name_unique: { attribute: 'name', code: 'tax_group.name_taken' } },
  hooks,
  notify: { label: (row) => String(row.name ?? '') },
});

/** A tax of a reseller's group, written inside the group's document or at /reseller-taxes. */
export const resellerTaxesResource = defineResource(declarations['reseller-taxes'], {
  table: resellerTaxes,
  permissions: 'reseller taxes',
  tenancy: tenancy.ownedBy(resellerTaxGroupsResource, 'reseller_tax_group_id'),
  relationships: { resellerTaxGroup: rel.belongsTo('reseller_tax_group_id') },
  filters: { resellerTaxGroup: filter.ids('reseller_tax_group_id', 'resellerTaxGroup') },
  hooks: taxRateHooks,
  notify: { label: (row) => String(row.code ?? '') },
});
