import { consentDecision, type ConsentKind, type ConsentSource, type MessageChannel, type MessageDirection, type MessageError, type MessageStatus } from '@atelier/domain';
import { api } from '../../api/client.ts';
import type { Model } from '../../api/jsonapi.ts';

// A customer's consents and conversation (server: areas/messaging): read by the send dialogs and
// the customer's « Messages » tab; a consent given at the counter is recorded by the one who asks.

type Person = Model & { firstname?: string | null; lastname?: string | null; name?: string | null };

export interface Consent extends Model {
  contact: string;
  channel: MessageChannel;
  kind: ConsentKind;
  given: boolean;
  source: ConsentSource;
  at: string;
  givenBy?: Person | null;
}

export interface Message extends Model {
  channel: MessageChannel;
  direction: MessageDirection;
  contact: string;
  subject_type: string | null;
  subject_id: string | null;
  body: string;
  status: MessageStatus;
  error_code: MessageError | null;
  at: string;
  sentBy?: Person | null;
}

export const consentsKey = (customerId: string) => ['customer-consents', customerId] as const;
export const messagesKey = (customerId: string) => ['messages', customerId] as const;

export const fetchConsents = (customerId: string) =>
  api.listAll<Consent>('customer-consents', { filter: { customer: customerId }, include: 'givenBy', sort: '-at' }, { global: false });

export const fetchMessages = (customerId: string) =>
  api.listAll<Message>('messages', { filter: { customer: customerId }, include: 'sentBy', sort: 'at' }, { global: false });

/** POST /customer-consents: given (or withdrawn) at the counter, stamped with who records it and when. */
export const recordConsent = (customerId: string, consent: { contact: string; channel: MessageChannel; kind: ConsentKind; given: boolean }) =>
  api.create<Consent>({ type: 'customer-consents', attributes: consent, relationships: { customer: { type: 'customers', value: customerId } } });

/** The record that decides for this contact, channel and kind (the latest), or null: none, nothing may be sent. */
export function currentConsent(consents: readonly Consent[], contact: string, channel: MessageChannel, kind: ConsentKind): Consent | null {
  const mine = consents.filter((c) => c.contact === contact);
  const decision = consentDecision(mine.map((c) => ({ ...c, at: new Date(c.at) })), channel, kind);
  return decision.allowed || decision.reason === 'withdrawn' ? (mine.find((c) => c.id === decision.consentId) ?? null) : null;
}

export const personName = (p: Person | null | undefined) => (p ? (p.name ?? [p.firstname, p.lastname].filter(Boolean).join(' ')) : '');
