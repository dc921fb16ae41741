import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { pickLocale } from '@atelier/domain';
import type { users } from '../areas/admin/admin.table.ts';
import type { Db } from '../db/client.ts';
import { t } from '../i18n/index.ts';
import { ApiError, attributePointer } from '../jsonapi/errors.ts';
import { oneTimeCodes } from './auth.table.ts';
import { verifyPassword } from './passwords.ts';
import { fields, requireEmail, requireString, type AuthKit, type Deps } from './requests.ts';
import { hashToken, newCode, revokeSession, secondsFromNow, sessionsOf } from './tokens.ts';

const VERIFY_MAX_ATTEMPTS = 5;

/** POST /login, the second factor (/verify, /verify/resend) and /logout. */
export function registerLoginRoutes(app: FastifyInstance, deps: Deps, { tokenResponse, findByEmail, refuse }: AuthKit) {
  const { config, db, mailer, limits } = deps;

  const sendTwoFactorCode = async (user: typeof users.$inferSelect) => {
    const code = newCode();
    await db.transaction(async (tx) => {
      // A new code replaces the previous ones: only the latest e-mail works.
      await tx
        .update(oneTimeCodes)
        .set({ used_at: sql`now()` })
        .where(and(eq(oneTimeCodes.user_id, user.id), eq(oneTimeCodes.purpose, 'two_factor'), isNull(oneTimeCodes.used_at)));
      await tx.insert(oneTimeCodes).values({
        user_id: user.id,
        purpose: 'two_factor',
        code_hash: hashToken(code),
        expires_at: secondsFromNow(config.twoFactorCodeTtl),
      });
      const locale = pickLocale(user.locale);
      const params = { name: `${user.firstname} ${user.lastname}`, code, minutes: Math.round(config.twoFactorCodeTtl / 60) };
      await mailer.queue(tx as unknown as Db, {
        to: user.email,
        subject: t(locale, 'mail.two_factor.subject'),
        text: t(locale, 'mail.two_factor.body', params),
        organizationId: user.organization_id,
      });
    });
  };

  /** The user's latest unused two-factor code, with its state computed by the database clock. */
  const pendingCode = async (userId: string) =>
    (
      await db
        .select({
          id: oneTimeCodes.id,
          code_hash: oneTimeCodes.code_hash,
          attempts: oneTimeCodes.attempts,
          live: sql<boolean>`${oneTimeCodes.expires_at} > now()`,
          recent: sql<boolean>`${oneTimeCodes.created_at} > now() - interval '1 hour'`,
        })
        .from(oneTimeCodes)
        .where(and(eq(oneTimeCodes.user_id, userId), eq(oneTimeCodes.purpose, 'two_factor'), isNull(oneTimeCodes.used_at)))
        .orderBy(desc(oneTimeCodes.created_at))
        .limit(1)
    )[0];

  app.post('/login', async (request) => {
    const body = fields(request.body);
    const address = requireEmail(body.email);
    const password = requireString(body.password, 'password');
    const keys = { ip: request.ip, account: address };
    await limits.check('login', keys);
    const user = await findByEmail(address);
    const valid = await verifyPassword(user?.password_hash, password);
    if (!user || !valid) return refuse('login', keys, new ApiError(401, 'auth.invalid_credentials'));
    if (!user.active) throw new ApiError(403, 'auth.inactive');
    await limits.reset('login', address);
    if (user.two_factor_enabled) {
      await sendTwoFactorCode(user);
      return { success: true, two_factor: true };
    }
    return tokenResponse(request, user.id);
  });

  app.post('/verify', async (request) => {
    const body = fields(request.body);
    const address = requireEmail(body.email);
    const code = String(body.code ?? body.verification_code ?? '').trim();
    if (!code) throw new ApiError(422, 'validation.required', undefined, { pointer: attributePointer('code') });
    const keys = { ip: request.ip, account: address };
    await limits.check('verify', keys);
    const codeError = (key: 'auth.verification_code_wrong' | 'auth.verification_code_expired') =>
      new ApiError(422, key, undefined, { pointer: attributePointer('code') });
    const wrong = codeError('auth.verification_code_wrong');
    const user = await findByEmail(address);
    const pending = user?.active ? await pendingCode(user.id) : undefined;
    if (!user || !pending || pending.attempts >= VERIFY_MAX_ATTEMPTS) return refuse('verify', keys, wrong);
    if (!pending.live) return refuse('verify', keys, codeError('auth.verification_code_expired'));
    if (pending.code_hash !== hashToken(code)) {
      // Incremented in SQL: parallel guesses cannot share one attempt.
      await db
        .update(oneTimeCodes)
        .set({ attempts: sql`${oneTimeCodes.attempts} + 1` })
        .where(eq(oneTimeCodes.id, pending.id));
      return refuse('verify', keys, wrong);
    }
    // Single use: the update only wins once, even for two requests racing with the same code,
    // and not after the attempts ran out meanwhile.
    const used = await db
      .update(oneTimeCodes)
      .set({ used_at: sql`now()` })
      .where(
        and(
          eq(oneTimeCodes.id, pending.id),
          isNull(oneTimeCodes.used_at),
          lt(oneTimeCodes.attempts, VERIFY_MAX_ATTEMPTS),
          gt(oneTimeCodes.expires_at, sql`now()`),
        ),
      )
      .returning({ id: oneTimeCodes.id });
    if (used.length === 0) return refuse('verify', keys, wrong);
    await limits.reset('verify', address);
    return tokenResponse(request, user.id);
  });

  app.post('/verify/resend', async (request) => {
    const address = requireEmail(fields(request.body).email);
    // Every resend sends mail: it counts like a failed guess.
    await limits.consume('verify', { ip: request.ip, account: address });
    const user = await findByEmail(address);
    // Only a login that passed its password step within the hour (a pending code) may ask again.
    const pending = user?.active && user.two_factor_enabled ? await pendingCode(user.id) : undefined;
    if (user && pending?.recent) await sendTwoFactorCode(user);
    return { success: true };
  });

  app.post('/logout', async (request, reply) => {
    const ctx = deps.contextOf(request);
    await revokeSession(db, ctx.actor.sessionId);
    sessionsOf(deps.registry).forget();
    return reply.code(204).send();
  });
}
