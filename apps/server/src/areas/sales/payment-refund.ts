import { isPaymentProvider } from '@atelier/domain';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { makingAction, withMessage } from '../../jsonapi/action-options.ts';
import type { Policy, RecordAction } from '../../jsonapi/define-resource.ts';
import { conflictWith } from '../../jsonapi/policies.ts';
import { refund as refundOnline } from '../online-payments/checkouts.ts';
import { salesInvoicePayments } from './invoice-payments.ts';
import { salesPayments } from './sales.table.ts';
import { todayOf } from '../../jsonapi/context.ts';

// POST /sales-payments/{id}/refund (issue 23): gives back all or part of a customer's payment, as a
// negative payment of the same invoice: at the counter by the payment's method, or through the
// provider that took it online (its refund, then the same negative payment). Never more than the
// payment less what was given back already, however many refunds come at once.

type PaymentRow = typeof salesPayments.$inferSelect;

const REFUND_OPTIONS = z.object({
  /** Cents to give back (default: all that is left of the payment). */
  amount: withMessage(z.int().min(1).max(10_000_000_000).optional(), 'trade.refund_not_positive'),
  paid_on: z.iso.date().optional(),
  notes: z.string().max(2000).optional(),
});

/** A payment is refunded while something of it is left to give back (a refund itself is not). */
const whileRefundable: Policy<[row: PaymentRow]> = {
  refuses: { 409: 'A refund, or a payment given back entirely, is not refunded.' },
  check(_ctx, row) {
    if (row.amount <= 0 || row.amount_refunded >= row.amount) return conflictWith('trade.not_refundable');
  },
};

export const refundPolicies = { refund: whileRefundable };


export const refundAction: RecordAction<PaymentRow> = makingAction({
  permission: 'create sales payments',
  summary:
    'Refunds the payment (data.attributes.amount in cents, default all that is left of it): a negative payment of its invoice, through the provider when it was paid online; never more than the payment less its refunds (422); answers the refund (201)',
  options: REFUND_OPTIONS,
  makes: 'sales-payments',
  async make(ctx, payment, options) {
    const invoiceId = payment.sales_invoice_id;
    let made: string | undefined;
    await salesInvoicePayments.refund(ctx, { id: payment.id, amount: payment.amount, invoiceId }, options.amount, async (amount) => {
      if (isPaymentProvider(payment.source) && payment.transaction_id) {
        // Paid online: the provider gives it back; the payable records the refund (payable.ts).
        const done = await refundOnline(ctx, { type: 'sales-invoices', id: invoiceId, source: payment.source, transactionId: payment.transaction_id, amount });
        const [row] = await ctx.db.select({ id: salesPayments.id }).from(salesPayments).where(and(eq(salesPayments.source, payment.source), eq(salesPayments.transaction_id, done.refund_id)));
        made = row?.id;
        return;
      }
      made = await salesInvoicePayments.record(ctx, invoiceId, {
        organization_id: payment.organization_id,
        amount: -amount,
        refund_of_id: payment.id,
        creator_id: ctx.actor.id,
        paid_on: options.paid_on ?? todayOf(ctx),
        method: payment.method,
        source: 'manual',
        reference: payment.reference,
        notes: options.notes ?? null,
      });
    });
    return { id: made!, log: { refund: made } };
  },
});
