import { attr, declare, rel, timestamps } from '../declare/declare.ts';
import { PACKAGE_FREQUENCIES, PACKAGE_FREQUENCY_LABELS } from '../reseller/billing.ts';

/**
 * What a reseller sells by subscription (spec platform §3 Package): billed monthly or yearly, for
 * at most `maximum_users` active users of the organization, with a default role (what the
 * organization's users may use).
 */
export const packages = declare('packages', {
  attributes: {
    name: attr.string().isRequired().max(150),
    description: attr.text().max(2000),
    frequency: attr.enum(PACKAGE_FREQUENCIES, PACKAGE_FREQUENCY_LABELS).isRequired(),
    /** Active users an organization on this package may have (none: no limit). */
    maximum_users: attr.integer().min(1).max(100_000),
    /** Cents per period, before taxes. */
    price: attr.money().isRequired().min(0).max(100_000_000),
    active: attr.boolean(),
    ...timestamps(),
  },
  relationships: {
    reseller: rel.toOne('resellers', { createOnly: true }),
    taxGroup: rel.toOne('reseller-tax-groups'),
    defaultRole: rel.toOne('roles'),
    subscriptions: rel.toMany('subscriptions', { readOnly: true }),
  },
  filters: ['search', 'active', 'frequency', 'reseller'],
  sorts: ['name', 'price', 'maximum_users', 'created_at', 'updated_at'],
  defaultSort: 'name',
});
