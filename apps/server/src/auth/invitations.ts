import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import type { RequestContext } from '../jsonapi/context.ts';
import type { Row } from '../jsonapi/define-resource.ts';
import { t } from '../i18n/index.ts';
import { pickLocale } from '@atelier/domain';
import { organizations } from '../areas/admin/admin.table.ts';
import { oneTimeCodes } from './auth.table.ts';
import { newToken, secondsFromNow } from './tokens.ts';

export type LinkPurpose = 'password_reset' | 'invitation';

/**
 * Only links back into this application are followed: a redirect_url elsewhere would turn our
 * e-mails into phishing. Anything else falls back to the app's own page.
 */
export function safeLink(config: Config, redirectUrl: string | undefined, fallbackPath: string): string {
  const app = new URL(config.appUrl);
  if (redirectUrl) {
    try {
      const u = new URL(redirectUrl, app);
      if (u.origin === app.origin) return `${u.origin}${u.pathname}`;
    } catch {
      // fall through to the default page
    }
  }
  return `${app.origin}${fallbackPath}`;
}

/** Issues a single-use link token (replacing older ones of the same purpose). */
export async function issueLinkToken(db: Db, userId: string, purpose: LinkPurpose, ttlSeconds: number) {
  await db
    .update(oneTimeCodes)
    .set({ used_at: sql`now()` })
    .where(and(eq(oneTimeCodes.user_id, userId), eq(oneTimeCodes.purpose, purpose), isNull(oneTimeCodes.used_at)));
  const { token, hash } = newToken();
  await db.insert(oneTimeCodes).values({
    user_id: userId,
    purpose,
    code_hash: hash,
    expires_at: secondsFromNow(ttlSeconds),
  });
  return token;
}

export async function sendInvitation(ctx: RequestContext, user: Row, redirectUrl?: string) {
  const token = await issueLinkToken(ctx.db, user.id, 'invitation', ctx.config.invitationTtl);
  const base = safeLink(ctx.config, redirectUrl, '/password/email');
  const email = String(user.email);
  const link = `${base}?token=${encodeURIComponent(token)}&email=${encodeURIComponent(email)}&invitation=1`;
  const [org] = user.organization_id
    ? await ctx.db.select({ name: organizations.name }).from(organizations).where(eq(organizations.id, user.organization_id as string))
    : [];
  const locale = pickLocale(String(user.locale));
  const params = {
    name: `${user.firstname} ${user.lastname}`,
    inviter: `${ctx.actor.firstname} ${ctx.actor.lastname}`,
    organization: org?.name ?? 'Atelier',
    app: 'Atelier',
    link,
    days: Math.round(ctx.config.invitationTtl / 86400),
  };
  await ctx.mailer.queue(ctx.db, {
    to: email,
    subject: t(locale, 'mail.invite.subject', params),
    text: t(locale, 'mail.invite.body', params),
    organizationId: (user.organization_id as string | null) ?? null,
  });
  await ctx.db.execute(sql`UPDATE users SET invited_at = now() WHERE id = ${user.id}`);
}
