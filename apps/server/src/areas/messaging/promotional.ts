import type { MessageChannel, MessageSubjectType } from '@atelier/domain';
import type { Db } from '../../db/client.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { messages } from './messaging.table.ts';
import { sendSms, type TwilioConfig } from './twilio.ts';

// Promotional messages (issue 26, follow-ups): the caller has decided the consent (the domain's
// chooseFollowUpChannel); these send and keep the message as texts.ts keeps a transactional one.
// Kept apart from texts.ts, whose sends answer a user's request (422/409 in its transaction).

export interface PromotionalMessage {
  organizationId: string;
  customerId: string;
  channel: MessageChannel;
  /** E.164 number or e-mail address. */
  contact: string;
  subject: { type: MessageSubjectType; id: string } | null;
  /** The express consent it goes under; null for e-mail under implied consent (docs/decisions.md). */
  consentId: string | null;
  body: string;
  /** E-mail only. */
  emailSubject?: string;
}

/**
 * Texts through Twilio (outside any transaction: the provider is called once) and answers its sid;
 * rejects with the provider's refusal. The message row is written by recordMessage afterwards.
 */
export const sendPromotionalText = (config: TwilioConfig, to: string, body: string): Promise<string> => sendSms(config, to, body);

/** Queues the e-mail in the outbox, in the caller's transaction (no commit, no mail). */
export async function queuePromotionalEmail(db: Db, mailer: Mailer, m: PromotionalMessage): Promise<void> {
  await mailer.queue(db, { to: m.contact, subject: m.emailSubject ?? '', text: m.body, organizationId: m.organizationId });
}

/** The message as sent (with its consent and the provider's sid), in the caller's transaction; answers its id. */
export async function recordMessage(db: Db, m: PromotionalMessage, sid: string | null): Promise<string> {
  // direct write: the message log (what was sent, under which consent), not a business record
  const [row] = await db
    .insert(messages)
    .values({
      organization_id: m.organizationId,
      channel: m.channel,
      direction: 'out',
      customer_id: m.customerId,
      contact: m.contact,
      subject_type: m.subject?.type ?? null,
      subject_id: m.subject?.id ?? null,
      consent_id: m.consentId,
      provider_sid: sid,
      body: m.channel === 'email' && m.emailSubject ? `${m.emailSubject}\n\n${m.body}` : m.body,
      // A text Twilio took is sent (as texts.ts writes it back); an e-mail waits in the mail outbox.
      status: sid ? 'sent' : 'queued',
    })
    .returning({ id: messages.id });
  return row.id;
}
