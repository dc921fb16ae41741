import { sql } from 'drizzle-orm';
import { DEFAULT_OPTIONS, DEFAULT_ROLE_KEYS, PERMISSIONS, defaultRolePermissions, permissionsForLevel } from '@atelier/domain';
import { locations, organizations, permissions, resellers, roles, tags, userRoles, users } from '../areas/admin/admin.table.ts';
import { grant, setUpOrganization } from '../areas/admin/organization-setup.ts';
import { hashPassword } from '../auth/passwords.ts';
import type { Area } from '../areas/area.ts';
import { AREAS } from '../areas/index.ts';
import { rowsOf, type Db } from './client.ts';
import { newId } from './columns.ts';
import { arrayOf } from '../access/tenancy.ts';

/**
 * Brings the permissions table in line with the catalogue of @atelier/domain: new names are
 * added, changed descriptions updated, names gone from the catalogue removed.
 */
export async function syncPermissions(db: Db) {
  const synced = await db
    .insert(permissions)
    .values(PERMISSIONS.map(({ name, area, subject, verb, scope }) => ({ name, area, subject, verb, scope })))
    .onConflictDoUpdate({
      target: permissions.name,
      set: { area: sql`excluded.area`, subject: sql`excluded.subject`, verb: sql`excluded.verb`, scope: sql`excluded.scope` },
    })
    // xmax = 0: the row was inserted by this statement, not updated (PostgreSQL's way to tell them apart)
    .returning({ name: permissions.name, added: sql<boolean>`(xmax = 0)` });
  await grantAddedToDefaultRoles(
    db,
    synced.filter((p) => p.added).map((p) => p.name),
  );
  const names = PERMISSIONS.map((p) => p.name);
  const removed = rowsOf(
    await db.execute(
      sql`DELETE FROM permissions WHERE NOT (name = ANY(ARRAY[${sql.join(names.map((n) => sql`${n}`), sql`, `)}]::text[])) RETURNING id`,
    ),
  );
  // Roles that lost a permission get a new version, so cached permission sets are not reused.
  if (removed.length) await db.execute(sql`UPDATE roles SET updated_at = now()`);
}

/**
 * A permission new to the catalogue is granted once, as it appears, to the roles made with a default
 * key whose defaults hold it (an installation's managers get a new action as a new organization's
 * do). Never again afterwards: a permission an administrator takes from such a role stays taken.
 */
async function grantAddedToDefaultRoles(db: Db, added: readonly string[]) {
  if (!added.length) return;
  // One statement per default key, whatever the number of organizations.
  for (const key of DEFAULT_ROLE_KEYS) {
    const names = (defaultRolePermissions(key) ?? []).filter((n) => added.includes(n));
    if (!names.length) continue;
    // A role's permission set is cached by its version: the roles given a permission get a new one.
    // direct write: a new permission's rows for the default roles (join-table rows) and their version (cache invalidation)
    await db.execute(sql`
      WITH given AS (
        INSERT INTO role_permissions (role_id, permission_id)
        SELECT r.id, p.id FROM roles r JOIN permissions p ON p.name = ANY(${arrayOf(names, 'text')}) WHERE r.key = ${key}
        ON CONFLICT DO NOTHING RETURNING role_id)
      UPDATE roles SET updated_at = now() WHERE id IN (SELECT role_id FROM given)`);
  }
}

/** Gives every organization the options added to DEFAULT_OPTIONS since it was created. */
export async function syncOptions(db: Db) {
  const rows = Object.entries(DEFAULT_OPTIONS).map(([name, value]) => sql`(${name}, ${JSON.stringify(value)}::jsonb)`);
  await db.execute(sql`
    INSERT INTO options (id, organization_id, name, value)
    SELECT gen_random_uuid(), o.id, d.name, d.value FROM organizations o CROSS JOIN (VALUES ${sql.join(rows, sql`, `)}) AS d(name, value)
    ON CONFLICT (organization_id, name) DO NOTHING`);
}

export const DEMO_PASSWORD = 'Demo-Atelier-2026';

export const DEMO_ACCOUNTS = [
  { email: 'admin@atelier.test', who: 'platform administrator' },
  { email: 'reseller@atelier.test', who: 'reseller (Réseau Démo)' },
  { email: 'manager@atelier.test', who: 'Garage Démo, every organization permission' },
  { email: 'inspector@atelier.test', who: 'Garage Démo, inspector restricted to the first location' },
  { email: 'manager2@atelier.test', who: 'Autos Rivière, every organization permission' },
  { email: 'reseller2@atelier.test', who: 'reseller (Réseau Nord, bills Autos Rivière)' },
];

/** Seeds the demo data on an empty database (no user yet); returns whether it did. */
export async function seedDemo(db: Db, areas: readonly Area[] = AREAS): Promise<boolean> {
  const [{ count }] = rowsOf<{ count: number }>(await db.execute(sql`SELECT count(*)::int AS count FROM users`));
  if (count > 0) return false;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const now = new Date().toISOString();
  const person = (email: string, firstname: string, lastname: string, extra: Partial<typeof users.$inferInsert> = {}) => ({
    id: newId(),
    email,
    firstname,
    lastname,
    password_hash: passwordHash,
    password_changed_at: now,
    ...extra,
  });

  await db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    // The platform
    const admin = person('admin@atelier.test', 'Alice', 'Administratrice', { is_staff: true });
    await tx.insert(users).values(admin);
    const platformRole = newId();
    await tx.insert(roles).values({ id: platformRole, name: 'Administrateur de la plateforme', key: 'platform_admin' });
    await grant(tx, platformRole, permissionsForLevel('platform'));
    await tx.insert(userRoles).values({ user_id: admin.id, role_id: platformRole });

    // A reseller and its user
    const resellerId = newId();
    await tx.insert(resellers).values({ id: resellerId, name: 'Réseau Démo', email: 'reseller@atelier.test', app_name: 'Atelier' });
    const resellerUser = person('reseller@atelier.test', 'Rémi', 'Revendeur', { reseller_id: resellerId });
    await tx.insert(users).values(resellerUser);
    await tx.update(resellers).set({ owner_id: resellerUser.id }).where(sql`id = ${resellerId}`);
    const resellerRole = newId();
    await tx.insert(roles).values({ id: resellerRole, reseller_id: resellerId, name: 'Revendeur', key: 'reseller_admin' });
    await grant(tx, resellerRole, permissionsForLevel('reseller'));
    await tx.insert(userRoles).values({ user_id: resellerUser.id, role_id: resellerRole });

    // Garage Démo, owned by the reseller, with two locations
    const garage = newId();
    await tx.insert(organizations).values({
      id: garage,
      reseller_id: resellerId,
      name: 'Garage Démo',
      email: 'manager@atelier.test',
      phone: '514 555-0100',
      address: '1200 rue Sainte-Catherine Ouest',
      city: 'Montréal',
      province: 'QC',
      postal_code: 'H3B 1K9',
    });
    const montreal = newId();
    const laval = newId();
    await tx.insert(locations).values([
      { id: montreal, organization_id: garage, name: 'Garage Démo Montréal', city: 'Montréal', province: 'QC', phone: '514 555-0101' },
      { id: laval, organization_id: garage, name: 'Garage Démo Laval', city: 'Laval', province: 'QC', phone: '450 555-0102' },
    ]);
    const garageRoles = await setUpOrganization(tx, garage, 'fr');
    const manager = person('manager@atelier.test', 'Marie', 'Gagnon', { organization_id: garage, location_ids: [montreal, laval] });
    const inspector = person('inspector@atelier.test', 'Ivan', 'Tremblay', {
      organization_id: garage,
      restrict_to_locations: true,
      location_ids: [montreal],
    });
    await tx.insert(users).values([manager, inspector]);
    await tx.insert(userRoles).values([
      { user_id: manager.id, role_id: garageRoles.administrator },
      { user_id: inspector.id, role_id: garageRoles.inspector },
    ]);
    await tx.update(organizations).set({ owner_id: manager.id }).where(sql`id = ${garage}`);
    await tx.update(locations).set({ manager_id: manager.id }).where(sql`organization_id = ${garage}`);

    // Autos Rivière (the reseller area's demo makes it Réseau Nord's customer)
    const riviere = newId();
    await tx.insert(organizations).values({ id: riviere, name: 'Autos Rivière', city: 'Québec', province: 'QC', email: 'manager2@atelier.test' });
    await tx.insert(locations).values({ id: newId(), organization_id: riviere, name: 'Autos Rivière Québec', city: 'Québec', province: 'QC' });
    const riviereRoles = await setUpOrganization(tx, riviere, 'fr');
    const manager2 = person('manager2@atelier.test', 'Marc', 'Rivière', { organization_id: riviere });
    await tx.insert(users).values(manager2);
    await tx.insert(userRoles).values({ user_id: manager2.id, role_id: riviereRoles.administrator });
    await tx.update(organizations).set({ owner_id: manager2.id }).where(sql`id = ${riviere}`);

    await tx.insert(tags).values([
      { organization_id: garage, name: 'Client VIP', color: 'yellow' },
      { organization_id: garage, name: 'Garantie', color: 'blue' },
      { organization_id: riviere, name: 'Flotte', color: 'green' },
    ]);

    // Each area's own demo data, in the order of the areas.
    for (const area of areas) await area.demo?.(tx);
  });
  return true;
}
