import { creditedPaymentStatus, invoiceDue, paymentProblem, refundProblem } from '@atelier/domain';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { RequestContext } from '../../jsonapi/context.ts';
import type { Hooks, Row, WriteInput } from '../../jsonapi/define-resource.ts';
import { ApiError, attributePointer, relationshipPointer } from '../../jsonapi/errors.ts';
import { records } from '../../jsonapi/records.ts';

// The payments of an invoice (purchases, sales, reseller billing; issues 22-24): a payment is of a
// validated invoice, never over what is left to pay of it; the invoice's amount paid, balance and
// payment status are what its payments add up to, stored again whenever one is added or removed.
// The invoice is locked first, so two payments of it at once are counted one after the other.

/** An invoice table as its payments read it (a reseller's invoices have no locations). */
type InvoiceTable = PgTable & { id: AnyPgColumn; state: AnyPgColumn; code: AnyPgColumn; total: AnyPgColumn; balance: AnyPgColumn; location_ids?: AnyPgColumn; amount_credited?: AnyPgColumn };

interface InvoiceBalance {
  state: string;
  code: string | null;
  total: number;
  balance: number;
  /** What its credit notes took off it (sides with credit notes). */
  credited?: number;
  location_ids?: string[];
}

export interface PaymentKit {
  /** The invoice type (its records are updated through the record service) and table. */
  invoiceType: string;
  invoices: InvoiceTable;
  /** The payments' table and its column naming the invoice (`purchases_invoice_id`). */
  payments: PgTable & { id: AnyPgColumn; amount: AnyPgColumn };
  invoiceColumn: AnyPgColumn;
  /** The payment type, the cause of the invoice's new balance in its activity. */
  paymentType: string;
  /** What was given back of a payment by its refunds (the sides that refund). */
  refunded?: AnyPgColumn;
}

/** A payment as its refund reads it. */
export interface RefundedPayment {
  id: string;
  amount: number;
  invoiceId: string;
}

/**
 * A side's payments: the hooks of its resource (check, settle on create, settle again on delete),
 * and `record`, a payment the server takes (online, through a provider: a refund is negative).
 */
export function invoicePayments(kit: PaymentKit): {
  hooks: Hooks;
  record(ctx: RequestContext, invoiceId: string, values: Record<string, unknown> & { amount: number }): Promise<string>;
  refund(ctx: RequestContext, payment: RefundedPayment, asked: number | undefined, give: (amount: number) => Promise<void>): Promise<number>;
  credit(ctx: RequestContext, invoiceId: string, amount: number, cause: { type: string; id: string }): Promise<void>;
} {
  const invoiceKey = kit.invoiceColumn.name;

  const lockInvoice = async (ctx: RequestContext, id: string): Promise<InvoiceBalance> => {
    const t = kit.invoices;
    const [invoice] = await ctx.db
      .select({
        state: t.state,
        code: t.code,
        total: t.total,
        balance: t.balance,
        ...(t.location_ids ? { location_ids: t.location_ids } : {}),
        ...(t.amount_credited ? { credited: t.amount_credited } : {}),
      })
      .from(t)
      .where(eq(t.id, id))
      .for('update');
    return invoice as InvoiceBalance;
  };

  /**
   * Stores again what the invoice's payments add up to (all but `leaving`, a payment being removed)
   * and its balance: its total less its credit notes (`credited`: a new figure) and its payments.
   */
  const settle = async (ctx: RequestContext, invoiceId: string, cause: { type: string; id: string }, options: { leaving?: string; credited?: number } = {}) => {
    const invoice = await lockInvoice(ctx, invoiceId);
    const [{ paid }] = await ctx.db
      .select({ paid: sql<string>`coalesce(sum(${kit.payments.amount}), 0)::text` })
      .from(kit.payments)
      .where(and(eq(kit.invoiceColumn, invoiceId), options.leaving ? ne(kit.payments.id, options.leaving) : undefined));
    const amount = Number(paid);
    const credited = options.credited ?? invoice.credited ?? 0;
    await records(ctx, kit.invoiceType).update(
      [invoiceId],
      {
        amount_paid: amount,
        balance: invoiceDue(invoice.total, credited, amount),
        payment_status: creditedPaymentStatus(invoice.total, credited, amount),
        ...(options.credited === undefined ? {} : { amount_credited: credited }),
      },
      { cause },
    );
  };
  const byPayment = (id: string) => ({ type: kit.paymentType, id });

  const hooks: Hooks = {
    /** A new payment: of a validated invoice, at most its balance (422 saying how much is left); filed where the invoice is. */
    async beforeWrite(ctx: RequestContext, input: WriteInput, existing: Row | null) {
      if (existing) return;
      const v = input.values;
      const invoice = await lockInvoice(ctx, String(v[invoiceKey]));
      if (invoice.state !== 'validated') throw ApiError.many([{ status: 422, code: 'trade.invoice_not_validated', params: { code: invoice.code ?? '' }, source: { pointer: relationshipPointer('invoice') } }]);
      const problem = paymentProblem(Number(v.amount), invoice.balance);
      if (problem) throw ApiError.many([{ status: 422, code: problem, params: { balance: invoice.balance }, source: { pointer: attributePointer('amount') } }]);
      Object.assign(v, { creator_id: ctx.actor.id, ...(input.present.has('allowedLocations') || !invoice.location_ids ? {} : { location_ids: invoice.location_ids }) });
    },
    async afterWrite(ctx, row, _input, existing) {
      if (!existing) await settle(ctx, String(row[invoiceKey]), byPayment(String(row.id)));
    },
    beforeDelete: (ctx, row) => settle(ctx, String(row[invoiceKey]), byPayment(String(row.id)), { leaving: String(row.id) }),
  };

  /** A payment (never over the balance: 422) or a refund (negative) of a validated invoice, and its settling. */
  async function record(ctx: RequestContext, invoiceId: string, values: Record<string, unknown> & { amount: number }) {
    const invoice = await lockInvoice(ctx, invoiceId);
    if (invoice.state !== 'validated') throw new ApiError(422, 'trade.invoice_not_validated', { code: invoice.code ?? '' });
    if (values.amount > invoice.balance) throw new ApiError(422, 'trade.payment_over_balance', { balance: invoice.balance });
    const [made] = await records(ctx, kit.paymentType).create([{ ...values, [invoiceKey]: invoiceId, ...(invoice.location_ids ? { location_ids: invoice.location_ids } : {}) }]);
    await settle(ctx, invoiceId, byPayment(String(made.id)));
    return String(made.id);
  }

  /**
   * Gives back (part of) a payment, `asked` cents or all that is left of it: never more than it less
   * what its refunds gave back already (422 at the amount). The invoice is locked first, so refunds
   * at once count one after the other; `give` records the refund (at the counter, or through the
   * provider that took the payment), then the payment keeps what was given back.
   */
  async function refund(ctx: RequestContext, payment: RefundedPayment, asked: number | undefined, give: (amount: number) => Promise<void>) {
    const column = kit.refunded;
    if (!column || payment.amount <= 0) throw new ApiError(409, 'trade.not_refundable');
    await lockInvoice(ctx, payment.invoiceId);
    const [{ refunded }] = (await ctx.db.select({ refunded: column }).from(kit.payments).where(eq(kit.payments.id, payment.id))) as { refunded: number }[];
    const amount = asked ?? payment.amount - refunded;
    const problem = refundProblem(payment.amount, refunded, amount);
    if (problem) throw ApiError.many([{ status: 422, code: `trade.refund_${problem}`, params: { max: Math.max(0, payment.amount - refunded) }, source: { pointer: attributePointer('amount') } }]);
    await give(amount);
    await records(ctx, kit.paymentType).update([payment.id], { [column.name]: refunded + amount }, { cause: { type: kit.paymentType, id: payment.id } });
    return amount;
  }

  /** A credit note validated on the invoice: `amount` cents more taken off it, its balance and status follow. */
  async function credit(ctx: RequestContext, invoiceId: string, amount: number, cause: { type: string; id: string }) {
    const invoice = await lockInvoice(ctx, invoiceId);
    await settle(ctx, invoiceId, cause, { credited: (invoice.credited ?? 0) + amount });
  }

  return { hooks, record, refund, credit };
}
