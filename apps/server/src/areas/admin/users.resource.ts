import { declarations, type Permission } from '@atelier/domain';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { tenancy, toUuidArray } from '../../access/tenancy.ts';
import { hashPassword, passwordErrors, verifyPassword } from '../../auth/passwords.ts';
import { revokeUserSessions } from '../../auth/tokens.ts';
import { sendInvitation } from '../../auth/invitations.ts';
import { defineResource, type Refusal, type Row, type WriteInput } from '../../jsonapi/define-resource.ts';
import type { RequestContext } from '../../jsonapi/context.ts';
import { ValidationErrors, attributePointer, relationshipPointer } from '../../jsonapi/errors.ts';
import { forbid } from '../../jsonapi/policies.ts';
import { filter, uuidList } from '../../jsonapi/filters.ts';
import { rel } from '../../jsonapi/relationships.ts';
import { checkUserLimit } from '../reseller/user-limit.ts';
import { permissions, rolePermissions, userRoles, users } from './admin.table.ts';

/** What the contract says of accessChanges. */
const ACCESS_REFUSALS = 'Nobody changes their own roles, allowed locations or location restriction (staff excepted); a user restricted to locations does not lift anyone’s restriction.';

export const usersResource = defineResource(declarations.users, {
  table: users,
  permissions: 'users',
  tenancy: tenancy.owner(),
  attributes: {
    name: (a) => a.isVirtual((r) => `${r.firstname} ${r.lastname}`.trim()),
    has_password: (a) => a.isVirtual((r) => !!r.password_hash),
    // Hashed by the hooks below, never stored as such.
    password: (a) => a.isVirtual(),
    password_confirmation: (a) => a.isVirtual(),
    current_password: (a) => a.isVirtual(),
  },
  relationships: {
    organization: rel.belongsTo('organization_id'),
    reseller: rel.belongsTo('reseller_id'),
    roles: rel.manyToMany(userRoles, 'user_id', 'role_id'),
    allowedLocations: rel.idArray('location_ids'),
  },
  filters: {
    search: filter.search(['firstname', 'lastname', 'email']),
    active: filter.boolean('active'),
    restrict_to_locations: filter.boolean('restrict_to_locations'),
    roles: filter.custom((value) => {
      const ids = uuidList('roles', value);
      return ids.length ? sql`${users.id} IN (SELECT ur.user_id FROM user_roles ur WHERE ur.role_id = ANY(${toUuidArray(ids)}))` : undefined;
    }),
  },
  uniques: { users_email_unique: 'email' },
  // Everyone may change their own picture, whatever their roles.
  uploads: { profile_image: { kinds: ['image'], mayEdit: (ctx, row) => row.id === ctx.actor.id } },
  hooks: {
    async beforeWrite(ctx, input, existing) {
      // The users a location-restricted user creates are restricted (to their locations, by the engine's stamping).
      if (!existing && ctx.actor.restrictToLocations && !ctx.actor.isStaff && !('restrict_to_locations' in input.values))
        input.values.restrict_to_locations = true;
      const errors = new ValidationErrors();
      await checkPassword(ctx, input, existing, errors);
      await checkRoles(ctx, input, errors);
      if (existing && existing.id === ctx.actor.id && input.values.active === false)
        errors.add(attributePointer('active'), 'error.cannot_deactivate_self');
      errors.throwIfAny();
      // One more active user than the organization's package allows: a new one, or one activated.
      if (input.values.active !== false && (!existing || (input.values.active === true && !existing.active)))
        await checkUserLimit(ctx, (input.values.organization_id ?? existing?.organization_id) as string | null, attributePointer('active'), existing?.id as string | undefined);
      if (typeof input.virtual.password === 'string') {
        input.values.password_hash = await hashPassword(input.virtual.password);
        input.values.password_changed_at = new Date().toISOString();
      }
    },
    async afterWrite(ctx, row, input, existing) {
      // A new password or a deactivation ends the user's other sessions at once.
      if (existing && (input.values.password_hash || input.values.active === false))
        await revokeUserSessions(ctx.db, row.id, row.id === ctx.actor.id ? ctx.actor.sessionId : undefined);
    },
  },
  policies: {
    create: { refuses: { 403: ACCESS_REFUSALS }, check: (ctx, input) => accessChanges(ctx, input, null) },
    edit: { refuses: { 403: ACCESS_REFUSALS }, check: (ctx, row, input) => accessChanges(ctx, input, row) },
    delete: { refuses: { 403: 'Nobody deletes themselves.' }, check: (ctx, row) => (row.id === ctx.actor.id ? forbid('error.cannot_delete_self') : undefined) },
    actions: {
      deactivate: {
        refuses: { 403: 'Nobody deactivates themselves.' },
        check: (ctx, row) => (row.id === ctx.actor.id ? forbid('error.cannot_deactivate_self') : undefined),
      },
    },
  },
  actions: {
    activate: {
      method: 'GET',
      permission: 'edit users',
      async handler(ctx, user) {
        if (!user.active) await checkUserLimit(ctx, user.organization_id, attributePointer('active'), user.id);
        // direct write: the action's own record: the action's log entry (activate) covers it
        await ctx.db.update(users).set({ active: true }).where(eq(users.id, user.id));
        return { log: { active: true } };
      },
    },
    deactivate: {
      method: 'GET',
      permission: 'edit users',
      async handler(ctx, user) {
        // direct write: the action's own record: the action's log entry (deactivate) covers it
        await ctx.db.update(users).set({ active: false }).where(eq(users.id, user.id));
        await revokeUserSessions(ctx.db, user.id);
        return { log: { active: false } };
      },
    },
    invite: {
      permission: ['create users', 'edit users'],
      async handler(ctx, user, body) {
        const redirect = (body as { redirect_url?: unknown; data?: { redirect_url?: unknown } })?.redirect_url ??
          (body as { data?: { redirect_url?: unknown } })?.data?.redirect_url;
        await sendInvitation(ctx, user!, typeof redirect === 'string' ? redirect : undefined);
        return { log: { invited: true } };
      },
    },
  },
});

async function checkPassword(ctx: RequestContext, input: WriteInput, existing: Row | null, errors: ValidationErrors) {
  const { password, password_confirmation: confirmation, current_password: current } = input.virtual;
  if (password === undefined || password === null) return;
  for (const code of passwordErrors(String(password))) errors.add(attributePointer('password'), code);
  if (confirmation !== undefined && confirmation !== password)
    errors.add(attributePointer('password_confirmation'), 'validation.password_confirmation');
  // Changing one's own password needs the current one (a stolen session must not lock the owner out).
  if (existing && existing.id === ctx.actor.id && existing.password_hash) {
    if (!current) errors.add(attributePointer('current_password'), 'validation.required');
    else if (!(await verifyPassword(existing.password_hash as string, String(current))))
      errors.add(attributePointer('current_password'), 'auth.current_password_wrong');
  }
}

const sameSet = (a: readonly unknown[], b: readonly unknown[]) => {
  const set = new Set(a.map(String));
  return set.size === new Set(b.map(String)).size && b.every((x) => set.has(String(x)));
};

/**
 * Nobody widens their own access, whatever their permissions: one's own roles, allowed locations
 * and location restriction are changed by someone else (staff excepted: the platform's own
 * administrators). A user restricted to locations cannot lift anyone's restriction either.
 */
async function accessChanges(ctx: RequestContext, input: WriteInput, existing: Row | null): Promise<Refusal[]> {
  if (ctx.actor.isStaff) return [];
  const refused: Refusal[] = [];
  if (existing?.id === ctx.actor.id) {
    const own = 'error.cannot_change_own_access';
    if ('restrict_to_locations' in input.values && input.values.restrict_to_locations !== existing.restrict_to_locations)
      refused.push(forbid(own, undefined, attributePointer('restrict_to_locations')));
    if ('location_ids' in input.values && !sameSet(input.values.location_ids as string[], existing.location_ids as string[]))
      refused.push(forbid(own, undefined, relationshipPointer('allowedLocations')));
    if (input.toMany.roles) {
      const held = await ctx.db.select({ id: userRoles.role_id }).from(userRoles).where(eq(userRoles.user_id, existing.id));
      if (!sameSet(input.toMany.roles, held.map((r) => r.id))) refused.push(forbid(own, undefined, relationshipPointer('roles')));
    }
  }
  if (ctx.actor.restrictToLocations && input.values.restrict_to_locations === false && (!existing || existing.restrict_to_locations))
    refused.push(forbid('error.cannot_widen_access', undefined, attributePointer('restrict_to_locations')));
  return refused;
}

/** No privilege escalation: a user may only give roles whose permissions they hold themselves. */
async function checkRoles(ctx: RequestContext, input: WriteInput, errors: ValidationErrors) {
  const roleIds = input.toMany.roles;
  if (!roleIds?.length || ctx.actor.isStaff) return;
  const rows = (await ctx.db
    .select({ role: rolePermissions.role_id, name: permissions.name })
    .from(rolePermissions)
    .innerJoin(permissions, eq(permissions.id, rolePermissions.permission_id))
    .where(and(inArray(rolePermissions.role_id, roleIds)))) as { role: string; name: Permission }[]; // the table holds the catalogue
  const beyond = rows.find((r) => !ctx.actor.permissions.has(r.name));
  if (beyond) errors.add(relationshipPointer('roles'), 'error.permission_not_grantable', { name: beyond.name });
}
