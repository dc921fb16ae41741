import { and, eq, gt, sql } from 'drizzle-orm';
import { CHECKOUT_MINUTES, isPaymentProvider, refundProblem, type PaymentProvider } from '@atelier/domain';
import type { Config } from '../../config.ts';
import type { RequestContext } from '../../jsonapi/context.ts';
import { ApiError, attributePointer, conflict, notFound } from '../../jsonapi/errors.ts';
import { API_PREFIX } from '../../jsonapi/openapi.ts';
import { inTransaction, type Services } from '../../jsonapi/router.ts';
import { systemContext } from '../../jsonapi/system.ts';
import { isoText } from '../../jsonapi/attributes.ts';
import { newId } from '../../db/columns.ts';
import { formatMoney } from '../../reports/format.ts';
import { onlinePaymentCheckouts as checkouts, onlinePaymentEvents as events, type EventOutcome } from './online-payments.table.ts';
import { payableOf } from './payables.ts';
import { enabledProviders } from './providers/index.ts';
import { PROVIDER_NAMES, type ProviderAdapter, type Settlement, type VerifiedEvent } from './providers/provider.ts';

// A checkout's life: opened for what a payable owes (startCheckout), paid once whichever way the
// provider says so first (its webhook, the customer's return), refunded up to what was paid.

type Checkout = typeof checkouts.$inferSelect;

/** One set of adapters per configuration: PayPal's access token is kept between calls. */
const adapters = new WeakMap<Config, Map<PaymentProvider, ProviderAdapter>>();
export function providersOf(config: Config): Map<PaymentProvider, ProviderAdapter> {
  let found = adapters.get(config);
  if (!found) adapters.set(config, (found = enabledProviders(config)));
  return found;
}

const disabled = (provider: string) =>
  new ApiError(422, 'online_payments.provider_disabled', { provider: isPaymentProvider(provider) ? PROVIDER_NAMES[provider] : provider }, { pointer: attributePointer('provider') });

function adapterOf(config: Config, provider: string): ProviderAdapter {
  // The provider is a client's word: looked up in a Map, never on an object.
  const adapter = providersOf(config).get(provider as PaymentProvider);
  if (!adapter) throw disabled(provider);
  return adapter;
}

/** Where the provider sends the customer back: our return route, which then sends them to the payable's page. */
export const returnPath = (provider: PaymentProvider) => `${API_PREFIX}/public/online-payments/${provider}/return`;

export interface CheckoutStarted {
  url: string;
  provider: PaymentProvider;
  amount: number;
  currency: string;
  expires_at: string;
}

/**
 * Sends the customer to `provider` to pay what the payable owes now. The public page that reached
 * the payable (its link's token) calls it; `urls` are that page's, where the customer lands paid
 * or not. A checkout still open for the same amount is offered again rather than a second one
 * (a double click must not make two payments possible).
 */
export async function startCheckout(services: Pick<Services, 'database' | 'config'>, target: { type: string; id: string }, provider: string, urls: { success: string; cancel: string }): Promise<CheckoutStarted> {
  const { db } = services.database;
  const adapter = adapterOf(services.config, provider);
  const payable = payableOf(target.type);
  const due = payable ? await payable.describe(db, target.id) : null;
  if (!payable || !due) throw notFound(target.id);
  if (due.amountDue <= 0) throw conflict('online_payments.nothing_due');
  const [open] = await db
    .select()
    .from(checkouts)
    .where(
      and(
        eq(checkouts.payable_type, target.type),
        eq(checkouts.payable_id, target.id),
        eq(checkouts.provider, adapter.name),
        eq(checkouts.state, 'open'),
        eq(checkouts.amount, due.amountDue),
        eq(checkouts.currency, due.currency),
        // Minutes left for the customer to pay.
        gt(checkouts.expires_at, sql`now() + interval '10 minutes'`),
      ),
    )
    .limit(1);
  if (open) return { url: open.url, provider: adapter.name, amount: open.amount, currency: open.currency, expires_at: isoText(open.expires_at) };

  const id = newId();
  const expiresAt = new Date(Date.now() + CHECKOUT_MINUTES * 60_000);
  const base = `${services.config.appUrl.replace(/\/+$/, '')}${returnPath(adapter.name)}`;
  const made = await adapter.createCheckout({
    reference: id,
    amount: due.amountDue,
    currency: due.currency,
    locale: due.locale,
    label: due.label,
    customerEmail: due.customerEmail,
    successUrl: adapter.returnUrl(base),
    cancelUrl: urls.cancel,
    expiresAt,
  });
  const [row] = await db
    // direct write: the provider's checkout as it was opened (not a business record; the payment it leads to is recorded by the payable)
    .insert(checkouts)
    .values({
      id,
      organization_id: due.organizationId,
      payable_type: target.type,
      payable_id: target.id,
      provider: adapter.name,
      provider_reference: made.providerReference,
      url: made.url,
      amount: due.amountDue,
      currency: due.currency,
      success_url: urls.success,
      cancel_url: urls.cancel,
      expires_at: expiresAt.toISOString(),
    })
    .returning();
  return { url: made.url, provider: adapter.name, amount: row.amount, currency: row.currency, expires_at: isoText(row.expires_at) };
}

/** What became of a provider's word: the payment recorded, or why not. */
export type SettleOutcome = EventOutcome | 'replayed';

/**
 * Records the payment a provider reports, once: the checkout is locked and paid in the same
 * transaction as the payable's record; an event already received (a retry, a replay) does nothing;
 * an amount or currency other than the checkout's records nothing (logged by the caller).
 */
export async function settle(services: Pick<Services, 'database' | 'config' | 'registry' | 'mailer'>, provider: PaymentProvider, paid: Settlement, event?: VerifiedEvent): Promise<SettleOutcome> {
  const { db } = services.database;
  const summary = { reference: paid.providerReference, transaction: paid.transactionId, amount: paid.amount, currency: paid.currency };
  const [found] = await db.select().from(checkouts).where(and(eq(checkouts.provider, provider), eq(checkouts.provider_reference, paid.providerReference)));
  if (!found) return event ? receive(db, provider, event, 'unknown_checkout', summary) : 'unknown_checkout';
  const payable = payableOf(found.payable_type);
  const system = systemContext({ ...services, db }, found.organization_id, { cause: { type: 'online-payment-checkouts', id: found.id } });
  return inTransaction(system, async (tx) => {
    const [checkout] = await tx.db.select().from(checkouts).where(eq(checkouts.id, found.id)).for('update');
    const outcome: EventOutcome =
      checkout.state !== 'open' ? 'already_paid' : !payable ? 'unknown_checkout' : paid.amount !== checkout.amount || paid.currency !== checkout.currency ? 'amount_mismatch' : 'recorded';
    if (event && (await receive(tx.db, provider, event, outcome, summary, checkout.id)) === 'replayed') return 'replayed';
    if (outcome !== 'recorded') return outcome;
    const payment = {
      amount: checkout.amount,
      source: provider,
      transactionId: paid.transactionId,
      data: { checkout_id: checkout.id, provider_reference: checkout.provider_reference, ...(event ? { event_id: event.id, event_type: event.type } : {}) },
      paidAt: new Date().toISOString(),
    };
    let refusal: ApiError | null = null;
    try {
      // In a savepoint: a payable that refuses (an invoice paid meanwhile) leaves nothing half-written.
      await tx.db.transaction((sp) => payable!.record({ ...tx, db: sp as unknown as RequestContext['db'] }, checkout.payable_id, payment));
    } catch (err) {
      // Refused for good (4xx): answering 500 would have the provider retry for days, then disable the endpoint.
      if (!(err instanceof ApiError) || err.status >= 500) throw err;
      refusal = err;
    }
    await tx.db
      // direct write: the checkout is settled (its payment is recorded by the payable, through the engine)
      .update(checkouts)
      .set({ state: refusal ? 'refused' : 'paid', transaction_id: paid.transactionId, paid_at: payment.paidAt })
      .where(eq(checkouts.id, checkout.id));
    if (!refusal) return 'recorded';
    if (event)
      await tx.db
        // direct write: the event's outcome, now known
        .update(events)
        .set({ outcome: 'payable_refused', summary: { ...summary, refused: refusal.errors[0].code } })
        .where(and(eq(events.provider, provider), eq(events.event_id, event.id)));
    return 'payable_refused';
  });
}

/** Keeps a verified event once; 'replayed' when its id was received before. */
async function receive(db: RequestContext['db'], provider: PaymentProvider, event: VerifiedEvent, outcome: EventOutcome, summary: Record<string, unknown>, checkoutId?: string): Promise<SettleOutcome> {
  const kept = await db
    // direct write: the provider's event as received (a delivery log, not a business record)
    .insert(events)
    .values({ provider, event_id: event.id, event_type: event.type, outcome, summary, checkout_id: checkoutId ?? null })
    .onConflictDoNothing({ target: [events.provider, events.event_id] })
    .returning({ id: events.id });
  return kept.length ? outcome : 'replayed';
}

/** A verified webhook event: a payment settled, an approval completed (PayPal), anything else kept and answered. */
export async function receiveEvent(services: Pick<Services, 'database' | 'config' | 'registry' | 'mailer'>, adapter: ProviderAdapter, event: VerifiedEvent): Promise<SettleOutcome> {
  const { db } = services.database;
  if (event.paid) return settle(services, adapter.name, event.paid, event);
  if (event.approved) {
    const [seen] = await db.select({ id: events.id }).from(events).where(and(eq(events.provider, adapter.name), eq(events.event_id, event.id)));
    if (seen) return 'replayed';
    const [checkout] = await db.select().from(checkouts).where(and(eq(checkouts.provider, adapter.name), eq(checkouts.provider_reference, event.approved)));
    const completed = checkout?.state === 'open' ? await adapter.complete(event.approved) : null;
    if (completed) return settle(services, adapter.name, completed, event);
    // Not captured now (captured already, or not approved after all): the capture's own event records it.
    const outcome: EventOutcome = !checkout ? 'unknown_checkout' : checkout.state !== 'open' ? 'already_paid' : 'ignored';
    return receive(db, adapter.name, event, outcome, { reference: event.approved }, checkout?.id);
  }
  return receive(db, adapter.name, event, 'ignored', {});
}

/**
 * The customer is back from the provider: a paid Stripe session or an approved PayPal order (then
 * captured) is recorded now rather than when its webhook comes; the page the checkout was opened
 * from, to send them to.
 */
export async function customerReturned(
  services: Pick<Services, 'database' | 'config' | 'registry' | 'mailer'>,
  provider: string,
  query: Record<string, unknown>,
): Promise<{ checkout: Checkout; outcome: SettleOutcome | null; unavailable?: ApiError }> {
  const adapter = providersOf(services.config).get(provider as PaymentProvider);
  const reference = adapter?.returnReference(query);
  if (!adapter || !reference) throw notFound(reference ?? provider);
  const [checkout] = await services.database.db.select().from(checkouts).where(and(eq(checkouts.provider, adapter.name), eq(checkouts.provider_reference, reference)));
  if (!checkout) throw notFound(reference);
  if (checkout.state !== 'open') return { checkout, outcome: null };
  let completed: Settlement | null;
  try {
    completed = await adapter.complete(reference);
  } catch (err) {
    // The provider did not answer: its webhook will record the payment; the customer still goes back to the page.
    if (err instanceof ApiError && err.status === 503) return { checkout, outcome: null, unavailable: err };
    throw err;
  }
  return { checkout, outcome: completed ? await settle(services, adapter.name, completed) : null };
}

/** A payment made online, to refund (part of) it. */
export interface RefundAsked {
  /** The payable it paid. */
  type: string;
  id: string;
  source: PaymentProvider;
  /** The payment's transaction (Stripe's PaymentIntent, PayPal's capture), as recorded. */
  transactionId: string;
  /** Cents to give back, positive. */
  amount: number;
}

/**
 * Gives back (part of) an online payment through the provider that took it, and records it on the
 * payable as a negative payment, in the transaction of `ctx`; never more than was paid online and
 * not refunded yet. Only a checkout of the user's organization is found.
 */
export async function refund(ctx: RequestContext, asked: RefundAsked): Promise<{ refund_id: string; amount: number; status: string }> {
  const adapter = adapterOf(ctx.config, asked.source);
  const payable = payableOf(asked.type);
  if (!payable) throw notFound(asked.id);
  return inTransaction(ctx, async (tx) => {
    const organization = tx.actor.organizationId;
    const [checkout] = await tx.db
      .select()
      .from(checkouts)
      .where(
        and(
          eq(checkouts.provider, adapter.name),
          eq(checkouts.transaction_id, asked.transactionId),
          eq(checkouts.payable_type, asked.type),
          eq(checkouts.payable_id, asked.id),
          eq(checkouts.state, 'paid'),
          organization ? eq(checkouts.organization_id, organization) : undefined,
        ),
      )
      .for('update');
    if (!checkout) throw new ApiError(422, 'online_payments.not_paid_online', { provider: PROVIDER_NAMES[adapter.name] }, { pointer: attributePointer('source') });
    const problem = refundProblem(checkout.amount, checkout.refunded_amount, asked.amount);
    if (problem === 'not_positive') throw new ApiError(422, 'online_payments.refund_not_positive', undefined, { pointer: attributePointer('amount') });
    if (problem) throw new ApiError(422, 'online_payments.refund_exceeds_paid', { max: formatMoney(checkout.amount - checkout.refunded_amount, tx.locale, checkout.currency) }, { pointer: attributePointer('amount') });
    // The key names this refund among the checkout's: a retry after a lost answer refunds once.
    const done = await adapter.refund(checkout.transaction_id!, asked.amount, checkout.currency, `refund-${checkout.id}-${checkout.refunded_amount}-${asked.amount}`);
    await tx.db
      // direct write: what was refunded of the checkout (the refund itself is recorded by the payable, through the engine)
      .update(checkouts)
      .set({ refunded_amount: checkout.refunded_amount + asked.amount })
      .where(eq(checkouts.id, checkout.id));
    await payable.record(tx, asked.id, {
      amount: -asked.amount,
      source: adapter.name,
      transactionId: done.refundId,
      data: { checkout_id: checkout.id, refunded_transaction: checkout.transaction_id, status: done.status },
      paidAt: new Date().toISOString(),
    });
    return { refund_id: done.refundId, amount: asked.amount, status: done.status };
  });
}
