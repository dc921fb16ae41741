import type { MessageChannel, MessageSubjectType } from '@atelier/domain';
import type { Db } from '../../db/client.ts';
import { messages } from './messaging.table.ts';

// Promotional messages (issue 26, follow-ups): the caller has decided the consent (the domain's
// chooseFollowUpChannel); the message is kept as texts.ts keeps a transactional one, and a text is
// delivered by texts.ts deliverText. Apart from sendText, whose consent check answers a user's request (422).

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

/** The message about to go (queued, with its consent), in the caller's transaction; answers its id (texts.ts deliverText writes a text's outcome on it). */
export async function recordMessage(db: Db, m: PromotionalMessage): Promise<string> {
  // direct write: the message log (what was sent, under which consent), not a business record
  const [row] = await db
    .insert(messages)
    .values({
      organization_id: m.organizationId,
      channel: m.channel,
      direction: 'out',
      customer_id: m.customerId,
      contact: m.channel === 'email' ? m.contact.toLowerCase() : m.contact,
      subject_type: m.subject?.type ?? null,
      subject_id: m.subject?.id ?? null,
      consent_id: m.consentId,
      body: m.channel === 'email' && m.emailSubject ? `${m.emailSubject}\n\n${m.body}` : m.body,
      status: 'queued',
    })
    .returning({ id: messages.id });
  return row.id;
}
