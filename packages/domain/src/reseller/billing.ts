import { defineEnum } from '../enums.ts';
import { documentWorkflow } from '../trade/documents.ts';
import { defineWorkflow } from '../workflow/workflow.ts';

// Reseller billing (spec platform §3 Reseller billing, §4 Subscription; issue 24): a reseller sells
// packages to its organizations by subscription, bills them with its own invoices and records
// their payments. The invoice is a trade document (trade/), its lines priced by trade.ts.

export const [PACKAGE_FREQUENCIES, PACKAGE_FREQUENCY_LABELS] = defineEnum('package_frequencies', ['monthly', 'yearly']);
export type PackageFrequency = (typeof PACKAGE_FREQUENCIES)[number];

/**
 * The end of a period of `frequency` starting at `start`: a month or a year later, the same day
 * of the month, or the month's last day when it has none (31 January + 1 month = 28 or 29 February).
 */
export function periodEnd(start: Date, frequency: PackageFrequency): Date {
  const months = frequency === 'yearly' ? 12 : 1;
  const y = start.getUTCFullYear();
  const m = start.getUTCMonth() + months;
  const lastDay = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  const end = new Date(start);
  end.setUTCFullYear(y, m, Math.min(start.getUTCDate(), lastDay));
  return end;
}

/** Days before its end when a subscription can be renewed (and the organization is told). */
export const RENEWAL_WINDOW_DAYS = 7;

export type SubscriptionState = 'active' | 'renewable' | 'expired';

/** A subscription's state at `now`: expired once its end has passed, renewable in its last days. */
export function subscriptionState(end: Date, now: Date): SubscriptionState {
  const left = end.getTime() - now.getTime();
  if (left <= 0) return 'expired';
  return left <= RENEWAL_WINDOW_DAYS * 86_400_000 ? 'renewable' : 'active';
}

/**
 * A renewal's new period: the next one after the current end, or, once expired, one starting now
 * (the months without a subscription are not billed).
 */
export function renewedPeriod(current: { start: Date; end: Date }, frequency: PackageFrequency, now: Date): { start: Date; end: Date } {
  const start = current.end.getTime() > now.getTime() ? current.end : now;
  return { start, end: periodEnd(start, frequency) };
}

/** A reseller's colour as its documents print it: #rrggbb. */
export const isBrandColor = (value: string): boolean => /^#[0-9a-fA-F]{6}$/.test(value);

/** Whether one more active user is beyond a package's limit (no limit: never). */
export const overUserLimit = (activeUsers: number, maximum: number | null | undefined): boolean => maximum != null && activeUsers >= maximum;

/** A subscription (spec §4: active, expired, renewable; renewed): its state follows the time, renewing extends it. */
export const subscriptionWorkflow = defineWorkflow({
  states: {
    active: { label: { fr: 'Actif', en: 'Active' }, color: 'teal' },
    renewable: { label: { fr: 'À renouveler', en: 'Renewable' }, color: 'yellow' },
    expired: { label: { fr: 'Expiré', en: 'Expired' }, color: 'red' },
  },
  actions: {
    renew: { label: { fr: 'Renouveler', en: 'Renew' }, permission: 'edit subscriptions', from: ['active', 'renewable', 'expired'], to: 'active', get: true, confirm: true, stamps: { at: 'renewed_at' } },
  },
  editable: ['active', 'renewable', 'expired'],
  next: { renewable: ['renew'], expired: ['renew'] },
});

export const resellerInvoiceWorkflow = documentWorkflow('reseller invoices');
