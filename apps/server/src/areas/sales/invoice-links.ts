import { storageOf } from '../../storage/storage.ts';
import { randomBytes } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import { INVOICE_LINK_DAYS, LOCALES, customerName, firstLocale, isEmail, type Locale } from '@atelier/domain';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { t } from '../../i18n/index.ts';
import { withMessage } from '../../jsonapi/action-options.ts';
import { isoText } from '../../jsonapi/attributes.ts';
import type { RequestContext } from '../../jsonapi/context.ts';
import { ApiError } from '../../jsonapi/errors.ts';
import { organizations } from '../admin/admin.table.ts';
import { SEND_SMS_OPTION } from '../messaging/send-option.ts';
import { mailCustomer, sendText } from '../messaging/texts.ts';
import { customers } from '../crm/crm.table.ts';
import { validTimeZone } from '../../reports/format.ts';
import { tokenHash } from '../inspections/report/shares.ts';
import { invoicePdf } from './report/invoice-data.ts';
import { salesInvoiceItems, salesInvoiceLinks, salesInvoices } from './sales.table.ts';

// The link an invoice is sent with (issue 23): 32 random bytes, only their SHA-256 kept; e-mailed
// to the customer in their language when an address is known, and answered to the sender so it
// can be handed over another way. It opens the invoice's public page: the invoice, its PDF, and
// « Payer en ligne » where a provider is configured (online-payments).

const TOKEN = /^[A-Za-z0-9_-]{43}$/;

export const invoiceUrl = (appUrl: string, token: string) => `${appUrl.replace(/\/+$/, '')}/pay/invoices/${token}`;

/** The options of send: { data: { attributes: { email, locale, expires_in_days, send_email } } }, all optional. */
export const SEND_OPTIONS = z.object({
  email: withMessage(z.string().refine(isEmail).nullish(), 'validation.email'),
  locale: z.enum(LOCALES).nullish(),
  expires_in_days: withMessage(z.int().min(1).max(INVOICE_LINK_DAYS.max).nullish(), 'share.expires_in_days', { max: INVOICE_LINK_DAYS.max }),
  send_email: z.boolean().nullish().default(true).meta({ description: 'false: the link is made but not e-mailed (meta.link.email is null)' }),
  send_sms: SEND_SMS_OPTION,
});
export type SendOptions = z.infer<typeof SEND_OPTIONS>;

type InvoiceRow = typeof salesInvoices.$inferSelect;
export type InvoiceLink = typeof salesInvoiceLinks.$inferSelect;

/** Makes the invoice's link and e-mails it, unless asked not to: to the address given, else the customer's billing or own address. */
export async function sendInvoiceLink(ctx: RequestContext, row: InvoiceRow, wanted: SendOptions) {
  const [customer] = await ctx.db.select().from(customers).where(eq(customers.id, row.customer_id));
  const [organization] = await ctx.db.select({ name: organizations.name, locale: organizations.locale }).from(organizations).where(eq(organizations.id, row.organization_id));
  const locale: Locale = wanted.locale ?? firstLocale(customer?.locale, organization?.locale);
  const on = (e: unknown) => (typeof e === 'string' && isEmail(e) ? e : null);
  const email = wanted.send_email === false ? null : (wanted.email ?? on(customer?.billing_email) ?? on(customer?.email));
  const token = randomBytes(32).toString('base64url');
  const url = invoiceUrl(ctx.config.appUrl, token);
  const [link] = await ctx.db
    // direct write: an invoice link (a token, not a business record; the send action logs it)
    .insert(salesInvoiceLinks)
    .values({
      organization_id: row.organization_id,
      sales_invoice_id: row.id,
      token_hash: tokenHash(token),
      url,
      locale,
      email,
      expires_at: sql`now() + make_interval(days => ${wanted.expires_in_days ?? INVOICE_LINK_DAYS.default})`,
      created_by: ctx.actor.id,
    })
    .returning();
  if (email) {
    const params = { organization: organization?.name ?? '', code: row.code ?? '', url, name: customer ? customerName(customer) : '', balance: row.balance };
    // The invoice itself goes with the mail, in the customer's language: they keep it without opening the link.
    const { pdf, name } = await invoicePdf(ctx.db, storageOf(ctx.config), row, locale, validTimeZone(undefined));
    await mailCustomer(ctx, {
      organizationId: row.organization_id,
      customerId: row.customer_id,
      subject: { type: 'sales-invoices', id: row.id },
      to: email,
      title: t(locale, 'mail.invoice.subject', params),
      text: t(locale, 'mail.invoice.body', params),
      attachments: [{ filename: name, contentType: 'application/pdf', content: pdf.toString('base64') }],
    });
  }
  const text = wanted.send_sms
    ? await sendText(ctx, { customerId: row.customer_id, subject: { type: 'sales-invoices', id: row.id }, template: 'invoice_payment', locale, params: { code: row.code ?? '', url }, pointer: '/data/attributes/send_sms' })
    : null;
  const sms = text?.to ?? null;
  return { url, email, sms, text, locale, expires_at: isoText(link.expires_at) };
}

/** The link of a token and its invoice: 404 unknown, 410 (in the link's language) expired, withdrawn or its invoice canceled. */
export async function openInvoiceLink(db: Db, token: string): Promise<{ link: InvoiceLink; invoice: InvoiceRow }> {
  if (!TOKEN.test(token)) throw new ApiError(404, 'invoice_link.not_found');
  const [found] = await db
    .select({ link: salesInvoiceLinks, invoice: salesInvoices, expired: sql<boolean>`${salesInvoiceLinks.expires_at} <= now()` })
    .from(salesInvoiceLinks)
    .innerJoin(salesInvoices, eq(salesInvoices.id, salesInvoiceLinks.sales_invoice_id))
    .where(eq(salesInvoiceLinks.token_hash, tokenHash(token)));
  if (!found) throw new ApiError(404, 'invoice_link.not_found');
  if (found.link.revoked_at || found.expired || found.invoice.state !== 'validated') throw Object.assign(new ApiError(410, 'invoice_link.gone'), { locale: found.link.locale });
  return { link: found.link, invoice: found.invoice };
}

/** What the customer's page shows of the invoice (GET /public/sales-invoices/{token}). */
export async function invoiceView(db: Db, link: InvoiceLink, invoice: InvoiceRow) {
  const [[organization], lines] = await Promise.all([
    db.select({ name: organizations.name }).from(organizations).where(eq(organizations.id, invoice.organization_id)),
    db.select().from(salesInvoiceItems).where(and(eq(salesInvoiceItems.sales_invoice_id, invoice.id))).orderBy(asc(salesInvoiceItems.position), asc(salesInvoiceItems.id)),
  ]);
  return {
    locale: link.locale,
    expires_at: isoText(link.expires_at),
    organization: organization?.name ?? '',
    location: null,
    code: invoice.code ?? '',
    kind: invoice.kind,
    issued_on: invoice.issued_on,
    expiration_time: invoice.expiration_time,
    billing_address: invoice.billing_address,
    lines: lines.map((l) => ({ description: l.description ?? '', quantity: l.quantity, unit_price: l.unit_price ?? 0, subtotal: l.subtotal, taxes: l.tax_details ?? [] })),
    subtotal: invoice.subtotal,
    taxes: invoice.tax_details ?? [],
    total: invoice.total,
    amount_paid: invoice.amount_paid,
    balance: invoice.balance,
    payment_status: invoice.payment_status,
  };
}
export type InvoiceView = Awaited<ReturnType<typeof invoiceView>>;
