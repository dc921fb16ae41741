import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { APPROVAL_DAYS, LOCALES, customerName, firstLocale, isEmail, type Locale } from '@atelier/domain';
import { z } from 'zod';
import { withMessage } from '../../../jsonapi/action-options.ts';
import type { RequestContext } from '../../../jsonapi/context.ts';
import { t } from '../../../i18n/index.ts';
import { organizations } from '../../admin/admin.table.ts';
import { customers } from '../../crm/crm.table.ts';
import { tokenHash } from '../../inspections/report/shares.ts';
import type { EstimationRow } from '../estimation-lines.ts';
import { estimationApprovals } from './approval.table.ts';
import { isoText } from '../../../jsonapi/attributes.ts';
import { SEND_SMS_OPTION } from '../../messaging/send-option.ts';
import { mailCustomer, sendText } from '../../messaging/texts.ts';

// The link send-client-approve makes (docs/decisions.md "Customer approval"): 32 random bytes,
// only their SHA-256 kept; e-mailed to the customer in their language when an address is known
// (unless the sender asks not to: send_email false), and answered to the sender once so it can be
// handed over another way (a text message, a kiosk).

export const approvalUrl = (appUrl: string, token: string) => `${appUrl.replace(/\/+$/, '')}/approve/estimates/${token}`;

/** The options of send-client-approve: { data: { attributes: { email, locale, expires_in_days, send_email } } }, all optional. */
export const APPROVAL_OPTIONS = z
  .object({
    email: withMessage(z.string().refine(isEmail).nullish(), 'validation.email'),
    locale: z.enum(LOCALES).nullish(),
    expires_in_days: withMessage(z.int().min(1).max(APPROVAL_DAYS.max).nullish(), 'share.expires_in_days', { max: APPROVAL_DAYS.max }),
    send_email: z.boolean().nullish().default(true).meta({ description: 'false: the link is made but not e-mailed (meta.approval.email is null); an email is then refused' }),
    send_sms: SEND_SMS_OPTION,
  })
  // An address to which nothing would be sent is a mistake of the sender, not a choice to keep quiet.
  .refine((o) => o.send_email !== false || o.email == null, {
    path: ['email'],
    params: { code: 'approval.email_not_sent' },
    // Told beside the other problems, as long as send_email itself is readable.
    when: ({ issues }) => !issues.some((i) => i.path?.[0] === 'send_email'),
  });
export type ApprovalOptions = z.infer<typeof APPROVAL_OPTIONS>;

/**
 * Makes the link of an estimate just sent (its new version) and e-mails it, unless asked not to: to
 * the address given, else the customer's. Earlier links stay valid: each shows the estimate as it is now.
 */
export async function sendApprovalLink(ctx: RequestContext, row: EstimationRow, wanted: ApprovalOptions) {
  const [customer] = row.customer_id ? await ctx.db.select().from(customers).where(eq(customers.id, row.customer_id)) : [];
  const [organization] = await ctx.db.select({ name: organizations.name, locale: organizations.locale }).from(organizations).where(eq(organizations.id, row.organization_id));
  const locale: Locale = wanted.locale ?? firstLocale(customer?.locale, organization?.locale);
  const email = wanted.send_email === false ? null : (wanted.email ?? (typeof customer?.email === 'string' && isEmail(customer.email) ? customer.email : null));
  const token = randomBytes(32).toString('base64url');
  const [link] = await ctx.db
    // direct write: an approval link (a token, not a business record; the send action logs it)
    .insert(estimationApprovals)
    .values({
      organization_id: row.organization_id,
      estimation_id: row.id,
      token_hash: tokenHash(token),
      locale,
      email,
      expires_at: sql`now() + make_interval(days => ${wanted.expires_in_days ?? APPROVAL_DAYS.default})`,
      created_by: ctx.actor.id,
    })
    .returning();
  const url = approvalUrl(ctx.config.appUrl, token);
  if (email) {
    const params = { organization: organization?.name ?? '', code: row.code ?? '', url, name: customer ? customerName(customer) : '' };
    await mailCustomer(ctx, { organizationId: row.organization_id, customerId: row.customer_id, subject: { type: 'estimations', id: row.id }, to: email, title: t(locale, 'mail.estimate_approval.subject', params), text: t(locale, 'mail.estimate_approval.body', params) });
  }
  const text = wanted.send_sms
    ? await sendText(ctx, { customerId: row.customer_id, subject: { type: 'estimations', id: row.id }, template: 'estimate_approval', locale, params: { code: row.code ?? '', url }, pointer: '/data/attributes/send_sms' })
    : null;
  const sms = text?.to ?? null;
  return { url, token, email, sms, text, locale, expires_at: isoText(link.expires_at) };
}

/** Revokes every link of the estimate (it was canceled). */
export async function revokeApprovalLinks(ctx: RequestContext, estimationId: string) {
  await ctx.db
    // direct write: approval links revoked (tokens, not business records)
    .update(estimationApprovals)
    .set({ revoked_at: sql`now()` })
    .where(and(eq(estimationApprovals.estimation_id, estimationId), sql`${estimationApprovals.revoked_at} IS NULL`));
}
