import { attr, declare, rel, timestamps } from '../declare/declare.ts';
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
