import { and, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { pickLocale } from '@atelier/domain';
import { users } from '../areas/admin/admin.table.ts';
import type { Db } from '../db/client.ts';
import { t } from '../i18n/index.ts';
import { ApiError, ValidationErrors, attributePointer } from '../jsonapi/errors.ts';
import { oneTimeCodes } from './auth.table.ts';
import { issueLinkToken, safeLink } from './invitations.ts';
import { checkNewPassword, hashPassword } from './passwords.ts';
import { fields, requireEmail, requireString, type AuthKit, type Deps } from './requests.ts';
import { hashToken, revokeUserSessions, sessionsOf } from './tokens.ts';

/** POST /password-forgot (sends a reset link) and /password-reset (reset and invitation links end there). */
export function registerPasswordRoutes(app: FastifyInstance, deps: Deps, { findByEmail, refuse }: AuthKit) {
  const { config, db, mailer, limits } = deps;

  app.post('/password-forgot', async (request) => {
    const body = fields(request.body);
    const address = requireEmail(body.email);
    await limits.consume('forgot', { ip: request.ip, account: address });
    const user = await findByEmail(address);
    // The answer is the same whether or not the account exists (docs/decisions.md).
    if (user?.active) {
      await db.transaction(async (txRaw) => {
        const tx = txRaw as unknown as Db;
        const token = await issueLinkToken(tx, user.id, 'password_reset', config.passwordResetTtl);
        const base = safeLink(config, typeof body.redirect_url === 'string' ? body.redirect_url : undefined, '/password/reset');
        const link = `${base}?token=${encodeURIComponent(token)}&email=${encodeURIComponent(user.email)}`;
        const locale = pickLocale(user.locale);
        const params = { name: `${user.firstname} ${user.lastname}`, link, minutes: Math.round(config.passwordResetTtl / 60) };
        await mailer.queue(tx, {
          to: user.email,
          subject: t(locale, 'mail.reset.subject'),
          text: t(locale, 'mail.reset.body', params),
          organizationId: user.organization_id,
        });
      });
    }
    return { success: true, message: t(deps.localeOf(request), 'auth.reset_sent') };
  });

  /** Reset and invitation links both end here: the token sets a first or a new password. */
  app.post('/password-reset', async (request) => {
    const body = fields(request.body);
    const address = requireEmail(body.email);
    const token = requireString(body.token, 'token');
    const errors = new ValidationErrors();
    const password = checkNewPassword(errors, body.password, body.password_confirmation);
    errors.throwIfAny();
    const keys = { ip: request.ip, account: address };
    await limits.check('verify', keys);
    const invalid = new ApiError(422, 'auth.reset_invalid_token', undefined, { pointer: attributePointer('token') });
    const user = await findByEmail(address);
    const usable = (userId: string) =>
      and(
        eq(oneTimeCodes.user_id, userId),
        inArray(oneTimeCodes.purpose, ['password_reset', 'invitation']),
        eq(oneTimeCodes.code_hash, hashToken(token)),
        isNull(oneTimeCodes.used_at),
        gt(oneTimeCodes.expires_at, sql`now()`),
      );
    // Looked up before hashing: a wrong token must not cost an argon2 hash.
    const [link] = user ? await db.select({ id: oneTimeCodes.id }).from(oneTimeCodes).where(usable(user.id)).limit(1) : [];
    if (!user || !link) return refuse('verify', keys, invalid);
    const passwordHash = await hashPassword(password);
    await db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as Db;
      // Single use, even for two requests racing with the same link.
      const used = await tx
        .update(oneTimeCodes)
        .set({ used_at: sql`now()` })
        .where(and(eq(oneTimeCodes.id, link.id), usable(user.id)))
        .returning({ id: oneTimeCodes.id });
      if (used.length === 0) throw invalid;
      await tx
        .update(users)
        .set({ password_hash: passwordHash, password_changed_at: sql`now()`, updated_at: sql`now()` })
        .where(eq(users.id, user.id));
      await revokeUserSessions(tx, user.id);
    });
    // Once committed: a request meanwhile could have cached the old session.
    sessionsOf(deps.registry).forget();
    return { success: true, message: t(deps.localeOf(request), 'auth.password_changed') };
  });
}
