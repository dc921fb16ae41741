import { declarations, taxRateProblem } from '@atelier/domain';
import { sql } from 'drizzle-orm';
import { tenancy } from '../../access/tenancy.ts';
import { rowsOf } from '../../db/client.ts';
import { defineResource, type Hooks, type Policy, type Row } from '../../jsonapi/define-resource.ts';
import { ValidationErrors, attributePointer } from '../../jsonapi/errors.ts';
import { filter } from '../../jsonapi/filters.ts';
import { conflictWith } from '../../jsonapi/policies.ts';
import { rel } from '../../jsonapi/relationships.ts';
import { taxGroups, taxes } from './settings.table.ts';

/**
 * A group in use is not deleted: the options naming it (a module's default tax group) today, the
 * items of estimates and repairs by their foreign key later (the engine answers those 409 too).
 */
const notInUse: Policy<[row: Row]> = {
  refuses: { 409: 'The tax group is a default tax group of the settings, or lines use it.' },
  async check(ctx, row) {
    const used = rowsOf<{ name: string }>(
      await ctx.db.execute(sql`SELECT name FROM options WHERE organization_id = ${row.organization_id} AND value = to_jsonb(${row.id}::text) LIMIT 1`),
    );
    return used.length ? conflictWith('tax_group.in_use') : undefined;
  },
};

/** Tax groups of an organization (spec §3, §7 /tax-groups): their taxes are a child collection. */
export const taxGroupsResource = defineResource(declarations['tax-groups'], {
  table: taxGroups,
  permissions: 'taxes',
  tenancy: tenancy.organization(),
  relationships: {
    organization: rel.belongsTo('organization_id'),
    taxes: rel.ownsMany('tax_group_id', { order: 'position' }),
  },
  filters: { search: filter.search(['name']) },
  uniques: { tax_groups_org_name_unique: { attribute: 'name', code: 'tax_group.name_taken' } },
  policies: { delete: notInUse },
  notify: { label: (row) => String(row.name ?? '') },
});

/** A tax's rate checked by the domain's rule (an organization's taxes, a reseller's). */
export const taxRateHooks: Hooks = {
  beforeWrite(_ctx, input, existing) {
    if (!input.present.has('rate') && !input.present.has('type')) return;
    const rate = (input.values.rate ?? existing?.rate) as string | number;
    const type = String(input.values.type ?? existing?.type ?? 'percentage');
    const problem = rate === undefined || rate === null ? null : taxRateProblem({ rate, type });
    if (!problem) return;
    const errors = new ValidationErrors();
    errors.add(attributePointer('rate'), problem);
    errors.throwIfAny();
  },
};

/** A tax of a group, written inside the group's document or at /taxes; the rate's rule is the domain's. */
export const taxesResource = defineResource(declarations.taxes, {
  table: taxes,
  permissions: 'taxes',
  tenancy: tenancy.ownedBy(taxGroupsResource, 'tax_group_id', { organization: true }),
  relationships: {
    organization: rel.belongsTo('organization_id'),
    taxGroup: rel.belongsTo('tax_group_id'),
  },
  filters: { taxGroup: filter.ids('tax_group_id', 'taxGroup') },
  hooks: taxRateHooks,
  notify: { label: (row) => String(row.code ?? '') },
});
