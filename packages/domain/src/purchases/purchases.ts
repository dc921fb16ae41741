import { documentWorkflow, orderWorkflow } from '../trade/documents.ts';

// Purchases (spec platform §3 Purchases, §4; issue 22): the parts room orders from a supplier,
// receives what comes (a delivery: its stock movement into the order's warehouse), records the
// supplier's bill and pays it. The documents' rules are trade's (trade/), shared with sales.

export const purchasesOrderWorkflow = orderWorkflow('purchases orders');
export const purchasesDeliveryWorkflow = documentWorkflow('purchases deliveries');
export const purchasesInvoiceWorkflow = documentWorkflow('purchases invoices');
