import { attr, declare, named, rel, timestamps, type RelationshipDeclaration } from '../declare/declare.ts';
import { TAX_TYPES, TAX_TYPE_LABELS } from '../taxes/taxes.ts';

/** A tax of a group: a percentage of the line (9.975) or an amount in dollars per unit (taxRateProblem checks the rate). */
export const taxAttributes = () => ({
  code: attr.string().isRequired().max(20),
  rate: attr.decimal().isRequired().min(0).max(100_000),
  type: attr.enum(TAX_TYPES, TAX_TYPE_LABELS).isRequired(),
  /** Its place in the group: the order documents print the taxes in. */
  position: attr.integer().isReadOnly(),
  ...timestamps(),
});

export const taxes = declare('taxes', {
  attributes: taxAttributes(),
  relationships: {
    organization: rel.toOne('organizations', { readOnly: true }),
    taxGroup: rel.toOne('tax-groups', { required: true }),
  },
  filters: ['taxGroup'],
  sorts: ['position', 'code', 'created_at', 'updated_at'],
  defaultSort: 'position',
});

/**
 * A tax group: the taxes a line charges together, written inside its document (a child
 * collection). An organization's and a reseller's differ only in their `owner` (its relationship),
 * their `taxes` (the relationship's name and type) and the `filters` after the search.
 */
export const taxGroup = <const T extends string, const ON extends string, O extends RelationshipDeclaration, const XN extends string, const XT extends string, const F extends string = never>(
  type: T,
  owner: readonly [ON, O],
  taxes: readonly [XN, XT],
  filters: readonly F[] = [],
) =>
  declare(type, {
    attributes: {
      name: attr.string().isRequired().max(100),
      ...timestamps(),
    },
    relationships: { ...named(owner[0], owner[1]), ...named(taxes[0], rel.toMany(taxes[1])) },
    filters: ['search', ...filters],
    sorts: ['name', 'created_at', 'updated_at'],
    defaultSort: 'name',
  });
