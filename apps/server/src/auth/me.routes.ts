import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { users } from '../areas/admin/admin.table.ts';
import { usersResource } from '../areas/admin/users.resource.ts';
import { writeLog } from '../jsonapi/audit.ts';
import { ApiError, attributePointer } from '../jsonapi/errors.ts';
import { inTransaction, recordQuery, respondWithRecord } from '../jsonapi/router.ts';
import { updateRecord } from '../jsonapi/write.ts';
import { verifyPassword } from './passwords.ts';
import { email, type AuthKit, type Deps } from './requests.ts';

/** The signed-in user: GET and PATCH /me, /me/toggle-two-fa. */
export function registerMeRoutes(app: FastifyInstance, deps: Deps, { refuse }: AuthKit) {
  const { db, limits } = deps;

  app.get('/me', async (request, reply) => {
    const ctx = deps.contextOf(request);
    return respondWithRecord(ctx, usersResource, ctx.actor.id, recordQuery(ctx, usersResource, request.query), reply);
  });

  /** What a user may change of their own profile; roles, locations and flags are the admin's. */
  const SELF_EDITABLE = new Set([
    'firstname',
    'lastname',
    'email',
    'phone',
    'locale',
    'profile_image',
    'password',
    'password_confirmation',
    'current_password',
  ]);

  /**
   * The current password, for what a stolen session must not do alone. Wrong guesses count
   * against the account's login limits: a session is no way around them.
   */
  const requireCurrentPassword = async (request: FastifyRequest, actor: { id: string; email: string }, current: unknown) => {
    const pointer = attributePointer('current_password');
    if (typeof current !== 'string' || !current) throw new ApiError(422, 'validation.required', undefined, { pointer });
    const keys = { ip: request.ip, account: actor.email };
    await limits.check('login', keys);
    const [me] = await db.select({ hash: users.password_hash }).from(users).where(eq(users.id, actor.id));
    if (!(await verifyPassword(me?.hash, current))) await refuse('login', keys, new ApiError(422, 'auth.current_password_wrong', undefined, { pointer }));
  };

  app.patch('/me', async (request, reply) => {
    const ctx = deps.contextOf(request);
    const q = recordQuery(ctx, usersResource, request.query);
    const body = (request.body ?? {}) as { data?: { attributes?: Record<string, unknown> } };
    const attributes = Object.fromEntries(
      Object.entries(body.data?.attributes ?? {}).filter(([name]) => SELF_EDITABLE.has(name)),
    );
    const newEmail = email.parse(attributes.email);
    // The e-mail is the login and where reset links go: a stolen session must not be able to
    // redirect them, so changing it needs the current password, as a new password does (the
    // users resource checks it then).
    if (newEmail.ok && newEmail.value !== ctx.actor.email.toLowerCase() && attributes.password == null)
      await requireCurrentPassword(request, ctx.actor, attributes.current_password);
    const document = { data: { type: 'users', id: ctx.actor.id, attributes } };
    await inTransaction(ctx, (tx) => updateRecord(tx, usersResource, ctx.actor.id, document));
    return respondWithRecord(ctx, usersResource, ctx.actor.id, q, reply);
  });

  /**
   * Turning two-factor on needs nothing more; turning it off needs the current password
   * (`current_password`, flat or in data.attributes), as GitHub asks: otherwise a stolen session
   * could remove the second factor for good.
   */
  app.post('/me/toggle-two-fa', async (request, reply) => {
    const ctx = deps.contextOf(request);
    const q = recordQuery(ctx, usersResource, request.query);
    const [current] = await db.select({ on: users.two_factor_enabled }).from(users).where(eq(users.id, ctx.actor.id));
    const body = (request.body ?? {}) as { current_password?: unknown; data?: { attributes?: { current_password?: unknown } } };
    if (current?.on) await requireCurrentPassword(request, ctx.actor, body.current_password ?? body.data?.attributes?.current_password);
    await inTransaction(ctx, async (tx) => {
      const [me] = await tx.db.select().from(users).where(eq(users.id, ctx.actor.id)).for('update');
      // Checked against the state the password was asked for: a concurrent toggle is not undone.
      if (me.two_factor_enabled !== !!current?.on) return;
      const enabled = !me.two_factor_enabled;
      await tx.db
        .update(users)
        .set(
          enabled
            ? { two_factor_enabled: true, two_factor_enabled_at: sql`now()` as never }
            : { two_factor_enabled: false, two_factor_disabled_at: sql`now()` as never },
        )
        .where(eq(users.id, ctx.actor.id));
      await writeLog(tx, usersResource, me as never, 'updated', {
        old: { two_factor_enabled: !enabled },
        attributes: { two_factor_enabled: enabled },
      });
    });
    return respondWithRecord(ctx, usersResource, ctx.actor.id, q, reply);
  });
}
