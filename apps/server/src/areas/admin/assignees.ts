import { and, eq, inArray } from 'drizzle-orm';
import type { Permission } from '@atelier/domain';
import type { MessageKey } from '../../i18n/index.ts';
import type { RequestContext } from '../../jsonapi/context.ts';
import { relationshipIds } from '../../jsonapi/action-body.ts';
import { ValidationErrors, idList } from '../../jsonapi/errors.ts';
import { placedRelationships, rel } from '../../jsonapi/relationships.ts';
import { scoped } from '../../jsonapi/scope.ts';
import type { JsonSchema, Row } from '../../jsonapi/define-resource.ts';
import type { WorkflowAction } from '../../jsonapi/workflow.ts';
import { roles, users } from './admin.table.ts';
import { rolesResource } from './roles.resource.ts';
import { usersResource } from './users.resource.ts';

// The users and roles an assign action names (inspections, estimations, repairs): POST /{type}/{id}/assign
// with { data: { relationships: { assignedToUsers: { data: [...] }, assignedToRoles: { data: [...] } } } }.

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The users and roles to assign: at least one (else `required`), each existing, visible to the
 * actor and of the record's organization (active users only); all the errors at once.
 */
export async function assigneesOf(ctx: RequestContext, organizationId: string, body: unknown, required: MessageKey) {
  const userIds = [...new Set(relationshipIds(body, 'assignedToUsers', 'users'))];
  const roleIds = [...new Set(relationshipIds(body, 'assignedToRoles', 'roles'))];
  const errors = new ValidationErrors();
  if (!userIds.length && !roleIds.length) errors.add('/data/relationships/assignedToUsers', required);
  errors.throwIfAny();
  const foundUsers =
    userIds.length && userIds.every((id) => UUID.test(id))
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
  if (missingUsers.length) errors.add('/data/relationships/assignedToUsers', 'validation.relationship_not_found', { id: idList(missingUsers) });
  if (missingRoles.length) errors.add('/data/relationships/assignedToRoles', 'validation.relationship_not_found', { id: idList(missingRoles) });
  errors.throwIfAny();
  return { assigned_user_ids: userIds, assigned_role_ids: roleIds };
}

/** The assign action's body in the API contract. */
const ASSIGN_BODY: JsonSchema = {
  description: '{ data: { relationships: { assignedToUsers: { data: [{ type: "users", id }] }, assignedToRoles: { data: [{ type: "roles", id }] } } } }',
  type: 'object',
  properties: { data: { type: 'object' } },
};

/** The assign action of a work document (inspections, estimations, repairs): its contract and its check. */
export function assignAction<R extends Row>(summary: string, required: MessageKey): WorkflowAction<R> {
  return { summary, body: ASSIGN_BODY, values: (ctx, row, body) => assigneesOf(ctx, row.organization_id as string, body, required) };
}

/** A user's name for a message that tells who holds the work ('—' when nobody does). */
export async function userName(ctx: RequestContext, userId: string | null | undefined): Promise<string> {
  const [user] = userId ? await ctx.db.select({ firstname: users.firstname, lastname: users.lastname }).from(users).where(eq(users.id, userId)) : [];
  return user ? `${user.firstname} ${user.lastname}`.trim() : '—';
}

/**
 * Where every work document (inspection, estimate, repair) keeps the relationships they share:
 * its organization, locations, tags, creator, customer and vehicle.
 */
export const workDocumentStorage = () => ({
  ...placedRelationships(),
  creator: rel.belongsTo('creator_id'),
  customer: rel.belongsTo('customer_id'),
  vehicle: rel.belongsTo('vehicle_id'),
});

/**
 * Where a work document keeps its assignment (admin/work-columns.ts), as its declaration's
 * relationships: assignees given in a document need the assign permission (403 `refusal`), on
 * every write path.
 */
export function assignmentStorage(permission: Permission, refusal: MessageKey) {
  const guard = { permission, refusal };
  return {
    assignedToUsers: rel.idArray('assigned_user_ids', { guard }),
    assignedToRoles: rel.idArray('assigned_role_ids', { guard }),
    assignedBy: rel.belongsTo('assigned_by_id'),
  };
}
