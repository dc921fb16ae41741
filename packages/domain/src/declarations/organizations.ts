import { attr, contactAttributes, declare, rel, timestamps } from '../declare/declare.ts';
import { LOCALES, LOCALE_LABELS, PROVINCES } from '../locale.ts';

export const organizations = declare('organizations', {
  attributes: {
    name: attr.string().isRequired().max(150),
    ...contactAttributes(PROVINCES),
    country: attr.string().notNull().max(2),
    locale: attr.enum(LOCALES, LOCALE_LABELS).notNull(),
    ...timestamps(),
  },
  relationships: {
    reseller: rel.toOne('resellers'),
    owner: rel.toOne('users'),
    locations: rel.toMany('locations', { readOnly: true }),
    users: rel.toMany('users', { readOnly: true }),
    /** Its reseller's package and its subscription to it (set by the subscription). */
    package: rel.toOne('packages', { readOnly: true }),
    subscription: rel.toOne('subscriptions', { readOnly: true }),
  },
  filters: ['search', 'reseller', 'organization'],
  sorts: ['name', 'created_at', 'updated_at', 'city'],
  defaultSort: 'name',
});
