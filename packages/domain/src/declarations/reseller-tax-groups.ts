import { declare, rel, attr, timestamps } from '../declare/declare.ts';
import { taxAttributes } from './taxes.ts';

/**
 * A reseller's own tax group (issue 24): the taxes its products, services and packages charge on
 * its invoices, as an organization's tax groups do on its documents; its taxes are written inside
 * its document (a child collection).
 */
export const resellerTaxGroups = declare('reseller-tax-groups', {
  attributes: {
    name: attr.string().isRequired().max(100),
    ...timestamps(),
  },
  relationships: {
    reseller: rel.toOne('resellers', { createOnly: true }),
    resellerTaxes: rel.toMany('reseller-taxes'),
  },
  filters: ['search', 'reseller'],
  sorts: ['name', 'created_at', 'updated_at'],
  defaultSort: 'name',
});

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
