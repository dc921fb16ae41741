import { getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { ResourceDefinition } from '../jsonapi/define-resource.ts';
import { grants } from '../jsonapi/policies.ts';
import type { Actor } from './actor.ts';

/**
 * How a resource's rows belong to tenants. The engine ANDs `scope` into every read, include,
 * relationship check, update and delete, so a row outside it does not exist for the actor.
 */
export interface Tenancy {
  kind: 'organization' | 'owner' | 'organization-self' | 'reseller-self' | 'reseller' | 'personal' | 'global' | 'owned' | 'attached';
  /** SQL restricting the rows the actor may see; undefined means no restriction. */
  scope(actor: Actor, table: PgTable): SQL | undefined;
  /** Whether rows carry organization_id (then filter[organization] exists and writes are stamped). */
  hasOrganization: boolean;
  /** Rows owned by a parent record: the parent's type and the foreign key to it (see ownedBy). */
  parent?: OwningParent;
}

/** The parent of owned rows, as its declaration gives it. */
export interface OwningParent {
  def: { type: string; table: PgTable; tenancy: Tenancy };
  foreignKey: string;
}

const NOTHING = sql`false`;
const col = (table: PgTable, name: string) => (table as unknown as Record<string, SQL>)[name];

/** Organizations of the actor's reseller, as a subquery (kept in SQL so it stays one round trip). */
const resellerOrganizations = (resellerId: string) =>
  sql`(SELECT o.id FROM organizations o WHERE o.reseller_id = ${resellerId})`;

/**
 * Whether the table's rows carry location_ids (allowedLocations): then a user restricted to
 * locations sees only the rows of theirs and organization-wide ones, whatever the type (a table
 * cannot opt out: a column the scope ignored was a way round the restriction), and
 * filter[allowedLocations] narrows it.
 */
export const hasLocations = (table: PgTable) => 'location_ids' in getTableColumns(table);

const locationClause = (actor: Actor, table: PgTable) =>
  actor.restrictToLocations && hasLocations(table)
    ? sql`(${col(table, 'location_ids')} && ${toUuidArray(actor.locationIds)} OR ${col(table, 'location_ids')} = '{}'::uuid[])`
    : undefined;

/**
 * Values as one array parameter of a PostgreSQL type (`'{a,b}'::uuid[]`): one bind however many
 * values, so the statement's text and its cost do not grow with them (an IN list of 25 values
 * took 18 times longer to build than this).
 */
export const arrayOf = (values: readonly (string | number)[], type: 'uuid' | 'integer' | 'text') =>
  sql`${`{${values.map((v) => (typeof v === 'number' ? String(v) : `"${v.replace(/["\\]/g, '\\$&')}"`)).join(',')}}`}::${sql.raw(type)}[]`;

export const toUuidArray = (ids: readonly string[]) => arrayOf(ids, 'uuid');

const and = (...parts: (SQL | undefined)[]) => {
  const present = parts.filter((p): p is SQL => !!p);
  if (present.length === 0) return undefined;
  return present.length === 1 ? present[0] : sql`(${sql.join(present, sql` AND `)})`;
};

/**
 * A scope by who the actor is: platform staff see every row, an organization's users the rows
 * `organization` gives, a reseller's users those `reseller` gives, anyone else none.
 */
const byActor =
  (rules: { organization(organizationId: string, table: PgTable, actor: Actor): SQL | undefined; reseller(resellerId: string, table: PgTable): SQL }): Tenancy['scope'] =>
  (actor, table) => {
    if (actor.isStaff) return undefined;
    if (actor.organizationId) return rules.organization(actor.organizationId, table, actor);
    if (actor.resellerId) return rules.reseller(actor.resellerId, table);
    return NOTHING;
  };

/** The rows of the actor's organization (and of their locations when the rows carry them). */
const ofOrganization = (organizationId: string, table: PgTable, actor: Actor) => and(sql`${col(table, 'organization_id')} = ${organizationId}`, locationClause(actor, table));

export const tenancy = {
  /** Rows owned by one organization (organization_id NOT NULL), and by locations when they carry them. */
  organization: (): Tenancy => ({
    kind: 'organization',
    hasOrganization: true,
    scope: byActor({
      organization: ofOrganization,
      reseller: (resellerId, table) => sql`${col(table, 'organization_id')} IN ${resellerOrganizations(resellerId)}`,
    }),
  }),
  /** Rows owned by an organization, a reseller or the platform (users, roles, logs). */
  owner: (): Tenancy => ({
    kind: 'owner',
    hasOrganization: true,
    scope: byActor({
      organization: ofOrganization,
      reseller: (resellerId, table) => sql`(${col(table, 'reseller_id')} = ${resellerId} OR ${col(table, 'organization_id')} IN ${resellerOrganizations(resellerId)})`,
    }),
  }),
  /** The organizations table itself. */
  organizationSelf: (): Tenancy => ({
    kind: 'organization-self',
    hasOrganization: false,
    scope: byActor({
      organization: (organizationId, table) => sql`${col(table, 'id')} = ${organizationId}`,
      reseller: (resellerId, table) => sql`${col(table, 'reseller_id')} = ${resellerId}`,
    }),
  }),
  /** The resellers table itself. */
  resellerSelf: (): Tenancy => ({
    kind: 'reseller-self',
    hasOrganization: false,
    scope: byActor({
      // An organization's users read their reseller (whom to contact about their subscription).
      organization: (organizationId, table) => sql`${col(table, 'id')} = (SELECT o.reseller_id FROM organizations o WHERE o.id = ${organizationId})`,
      reseller: (resellerId, table) => sql`${col(table, 'id')} = ${resellerId}`,
    }),
  }),
  /**
   * Rows of a reseller (reseller_id: its catalogue, its organizations' subscriptions, its invoices
   * and payments): its users see its own, platform staff all. With `organization`, the rows are
   * also about one organization (organization_id), whose users see theirs (their subscription, the
   * invoices they receive); without, an organization's users see only what `seenByOrganization`
   * says (their package).
   */
  reseller: (opts: { organization?: boolean; seenByOrganization?: (table: PgTable, organizationId: string) => SQL } = {}): Tenancy => ({
    kind: 'reseller',
    hasOrganization: !!opts.organization,
    scope: byActor({
      organization: (organizationId, table) =>
        opts.organization ? sql`${col(table, 'organization_id')} = ${organizationId}` : (opts.seenByOrganization?.(table, organizationId) ?? NOTHING),
      reseller: (resellerId, table) => sql`${col(table, 'reseller_id')} = ${resellerId}`,
    }),
  }),
  /**
   * Rows of one user (notifications, subscriptions): everyone, staff included, sees only their
   * own, and of those carrying locations, a restricted user sees those of their locations.
   */
  personal: (opts: { column?: string } = {}): Tenancy => ({
    kind: 'personal',
    hasOrganization: true,
    scope: (actor, table) => and(sql`${col(table, opts.column ?? 'user_id')} = ${actor.id}`, locationClause(actor, table)),
  }),
  /**
   * Rows owned by a parent record (a supplier's products, an order's lines): visible to whoever
   * sees the parent, through the foreign key, so the child table needs no tenant column of its
   * own. With `organization`, the table keeps a copy of the parent's organization_id (for
   * distribution by organization), stamped from the parent by the engine.
   */
  ownedBy: (parent: OwningParent['def'], foreignKey: string, opts: { organization?: boolean } = {}): Tenancy => ({
    kind: 'owned',
    hasOrganization: !!opts.organization,
    parent: { def: parent, foreignKey },
    scope(actor, table) {
      const inner = parent.tenancy.scope(actor, parent.table);
      return inner && sql`${col(table, foreignKey)} IN (SELECT ${col(parent.table, 'id')} FROM ${parent.table} WHERE ${inner})`;
    },
  }),
  /**
   * Rows attached to a record of one of several types (comments: object_type + object_id). A row
   * exists for the actor only while its record does: the actor may view that type (roles) and sees
   * that record (its tenancy scope: organization, locations). The row's organization_id is its
   * record's, set by the resource (the record decides, not the actor).
   */
  attachedTo: (types: ReadonlyMap<string, AttachableType>, typeColumn: string, idColumn: string): Tenancy => ({
    kind: 'attached',
    hasOrganization: true,
    scope: (actor, table) => and(tenancy.organization().scope(actor, table), attachedRecordVisible(actor, types, table, typeColumn, idColumn)),
  }),
  /** Reference data shared by every tenant (the permission catalogue). */
  global: (): Tenancy => ({
    kind: 'global',
    hasOrganization: false,
    scope: () => undefined,
  }),
};

export const sqlAnd = and;

/** A type of record others attach rows to (comments, files): who sees one of its records. */
export type AttachableType = Pick<ResourceDefinition, 'table' | 'tenancy' | 'permissions' | 'writable' | 'alsoGrantedBy'>;

/**
 * Whether the record a row is attached to (typeColumn + idColumn) is one the actor sees: they may
 * view its type (roles) and it is within its type's scope (organization, locations). A type the
 * actor may not view, or one not listed, hides the row.
 */
export function attachedRecordVisible(actor: Actor, types: ReadonlyMap<string, AttachableType>, table: PgTable, typeColumn: string, idColumn: string): SQL {
  const visible = [...types]
    .filter(([, def]) => grants(actor, def, 'view'))
    .map(([type, def]) => {
      const inner = def.tenancy.scope(actor, def.table);
      const ids = sql`SELECT ${col(def.table, 'id')} FROM ${def.table}${inner ? sql` WHERE ${inner}` : sql``}`;
      return sql`(${col(table, typeColumn)} = ${type} AND ${col(table, idColumn)} IN (${ids}))`;
    });
  if (!visible.length) return NOTHING;
  return visible.length === 1 ? visible[0] : sql`(${sql.join(visible, sql` OR `)})`;
}
