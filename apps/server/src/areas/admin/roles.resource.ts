import { declarations, permissionsForLevel, type Permission } from '@atelier/domain';
import { inArray, sql } from 'drizzle-orm';
import { tenancy } from '../../access/tenancy.ts';
import { defineResource } from '../../jsonapi/define-resource.ts';
import { records } from '../../jsonapi/records.ts';
import { ValidationErrors, relationshipPointer } from '../../jsonapi/errors.ts';
import { filter } from '../../jsonapi/filters.ts';
import { rel } from '../../jsonapi/relationships.ts';
import { newId } from '../../db/columns.ts';
import { permissions, rolePermissions, roles, userRoles } from './admin.table.ts';
import { copyName, upTo } from '../../i18n/index.ts';

const NAME_MAX = declarations.roles.attributes.name.limits.max!;

export const rolesResource = defineResource(declarations.roles, {
  table: roles,
  permissions: 'roles',
  tenancy: tenancy.owner(),
  relationships: {
    organization: rel.belongsTo('organization_id'),
    reseller: rel.belongsTo('reseller_id'),
    permissions: rel.manyToMany(rolePermissions, 'role_id', 'permission_id'),
    users: rel.manyToMany(userRoles, 'role_id', 'user_id'),
    allowedLocations: rel.idArray('location_ids'),
  },
  filters: { search: filter.search(['name', 'description']) },
  uniques: { roles_owner_name_unique: 'name' },
  hooks: {
    async beforeWrite(ctx, input, existing) {
      const ids = input.toMany.permissions;
      if (!ids?.length) return;
      const names = (await ctx.db
        .select({ name: permissions.name })
        .from(permissions)
        .where(inArray(permissions.id, ids.map(Number)))) as { name: Permission }[]; // the table holds the catalogue (syncPermissions)
      const orgId = (input.values.organization_id ?? existing?.organization_id ?? null) as string | null;
      const resellerId = (input.values.reseller_id ?? existing?.reseller_id ?? null) as string | null;
      const level = orgId ? 'organization' : resellerId ? 'reseller' : 'platform';
      const grantable = new Set(permissionsForLevel(level));
      const errors = new ValidationErrors();
      // A role holds only permissions of its level, and only ones its editor holds (no escalation).
      for (const { name } of names)
        if (!grantable.has(name) || (!ctx.actor.isStaff && !ctx.actor.permissions.has(name))) {
          errors.add(relationshipPointer('permissions'), 'error.permission_not_grantable', { name });
          break;
        }
      errors.throwIfAny();
    },
  },
  actions: {
    copy: {
      permission: 'create roles',
      contract: { summary: 'Copies the role and its permissions (name: the copy’s, optional)', status: 201, body: { type: 'object' } },
      async handler(ctx, role, body) {
        const requested = (body as { data?: { attributes?: { name?: unknown } }; name?: unknown }) ?? {};
        const wanted = requested.data?.attributes?.name ?? requested.name;
        // The name asked, else "<name> (copie)" in the reader's language; numbered while taken, always within the limit.
        const named = (suffix: string) =>
          (typeof wanted === 'string' && wanted.trim() ? upTo(wanted.trim(), NAME_MAX - suffix.length) : copyName(ctx.locale, String(role.name), NAME_MAX - suffix.length)) + suffix;
        const name = await freeName(ctx.db, role.organization_id as string | null, role.reseller_id as string | null, named);
        const id = newId();
        await records(ctx, 'roles').create(
          [
            {
              id,
              name,
              description: role.description as string | null,
              organization_id: role.organization_id as string | null,
              reseller_id: role.reseller_id as string | null,
              location_ids: role.location_ids as string[],
            },
          ],
          { cause: { type: 'roles', id: String(role.id) } },
        );
        // direct write: the copy's permissions, rows of the role_permissions join table copied in one statement
        await ctx.db.execute(
          sql`INSERT INTO role_permissions (role_id, permission_id) SELECT ${id}, permission_id FROM role_permissions WHERE role_id = ${role.id}`,
        );
        return { status: 201, recordId: id, log: { copied_to: id } };
      },
    },
  },
});

async function freeName(db: import('../../db/client.ts').Db, org: string | null, reseller: string | null, named: (suffix: string) => string) {
  const taken = new Set(
    (
      (await db.execute(
        sql`SELECT lower(name) AS name FROM roles WHERE coalesce(organization_id::text,'') = ${org ?? ''} AND coalesce(reseller_id::text,'') = ${reseller ?? ''}`,
      )) as unknown as { rows: { name: string }[] }
    ).rows.map((r) => r.name),
  );
  let name = named('');
  for (let i = 2; taken.has(name.toLowerCase()); i++) name = named(` ${i}`);
  return name;
}

