import { commentExcerpt, consentDecision, customerName, firstLocale, isEmail, replyKeyword, textableNumber, type ConsentKind, type Locale, type MessageError, type MessageStatus, type MessageSubjectType, type TextTemplate } from '@atelier/domain';
import type { Db } from '../../db/client.ts';
import { and, desc, eq, inArray, ne } from 'drizzle-orm';
import { t, type MessageKey, type MessageParams } from '../../i18n/index.ts';
import type { RequestContext } from '../../jsonapi/context.ts';
import { ApiError, type ErrorSource } from '../../jsonapi/errors.ts';
import { inTransaction, type Services } from '../../jsonapi/router.ts';
import { systemContext } from '../../jsonapi/system.ts';
import { findRow } from '../../jsonapi/scope.ts';
import { organizations, users } from '../admin/admin.table.ts';
import { comments } from '../comments/comments.table.ts';
import { COMMENT_OBJECTS } from '../comments/objects.ts';
import { customers } from '../crm/crm.table.ts';
import { notifications } from '../notifications/notifications.table.ts';
import { customerConsents, messages } from './messaging.table.ts';
import type { MailAttachment } from '../../mail/mail.table.ts';
import { TwilioError, sendSms, type TwilioConfig } from './twilio.ts';

// Texts (issue 26): a text goes to a customer's number only under their consent for its kind,
// names that consent and Twilio's sid; a reply is stored once, STOP/START change the consent at
// once, anything else lands in the discussion of the record last texted to that number.

/** Each template's message key (a fixed list: a template name is never turned into a key). */
const TEMPLATES: ReadonlyMap<TextTemplate, MessageKey> = new Map<TextTemplate, MessageKey>([
  ['inspection_report', 'sms.inspection_report'],
  ['estimate_approval', 'sms.estimate_approval'],
  ['invoice_payment', 'sms.invoice_payment'],
  ['vehicle_ready', 'sms.vehicle_ready'],
]);

/** A text about a record, for a customer, in their language. */
export interface TextRequest {
  customerId: string | null;
  subject: { type: MessageSubjectType; id: string };
  template: TextTemplate;
  locale: Locale;
  /** The template's values besides the organization and the customer's name (code, url). */
  params: MessageParams;
  /** Where a refusal points (the send option of the action). */
  pointer: string;
}

/**
 * What became of a text: its number and message row; status queued until it is handed to Twilio
 * once the request's transaction has committed, then sent (Twilio's sid kept) or failed with the
 * reason in the sender's language (error; Twilio's own words stay in the row's provider_error).
 * The object is completed in place after the commit, before the request answers.
 */
export interface TextSent {
  to: string;
  message_id: string;
  status: MessageStatus;
  error: string | null;
}

/**
 * Texts a customer about a record (the outbox way): refuses with 409 without Twilio's keys, 422
 * without a number or the customer's consent for this kind (none, or withdrawn), and nothing is
 * written; otherwise writes the message row (queued, naming its consent) in the request's
 * transaction and hands it to Twilio once that has committed (at once outside a transaction), so
 * a text never leaves for a send that rolled back. A failure of Twilio does not undo the send:
 * the row says failed and why.
 */
export async function sendText(ctx: RequestContext, request: TextRequest, kind: ConsentKind = 'transactional'): Promise<TextSent> {
  const source: ErrorSource = { pointer: request.pointer };
  const config = ctx.config.sms;
  if (!config) throw new ApiError(409, 'sms.not_configured', undefined, source);
  const [customer] = request.customerId ? await ctx.db.select().from(customers).where(eq(customers.id, request.customerId)) : [];
  const to = textableNumber(customer?.phone);
  if (!customer || !to) throw new ApiError(422, 'sms.no_number', undefined, source);
  const consents = await ctx.db
    .select()
    .from(customerConsents)
    .where(and(eq(customerConsents.customer_id, customer.id), eq(customerConsents.channel, 'sms'), eq(customerConsents.contact, to)));
  const decision = consentDecision(consents.map((c) => ({ ...c, at: new Date(c.at) })), 'sms', kind);
  if (!decision.allowed) throw new ApiError(422, decision.reason === 'none' ? 'sms.no_consent' : 'sms.consent_withdrawn', { number: to }, source);
  const [organization] = await ctx.db.select({ name: organizations.name }).from(organizations).where(eq(organizations.id, customer.organization_id));
  const body = t(request.locale, TEMPLATES.get(request.template)!, { organization: organization?.name ?? '', name: customerName(customer), ...request.params });
  // direct write: the message log (what is sent, under which consent), written before it leaves
  const [row] = await ctx.db
    .insert(messages)
    .values({
      organization_id: customer.organization_id,
      channel: 'sms',
      direction: 'out',
      customer_id: customer.id,
      contact: to,
      subject_type: request.subject.type,
      subject_id: request.subject.id,
      consent_id: decision.consentId,
      body,
      status: 'queued',
      sent_by_id: ctx.system ? null : ctx.actor.id,
    })
    .returning({ id: messages.id });
  const sent: TextSent = { to, message_id: row.id, status: 'queued', error: null };
  const deliver = async (db: Db) => {
    Object.assign(sent, await deliverText(db, config, row.id, to, body, ctx.locale));
  };
  if (ctx.onCommit) ctx.onCommit(deliver);
  else await deliver(ctx.db);
  return sent;
}

/**
 * Hands a written text to Twilio and writes the outcome back on its row: sent with the sid, or
 * failed with a code (translated for the sender) and Twilio's raw words apart. Never throws.
 */
export async function deliverText(db: Db, config: TwilioConfig, messageId: string, to: string, body: string, locale: Locale): Promise<Pick<TextSent, 'status' | 'error'>> {
  let update: Partial<typeof messages.$inferInsert>;
  try {
    const sid = await sendSms(config, to, body);
    update = { status: 'sent', provider_sid: sid };
  } catch (err) {
    const error_code: MessageError = err instanceof TwilioError && err.refused ? 'provider_refused' : 'provider_unavailable';
    update = { status: 'failed', error_code, provider_error: String((err as Error)?.message ?? err).slice(0, 1000) };
    console.warn(`texts: message ${messageId} failed: ${update.provider_error}`);
  }
  try {
    // direct write: the provider's answer on the message log
    await db.update(messages).set(update).where(eq(messages.id, messageId));
  } catch (err) {
    console.warn(`texts: message ${messageId}: its outcome could not be written: ${(err as Error).message}`);
  }
  return { status: update.status!, error: update.error_code ? t(locale, MESSAGE_ERROR_KEYS.get(update.error_code)!) : null };
}

const MESSAGE_ERROR_KEYS: ReadonlyMap<MessageError, MessageKey> = new Map<MessageError, MessageKey>([
  ['provider_unavailable', 'sms.provider_unavailable'],
  ['provider_refused', 'sms.provider_refused'],
]);

/** An e-mail a send action queued to a customer, written to their conversation (no consent asked: a transactional e-mail answers their business). */
export interface EmailRecord {
  customerId: string | null;
  subject: { type: MessageSubjectType; id: string };
  to: string;
  /** The mail's subject line and text, kept as one body. */
  title: string;
  text: string;
}

/** Queues an e-mail to a customer (the mail outbox, in the request's transaction, with its files if any) and writes it into their conversation. */
export async function mailCustomer(ctx: RequestContext, mail: EmailRecord & { organizationId: string; attachments?: MailAttachment[] }): Promise<void> {
  await ctx.mailer.queue(ctx.db, { to: mail.to, subject: mail.title, text: mail.text, organizationId: mail.organizationId, attachments: mail.attachments });
  await recordEmail(ctx, mail);
}

/** What a send action asks (its options): e-mailed (to `email`, else the customer's address) and/or texted. */
export interface SendAsked {
  send_email?: boolean | null;
  email?: string | null;
  send_sms?: boolean | null;
  locale?: Locale | null;
}

/** A message about a record for its customer: the mail's keys, the text's template, and their values besides the organization and the customer's name. */
export interface CustomerMessage {
  organizationId: string;
  customerId: string | null;
  subject: { type: MessageSubjectType; id: string };
  mail: { subject: MessageKey; body: MessageKey };
  template: TextTemplate;
  params: MessageParams;
  /** The refusal (422 on email) of an e-mail asked without an address. */
  noEmail: MessageKey;
}

/**
 * Sends a message to a record's customer as asked, in `asked.locale`, else theirs, else the
 * organization's: e-mailed (to the address given, else theirs; 422 `noEmail` without one; an
 * address given is enough without a customer) and texted under their consent to transactional
 * texts (sendText); both written into their conversation. Answers where it went (nothing asked: nowhere).
 */
export async function sendToCustomer(ctx: RequestContext, message: CustomerMessage, asked: SendAsked): Promise<{ email: string | null; sms: string | null; text: TextSent | null }> {
  if (!asked.send_email && !asked.send_sms) return { email: null, sms: null, text: null };
  const [customer] = message.customerId ? await ctx.db.select().from(customers).where(eq(customers.id, message.customerId)) : [];
  const [organization] = await ctx.db.select({ name: organizations.name, locale: organizations.locale }).from(organizations).where(eq(organizations.id, message.organizationId));
  const locale = asked.locale ?? firstLocale(customer?.locale, organization?.locale);
  let email: string | null = null;
  if (asked.send_email) {
    email = asked.email ?? (typeof customer?.email === 'string' && isEmail(customer.email) ? customer.email : null);
    if (!email) throw new ApiError(422, message.noEmail, undefined, { pointer: '/data/attributes/email' });
    const params = { organization: organization?.name ?? '', name: customer ? customerName(customer) : '', ...message.params };
    await mailCustomer(ctx, { ...message, customerId: customer?.id ?? null, to: email, title: t(locale, message.mail.subject, params), text: t(locale, message.mail.body, params) });
  }
  const text = asked.send_sms
    ? await sendText(ctx, { customerId: message.customerId, subject: message.subject, template: message.template, locale, params: message.params, pointer: '/data/attributes/send_sms' })
    : null;
  return { email, sms: text?.to ?? null, text };
}

/** Writes an e-mail just queued to the mail outbox into the customer's conversation (queued with it: no commit, neither). */
async function recordEmail(ctx: RequestContext, mail: EmailRecord): Promise<void> {
  if (!mail.customerId) return;
  const [customer] = await ctx.db.select({ organization_id: customers.organization_id }).from(customers).where(eq(customers.id, mail.customerId));
  if (!customer) return;
  // direct write: the message log (an e-mail handed to the mail outbox in this transaction)
  await ctx.db.insert(messages).values({
    organization_id: customer.organization_id,
    channel: 'email',
    direction: 'out',
    customer_id: mail.customerId,
    contact: mail.to.toLowerCase(),
    subject_type: mail.subject.type,
    subject_id: mail.subject.id,
    body: `${mail.title}\n\n${mail.text}`,
    status: 'queued',
    sent_by_id: ctx.system ? null : ctx.actor.id,
  });
}

/** An inbound text as Twilio posts it. */
export interface InboundText {
  sid: string;
  from: string;
  to: string;
  body: string;
}

export type InboundOutcome = 'withdrawn' | 'given' | 'threaded' | 'stored' | 'unknown_sender' | 'replayed';

/**
 * A reply: the organization is the one that last texted this number from our number (a reply
 * never reaches another organization); stored once per sid; STOP/ARRÊT withdraws both kinds,
 * START gives transactional back (promotional needs a person's word again); any other reply is
 * a comment on the record last texted, and its people are told.
 */
export async function receiveText(services: Pick<Services, 'database' | 'config' | 'registry' | 'mailer'>, inbound: InboundText): Promise<InboundOutcome> {
  const { db } = services.database;
  const from = textableNumber(inbound.from) ?? inbound.from;
  const [last] = await db
    .select()
    .from(messages)
    // A text Twilio refused never reached the number: a reply answers another.
    .where(and(eq(messages.channel, 'sms'), eq(messages.direction, 'out'), eq(messages.contact, from), ne(messages.status, 'failed')))
    .orderBy(desc(messages.at), desc(messages.id))
    .limit(1);
  if (!last?.customer_id) return 'unknown_sender';
  const customerId = last.customer_id;
  const system = systemContext({ ...services, db }, last.organization_id, { cause: { type: 'messages', id: last.id } });
  return inTransaction(system, async (tx) => {
    // direct write: a provider's inbound message, stored once by its sid (ON CONFLICT DO NOTHING: the replay answers 'replayed')
    const [stored] = await tx.db
      .insert(messages)
      .values({ organization_id: last.organization_id, channel: 'sms', direction: 'in', customer_id: customerId, contact: from, subject_type: last.subject_type, subject_id: last.subject_id, provider_sid: inbound.sid, body: inbound.body, status: 'received' })
      .onConflictDoNothing({ target: [messages.organization_id, messages.provider_sid] })
      .returning({ id: messages.id });
    if (!stored) return 'replayed';
    const keyword = replyKeyword(inbound.body);
    if (keyword) {
      const kinds: ConsentKind[] = keyword === 'withdraw' ? ['transactional', 'promotional'] : ['transactional'];
      // direct write: the customer's own word, recorded as it came (no user recorded it)
      await tx.db.insert(customerConsents).values(kinds.map((kind) => ({ organization_id: last.organization_id, customer_id: customerId, contact: from, channel: 'sms' as const, kind, given: keyword === 'give', source: 'reply' as const })));
      return keyword === 'withdraw' ? 'withdrawn' : 'given';
    }
    return (await threadReply(tx, last, customerId, inbound.body)) ? 'threaded' : 'stored';
  });
}

type MessageRow = typeof messages.$inferSelect;

/** The reply as a comment of the record last texted (when it has a discussion), and a notice to its people. */
async function threadReply(ctx: RequestContext, last: MessageRow, customerId: string, body: string): Promise<boolean> {
  const { db } = ctx;
  const object = last.subject_type && last.subject_id ? COMMENT_OBJECTS.get(last.subject_type) : undefined;
  if (!object || !last.subject_id) return false;
  const record = await findRow(ctx, object.resource, last.subject_id).catch(() => null);
  if (!record) return false;
  const [customer] = await db.select().from(customers).where(eq(customers.id, customerId));
  const name = customer ? customerName(customer) : last.contact;
  const text = t(firstLocale(customer?.locale), 'sms.reply_comment', { name, body });
  // direct write: a customer's reply has no author among the users (owner null)
  const [comment] = await db.insert(comments).values({ organization_id: last.organization_id, object_type: last.subject_type!, object_id: last.subject_id, body: text }).returning();
  const people = [...new Set([last.sent_by_id, record.creator_id as string | null].filter((id): id is string => !!id))];
  const active = people.length ? await db.select({ id: users.id }).from(users).where(and(inArray(users.id, people), eq(users.organization_id, last.organization_id), eq(users.active, true))) : [];
  if (!active.length) return true;
  const summary = await object.summary(ctx, record);
  // direct write: the notices of a reply (as comments' mentions write theirs)
  await db.insert(notifications).values(
    active.map(({ id }) => ({
      user_id: id,
      causer_id: null,
      organization_id: last.organization_id,
      event: 'customer_answered',
      subject_type: last.subject_type!,
      subject_id: last.subject_id!,
      data: { label: summary.label, causer_name: name, excerpt: commentExcerpt(body), comment_id: comment.id, page_type: summary.page.type, page_id: summary.page.id },
      location_ids: summary.location_ids,
    })),
  );
  return true;
}
