import { defineEnum } from '../enums.ts';
import { documentWorkflow, orderWorkflow } from '../trade/documents.ts';

// Sales (spec platform §3 Sales, §4; issue 23): the counter sells parts and work to a customer on
// an order, delivers what leaves the parts room (its stock movement out of the order's warehouse),
// invoices it (a deposit first, if asked) and takes its payments. The documents' rules are
// trade's (trade/), shared with purchases.

export const salesOrderWorkflow = orderWorkflow('sales orders');
export const salesDeliveryWorkflow = documentWorkflow('sales deliveries');
export const salesInvoiceWorkflow = documentWorkflow('sales invoices');

/** An invoice is the sale's (standard) or a deposit asked before the work, deducted from the final one. */
export const [SALES_INVOICE_KINDS, SALES_INVOICE_KIND_LABELS] = defineEnum('sales_invoice_kinds', ['standard', 'deposit']);
export type SalesInvoiceKind = (typeof SALES_INVOICE_KINDS)[number];

/** Where a payment was taken: at the counter, or online through a provider. */
export const [PAYMENT_SOURCES, PAYMENT_SOURCE_LABELS] = defineEnum('payment_sources', ['manual', 'stripe', 'paypal']);
export type PaymentSource = (typeof PAYMENT_SOURCES)[number];

/** How long an invoice's link to the customer's page is valid, in days (POST /sales-invoices/{id}/send). */
export const INVOICE_LINK_DAYS = { default: 60, max: 365 } as const;
