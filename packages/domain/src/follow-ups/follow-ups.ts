import { defineEnum } from '../enums.ts';
import { consentDecision, type ConsentRecord, type MessageChannel } from '../messaging/consent.ts';

/**
 * Follow-ups of declined work (issue 26, "Follow-ups"): each open deferred work is followed up at
 * the organization's days after it was declined, one step after the other; each step runs once.
 * Pure rules: which step is next, when it is due, by which channel it may go (CASL, see
 * docs/decisions.md "Follow-ups and CASL").
 */
export const [FOLLOW_UP_STATUSES, FOLLOW_UP_STATUS_LABELS] = defineEnum('follow_up_statuses', ['scheduled', 'sending', 'sent', 'skipped', 'failed', 'stopped']);
export type FollowUpStatus = (typeof FOLLOW_UP_STATUSES)[number];
/** Why a step was not sent: no consent, no contact, follow-ups turned off, planned too late (skipped); a reply, a booking, closed work (stopped); the provider, a runner that died mid-send (failed). */
export const [FOLLOW_UP_REASONS, FOLLOW_UP_REASON_LABELS] = defineEnum('follow_up_reasons', [
  'no_consent',
  'no_contact',
  'replied',
  'booked',
  'closed',
  'disabled',
  'provider_error',
  'interrupted',
  'late',
]);
export type FollowUpReason = (typeof FOLLOW_UP_REASONS)[number];
/** The organization's channel preference: which channel is tried first, or the only one. */
export const [FOLLOW_UP_CHANNEL_PREFERENCES, FOLLOW_UP_CHANNEL_PREFERENCE_LABELS] = defineEnum('follow_up_channel_preferences', ['sms_first', 'email_first', 'sms_only', 'email_only']);
export type FollowUpChannelPreference = (typeof FOLLOW_UP_CHANNEL_PREFERENCES)[number];

export const FOLLOW_UP_MAX_STEPS = 6;
export const FOLLOW_UP_MAX_DAYS = 730;
export const DEFAULT_FOLLOW_UP_DAYS: readonly number[] = [30, 90];
/**
 * CASL s. 10(10)(b): an inquiry (the estimate the work was declined on) implies consent to
 * commercial e-mail for six months; after that only an express consent lets a follow-up go.
 */
export const IMPLIED_EMAIL_CONSENT_DAYS = 183;
const DAY_MS = 86_400_000;

/** The schedule as stored (option estimations.follow_up_days): 1 to 6 whole days, increasing, 1 to 730. Null when it is not one. */
export function parseFollowUpDays(value: unknown): number[] | null {
  let list: unknown = value;
  if (typeof value === 'string') list = value.split(/[\s,;]+/).filter(Boolean).map((s) => (/^\d+$/.test(s) ? Number(s) : NaN));
  if (!Array.isArray(list) || list.length < 1 || list.length > FOLLOW_UP_MAX_STEPS) return null;
  const days: number[] = [];
  for (const d of list) {
    if (typeof d !== 'number' || !Number.isInteger(d) || d < 1 || d > FOLLOW_UP_MAX_DAYS) return null;
    if (days.length && d <= days[days.length - 1]) return null;
    days.push(d);
  }
  return days;
}

/** The schedule an organization runs: its options read leniently (a bad stored value falls back to the defaults). */
export interface FollowUpSchedule {
  enabled: boolean;
  days: readonly number[];
  preference: FollowUpChannelPreference;
}

export function followUpSchedule(options: { enabled?: unknown; days?: unknown; channel?: unknown }): FollowUpSchedule {
  const preference = (FOLLOW_UP_CHANNEL_PREFERENCES as readonly unknown[]).includes(options.channel) ? (options.channel as FollowUpChannelPreference) : 'sms_first';
  return { enabled: options.enabled === true, days: parseFollowUpDays(options.days) ?? DEFAULT_FOLLOW_UP_DAYS, preference };
}

/** When step n (1-based) of work declined at `declinedAt` is due; null past the schedule's last step. */
export function followUpDueAt(declinedAt: Date, step: number, days: readonly number[]): Date | null {
  const d = days[step - 1];
  return d === undefined ? null : new Date(declinedAt.getTime() + d * DAY_MS);
}

/** What the runner knows of a customer to reach them by each channel. */
export interface FollowUpReach {
  /** E.164 number, when texting is configured and the customer has a textable number. */
  phone: string | null;
  email: string | null;
  /** Their consents for that number and address (both channels). */
  consents: readonly ConsentRecord[];
  declinedAt: Date;
  now: Date;
}

export type FollowUpChannelChoice = { channel: MessageChannel; contact: string; consentId: string | null } | { channel: null; reason: 'no_consent' | 'no_contact' };

/**
 * May a follow-up (a commercial electronic message under CASL) go to this e-mail address? An
 * express promotional consent that stands says yes; a withdrawal says no; without either, the
 * implied consent of the inquiry (the declined estimate) lasts IMPLIED_EMAIL_CONSENT_DAYS.
 */
export function emailFollowUpConsent(consents: readonly ConsentRecord[], declinedAt: Date, now: Date): { allowed: true; consentId: string | null } | { allowed: false } {
  const decision = consentDecision(consents, 'email', 'promotional');
  if (decision.allowed) return { allowed: true, consentId: decision.consentId };
  if (decision.reason === 'withdrawn') return { allowed: false };
  return now.getTime() - declinedAt.getTime() <= IMPLIED_EMAIL_CONSENT_DAYS * DAY_MS ? { allowed: true, consentId: null } : { allowed: false };
}

/**
 * The channel a follow-up goes by, in the organization's order: a text only under an express
 * promotional consent to texts (a transactional one is not enough), an e-mail under
 * emailFollowUpConsent; otherwise no_consent (or no_contact when there is neither a number nor
 * an address).
 */
export function chooseFollowUpChannel(preference: FollowUpChannelPreference, reach: FollowUpReach): FollowUpChannelChoice {
  const order: MessageChannel[] = preference === 'sms_first' ? ['sms', 'email'] : preference === 'email_first' ? ['email', 'sms'] : preference === 'sms_only' ? ['sms'] : ['email'];
  if (!order.some((c) => (c === 'sms' ? reach.phone : reach.email))) return { channel: null, reason: 'no_contact' };
  for (const channel of order) {
    if (channel === 'sms' && reach.phone) {
      const decision = consentDecision(reach.consents, 'sms', 'promotional');
      if (decision.allowed) return { channel, contact: reach.phone, consentId: decision.consentId };
    }
    if (channel === 'email' && reach.email) {
      const decision = emailFollowUpConsent(reach.consents, reach.declinedAt, reach.now);
      if (decision.allowed) return { channel, contact: reach.email, consentId: decision.consentId };
    }
  }
  return { channel: null, reason: 'no_consent' };
}
