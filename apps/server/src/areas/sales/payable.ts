import { firstLocale } from '@atelier/domain';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { customers } from '../crm/crm.table.ts';
import { registerPayable } from '../online-payments/payables.ts';
import { openInvoiceLink } from './invoice-links.ts';
import { salesInvoicePayments } from './invoice-payments.ts';
import { salesInvoices, salesPayments } from './sales.table.ts';

// A customer pays an invoice online (issue 23): what is due is its balance, what the provider
// reports is a sales payment of the invoice (a refund a negative one), through the same rules as
// one taken at the counter (never over the balance, the invoice's status follows). The invoice's
// public link opens the checkout and is where the customer comes back.

registerPayable('sales-invoices', {
  async describe(db: Db, id: string) {
    const [invoice] = await db.select().from(salesInvoices).where(eq(salesInvoices.id, id));
    if (!invoice || invoice.state !== 'validated') return null;
    const [customer] = await db.select({ email: customers.email, billing: customers.billing_email, locale: customers.locale }).from(customers).where(eq(customers.id, invoice.customer_id));
    return {
      organizationId: invoice.organization_id,
      currency: 'CAD',
      amountDue: invoice.balance,
      label: invoice.code ?? '',
      locale: firstLocale(customer?.locale),
      customerEmail: customer?.billing ?? customer?.email ?? null,
    };
  },
  async record(ctx, id, payment) {
    // A refund names the payment it gives back (the provider's transaction it refunds).
    const refunded = typeof payment.data.refunded_transaction === 'string' ? payment.data.refunded_transaction : null;
    const [of] = refunded ? await ctx.db.select({ id: salesPayments.id }).from(salesPayments).where(and(eq(salesPayments.sales_invoice_id, id), eq(salesPayments.transaction_id, refunded))) : [];
    await salesInvoicePayments.record(ctx, id, {
      refund_of_id: of?.id ?? null,
      organization_id: ctx.actor.organizationId,
      amount: payment.amount,
      paid_on: payment.paidAt.slice(0, 10),
      method: 'card',
      source: payment.source,
      transaction_id: payment.transactionId,
      transaction_data: payment.data,
      reference: payment.transactionId.slice(0, 100),
    });
  },
  async open(db, token) {
    const { link, invoice } = await openInvoiceLink(db, token);
    return { id: invoice.id, pageUrl: link.url };
  },
});
