import { sql } from 'drizzle-orm';
import type { BuildColumns, BuildExtraConfigColumns } from 'drizzle-orm';
import { boolean, index, integer, jsonb, numeric, pgTable, primaryKey, text, uniqueIndex, uuid, type AnyPgColumn, type PgColumnBuilderBase, type PgTableExtraConfigValue, type PgTableWithColumns } from 'drizzle-orm/pg-core';
import { at, contactColumns, id, locationIds, ownedBy, timestamps } from '../../db/columns.ts';

// Identity and administration (spec platform §3). Owner columns are plain uuids where two
// tables point at each other (organization.owner -> user -> organization).

export const resellers = pgTable('resellers', {
  id: id(),
  name: text('name').notNull(),
  email: text('email'),
  phone: text('phone'),
  owner_id: uuid('owner_id').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
  // Manager configuration: branding of the app for the reseller's organizations.
  app_name: text('app_name'),
  app_logo: text('app_logo'),
  url_pattern: text('url_pattern'),
  /** The colour of its documents' titles and rules (#1c7ed6). */
  brand_color: text('brand_color'),
  ...timestamps(),
});

export const organizations = pgTable(
  'organizations',
  {
    id: id(),
    reseller_id: uuid('reseller_id').references(() => resellers.id, { onDelete: 'restrict' }),
    owner_id: uuid('owner_id').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    ...contactColumns(),
    country: text('country').notNull().default('CA'),
    locale: text('locale').notNull().default('fr'),
    package_id: uuid('package_id'),
    subscription_id: uuid('subscription_id'),
    ...timestamps(),
  },
  (t) => [index('organizations_reseller_idx').on(t.reseller_id)],
);

/** The owning organization of a tenant row; its rows go when it goes. */
export const organizationId = () =>
  uuid('organization_id')
    .notNull()
    .references((): AnyPgColumn => organizations.id, { onDelete: 'cascade' });

export type TenantColumns<C> = { id: ReturnType<typeof id>; organization_id: ReturnType<typeof organizationId> } & C & ReturnType<typeof timestamps>;

/**
 * A table of an organization's records: its own columns between its id and organization (first)
 * and when it was made and changed (last), the order the migrations gave every such table.
 */
export const tenantTable = <N extends string, C extends Record<string, PgColumnBuilderBase>>(
  name: N,
  columns: C,
  extra?: (t: BuildExtraConfigColumns<N, TenantColumns<C>, 'pg'>) => PgTableExtraConfigValue[],
): PgTableWithColumns<{ name: N; schema: undefined; columns: BuildColumns<N, TenantColumns<C>, 'pg'>; dialect: 'pg' }> =>
  pgTable(name, { id: id(), organization_id: organizationId(), ...columns, ...timestamps() }, extra);

export const locations = tenantTable(
  'locations',
  {
    name: text('name').notNull(),
    ...contactColumns(),
    manager_id: uuid('manager_id').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('locations_organization_idx').on(t.organization_id),
    uniqueIndex('locations_org_name_unique').on(t.organization_id, sql`lower(${t.name})`),
  ],
);

export const users = pgTable(
  'users',
  {
    id: id(),
    organization_id: uuid('organization_id').references(() => organizations.id, { onDelete: 'cascade' }),
    reseller_id: uuid('reseller_id').references(() => resellers.id, { onDelete: 'cascade' }),
    firstname: text('firstname').notNull(),
    lastname: text('lastname').notNull(),
    email: text('email').notNull(),
    phone: text('phone'),
    password_hash: text('password_hash'),
    locale: text('locale').notNull().default('fr'),
    profile_image: text('profile_image'),
    is_staff: boolean('is_staff').notNull().default(false),
    active: boolean('active').notNull().default(true),
    restrict_to_locations: boolean('restrict_to_locations').notNull().default(false),
    location_ids: locationIds(),
    two_factor_enabled: boolean('two_factor_enabled').notNull().default(false),
    two_factor_enabled_at: at('two_factor_enabled_at'),
    two_factor_disabled_at: at('two_factor_disabled_at'),
    password_changed_at: at('password_changed_at'),
    last_login_at: at('last_login_at'),
    invited_at: at('invited_at'),
    ...timestamps(),
  },
  (t) => [
    // E-mail is the login: unique across the platform, whatever its case.
    uniqueIndex('users_email_unique').on(sql`lower(${t.email})`),
    index('users_organization_idx').on(t.organization_id, t.created_at),
    // The default list order (lastname, then id): a page is read straight from the index.
    index('users_organization_lastname_idx').on(t.organization_id, t.lastname, t.id),
    index('users_reseller_idx').on(t.reseller_id),
    index('users_location_ids_idx').using('gin', t.location_ids),
  ],
);

export const permissions = pgTable('permissions', {
  // Ids are assigned once per name and never renumbered (roles point at them).
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  name: text('name').notNull().unique(),
  area: text('area').notNull(),
  subject: text('subject').notNull(),
  verb: text('verb').notNull(),
  scope: text('scope').notNull(),
});

export const roles = pgTable(
  'roles',
  {
    id: id(),
    organization_id: uuid('organization_id').references(() => organizations.id, { onDelete: 'cascade' }),
    reseller_id: uuid('reseller_id').references(() => resellers.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description'),
    /** Set on the roles created from the default catalogue (docs/decisions.md). */
    key: text('key'),
    /** The largest discount its users may give on a line, in percent (issue 27); null: no maximum. */
    max_discount_percent: numeric('max_discount_percent', { precision: 7, scale: 4 }),
    location_ids: locationIds(),
    /** The users of the role's owner holding it, kept by triggers of migration 0014 (count_role_users). */
    users_count: integer('users_count').notNull().default(0),
    ...timestamps(),
  },
  (t) => [
    // Names are unique per owner (platform, reseller or organization); NULL owners compare equal.
    uniqueIndex('roles_owner_name_unique').on(
      sql`coalesce(${t.organization_id}::text, '')`,
      sql`coalesce(${t.reseller_id}::text, '')`,
      sql`lower(${t.name})`,
    ),
    index('roles_reseller_idx').on(t.reseller_id),
  ],
);

export const rolePermissions = pgTable(
  'role_permissions',
  {
    role_id: ownedBy('role_id', () => roles.id),
    permission_id: integer('permission_id')
      .notNull()
      .references(() => permissions.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.role_id, t.permission_id] })],
);

export const userRoles = pgTable(
  'user_roles',
  {
    user_id: ownedBy('user_id', () => users.id),
    role_id: ownedBy('role_id', () => roles.id),
  },
  (t) => [primaryKey({ columns: [t.user_id, t.role_id] }), index('user_roles_role_idx').on(t.role_id)],
);

export const tags = tenantTable(
  'tags',
  {
    name: text('name').notNull(),
    color: text('color'),
  },
  (t) => [uniqueIndex('tags_org_name_unique').on(t.organization_id, sql`lower(${t.name})`)],
);

export const options = tenantTable(
  'options',
  {
    name: text('name').notNull(),
    value: jsonb('value'),
  },
  (t) => [uniqueIndex('options_org_name_unique').on(t.organization_id, t.name)],
);

/** The activity log: one row per create, update, delete and workflow action. */
export const logs = pgTable(
  'logs',
  {
    id: id(),
    organization_id: uuid('organization_id').references(() => organizations.id, { onDelete: 'cascade' }),
    reseller_id: uuid('reseller_id').references(() => resellers.id, { onDelete: 'cascade' }),
    subject_type: text('subject_type').notNull(),
    subject_id: text('subject_id').notNull(),
    causer_id: uuid('causer_id').references(() => users.id, { onDelete: 'set null' }),
    event: text('event').notNull(),
    /** { old: {...}, attributes: {...} } limited to the attributes that changed. */
    properties: jsonb('properties').notNull().default({}),
    location_ids: locationIds(),
    created_at: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('logs_org_created_idx').on(t.organization_id, t.created_at),
    index('logs_subject_idx').on(t.subject_type, t.subject_id),
  ],
);

/** A user a record names (who did something): kept when the user goes, the name then unknown. */
export const userRef = (name: string) => uuid(name).references(() => users.id, { onDelete: 'set null' });

/** Users named by their columns (who did what: `started_by_id`, `completed_by_id`…), each a userRef(). */
export const userRefs = <const N extends string>(...names: N[]) => Object.fromEntries(names.map((n) => [n, userRef(n)])) as Record<N, ReturnType<typeof userRef>>;
