import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import { LOCALES, isEmail, type Locale } from '@atelier/domain';
import { SEND_SMS_OPTION } from '../../messaging/send-option.ts';
import type { Db } from '../../../db/client.ts';
import { z } from 'zod';
import { withMessage } from '../../../jsonapi/action-options.ts';
import { organizations } from '../../admin/admin.table.ts';
import { customers } from '../../crm/crm.table.ts';
import { inspectionShares } from '../inspection-shares.table.ts';
import { inspections } from '../inspections.table.ts';
import type { InspectionRow } from '../inspection-scoring.ts';
import { isoText } from '../../../jsonapi/attributes.ts';

// Public links to an inspection's report (docs/decisions.md "Shared inspection reports"). The
// token is 32 random bytes, shown once; the database keeps its SHA-256, so a copy of the table
// opens nothing, and a lookup is one indexed equality on the hash (no comparison to time).

/** How long a link lives: 30 days unless the body asks for fewer, or more up to 90. */
export const SHARE_DAYS = { default: 30, max: 90 } as const;

/** The public URL's token: 32 bytes in base64url, 43 characters. */
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

export const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');
export const shareUrl = (appUrl: string, token: string) => `${appUrl.replace(/\/+$/, '')}/shared/inspections/${token}`;

export type ShareRow = typeof inspectionShares.$inferSelect;

/** The options of POST /inspections/{id}/share: { data: { attributes: { expires_in_days, locale, send_email, email, send_sms } } } or flat. */
export const SHARE_OPTIONS = z.object({
  expires_in_days: withMessage(z.int().min(1).max(SHARE_DAYS.max).nullish(), 'share.expires_in_days', { max: SHARE_DAYS.max }),
  locale: z.enum(LOCALES).nullish(),
  send_email: z.boolean().nullish().meta({ description: 'true: the link is e-mailed to the customer (or to email), in the link’s language (422 share.no_email without an address)' }),
  email: withMessage(z.string().refine(isEmail).nullish(), 'validation.email'),
  send_sms: SEND_SMS_OPTION,
});
export type ShareOptions = z.infer<typeof SHARE_OPTIONS>;

/** The customer's language, else the organization's, else French. */
async function defaultLocale(db: Db, row: InspectionRow): Promise<Locale> {
  const [customer] = row.customer_id ? await db.select({ locale: customers.locale }).from(customers).where(eq(customers.id, row.customer_id)) : [];
  const [organization] = customer ? [] : await db.select({ locale: organizations.locale }).from(organizations).where(eq(organizations.id, row.organization_id));
  const locale = customer?.locale ?? organization?.locale;
  return (LOCALES as readonly string[]).includes(locale ?? '') ? (locale as Locale) : 'fr';
}

/** Makes a link; answers its token (never stored) with the row. */
export async function createShare(db: Db, row: InspectionRow, actorId: string, options: ShareOptions) {
  const token = randomBytes(32).toString('base64url');
  const [share] = await db
    // direct write: a share link (a token, not a business record)
    .insert(inspectionShares)
    .values({
      organization_id: row.organization_id,
      inspection_id: row.id,
      token_hash: tokenHash(token),
      locale: options.locale ?? (await defaultLocale(db, row)),
      expires_at: sql`now() + make_interval(days => ${options.expires_in_days ?? SHARE_DAYS.default})`,
      created_by: actorId,
    })
    .returning();
  return { token, share: { ...share, expires_at: isoText(share.expires_at), created_at: isoText(share.created_at) } };
}

/** Revokes the inspection's active links; answers how many. */
export async function revokeShares(db: Db, inspectionId: string): Promise<number> {
  const revoked = await db
    // direct write: share links revoked (tokens, not business records)
    .update(inspectionShares)
    .set({ revoked_at: sql`now()` })
    .where(and(eq(inspectionShares.inspection_id, inspectionId), isNull(inspectionShares.revoked_at)))
    .returning({ id: inspectionShares.id });
  return revoked.length;
}

/** The links of these inspections that still open (not revoked, not expired), newest first. */
export async function activeShares(db: Db, inspectionIds: string[]) {
  const rows = await db
    .select({ id: inspectionShares.id, inspection_id: inspectionShares.inspection_id, locale: inspectionShares.locale, expires_at: inspectionShares.expires_at, created_at: inspectionShares.created_at, created_by: inspectionShares.created_by })
    .from(inspectionShares)
    .where(and(inArray(inspectionShares.inspection_id, inspectionIds), isNull(inspectionShares.revoked_at), gt(inspectionShares.expires_at, sql`now()`)))
    .orderBy(sql`${inspectionShares.created_at} DESC`);
  return rows.map((r) => ({ ...r, expires_at: isoText(r.expires_at), created_at: isoText(r.created_at) }));
}

export type OpenedShare = { status: 'open'; share: ShareRow; inspection: InspectionRow } | { status: 'gone'; locale: Locale } | { status: 'unknown' };

/**
 * What a public token opens: the share and its inspection; `gone` for a link revoked, expired, or
 * whose inspection was canceled since (redone); `unknown` for a token nobody made.
 */
export async function openShare(db: Db, token: string): Promise<OpenedShare> {
  if (!TOKEN.test(token)) return { status: 'unknown' };
  const [found] = await db
    .select({ share: inspectionShares, inspection: inspections, live: sql<boolean>`${inspectionShares.expires_at} > now()` })
    .from(inspectionShares)
    .innerJoin(inspections, eq(inspections.id, inspectionShares.inspection_id))
    .where(eq(inspectionShares.token_hash, tokenHash(token)));
  if (!found) return { status: 'unknown' };
  if (found.share.revoked_at || !found.live || found.inspection.state === 'canceled') return { status: 'gone', locale: found.share.locale };
  return { status: 'open', share: found.share, inspection: found.inspection as InspectionRow };
}
