import type { Locale, PaymentProvider } from '@atelier/domain';
import { ApiError } from '../../../jsonapi/errors.ts';

// One interface for every payment provider: open a checkout, read a signed webhook, complete an
// approved payment (PayPal's capture), refund. Each adapter is made from the deployment's keys.

export interface CheckoutRequest {
  /** Our checkout's id: the provider keeps it (idempotency, metadata) and names it back. */
  reference: string;
  amount: number;
  currency: string;
  locale: Locale;
  label: string;
  customerEmail?: string | null;
  /** Where the provider sends the customer once paid (our return route) or when they give up. */
  successUrl: string;
  cancelUrl: string;
  expiresAt: Date;
}

/** A payment the provider says was made. */
export interface Settlement {
  /** The checkout it pays (Stripe's session, PayPal's order). */
  providerReference: string;
  /** What a refund names (Stripe's PaymentIntent, PayPal's capture). */
  transactionId: string;
  amount: number | null;
  currency: string;
}

/** A webhook's event, its signature checked. */
export interface VerifiedEvent {
  id: string;
  type: string;
  /** The payment it reports, if it reports one. */
  paid?: Settlement;
  /** A checkout the customer approved that still needs completing (PayPal's order to capture). */
  approved?: string;
}

export interface ProviderAdapter {
  name: PaymentProvider;
  createCheckout(request: CheckoutRequest): Promise<{ url: string; providerReference: string }>;
  /** The provider's return URL on our return route (base: …/public/online-payments/<provider>/return). */
  returnUrl(base: string): string;
  /** The checkout the customer comes back from, read on the return route's query. */
  returnReference(query: Record<string, unknown>): string | undefined;
  /** Throws WebhookRefused for a signature that does not verify (forged, altered, too old). */
  parseWebhook(rawBody: string, headers: Record<string, string | string[] | undefined>): Promise<VerifiedEvent>;
  /**
   * The payment of a checkout the customer came back from (Stripe's session read, PayPal's approved
   * order captured); null when it is not paid yet, or was completed already.
   */
  complete(providerReference: string): Promise<Settlement | null>;
  refund(transactionId: string, amount: number, currency: string, idempotencyKey: string): Promise<{ refundId: string; status: string }>;
}

/** A webhook whose signature does not verify: answered 400, nothing recorded. */
export class WebhookRefused extends ApiError {
  constructor(readonly reason: string) {
    super(400, 'online_payments.signature_invalid');
  }
}

/** The provider did not answer as documented (down, refused our keys): the customer may try again. */
export const providerUnavailable = (provider: PaymentProvider) => new ApiError(503, 'online_payments.provider_unavailable', { provider: PROVIDER_NAMES[provider] });

export const PROVIDER_NAMES: Record<PaymentProvider, string> = { stripe: 'Stripe', paypal: 'PayPal' };

export const header = (headers: Record<string, string | string[] | undefined>, name: string) => {
  const v = headers[name];
  return typeof v === 'string' ? v : undefined;
};
