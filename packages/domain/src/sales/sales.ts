import { defineEnum } from '../enums.ts';
import type { Locale } from '../locale.ts';
import { scaledToText, toScaled, type DecimalInput } from '../lines/decimal.ts';
import { documentWorkflow, orderWorkflow, paymentStatusOf, type PaymentStatus } from '../trade/documents.ts';
import { remaining } from '../trade/trade.ts';

// Sales (spec platform §3 Sales, §4; issue 23): the counter sells parts and work to a customer on
// an order, delivers what leaves the parts room (its stock movement out of the order's warehouse),
// invoices it (a deposit first, if asked) and takes its payments. The documents' rules are
// trade's (trade/), shared with purchases.

export const salesOrderWorkflow = orderWorkflow('sales orders');
export const salesDeliveryWorkflow = documentWorkflow('sales deliveries');
export const salesInvoiceWorkflow = documentWorkflow('sales invoices');

/**
 * An invoice is the sale's (standard), a deposit asked before the work, deducted from the final
 * one, or a credit note: negative lines correcting a validated invoice (which never changes).
 */
export const [SALES_INVOICE_KINDS, SALES_INVOICE_KIND_LABELS] = defineEnum('sales_invoice_kinds', ['standard', 'deposit', 'credit_note']);
export type SalesInvoiceKind = (typeof SALES_INVOICE_KINDS)[number];
/** What an order invoices: the sale, or a deposit first (a credit note corrects an invoice, never an order). */
export const ORDER_INVOICE_KINDS = ['standard', 'deposit'] as const satisfies readonly SalesInvoiceKind[];

/** Where a payment was taken: at the counter, or online through a provider. */
export const [PAYMENT_SOURCES, PAYMENT_SOURCE_LABELS] = defineEnum('payment_sources', ['manual', 'stripe', 'paypal']);
export type PaymentSource = (typeof PAYMENT_SOURCES)[number];

/** How long an invoice's link to the customer's page is valid, in days (POST /sales-invoices/{id}/send). */
export const INVOICE_LINK_DAYS = { default: 60, max: 365 } as const;

/**
 * What a customer still owes on an invoice: its total less what its credit notes took off and what
 * was paid. Negative: the shop owes it back (a paid invoice credited), to refund or to keep as the
 * customer's credit.
 */
export const invoiceDue = (total: number, credited: number, paid: number): number => total - credited - paid;

/** An invoice's payment status once credited: a credit note that leaves nothing to pay settles it. */
export function creditedPaymentStatus(total: number, credited: number, paid: number): PaymentStatus {
  if (credited > 0 && invoiceDue(total, credited, paid) <= 0) return 'paid';
  return paymentStatusOf(total - credited, paid);
}

/** A line of an invoice as a credit note gives it back: its quantity (negative for a deduction) and what validated credit notes gave back of it. */
export interface CreditedLine {
  quantity: DecimalInput;
  credited: DecimalInput;
}

/** What is left to credit of an invoice's line, as a positive decimal text (its sign is the line's). */
export const creditable = (line: CreditedLine): string => remaining({ ordered: abs(line.quantity), covered: abs(line.credited) });

/**
 * Why a credit note's lines cannot give back what they ask, by index: each names a line of the
 * corrected invoice, has the opposite sign, and asks at most what is left to credit of it.
 */
export function creditProblems(
  asked: readonly { quantity: DecimalInput; line: CreditedLine | undefined }[],
): { index: number; problem: 'sales.credit_unlinked' | 'sales.credit_sign' | 'sales.credit_over'; remaining: string }[] {
  const out: { index: number; problem: 'sales.credit_unlinked' | 'sales.credit_sign' | 'sales.credit_over'; remaining: string }[] = [];
  asked.forEach(({ quantity, line }, index) => {
    if (toScaled(quantity) === 0n) return;
    const left = line ? creditable(line) : '0';
    if (!line) out.push({ index, problem: 'sales.credit_unlinked', remaining: left });
    else if (toScaled(quantity) > 0n === toScaled(line.quantity) > 0n) out.push({ index, problem: 'sales.credit_sign', remaining: left });
    else if (toScaled(abs(quantity)) > toScaled(left)) out.push({ index, problem: 'sales.credit_over', remaining: left });
  });
  return out;
}

const abs = (q: DecimalInput): string => {
  const n = toScaled(q);
  return scaledToText(n < 0n ? -n : n);
};

const DRAFT_NAME = { fr: 'Brouillon', en: 'Draft' } as const;

/**
 * An invoice's name (activity, notifications, breadcrumbs, links): its number once validated; a
 * draft, which has none, is « Brouillon » and whom it bills (its billing address's first line).
 */
export function salesInvoiceName(invoice: { code?: unknown; billing_address?: unknown }, locale: Locale): string {
  if (typeof invoice.code === 'string' && invoice.code) return invoice.code;
  const to = typeof invoice.billing_address === 'string' ? invoice.billing_address.split('\n')[0].trim() : '';
  return to ? `${DRAFT_NAME[locale]} — ${to}` : DRAFT_NAME[locale];
}
