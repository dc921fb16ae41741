import type { Locale, PaymentProvider } from '@atelier/domain';
import type { Db } from '../../db/client.ts';
import type { RequestContext } from '../../jsonapi/context.ts';

// The seam other areas plug into (the sales invoices): a payable says what is due and records
// what was paid or refunded, its own way (through the engine: its balance, log and policies follow).

/** What a payable is now, as a customer pays it. */
export interface PayableDescription {
  organizationId: string;
  /** ISO 4217, a two-decimal currency. */
  currency: string;
  /** Cents still due; nothing is offered at 0 or below. */
  amountDue: number;
  /** What the provider's page names (an invoice's number). */
  label: string;
  /** The customer's language: the provider's page speaks it. */
  locale: Locale;
  customerEmail?: string | null;
}

/** A payment made (amount > 0) or refunded (amount < 0) online, in cents. */
export interface OnlinePayment {
  amount: number;
  source: PaymentProvider;
  /** The provider's PaymentIntent or capture for a payment, its refund for a refund. */
  transactionId: string;
  data: Record<string, unknown>;
  /** ISO 8601. */
  paidAt: string;
}

export interface Payable {
  /** null: no such payable (or nothing a customer may pay). */
  describe(db: Db, id: string): Promise<PayableDescription | null>;
  /**
   * Records a payment or a refund, in the transaction of `ctx` (a system context of the payable's
   * organization for a payment the provider reported, the refunding user's for a refund).
   */
  record(ctx: RequestContext, id: string, payment: OnlinePayment): Promise<void>;
  /**
   * The payable a customer's public link opens (its token), for POST /public/online-payments/...:
   * its id and the page the provider sends the customer back to; throws the link's own refusal
   * (404, 410) when it does not open.
   */
  open?(db: Db, token: string): Promise<{ id: string; pageUrl: string }>;
}

const payables = new Map<string, Payable>();

/** Declares a type customers may pay online (at start, by the area that owns it). */
export function registerPayable(type: string, payable: Payable) {
  payables.set(type, payable);
}

/** The payable of a type, or undefined for a type nobody registered (a client's name is looked up here, never on an object). */
export const payableOf = (type: string): Payable | undefined => payables.get(type);
