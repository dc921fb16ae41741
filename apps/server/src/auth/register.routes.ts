import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { organizations, users } from '../areas/admin/admin.table.ts';
import { setUpOrganization } from '../areas/admin/organization-setup.ts';
import type { Db } from '../db/client.ts';
import { newId } from '../db/columns.ts';
import { attr } from '../jsonapi/attributes.ts';
import { ApiError, ValidationErrors, attributePointer } from '../jsonapi/errors.ts';
import { dbErrorCode } from '../jsonapi/write.ts';
import { checkNewPassword, hashPassword } from './passwords.ts';
import { fields, type AuthKit, type Deps } from './requests.ts';

/** POST /register: a new organization and its owner, signed in at once (when REGISTRATION_ENABLED). */
export function registerRegistrationRoute(app: FastifyInstance, deps: Deps, { tokenResponse, findByEmail }: AuthKit) {
  const { config, db, limits } = deps;

  app.post('/register', async (request, reply) => {
    if (!config.registrationEnabled) throw new ApiError(403, 'error.registration_disabled');
    // Each registration creates a tenant: counted per IP so a script cannot flood the platform.
    await limits.consume('register', { ip: request.ip });
    const locale = deps.localeOf(request);
    const body = fields(request.body);
    const errors = new ValidationErrors();
    const parse = (name: string, a: ReturnType<typeof attr.string>) => {
      const r = a.parse(body[name]);
      if (!r.ok) errors.add(attributePointer(name), r.code, r.params);
      return r.ok ? (r.value as string) : '';
    };
    const organizationName = parse('organization_name', attr.string().isRequired().max(150));
    const firstname = parse('firstname', attr.string().isRequired().max(100));
    const lastname = parse('lastname', attr.string().isRequired().max(100));
    const address = parse('email', attr.email().isRequired());
    const password = checkNewPassword(errors, body.password, body.password_confirmation);
    const duplicate = () => errors.add(attributePointer('email'), 'validation.unique');
    if (address && (await findByEmail(address))) duplicate();
    errors.throwIfAny();
    const passwordHash = await hashPassword(password);
    const userId = newId();
    try {
      await db.transaction(async (txRaw) => {
        const tx = txRaw as unknown as Db;
        const orgId = newId();
        await tx.insert(organizations).values({ id: orgId, name: organizationName, locale });
        await tx.insert(users).values({
          id: userId,
          organization_id: orgId,
          firstname,
          lastname,
          email: address,
          locale,
          password_hash: passwordHash,
          password_changed_at: new Date().toISOString(),
        });
        await tx.update(organizations).set({ owner_id: userId }).where(eq(organizations.id, orgId));
        const roles = await setUpOrganization(tx, orgId, locale);
        await tx.execute(sql`INSERT INTO user_roles (user_id, role_id) VALUES (${userId}, ${roles.administrator})`);
      });
    } catch (err) {
      // Two registrations racing for one e-mail: the unique index decides, the loser gets a 422.
      if (dbErrorCode(err) !== '23505') throw err;
      duplicate();
      errors.throwIfAny();
    }
    return reply.code(201).send(await tokenResponse(request, userId));
  });
}
