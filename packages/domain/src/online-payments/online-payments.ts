import type { Locale } from '../locale.ts';

// Online payment through a provider (issue 23, Payments): the pure rules the server's adapters and
// the customer's page share. Amounts are integer cents of a two-decimal currency (CAD by default).

/** The providers a customer may pay through; a deployment enables each by its keys. */
export const PAYMENT_PROVIDERS = ['stripe', 'paypal'] as const;
export type PaymentProvider = (typeof PAYMENT_PROVIDERS)[number];

export const isPaymentProvider = (value: unknown): value is PaymentProvider => (PAYMENT_PROVIDERS as readonly unknown[]).includes(value);

/** How long a customer has to finish paying once sent to the provider (Stripe accepts 30 min to 24 h). */
export const CHECKOUT_MINUTES = 60;

/** Cents as the decimal text PayPal's amounts take: 1234 → "12.34". */
export function centsToAmountText(cents: number): string {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`not a whole number of cents: ${cents}`);
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** A provider's decimal amount as cents ("12.3" → 1230); null for anything else than a plain amount of at most two decimals. */
export function amountTextToCents(text: unknown): number | null {
  if (typeof text !== 'string') return null;
  const m = /^(\d{1,12})(?:\.(\d{1,2}))?$/.exec(text);
  if (!m) return null;
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
}

/** What may still be refunded of an online payment. */
export const refundableCents = (paid: number, refunded: number) => Math.max(0, paid - refunded);

/** Why a refund of `asked` cents cannot be made, or null: at least a cent, never more than what was paid online and not refunded yet. */
export function refundProblem(paid: number, refunded: number, asked: number): 'not_positive' | 'exceeds_paid' | null {
  if (!Number.isSafeInteger(asked) || asked <= 0) return 'not_positive';
  if (asked > refundableCents(paid, refunded)) return 'exceeds_paid';
  return null;
}

/** The provider's page in the customer's language, Canadian region (Stripe takes the language, PayPal a locale). */
export function providerLocale(provider: PaymentProvider, locale: Locale): string {
  return provider === 'stripe' ? locale : `${locale}-CA`;
}
