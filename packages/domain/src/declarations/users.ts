import { attr, declare, rel, stampedAt, timestamps } from '../declare/declare.ts';
import { LOCALES, LOCALE_LABELS } from '../locale.ts';

export const users = declare('users', {
  attributes: {
    firstname: attr.string().isRequired().max(100),
    lastname: attr.string().isRequired().max(100),
    email: attr.email().isRequired(),
    phone: attr.phone(),
    locale: attr.enum(LOCALES, LOCALE_LABELS).notNull(),
    profile_image: attr.string().max(500),
    is_staff: attr.boolean().isReadOnly(),
    active: attr.boolean(),
    restrict_to_locations: attr.boolean(),
    two_factor_enabled: attr.boolean().isReadOnly(),
    ...stampedAt('two_factor_enabled_at', 'two_factor_disabled_at', 'last_login_at', 'invited_at'),
    name: attr.string().isReadOnly(),
    has_password: attr.boolean().isReadOnly(),
    password: attr.string().isWriteOnly().max(200),
    password_confirmation: attr.string().isWriteOnly().max(200),
    current_password: attr.string().isWriteOnly().max(200),
    ...timestamps(),
  },
  relationships: {
    organization: rel.toOne('organizations', { createOnly: true }),
    reseller: rel.toOne('resellers', { createOnly: true }),
    roles: rel.toMany('roles'),
    allowedLocations: rel.toMany('locations'),
  },
  filters: ['search', 'active', 'restrict_to_locations', 'roles'],
  sorts: ['created_at', 'updated_at', 'firstname', 'lastname', 'email', 'last_login_at', 'active'],
  defaultSort: 'lastname',
});
