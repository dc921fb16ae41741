import { and, desc, eq, gt, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { pickLocale, type Locale } from '@atelier/domain';
import { organizations, resellers, users } from '../areas/admin/admin.table.ts';
import { usersResource } from '../areas/admin/users.resource.ts';
import { setUpOrganization } from '../areas/admin/organization-setup.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { newId } from '../db/columns.ts';
import { t } from '../i18n/index.ts';
import { attr } from '../jsonapi/attributes.ts';
import type { RequestContext } from '../jsonapi/context.ts';
import { ApiError, ValidationErrors, attributePointer } from '../jsonapi/errors.ts';
import { inTransaction, respondWithRecord } from '../jsonapi/router.ts';
import { dbErrorCode, updateRecord } from '../jsonapi/write.ts';
import { writeLog } from '../jsonapi/audit.ts';
import type { Mailer } from '../mail/mailer.ts';
import { oneTimeCodes } from './auth.table.ts';
import { issueLinkToken, safeLink } from './invitations.ts';
import { checkNewPassword, hashPassword, verifyPassword } from './passwords.ts';
import type { LimitKeys, LimitName, Limits } from './rate-limit.ts';
import { createSession, forgetSessions, hashToken, newCode, revokeSession, revokeUserSessions, secondsFromNow } from './tokens.ts';
import { mailOutbox } from '../mail/mail.table.ts';
import { registry } from '../jsonapi/define-resource.ts';
import { countedTypes } from '../access/list-counts.ts';

const VERIFY_MAX_ATTEMPTS = 5;
const email = attr.email().isRequired();

interface Deps {
  config: Config;
  db: Db;
  mailer: Mailer;
  limits: Limits;
  contextOf: (request: FastifyRequest) => RequestContext;
  localeOf: (request: FastifyRequest) => Locale;
}

/** Login bodies come flat ({email,password}) or wrapped in data, as the older clients send them. */
function fields(body: unknown): Record<string, unknown> {
  const b = (body ?? {}) as Record<string, unknown>;
  const inner = b.data && typeof b.data === 'object' ? (b.data as Record<string, unknown>) : b;
  return (inner.attributes && typeof inner.attributes === 'object' ? inner.attributes : inner) as Record<string, unknown>;
}

function requireEmail(value: unknown): string {
  const parsed = email.parse(value);
  if (!parsed.ok) throw new ApiError(422, parsed.code, parsed.params, { pointer: attributePointer('email') });
  return parsed.value as string;
}

function requireString(value: unknown, name: string): string {
  if (typeof value !== 'string' || !value) throw new ApiError(422, 'validation.required', undefined, { pointer: attributePointer(name) });
  return value;
}

export function registerAuthRoutes(app: FastifyInstance, deps: Deps) {
  const { config, db, mailer, limits } = deps;

  const tokenResponse = async (request: FastifyRequest, userId: string) => {
    const token = await createSession(db, userId, config.tokenMaxLifetime, {
      ip: request.ip,
      userAgent: request.headers['user-agent'],
    });
    await db.update(users).set({ last_login_at: sql`now()` }).where(eq(users.id, userId));
    return { access_token: token, token_type: 'Bearer', expires_in: config.tokenIdleTimeout };
  };

  const findByEmail = async (address: string) =>
    (await db.select().from(users).where(sql`lower(${users.email}) = ${address}`).limit(1))[0];

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

  /** Counts a failed guess against the limits, then refuses (429 once past them). */
  const refuse = async (name: LimitName, keys: LimitKeys, error: ApiError): Promise<never> => {
    await limits.consume(name, keys);
    throw error;
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
    return reply.code(204).send();
  });

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
    // Again once committed: a request between the two could have cached the old session.
    forgetSessions();
    return { success: true, message: t(deps.localeOf(request), 'auth.password_changed') };
  });

  // ---------------------------------------------------------------- the signed-in user

  app.get('/me', async (request, reply) => {
    const ctx = deps.contextOf(request);
    return respondWithRecord(ctx, usersResource, ctx.actor.id, request.query as Record<string, string>, reply);
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
    return respondWithRecord(ctx, usersResource, ctx.actor.id, request.query as Record<string, string>, reply);
  });

  /**
   * Turning two-factor on needs nothing more; turning it off needs the current password
   * (`current_password`, flat or in data.attributes), as GitHub asks: otherwise a stolen session
   * could remove the second factor for good.
   */
  app.post('/me/toggle-two-fa', async (request, reply) => {
    const ctx = deps.contextOf(request);
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
    return respondWithRecord(ctx, usersResource, ctx.actor.id, request.query as Record<string, string>, reply);
  });

  // ---------------------------------------------------------------- public configuration

  app.get('/app-config', async (request) => {
    const host = String(request.headers['x-forwarded-host'] ?? request.headers.host ?? '').split(':')[0].toLowerCase();
    const branded = await db
      .select({ app_name: resellers.app_name, app_logo: resellers.app_logo, url_pattern: resellers.url_pattern })
      .from(resellers)
      .where(sql`${resellers.url_pattern} IS NOT NULL AND ${resellers.url_pattern} <> ''`);
    const match = branded.find((r) => hostMatches(r.url_pattern!, host));
    return {
      app_name: match?.app_name || 'Atelier',
      logo_url: match?.app_logo || null,
      languages: ['fr', 'en'],
      default_locale: 'fr',
      currency: 'CAD',
      currency_symbol: '$',
      registration_enabled: config.registrationEnabled,
      // What this server serves, so a client shows no screen or card of a type it lacks.
      resource_types: [...registry.keys()].sort(),
      // Types answering GET /{type}/list/count (counts per state in one call).
      list_counts: [...countedTypes].sort(),
      // Types whose rows belong to an organization: lists spanning organizations show which one.
      organization_types: [...registry.values()]
        .filter((d) => d.relationships?.organization?.kind === 'belongsTo' && d.relationships.organization.type === 'organizations')
        .map((d) => d.type)
        .sort(),
    };
  });

  // Browser tests read 2FA codes and reset links here; never served in production.
  if (config.testOutbox)
    app.get('/dev/outbox', async (request) => {
      const to = String((request.query as { to?: string }).to ?? '').toLowerCase();
      const rows = await db
        .select()
        .from(mailOutbox)
        .where(to ? sql`lower(${mailOutbox.to}) = ${to}` : undefined)
        .orderBy(desc(mailOutbox.created_at))
        .limit(20);
      return { data: rows };
    });
}

/** A reseller's URL pattern: a host name, optionally with a leading '*.' wildcard. */
export function hostMatches(pattern: string, host: string): boolean {
  const p = pattern.trim().toLowerCase().replace(/^https?:\/\//, '').split('/')[0].split(':')[0];
  if (!p || !host) return false;
  if (p.startsWith('*.')) return host.endsWith(p.slice(1)) && host.length > p.length - 1;
  return host === p;
}

