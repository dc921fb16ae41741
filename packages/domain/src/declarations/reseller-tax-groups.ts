import { declare, rel } from '../declare/declare.ts';
import { taxAttributes, taxGroup } from './taxes.ts';

/**
 * A reseller's own tax group (issue 24): the taxes its products, services and packages charge on
 * its invoices, as an organization's tax groups do on its documents; its taxes are written inside
 * its document (a child collection).
 */
export const resellerTaxGroups = taxGroup('reseller-tax-groups', ['reseller', rel.toOne('resellers', { createOnly: true })], ['resellerTaxes', 'reseller-taxes'], ['reseller']);

/** A tax of a reseller's group: a percentage of the line or an amount per unit, as an organization's taxes. */
export const resellerTaxes = declare('reseller-taxes', {
  attributes: taxAttributes(),
  relationships: {
    resellerTaxGroup: rel.toOne('reseller-tax-groups', { required: true }),
  },
  filters: ['resellerTaxGroup'],
  sorts: ['position', 'code', 'created_at', 'updated_at'],
  defaultSort: 'position',
});
