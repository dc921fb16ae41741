import { plusDays } from '@atelier/domain';
import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import { t } from '../../i18n/index.ts';
import { todayOf, type RequestContext } from '../../jsonapi/context.ts';
import { customers } from '../crm/crm.table.ts';
import { defaultTaxGroup } from '../estimations/estimation-lines.ts';
import { z } from 'zod';
import { ApiError } from '../../jsonapi/errors.ts';
import { pricedLines, tradeLineColumns } from '../trade/lines.ts';
import { salesInvoiceItems, salesInvoices } from './sales.table.ts';

// What a generated invoice starts from (an order's, a repair's): its head from the customer, and
// the deductions of the deposits already invoiced.

/** Days an invoice gives to pay it. */
const PAYMENT_DAYS = 30;


/** The customer's billing address as one block of text: the billing one when it differs, else the customer's. */
function billingAddressOf(c: typeof customers.$inferSelect): string | null {
  const own = c.billing_same_as_customer;
  const lines = [
    own ? [c.company_name, [c.firstname, c.lastname].filter(Boolean).join(' ')].filter(Boolean).join(' — ') : c.billing_name,
    own ? c.address : c.billing_address,
    [own ? c.city : c.billing_city, own ? c.province : c.billing_province, own ? c.postal_code : c.billing_postal_code].filter(Boolean).join(' '),
  ].filter((l): l is string => !!l && !!l.trim());
  return lines.length ? lines.join('\n') : null;
}

export const invoiceHead = {
  /** A new invoice's head for a customer: dated today, due in 30 days, billed to the customer's address. */
  async ofCustomer(ctx: RequestContext, organizationId: string, customerId: string) {
    const [customer] = await ctx.db.select().from(customers).where(and(eq(customers.id, customerId), eq(customers.organization_id, organizationId)));
    const today = todayOf(ctx);
    return {
      organization_id: organizationId,
      customer_id: customerId,
      billing_address: customer ? billingAddressOf(customer) : null,
      issued_on: today,
      expiration_time: plusDays(today, PAYMENT_DAYS),
      creator_id: ctx.actor.id,
    };
  },
  defaultTaxGroup: (ctx: RequestContext, organizationId: string) => defaultTaxGroup(ctx.db, organizationId, 'sales'),
};

/** What a deposit is asked on: an order or an approved estimate, its amount before taxes and its number. */
export interface DepositBase {
  organizationId: string;
  code: string | null;
  subtotal: number;
}

/** The options of a deposit: `amount` cents, or a `percentage` of what it is asked on, before taxes. */
export const DEPOSIT_OPTIONS = {
  amount: z.number().int().min(1).max(10_000_000_000).optional(),
  percentage: z.number().gt(0).max(100).optional(),
};

/** A deposit's one line: `amount` cents, or `percentage` of the base, before taxes (taxed by the settings' default group); never more than the base. */
export async function depositLine(ctx: RequestContext, base: DepositBase, options: { amount?: number; percentage?: number }) {
  const amount = options.amount ?? (options.percentage ? Math.round((base.subtotal * options.percentage) / 100) : 0);
  if (!amount) throw ApiError.many([{ status: 422, code: 'sales.deposit_amount', source: { pointer: '/data/attributes/amount' } }]);
  if (amount > base.subtotal) throw ApiError.many([{ status: 422, code: 'sales.deposit_over_order', params: { subtotal: base.subtotal }, source: { pointer: '/data/attributes/amount' } }]);
  const line = { description: t(ctx.locale, 'sales.deposit_line', { code: base.code ?? '' }), quantity: '1', unit_price: amount, discount: null, tax_group_id: (await invoiceHead.defaultTaxGroup(ctx, base.organizationId)) ?? null };
  return { ...line, ...(await tradeLineColumns(ctx, line)) };
}

/**
 * The lines deducting the validated deposit invoices of an order or of an approved estimate not
 * yet deducted elsewhere: each deposit line again with a quantity of −1, so its taxes are
 * deducted with it.
 */
export async function depositDeductions(ctx: RequestContext, of: { order: string } | { estimation: string }): Promise<Record<string, unknown>[]> {
  const deposits = await ctx.db
    .select({ id: salesInvoices.id, code: salesInvoices.code })
    .from(salesInvoices)
    .where(and('order' in of ? eq(salesInvoices.sales_order_id, of.order) : eq(salesInvoices.estimation_id, of.estimation), eq(salesInvoices.kind, 'deposit'), eq(salesInvoices.state, 'validated')));
  if (!deposits.length) return [];
  const deducted = new Set(
    (
      await ctx.db
        .select({ id: salesInvoiceItems.deducted_invoice_id })
        .from(salesInvoiceItems)
        .innerJoin(salesInvoices, eq(salesInvoices.id, salesInvoiceItems.sales_invoice_id))
        .where(and(inArray(salesInvoiceItems.deducted_invoice_id, deposits.map((d) => d.id)), ne(salesInvoices.state, 'canceled')))
    ).map((r) => r.id),
  );
  const open = deposits.filter((d) => !deducted.has(d.id));
  if (!open.length) return [];
  const lines = await ctx.db.select().from(salesInvoiceItems).where(inArray(salesInvoiceItems.sales_invoice_id, open.map((d) => d.id))).orderBy(asc(salesInvoiceItems.position));
  const codeOf = new Map(open.map((d) => [d.id, d.code ?? '']));
  return pricedLines(
    ctx,
    lines.map((l) => ({
      deducted_invoice_id: l.sales_invoice_id,
      description: t(ctx.locale, 'sales.deposit_deducted', { code: codeOf.get(l.sales_invoice_id) ?? '' }),
      quantity: '-1',
      unit_price: l.unit_price,
      discount: l.discount,
      tax_group_id: l.tax_group_id,
    })),
  );
}
