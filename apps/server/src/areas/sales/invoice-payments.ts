import { invoicePayments } from '../trade/payments.ts';
import { salesInvoices, salesPayments } from './sales.table.ts';

/** The sales side's payments (the counter's through the resource, online ones and refunds through `record`). */
export const salesInvoicePayments = invoicePayments({
  invoiceType: 'sales-invoices',
  invoices: salesInvoices,
  payments: salesPayments,
  invoiceColumn: salesPayments.sales_invoice_id,
  paymentType: 'sales-payments',
  refunded: salesPayments.amount_refunded,
});
