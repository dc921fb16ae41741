/** Consent to be contacted, per channel and kind (issue 26, "Texts (SMS) and consent"). Pure rules. */
export const MESSAGE_CHANNELS = ['sms', 'email'] as const;
export type MessageChannel = (typeof MESSAGE_CHANNELS)[number];
export const CONSENT_KINDS = ['transactional', 'promotional'] as const;
export type ConsentKind = (typeof CONSENT_KINDS)[number];
export const CONSENT_SOURCES = ['counter', 'form', 'reply'] as const;
export type ConsentSource = (typeof CONSENT_SOURCES)[number];

const WITHDRAW = new Set(['STOP', 'ARRET']);
const GIVE = new Set(['START']);

/** What a reply means for consent: Twilio's keywords plus the French ones, the whole message only. */
export function replyKeyword(body: string): 'withdraw' | 'give' | null {
  const word = body.trim().normalize('NFD').replace(/\p{Diacritic}/gu, '').toUpperCase();
  if (WITHDRAW.has(word)) return 'withdraw';
  if (GIVE.has(word)) return 'give';
  return null;
}

export interface ConsentRecord {
  readonly id: string;
  readonly channel: MessageChannel;
  readonly kind: ConsentKind;
  readonly given: boolean;
  readonly at: Date;
}

export type ConsentDecision =
  | { allowed: true; consentId: string }
  | { allowed: false; reason: 'none' }
  | { allowed: false; reason: 'withdrawn'; consentId: string };

/** The latest record for this channel and kind decides; without one, nothing is sent. */
export function consentDecision(records: readonly ConsentRecord[], channel: MessageChannel, kind: ConsentKind): ConsentDecision {
  const latest = records
    .filter((r) => r.channel === channel && r.kind === kind)
    .reduce<ConsentRecord | undefined>((best, r) => (!best || r.at > best.at ? r : best), undefined);
  if (!latest) return { allowed: false, reason: 'none' };
  return latest.given ? { allowed: true, consentId: latest.id } : { allowed: false, reason: 'withdrawn', consentId: latest.id };
}

export const MESSAGE_DIRECTIONS = ['in', 'out'] as const;
export type MessageDirection = (typeof MESSAGE_DIRECTIONS)[number];
/** The records a message may be about; a reply lands in the discussion of those that have one. */
export const MESSAGE_SUBJECT_TYPES = ['inspections', 'estimations', 'repairs', 'sales-invoices'] as const;
export type MessageSubjectType = (typeof MESSAGE_SUBJECT_TYPES)[number];
/** The transactional texts Atelier sends (follow-ups are promotional: messaging/promotional.ts, under promotional consent). */
export const TEXT_TEMPLATES = ['inspection_report', 'estimate_approval', 'invoice_payment', 'vehicle_ready'] as const;
export type TextTemplate = (typeof TEXT_TEMPLATES)[number];
/**
 * queued: written, not yet handed to the provider (an e-mail: in the mail outbox); sent: accepted
 * by the provider (its sid kept); delivered: confirmed by it; failed: refused (error_code says
 * why); received: a reply.
 */
export const MESSAGE_STATUSES = ['queued', 'sent', 'delivered', 'failed', 'received'] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];
/** Why a text failed: the provider could not be reached (or refused our keys), or refused this message (a bad or unsubscribed number). */
export const MESSAGE_ERRORS = ['provider_unavailable', 'provider_refused'] as const;
export type MessageError = (typeof MESSAGE_ERRORS)[number];

/**
 * The E.164 number a text goes to, from a number as typed (North American by default: ten digits
 * take +1); null when it cannot be one. Consents and replies are matched on this form.
 */
export function textableNumber(typed: string | null | undefined): string | null {
  const value = (typed ?? '').trim();
  const digits = value.replace(/[\s().-]/g, '');
  if (!/^\+?\d+$/.test(digits)) return null;
  if (digits.startsWith('+')) return digits.length >= 9 && digits.length <= 16 ? digits : null;
  if (digits.length === 10) return `+1${digits}`;
  if (digits.length === 11 && digits.startsWith('1')) return `+${digits}`;
  return null;
}
