// The types of fakes.mjs (plain JavaScript, shared by the API tests and the browser journeys).

export const STRIPE_KEY: string;
export const STRIPE_WEBHOOK_SECRET: string;
export function stripeSignature(payload: string, secret?: string, timestamp?: number): string;

export interface FakeStripe {
  url: string;
  sessions: Map<string, Record<string, string>>;
  refunds: Record<string, string>[];
  /** The customer paid on Stripe's page (what retrieving the session then says). */
  pay(sessionId: string): void;
  /** Stripe is down (every API call answers 500) or back. */
  down(isDown: boolean): void;
  /** A webhook delivery as Stripe makes it: the event's JSON and its Stripe-Signature header. */
  delivery(event: { id?: string; type: string; object: Record<string, unknown> }, opts?: { secret?: string; timestamp?: number }): { payload: string; signature: string; id: string };
  /** checkout.session.completed for a session made here, paid (its amount, unless told otherwise). */
  paidEvent(sessionId: string, opts?: { amount?: number; id?: string }): { id?: string; type: string; object: Record<string, unknown> };
  close(): Promise<void>;
}
/** With webhookUrl, the checkout page (a session's url) pays, delivers the signed event there and sends the customer back. */
export function fakeStripe(options?: { webhookUrl?: string }): Promise<FakeStripe>;

export const PAYPAL_CLIENT: string;
export const PAYPAL_SECRET: string;
export const PAYPAL_WEBHOOK_ID: string;

export interface FakeOrder {
  id: string;
  body: any;
  requestId: string;
  capture?: { id: string; value: string; currency: string };
}

export interface FakePayPal {
  url: string;
  orders: Map<string, FakeOrder>;
  refunds: { capture: string; body: any; requestId: string }[];
  /** The customer approved the order on PayPal's page (what the return URL then says). */
  approve(orderId: string): void;
  /** Captures the order here, as PayPal does on a capture call, and returns the capture's id. */
  capture(orderId: string): string;
  /** A webhook delivery as PayPal makes it: the event's JSON and its transmission headers, signed with the fake's certificate key. */
  delivery(event: { id?: string; event_type: string; resource: Record<string, unknown> }, opts?: { forge?: boolean }): { payload: string; headers: Record<string, string>; id: string };
  captureCompleted(orderId: string, opts?: { value?: string }): { event_type: string; resource: Record<string, unknown> };
  close(): Promise<void>;
}
export function fakePayPal(): Promise<FakePayPal>;
