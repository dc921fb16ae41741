import { sql } from 'drizzle-orm';
import { DEFAULT_OPTIONS, DEFAULT_ROLES, type Locale } from '@atelier/domain';
import type { Db } from '../../db/client.ts';
import { newId } from '../../db/columns.ts';
import { seedTaxGroups } from '../settings/tax-groups.seed.ts';
import { options, roles } from './admin.table.ts';

/** Grants the named permissions to a role (names outside the catalogue are ignored). */
export async function grant(db: Db, roleId: string, names: readonly string[]) {
  // direct write: a new organization's default roles' permissions, set up with it (join-table rows; the organization's creation is logged)
  await db.execute(sql`
    INSERT INTO role_permissions (role_id, permission_id)
    SELECT ${roleId}, p.id FROM permissions p WHERE p.name = ANY(${sql`ARRAY[${sql.join(
      names.map((n) => sql`${n}`),
      sql`, `,
    )}]::text[]`})
    ON CONFLICT DO NOTHING`);
}

/** Gives a new organization the default roles of the catalogue; returns their ids by key. */
export async function createDefaultRoles(db: Db, organizationId: string, locale: Locale) {
  const ids: Record<string, string> = {};
  for (const role of DEFAULT_ROLES) {
    const id = newId();
    ids[role.key] = id;
    // direct write: a new organization's default roles, set up with it (its creation is logged)
    await db.insert(roles).values({ id, organization_id: organizationId, name: role.name[locale], key: role.key, max_discount_percent: role.maxDiscountPercent ?? null });
    await grant(db, id, role.permissions);
  }
  return ids;
}

/** Everything a new organization starts with: the default roles, options and tax groups. */
export async function setUpOrganization(db: Db, organizationId: string, locale: Locale) {
  // direct write: a new organization's default options, set up with it (its creation is logged)
  await db.insert(options).values(
    Object.entries(DEFAULT_OPTIONS).map(([name, value]) => ({ organization_id: organizationId, name, value })),
  );
  await seedTaxGroups(db, organizationId, locale);
  return createDefaultRoles(db, organizationId, locale);
}
