import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../src/db/client.ts';
import { migrationsFolder } from '../../src/db/migrate.ts';
import { syncPermissions } from '../../src/db/seed.ts';
import { createTestApp, type TestApp } from '../helpers.ts';
import { makeWorld, type World } from '../factories.ts';

// A permission new to the catalogue reaches the roles an installation already has (issue 27's
// « appliquer des remises » and the reseller's templates had reached only new organizations' roles).

let t: TestApp;
let w: World;
beforeAll(async () => {
  t = await createTestApp();
  w = await makeWorld(t);
});
afterAll(() => t?.close());

const holders = async (permission: string) =>
  rowsOf<{ key: string | null; name: string; organization_id: string | null; reseller_id: string | null }>(
    await t.database.db.execute(sql`
      SELECT r.key, r.name, r.organization_id, r.reseller_id FROM roles r
      JOIN role_permissions rp ON rp.role_id = r.id JOIN permissions p ON p.id = rp.permission_id
      WHERE p.name = ${permission} ORDER BY r.key NULLS LAST, r.name`),
  );
/** As an installation that had no such permission yet: the catalogue's row (and so every grant) gone. */
const forget = (permission: string) => t.database.db.execute(sql`DELETE FROM permissions WHERE name = ${permission}`);

describe('permissions new to the catalogue', () => {
  it('are granted to the existing roles whose default key holds them, and to no other role', async () => {
    const customRole = await t.api('POST', '/api/v1/roles', {
      token: w.manager.token,
      body: { data: { type: 'roles', attributes: { name: 'Comptoir' } } },
    });
    expect(customRole.status).toBe(201);
    await forget('apply discounts estimations');
    expect(await holders('apply discounts estimations')).toEqual([]);

    await syncPermissions(t.database.db);
    const given = (await holders('apply discounts estimations')).filter((r) => r.organization_id);
    // Administrator and manager of both organizations; not the inspector, the estimator, the custom role.
    expect(given.map((r) => r.key).sort()).toEqual(['administrator', 'administrator', 'manager', 'manager']);
    expect(given.map((r) => r.organization_id).sort()).toEqual([w.garage.id, w.garage.id, w.other.id, w.other.id].sort());
    // A reseller's administrator holds every organization permission too.
    expect((await holders('apply discounts estimations')).some((r) => r.key === 'reseller_admin' && r.reseller_id === w.reseller.id)).toBe(true);
  });

  it('reach the resellers’ administrator roles (the reseller’s templates)', async () => {
    await forget('create form templates');
    await syncPermissions(t.database.db);
    const given = await holders('create form templates');
    expect(given.length).toBeGreaterThan(0);
    expect(given.every((r) => r.key === 'reseller_admin' || r.key === 'platform_admin')).toBe(true);
    expect(given.some((r) => r.reseller_id === w.reseller.id)).toBe(true);
  });

  it('are granted once: one an administrator took from a default role stays taken', async () => {
    await t.database.db.execute(sql`
      DELETE FROM role_permissions WHERE role_id IN (SELECT id FROM roles WHERE organization_id = ${w.garage.id} AND key = 'manager')
        AND permission_id = (SELECT id FROM permissions WHERE name = 'apply discounts estimations')`);
    await syncPermissions(t.database.db);
    const given = await holders('apply discounts estimations');
    expect(given.filter((r) => r.organization_id === w.garage.id).map((r) => r.key)).toEqual(['administrator']);
  });

  it('take effect at the next request of a signed-in user (the role’s version changes)', async () => {
    await forget('view any tags');
    // direct write: as after a restart, no permission set cached from before the catalogue changed
    await t.database.db.execute(sql`UPDATE roles SET updated_at = now()`);
    t.forgetSessions();
    expect((await t.api('GET', '/api/v1/tags', { token: w.manager.token })).status).toBe(403);
    await syncPermissions(t.database.db);
    t.forgetSessions(); // the sync runs at start, before any request: no actor cached from before it
    expect((await t.api('GET', '/api/v1/tags', { token: w.manager.token })).status).toBe(200);
  });

  it('migration 0037 grants the permissions added before the sync did to installations that had them', async () => {
    const names = ['apply discounts estimations', 'create form templates', 'edit canned job templates'];
    // direct write: as an installation whose roles predate those permissions
    await t.database.db.execute(sql`DELETE FROM role_permissions WHERE permission_id IN (SELECT id FROM permissions WHERE name IN (${sql.join(names.map((n) => sql`${n}`), sql`, `)}))`);
    const file = readFileSync(join(migrationsFolder(), '0037_grant_new_permissions.sql'), 'utf8');
    for (const statement of file.split('--> statement-breakpoint')) await t.database.db.execute(sql.raw(statement));
    const keys = async (name: string) => [...new Set((await holders(name)).map((r) => r.key))].sort();
    expect(await keys('apply discounts estimations')).toEqual(['administrator', 'manager', 'reseller_admin']);
    expect(await keys('create form templates')).toEqual(['reseller_admin']);
    expect(await keys('edit canned job templates')).toEqual(['reseller_admin']);
  });
});

