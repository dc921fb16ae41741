import { attr, declare, rel, timestamps } from '../declare/declare.ts';

export const resellers = declare('resellers', {
  attributes: {
    name: attr.string().isRequired().max(150),
    email: attr.email(),
    phone: attr.phone(),
    app_name: attr.string().max(100),
    app_logo: attr.string().max(500),
    url_pattern: attr.string().max(255),
    /** Its documents' colour, #rrggbb (its invoices' titles and rules). */
    brand_color: attr.string().max(7),
    ...timestamps(),
  },
  relationships: {
    owner: rel.toOne('users'),
    organizations: rel.toMany('organizations', { readOnly: true }),
  },
  filters: ['search'],
  sorts: ['name', 'created_at', 'updated_at'],
  defaultSort: 'name',
});
