import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, unique, uuid } from 'drizzle-orm/pg-core';
import { PAYMENT_PROVIDERS, type PaymentProvider } from '@atelier/domain';
import { at, id, oneOf } from '../../db/columns.ts';
import { organizationId } from '../admin/admin.table.ts';

/** refused: paid at the provider, but the payable would not record it (an invoice paid meanwhile): a person refunds it there. */
export const CHECKOUT_STATES = ['open', 'paid', 'refused'] as const;
export type CheckoutState = (typeof CHECKOUT_STATES)[number];

/**
 * A customer sent to a provider to pay a payable (a sales invoice) its amount due at that moment.
 * The payable is named by type and id, without a foreign key: the payable registry (payables.ts)
 * reads and records it. Paid once (state), refunded up to what was paid (refunded_amount).
 */
export const onlinePaymentCheckouts = pgTable(
  'online_payment_checkouts',
  {
    id: id(),
    organization_id: organizationId(),
    payable_type: text('payable_type').notNull(),
    payable_id: uuid('payable_id').notNull(),
    provider: text('provider').$type<PaymentProvider>().notNull(),
    /** The provider's checkout: Stripe's Checkout Session id, PayPal's order id. */
    provider_reference: text('provider_reference').notNull(),
    /** The provider's page where the customer pays (offered again while the checkout is open). */
    url: text('url').notNull(),
    /** Cents asked for, in `currency`. */
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    state: text('state').$type<CheckoutState>().notNull().default('open'),
    /** Where the provider sends the customer back (the payable's public page). */
    success_url: text('success_url').notNull(),
    cancel_url: text('cancel_url').notNull(),
    /** The payment once made: Stripe's PaymentIntent, PayPal's capture (what a refund names). */
    transaction_id: text('transaction_id'),
    refunded_amount: integer('refunded_amount').notNull().default(0),
    created_at: at('created_at').notNull().default(sql`now()`),
    expires_at: at('expires_at').notNull(),
    paid_at: at('paid_at'),
  },
  (t) => [
    unique('online_payment_checkouts_reference_key').on(t.provider, t.provider_reference),
    index('online_payment_checkouts_payable_idx').on(t.payable_type, t.payable_id),
    index('online_payment_checkouts_transaction_idx').on(t.provider, t.transaction_id),
    oneOf('online_payment_checkouts_provider_check', t.provider, PAYMENT_PROVIDERS),
    oneOf('online_payment_checkouts_state_check', t.state, CHECKOUT_STATES),
    check('online_payment_checkouts_amount_check', sql`${t.amount} > 0`),
    check('online_payment_checkouts_refunded_check', sql`${t.refunded_amount} BETWEEN 0 AND ${t.amount}`),
  ],
);

export const EVENT_OUTCOMES = ['recorded', 'already_paid', 'amount_mismatch', 'unknown_checkout', 'payable_refused', 'ignored'] as const;
export type EventOutcome = (typeof EVENT_OUTCOMES)[number];

/**
 * Every verified event a provider's webhook delivered, once: a delivery of an event id already
 * here (a retry, a replay) is answered 200 and does nothing.
 */
export const onlinePaymentEvents = pgTable(
  'online_payment_events',
  {
    id: id(),
    provider: text('provider').$type<PaymentProvider>().notNull(),
    event_id: text('event_id').notNull(),
    event_type: text('event_type').notNull(),
    checkout_id: uuid('checkout_id').references(() => onlinePaymentCheckouts.id, { onDelete: 'set null' }),
    outcome: text('outcome').$type<EventOutcome>().notNull(),
    /** What the event said of the payment (reference, amount, currency), for whoever looks into an outcome. */
    summary: jsonb('summary').$type<Record<string, unknown>>().notNull(),
    received_at: at('received_at').notNull().default(sql`now()`),
  },
  (t) => [
    unique('online_payment_events_event_key').on(t.provider, t.event_id),
    oneOf('online_payment_events_provider_check', t.provider, PAYMENT_PROVIDERS),
    oneOf('online_payment_events_outcome_check', t.outcome, EVENT_OUTCOMES),
  ],
);
