import { and, eq, inArray } from 'drizzle-orm';
import type { MessageKey } from '../../i18n/index.ts';
import type { RequestContext } from '../../jsonapi/context.ts';
import { ValidationErrors } from '../../jsonapi/errors.ts';
import { scoped } from '../../jsonapi/scope.ts';
import { roles, users } from './admin.table.ts';
import { rolesResource } from './roles.resource.ts';
import { usersResource } from './users.resource.ts';

// Who a piece of work is assigned to, as an assign action's body names them (inspections,
// estimations, repairs): users and roles of the record's organization that the actor sees.

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A user's name as messages show it ("Alice Admin"), or a dash when there is none. */
export async function userName(ctx: RequestContext, userId: string | null | undefined): Promise<string> {
  const [user] = userId ? await ctx.db.select({ firstname: users.firstname, lastname: users.lastname }).from(users).where(eq(users.id, userId)) : [];
  return user ? `${user.firstname} ${user.lastname}`.trim() : '—';
}

/** The ids of a to-many relationship in the body: { data: { relationships: { name: { data: [{ type, id }] } } } }. */
export function linkage(body: unknown, name: string, type: string): string[] {
  const data = isObject(body) && isObject(body.data) ? body.data : {};
  const relationships = isObject(data.relationships) ? data.relationships : {};
  const list = isObject(relationships[name]) ? (relationships[name] as Record<string, unknown>).data : undefined;
  return Array.isArray(list) ? list.flatMap((l) => (isObject(l) && l.type === type && typeof l.id === 'string' ? [l.id] : [])) : [];
}

/**
 * The users (active) and roles named by the body's assignedToUsers and assignedToRoles: existing,
 * visible and of the organization; at least one (else `required`, 422 on assignedToUsers).
 */
export async function assigneesOf(ctx: RequestContext, organizationId: string, body: unknown, required: MessageKey) {
  const userIds = [...new Set(linkage(body, 'assignedToUsers', 'users'))];
  const roleIds = [...new Set(linkage(body, 'assignedToRoles', 'roles'))];
  const errors = new ValidationErrors();
  if (!userIds.length && !roleIds.length) errors.add('/data/relationships/assignedToUsers', required);
  errors.throwIfAny();
  const foundUsers = userIds.every((id) => UUID.test(id))
    ? await ctx.db
        .select({ id: users.id })
        .from(users)
        .where(scoped(ctx, usersResource, and(inArray(users.id, userIds), eq(users.organization_id, organizationId), eq(users.active, true))))
    : [];
  const foundRoles =
    roleIds.length && roleIds.every((id) => UUID.test(id))
      ? await ctx.db.select({ id: roles.id }).from(roles).where(scoped(ctx, rolesResource, and(inArray(roles.id, roleIds), eq(roles.organization_id, organizationId))))
      : [];
  const missingUsers = userIds.filter((id) => !foundUsers.some((u) => u.id === id));
  const missingRoles = roleIds.filter((id) => !foundRoles.some((r) => r.id === id));
  if (missingUsers.length) errors.add('/data/relationships/assignedToUsers', 'validation.relationship_not_found', { id: missingUsers.join(', ') });
  if (missingRoles.length) errors.add('/data/relationships/assignedToRoles', 'validation.relationship_not_found', { id: missingRoles.join(', ') });
  errors.throwIfAny();
  return { assigned_user_ids: userIds, assigned_role_ids: roleIds };
}
