import { OPTION_RULES, declarations, parseOption } from '@atelier/domain';
import { and, eq } from 'drizzle-orm';
import { tenancy } from '../../access/tenancy.ts';
import { defineResource, type Row } from '../../jsonapi/define-resource.ts';
import { ValidationErrors, attributePointer } from '../../jsonapi/errors.ts';
import { filter } from '../../jsonapi/filters.ts';
import type { MessageKey } from '../../i18n/index.ts';
import { rel } from '../../jsonapi/relationships.ts';
import { hostProblem } from '../settings/net.ts';
import { taxGroups } from '../settings/settings.table.ts';
import { options } from './admin.table.ts';

const VALUE = attributePointer('value');
/** The options list's page: every option of the catalogue, so an organization's map is one page (a test checks it fits). */
export const OPTIONS_PAGE = 1000;

/**
 * Organization configuration as name/value pairs. Clients read GET /options as a map
 * (?add_data=map: meta.map, name → value, of the listed options: one organization's with
 * filter[organization] or an organization user's own). Each value is checked by its option's rule
 * (domain OPTION_RULES), plus what needs the database or the network: a default tax group is one
 * of the organization's, a callback URL's host resolves to public addresses only.
 * Options are organization-wide (they carry no locations), so a user restricted to locations
 * reads the same map as everyone else.
 */
export const optionsResource = defineResource(declarations.options, {
  table: options,
  permissions: 'options',
  tenancy: tenancy.organization(),
  operations: { create: false, delete: false },
  // Clients read an organization's options as one map (page[size]=999999): all of them in one page.
  maxPageSize: OPTIONS_PAGE,
  relationships: {
    organization: rel.belongsTo('organization_id'),
  },
  filters: { name: filter.in('name'), search: filter.search(['name']) },
  addData: {
    map: async (_ctx, rows: Row[]) => Object.fromEntries(rows.map((r) => [String(r.name), r.value ?? null])),
  },
  hooks: {
    async beforeWrite(ctx, input, existing) {
      if (!existing || !input.present.has('value')) return;
      const name = existing.name;
      const errors = new ValidationErrors();
      const parsed = parseOption(name, input.values.value, { allowPrivate: ctx.config.callbacksAllowPrivate });
      if (!parsed.ok) {
        errors.add(VALUE, parsed.code as MessageKey, parsed.params);
        return errors.throwIfAny();
      }
      const kind = OPTION_RULES.get(name)?.kind;
      if (kind === 'tax_group' && parsed.value) {
        const [group] = await ctx.db
          .select({ id: taxGroups.id })
          .from(taxGroups)
          .where(and(eq(taxGroups.id, String(parsed.value)), eq(taxGroups.organization_id, existing.organization_id)));
        if (!group) errors.add(VALUE, 'option.tax_group');
      }
      if (kind === 'callback_url' && parsed.value && !ctx.config.callbacksAllowPrivate) {
        const problem = await hostProblem(String(parsed.value), false);
        if (problem) errors.add(VALUE, problem.code, problem.params);
      }
      errors.throwIfAny();
      input.values.value = parsed.value;
    },
  },
});
