import { attr, declare, rel, timestamps } from '../declare/declare.ts';

/**
 * A tax group (spec §3 Tax group): the taxes a line charges together (Québec: GST + QST). A new
 * organization gets the Canadian ones (taxes/canadian-taxes.ts); its taxes are written inside its
 * document (a child collection).
 */
export const taxGroups = declare('tax-groups', {
  attributes: {
    name: attr.string().isRequired().max(100),
    ...timestamps(),
  },
  relationships: {
    organization: rel.toOne('organizations', { readOnly: true }),
    taxes: rel.toMany('taxes'),
  },
  filters: ['search'],
  sorts: ['name', 'created_at', 'updated_at'],
  defaultSort: 'name',
});
