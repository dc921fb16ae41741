import { declarations } from '@atelier/domain';
import { sql } from 'drizzle-orm';
import { sqlAnd, tenancy, toUuidArray, type Tenancy } from '../../access/tenancy.ts';
import { defineResource, type Row } from '../../jsonapi/define-resource.ts';
import type { RequestContext } from '../../jsonapi/context.ts';
import { records } from '../../jsonapi/records.ts';
import { ApiError, idList } from '../../jsonapi/errors.ts';
import { filter, uuidList } from '../../jsonapi/filters.ts';
import { rel } from '../../jsonapi/relationships.ts';
import { scoped } from '../../jsonapi/scope.ts';
import { usersResource } from './users.resource.ts';
import { locations, users } from './admin.table.ts';

const base = tenancy.organization();
/** A user restricted to locations sees those locations only. */
const locationTenancy: Tenancy = {
  ...base,
  scope: (actor, table) =>
    sqlAnd(base.scope(actor, table), actor.restrictToLocations ? sql`${table}.id = ANY(${toUuidArray(actor.locationIds)})` : undefined),
};

export const locationsResource = defineResource(declarations.locations, {
  table: locations,
  permissions: 'locations',
  alsoGrantedBy: { edit: ['edit own locations'] },
  tenancy: locationTenancy,
  relationships: {
    organization: rel.belongsTo('organization_id'),
    manager: rel.belongsTo('manager_id'),
    users: rel.containedIn('location_ids'),
    /** The CRM contacts given to this location (allowedLocations); organization-wide ones are not. */
    contacts: rel.containedIn('location_ids'),
  },
  filters: {
    search: filter.search(['name', 'city', 'address']),
    // A location "is in" the selected locations when it is one of them.
    allowedLocations: filter.ids('id', 'allowedLocations'),
  },
  uniques: { locations_org_name_unique: 'name' },
  actions: {
    'attach-users': {
      path: 'attach-users/:id',
      permission: ['edit locations', 'edit users'],
      handler: (ctx, location, body) => changeMembers(ctx, location.id, location.organization_id as string, body, 'attach'),
    },
    'detach-users': {
      path: 'detach-users/:id',
      permission: ['edit locations', 'edit users'],
      handler: (ctx, location, body) => changeMembers(ctx, location.id, location.organization_id as string, body, 'detach'),
    },
  },
});

/** Body: { data: [{ type: 'users', id }] } or { users: [ids] } (the older clients' shapes). */
function userIdsOf(body: unknown): string[] {
  const b = body as { data?: unknown; users?: unknown; user_ids?: unknown };
  const list = Array.isArray(b?.data) ? b.data : Array.isArray(b?.users) ? b.users : Array.isArray(b?.user_ids) ? b.user_ids : [];
  return list.map((x) => (typeof x === 'string' ? x : String((x as { id?: unknown })?.id ?? ''))).filter(Boolean);
}

async function changeMembers(ctx: RequestContext, locationId: string, organizationId: string, body: unknown, mode: 'attach' | 'detach') {
  const ids = uuidList('users', userIdsOf(body).join(','));
  if (!ids.length) throw new ApiError(422, 'validation.required', undefined, { pointer: '/data' });
  const visible = (await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(scoped(ctx, usersResource, sql`id = ANY(${toUuidArray(ids)}) AND organization_id = ${organizationId}`))) as { id: string }[];
  const missing = ids.filter((id) => !visible.some((v) => v.id === id));
  if (missing.length) throw new ApiError(422, 'validation.relationship_not_found', { id: idList(missing) }, { pointer: '/data' });
  // Through the engine: each user's change is logged, with the location as its cause.
  const member = (row: Row) => {
    const had = row.location_ids as string[];
    return { location_ids: mode === 'attach' ? [...new Set([...had, locationId])] : had.filter((id) => id !== locationId) };
  };
  await records(ctx, 'users').update(ids, member, { cause: { type: 'locations', id: locationId } });
  return { log: { [mode === 'attach' ? 'attached_users' : 'detached_users']: ids } };
}
