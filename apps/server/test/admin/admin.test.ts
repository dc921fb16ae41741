import { OPTION_RULES } from '@atelier/domain';
import { OPTIONS_PAGE } from '../../src/areas/admin/options.resource.ts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../src/db/client.ts';
import { syncOptions } from '../../src/db/seed.ts';
import { createTestApp, type TestApp } from '../helpers.ts';
import { makeWorld, type World } from '../factories.ts';

let t: TestApp;
let w: World;
let manager: string;
const user = (attributes: Record<string, unknown>, relationships?: Record<string, unknown>, id?: string) => ({
  data: { type: 'users', ...(id ? { id } : {}), attributes, ...(relationships ? { relationships } : {}) },
});
const names = (res: { body: any }) =>
  res.body.data.map((d: any) => (d.type === 'users' ? d.attributes.email : d.attributes.name));

beforeAll(async () => {
  t = await createTestApp();
  w = await makeWorld(t);
  manager = w.manager.token;
});
afterAll(() => t?.close());

describe('tenancy of the accounts', () => {
  it('shows an organization user only their organization', async () => {
    const res = await t.api('GET', '/api/v1/users?sort=email', { token: manager });
    expect(names(res)).toEqual([w.inspector.email, w.manager.email]);
    const orgs = await t.api('GET', '/api/v1/organizations/' + w.garage.id, { token: manager });
    expect(orgs.status).toBe(200);
    expect((await t.api('GET', '/api/v1/organizations/' + w.other.id, { token: manager })).status).toBe(404);
  });

  it('shows a reseller its organizations and their users, not the others', async () => {
    const reseller = w.reseller.user.token;
    const orgs = await t.api('GET', '/api/v1/organizations', { token: reseller });
    expect(names(orgs)).toEqual([w.garage.name]);
    const users = await t.api('GET', '/api/v1/users?sort=email', { token: reseller });
    expect(names(users)).toEqual([w.inspector.email, w.manager.email, w.reseller.user.email]);
  });

  it('shows the platform admin everything', async () => {
    const admin = w.admin.token;
    const orgs = await t.api('GET', '/api/v1/organizations', { token: admin });
    expect(orgs.body.meta.page.total).toBe(2);
    const resellers = await t.api('GET', '/api/v1/resellers', { token: admin });
    expect(resellers.body.meta.page.total).toBe(1);
  });

  it('limits a location-restricted user to their locations', async () => {
    const inspector = w.inspector.token;
    // The inspector role cannot list locations; the restriction shows through /me's include.
    const me = await t.api('GET', '/api/v1/me?include=allowedLocations', { token: inspector });
    expect(me.body.included.map((l: any) => l.attributes.name)).toEqual([`${w.garage.name} Montréal`]);
    // A user restricted to Laval only cannot be seen from Montréal.
    const res = await t.api('POST', '/api/v1/users', {
      token: manager,
      body: user(
        { firstname: 'Luc', lastname: 'Laval', email: 'luc@garage.test', restrict_to_locations: true },
        { allowedLocations: { data: [{ type: 'locations', id: w.garage.laval }] } },
      ),
    });
    expect(res.status).toBe(201);
    await t.database.db.execute(sql`
      INSERT INTO role_permissions (role_id, permission_id)
      SELECT ur.role_id, p.id FROM user_roles ur, permissions p
       WHERE ur.user_id = ${w.inspector.id} AND p.name IN ('view any users', 'view any locations')`);
    // Written around the API: bump the role's version as the API does, so cached permissions refresh,
    // and forget cached sessions as a write through the API does.
    await t.database.db.execute(sql`UPDATE roles SET updated_at = now() WHERE id IN (SELECT role_id FROM user_roles WHERE user_id = ${w.inspector.id})`);
    t.forgetSessions();
    const users = await t.api('GET', '/api/v1/users?sort=email', { token: inspector });
    expect(names(users)).not.toContain('luc@garage.test');
    const locations = await t.api('GET', '/api/v1/locations', { token: inspector });
    expect(names(locations)).toEqual([`${w.garage.name} Montréal`]);
  });
});

describe('users', () => {
  it('creates a user in the manager organization with roles and locations', async () => {
    const roles = await t.api('GET', '/api/v1/roles?filter[search]=Inspecteur', { token: manager });
    const res = await t.api('POST', '/api/v1/users?include=roles', {
      token: manager,
      body: user(
        { firstname: 'Nadia', lastname: 'Roy', email: 'Nadia@Garage.test', locale: 'en' },
        {
          roles: { data: [{ type: 'roles', id: roles.body.data[0].id }] },
          allowedLocations: { data: [{ type: 'locations', id: w.garage.montreal }] },
        },
      ),
    });
    expect(res.status).toBe(201);
    expect(res.body.data.attributes).toMatchObject({ email: 'nadia@garage.test', locale: 'en', has_password: false });
    expect(res.body.data.relationships.organization.data.id).toBe(w.garage.id);
    expect(res.body.included.map((r: any) => r.attributes.name)).toEqual(['Inspecteur']);
  });

  it('refuses a duplicate e-mail on the email field', async () => {
    const res = await t.api('POST', '/api/v1/users', {
      token: manager,
      body: user({ firstname: 'A', lastname: 'B', email: w.manager2.email.toUpperCase() }),
    });
    expect(res.status).toBe(422);
    expect(res.body.errors[0]).toMatchObject({ code: 'validation.unique', source: { pointer: '/data/attributes/email' } });
  });

  it('checks password rules with one message per broken rule', async () => {
    const res = await t.api('POST', '/api/v1/users', {
      token: manager,
      body: user({ firstname: 'A', lastname: 'B', email: 'pw@garage.test', password: 'abc', password_confirmation: 'abd' }),
      headers: { 'accept-language': 'en' },
    });
    expect(res.status).toBe(422);
    expect(res.body.errors.map((e: any) => e.detail)).toEqual([
      'The password must contain at least 8 characters',
      'The password must contain at least one digit',
      'The password must contain at least one uppercase letter',
      'The confirmation does not match the password',
    ]);
  });

  it('refuses to delete or deactivate the connected user', async () => {
    const me = w.manager.id;
    const del = await t.api('DELETE', `/api/v1/users/${me}`, { token: manager });
    expect(del.status).toBe(403);
    expect(del.body.errors[0].detail).toBe("Impossible de supprimer l'utilisateur connecté.");
    const en = await t.api('GET', `/api/v1/users/${me}/deactivate`, { token: manager, headers: { 'accept-language': 'en' } });
    expect(en.status).toBe(403);
    expect(en.body.errors[0].detail).toBe('Unable to deactivate the connected user.');
  });

  it('deactivates and activates a user, who then cannot log in', async () => {
    const created = await t.api('POST', '/api/v1/users', {
      token: manager,
      body: user({ firstname: 'Olga', lastname: 'Ouellet', email: 'olga@garage.test', password: 'Secret-Pass-1', password_confirmation: 'Secret-Pass-1' }),
    });
    const id = created.body.data.id;
    const token = await t.login('olga@garage.test', 'Secret-Pass-1');
    const off = await t.api('GET', `/api/v1/users/${id}/deactivate`, { token: manager });
    expect(off.body.data.attributes.active).toBe(false);
    expect((await t.api('GET', '/api/v1/me', { token })).status).toBe(401);
    const login = await t.api('POST', '/api/v1/login', { body: { email: 'olga@garage.test', password: 'Secret-Pass-1' } });
    expect(login.status).toBe(403);
    const on = await t.api('GET', `/api/v1/users/${id}/activate`, { token: manager });
    expect(on.body.data.attributes.active).toBe(true);
    const log = await t.api('GET', `/api/v1/logs?filter[subject_id]=${id}&sort=created_at`, { token: manager });
    expect(log.body.data.map((l: any) => l.attributes.event)).toEqual(['created', 'deactivate', 'activate']);
  });

  it('invites a user by e-mail with a link into the app', async () => {
    const created = await t.api('POST', '/api/v1/users', { token: manager, body: user({ firstname: 'Paul', lastname: 'Pelletier', email: 'paul@garage.test' }) });
    const res = await t.api('POST', `/api/v1/users/${created.body.data.id}/invite`, {
      token: manager,
      body: { redirect_url: 'http://atelier.test/password/email' },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.attributes.invited_at).toBeTruthy();
    const [mail] = await t.outbox('paul@garage.test');
    expect(mail.subject).toBe('Invitation à rejoindre Atelier');
    expect(mail.text).toMatch(/http:\/\/atelier\.test\/password\/email\?token=[\w-]+&email=paul%40garage\.test/);
  });

  it('does not let a user grant roles with permissions they do not hold', async () => {
    const admin = w.admin.token;
    const platformRole = await t.api('GET', '/api/v1/roles?filter[search]=plateforme', { token: admin });
    const res = await t.api('POST', '/api/v1/users', {
      token: manager,
      body: user({ firstname: 'Q', lastname: 'R', email: 'qr@garage.test' }, { roles: { data: [{ type: 'roles', id: platformRole.body.data[0].id }] } }),
    });
    // The platform role is not even visible to an organization manager.
    expect(res.status).toBe(422);
    expect(res.body.errors[0].source.pointer).toBe('/data/relationships/roles');
  });
});

describe('roles and permissions', () => {
  it('accepts the global selection filters on every type, narrowing only where they apply', async () => {
    const loc = w.garage.montreal;
    const org = w.garage.id;
    const perms = await t.api('GET', `/api/v1/permissions?filter[allowedLocations]=${loc}&filter[organization]=${org}`, { token: manager });
    expect(perms.status).toBe(200);
    expect(perms.body.meta.page.total).toBeGreaterThan(100);
    const tags = await t.api('GET', `/api/v1/tags?filter[allowedLocations]=${loc}&filter[organization]=${w.other.id}`, { token: manager });
    expect(tags.status).toBe(200);
    expect(tags.body.meta.page.total).toBe(0);
  });

  it('lists the permission catalogue', async () => {
    const res = await t.api('GET', '/api/v1/permissions?filter[subject]=inspections&page[size]=100', { token: manager });
    expect(res.body.data.map((p: any) => p.attributes.name)).toContain('take over inspections');
  });

  it('creates a role with permissions and copies it', async () => {
    const perms = await t.api('GET', '/api/v1/permissions?filter[search]=vehicles&filter[scope]=organization&page[size]=100', { token: manager });
    const some = perms.body.data.slice(0, 3).map((p: any) => ({ type: 'permissions', id: p.id }));
    const role = await t.api('POST', '/api/v1/roles?include=permissions', {
      token: manager,
      body: { data: { type: 'roles', attributes: { name: 'Préposé' }, relationships: { permissions: { data: some } } } },
    });
    expect(role.status).toBe(201);
    expect(role.body.included).toHaveLength(3);
    expect(role.body.data.relationships.permissions.data.every((p: any) => typeof p.id === 'string')).toBe(true);
    const copy = await t.api('POST', `/api/v1/roles/${role.body.data.id}/copy?include=permissions`, { token: manager, body: {} });
    expect(copy.status).toBe(201);
    expect(copy.body.data.attributes.name).toBe('Préposé (copie)');
    expect(copy.body.included).toHaveLength(3);
    const again = await t.api('POST', `/api/v1/roles/${role.body.data.id}/copy`, { token: manager, body: {} });
    expect(again.body.data.attributes.name).toBe('Préposé (copie) 2');
  });

  it('names a copy in the reader’s language, within the name’s 100 characters', async () => {
    const long = 'R'.repeat(100);
    const role = await t.api('POST', '/api/v1/roles', { token: manager, body: { data: { type: 'roles', attributes: { name: long } } } });
    expect(role.status).toBe(201);
    const copy = async (locale: string) =>
      (await t.api('POST', `/api/v1/roles/${role.body.data.id}/copy`, { token: manager, body: {}, headers: { 'accept-language': locale } })).body.data.attributes.name as string;
    const [en, en2, fr] = [await copy('en'), await copy('en'), await copy('fr')];
    expect(en).toBe(`${'R'.repeat(93)} (copy)`);
    expect(en2).toBe(`${'R'.repeat(91)} (copy) 2`);
    expect(fr).toBe(`${'R'.repeat(92)} (copie)`);
    for (const name of [en, en2, fr]) expect([...name].length).toBeLessThanOrEqual(100);
  });

  it('counts the users of its organization holding a role (users_count), kept by the database as links come and go', async () => {
    const count = async (id: string) => (await t.api('GET', `/api/v1/roles/${id}`, { token: manager })).body.data.attributes.users_count;
    // Every role of the list carries its count, as the links say.
    const listed = await t.api('GET', '/api/v1/roles?page[size]=100', { token: manager });
    const links = rowsOf<{ id: string; n: number }>(
      await t.database.db.execute(
        sql`SELECT r.id, count(u.id)::int AS n FROM roles r LEFT JOIN user_roles ur ON ur.role_id = r.id LEFT JOIN users u ON u.id = ur.user_id AND u.organization_id = r.organization_id WHERE r.organization_id = ${w.garage.id} GROUP BY r.id`,
      ),
    );
    expect(Object.fromEntries(listed.body.data.map((r: any) => [r.id, r.attributes.users_count]))).toEqual(Object.fromEntries(links.map((l) => [l.id, l.n])));
    expect(links.some((l) => l.n > 0)).toBe(true);
    const role = await t.api('POST', '/api/v1/roles', { token: manager, body: { data: { type: 'roles', attributes: { name: 'Compteurs' } } } });
    expect(role.body.data.attributes.users_count).toBe(0);
    const id = role.body.data.id as string;
    const made = [];
    for (const name of ['Cam', 'Cid'])
      made.push(
        await t.api('POST', '/api/v1/users', {
          token: manager,
          body: user({ firstname: name, lastname: 'Compté', email: `${name.toLowerCase()}@count.test` }, { roles: { data: [{ type: 'roles', id }] } }),
        }),
      );
    expect(made.map((m) => m.status)).toEqual([201, 201]);
    expect(await count(id)).toBe(2);
    // A user of no organization (the platform's) holding it is not one of its organization's.
    await t.database.db.execute(sql`INSERT INTO user_roles (user_id, role_id) VALUES (${w.admin.id}, ${id})`);
    expect(await count(id)).toBe(2);
    const [cam, cid] = made.map((m) => m.body.data.id as string);
    const patched = await t.api('PATCH', `/api/v1/users/${cam}`, { token: manager, body: user({}, { roles: { data: [] } }, cam) });
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    expect(await count(id)).toBe(1);
    expect((await t.api('DELETE', `/api/v1/users/${cid}`, { token: manager })).status).toBe(204);
    expect(await count(id)).toBe(0);
    await t.database.db.execute(sql`DELETE FROM user_roles WHERE user_id = ${w.admin.id} AND role_id = ${id}`);
    expect(await count(id)).toBe(0);
  });

  it('applies a change of a role permissions to signed-in users at once', async () => {
    const perm = await t.api('GET', '/api/v1/permissions?filter[search]=view any tags', { token: manager });
    const role = await t.api('POST', '/api/v1/roles', {
      token: manager,
      body: { data: { type: 'roles', attributes: { name: 'Étiquettes' }, relationships: { permissions: { data: [{ type: 'permissions', id: perm.body.data[0].id }] } } } },
    });
    await t.api('POST', '/api/v1/users', {
      token: manager,
      body: user(
        { firstname: 'Tia', lastname: 'Tag', email: 'tia@garage.test', password: 'Secret-Pass-1', password_confirmation: 'Secret-Pass-1' },
        { roles: { data: [{ type: 'roles', id: role.body.data.id }] } },
      ),
    });
    const tia = await t.login('tia@garage.test', 'Secret-Pass-1');
    expect((await t.api('GET', '/api/v1/tags', { token: tia })).status).toBe(200);
    await t.api('PATCH', `/api/v1/roles/${role.body.data.id}`, {
      token: manager,
      body: { data: { type: 'roles', id: role.body.data.id, relationships: { permissions: { data: [] } } } },
    });
    expect((await t.api('GET', '/api/v1/tags', { token: tia })).status).toBe(403);
  });

  it('refuses permissions above the role level or the editor', async () => {
    const perms = await t.api('GET', '/api/v1/permissions?filter[search]=create organizations', { token: manager });
    const res = await t.api('POST', '/api/v1/roles', {
      token: manager,
      body: { data: { type: 'roles', attributes: { name: 'Trop' }, relationships: { permissions: { data: [{ type: 'permissions', id: perms.body.data[0].id }] } } } },
    });
    expect(res.status).toBe(422);
    expect(res.body.errors[0].detail).toBe('Vous ne pouvez pas accorder la permission create organizations.');
  });

  it('keeps role names unique per organization', async () => {
    const res = await t.api('POST', '/api/v1/roles', { token: manager, body: { data: { type: 'roles', attributes: { name: 'inspecteur' } } } });
    expect(res.status).toBe(422);
    expect(res.body.errors[0].source.pointer).toBe('/data/attributes/name');
    const other = w.manager2.token;
    expect((await t.api('POST', '/api/v1/roles', { token: other, body: { data: { type: 'roles', attributes: { name: 'Préposé' } } } })).status).toBe(201);
  });
});

describe('organizations, resellers and locations', () => {
  it('lets an organization user edit their own organization with the own permission', async () => {
    const id = w.garage.id;
    const res = await t.api('PATCH', `/api/v1/organizations/${id}`, {
      token: manager,
      body: { data: { type: 'organizations', id, attributes: { phone: '514 555-0199', province: 'QC' } } },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.attributes.phone).toBe('514 555-0199');
    const bad = await t.api('PATCH', `/api/v1/organizations/${id}`, {
      token: manager,
      body: { data: { type: 'organizations', id, attributes: { province: 'XX' } } },
    });
    expect(bad.status).toBe(422);
  });

  it('lets a reseller create an organization that gets the default roles', async () => {
    const reseller = w.reseller.user.token;
    const res = await t.api('POST', '/api/v1/organizations?include=reseller', {
      token: reseller,
      body: { data: { type: 'organizations', attributes: { name: 'Garage Nord', province: 'ON', locale: 'en' } } },
    });
    expect(res.status).toBe(201);
    expect(res.body.data.relationships.reseller.data.type).toBe('resellers');
    const admin = w.admin.token;
    const roles = await t.api('GET', `/api/v1/roles?filter[organization]=${res.body.data.id}&page[size]=20`, { token: admin });
    expect(roles.body.data.map((r: any) => r.attributes.name).sort()).toEqual(['Administrator', 'Estimator', 'Inspector', 'Manager', 'Mechanic', 'Service advisor']);
    // An organization manager cannot create organizations.
    expect((await t.api('POST', '/api/v1/organizations', { token: manager, body: { data: { type: 'organizations', attributes: { name: 'X' } } } })).status).toBe(403);
  });

  it('attaches and detaches users to a location', async () => {
    const laval = w.garage.laval;
    const inspector = w.inspector.id;
    const attach = await t.api('POST', `/api/v1/locations/attach-users/${laval}?include=users`, {
      token: manager,
      body: { data: [{ type: 'users', id: inspector }] },
    });
    expect(attach.status).toBe(200);
    expect(attach.body.included.map((u: any) => u.attributes.email)).toContain(w.inspector.email);
    const detach = await t.api('POST', `/api/v1/locations/detach-users/${laval}?include=users`, { token: manager, body: { users: [inspector] } });
    expect((detach.body.included ?? []).map((u: any) => u.attributes.email)).not.toContain(w.inspector.email);
    const stranger = await t.api('POST', `/api/v1/locations/attach-users/${laval}`, {
      token: manager,
      body: { data: [{ type: 'users', id: w.manager2.id }] },
    });
    expect(stranger.status).toBe(422);
  });

  it('lists the contacts given to a location', async () => {
    const laval = w.garage.laval;
    const contact = await t.api('POST', '/api/v1/contacts', {
      token: manager,
      body: {
        data: {
          type: 'contacts',
          attributes: { firstname: 'Réception', lastname: 'Laval' },
          relationships: { allowedLocations: { data: [{ type: 'locations', id: laval }] } },
        },
      },
    });
    expect(contact.status, JSON.stringify(contact.body)).toBe(201);
    const res = await t.api('GET', `/api/v1/locations/${laval}?include=contacts`, { token: manager });
    expect(res.body.data.relationships.contacts.data).toContainEqual({ type: 'contacts', id: contact.body.data.id });
    const montreal = await t.api('GET', `/api/v1/locations/${w.garage.montreal}?include=contacts`, { token: manager });
    expect(montreal.body.data.relationships.contacts.data).not.toContainEqual({ type: 'contacts', id: contact.body.data.id });
  });

  it('keeps location names unique within an organization', async () => {
    const res = await t.api('POST', '/api/v1/locations', { token: manager, body: { data: { type: 'locations', attributes: { name: `${w.garage.name} laval`.toLowerCase() } } } });
    expect(res.status).toBe(422);
    expect(res.body.errors[0].source.pointer).toBe('/data/attributes/name');
  });

  it('reads the organization options as name/value pairs and updates one', async () => {
    const res = await t.api('GET', '/api/v1/options?sort=name&page[size]=999999', { token: manager });
    // The whole map in one page, whatever the catalogue's size (issue 28 §7): options serve up to OPTIONS_PAGE.
    expect(res.body.meta.page).toMatchObject({ size: OPTIONS_PAGE, max_size: OPTIONS_PAGE, total: OPTION_RULES.size, last: 1 });
    expect(res.body.data).toHaveLength(OPTION_RULES.size);
    expect(OPTION_RULES.size).toBeLessThanOrEqual(OPTIONS_PAGE);
    const paged = await t.api('GET', '/api/v1/options?sort=name&page[size]=150', { token: manager });
    expect(paged.body.meta.page.size).toBe(150);
    expect(paged.body.meta.page.max_size).toBeUndefined();
    const map = Object.fromEntries(res.body.data.map((o: any) => [o.attributes.name, o.attributes.value]));
    expect(map['estimations.default_hourly_rate']).toBe(12000);
    const id = res.body.data.find((o: any) => o.attributes.name === 'estimations.default_hourly_rate').id;
    const patch = await t.api('PATCH', `/api/v1/options/${id}`, { token: manager, body: { data: { type: 'options', id, attributes: { value: 14000 } } } });
    expect(patch.body.data.attributes.value).toBe(14000);
    const [row] = rowsOf<{ value: number }>(await t.database.db.execute(sql`SELECT value FROM options WHERE id = ${id}`));
    expect(row.value).toBe(14000);
    const other = w.manager2.token;
    const theirs = await t.api('GET', '/api/v1/options?filter[name]=estimations.default_hourly_rate', { token: other });
    expect(theirs.body.data[0].attributes.value).toBe(12000);
  });

  it('gives existing organizations the options added since their creation', async () => {
    await t.database.db.execute(sql`DELETE FROM options WHERE name = 'general.document_footer'`);
    await syncOptions(t.database.db);
    const [row] = rowsOf<{ n: number }>(await t.database.db.execute(sql`SELECT count(*)::int AS n FROM options WHERE name = 'general.document_footer'`));
    const [orgs] = rowsOf<{ n: number }>(await t.database.db.execute(sql`SELECT count(*)::int AS n FROM organizations`));
    expect(row.n).toBe(orgs.n);
  });
});
