import { salesOrderWorkflow as workflow } from '@atelier/domain';
import { z } from 'zod';
import { todayOf } from '../../jsonapi/context.ts';
import { workflowMessages, workflowParts } from '../../jsonapi/workflow.ts';
import { orderGenerateActions } from '../trade/generate.ts';
import { deliverySide, salesOrderKit, salesSide } from './coverage.ts';
import { DEPOSIT_OPTIONS, depositDeductions, depositLine, invoiceHead } from './invoice-lines.ts';
import { salesOrders } from './sales.table.ts';

// GET or POST /sales-orders/{id}/validate, /complete and /cancel (spec §7): the domain's workflow
// served by the engine's kit; POST /sales-orders/{id}/generate-delivery and /generate-invoice make
// the order's delivery and invoice as drafts, from what is left of its lines.

// A draft invoice has no number yet: the refusal names it in words.
const steps = salesOrderKit.flowSteps({ noItems: 'sales_order.no_items', hasDocuments: 'sales_order.has_documents', unnamed: 'sales.draft_invoice' });

export const salesOrderFlow = workflowParts({
  workflow,
  table: salesOrders,
  messages: workflowMessages('sales_order'),
  actions: {
    validate: {
      summary: 'Validates the draft: the customer’s order is taken (409 when it has no line with a quantity)',
      values: steps.validate,
    },
    complete: { summary: 'Closes a validated order: what is not delivered or invoiced will not be' },
    cancel: {
      summary: 'Cancels the order while none of its deliveries or invoices counts (409 naming them: cancel those first)',
      // Its deliveries or invoices still counting (a draft or validated one) refuse it.
      values: steps.cancel,
    },
  },
});

/** Deliveries and invoices of the order (the trade kit's generate actions). */
export const { actions: generateActions, policies: generatePolicies } = orderGenerateActions({
  trade: salesSide,
  orders: salesOrderKit,
  workflow,
  refusal: 'Only a validated order makes deliveries and invoices.',
  delivery: {
    side: deliverySide,
    permission: 'create sales deliveries',
    summary: 'Makes a draft delivery of the order out of its warehouse: the lines and quantities given (items: [{ id, quantity }]), else all that is left of its product lines; answers the delivery (201)',
    options: { delivered_on: z.string().max(10).optional() },
    values: (ctx, options) => ({ delivered_on: options.delivered_on ?? todayOf(ctx) }),
  },
  invoice: {
    type: 'sales-invoices',
    permission: 'create sales invoices',
    summary:
      'Makes a draft invoice of the order (invoicingType: complete, all that is left to invoice, less its validated deposits; product, what was delivered and not invoiced; amount, a deposit of `amount` cents or `percentage` of the order); items: [{ id, quantity }] to choose the lines; answers the invoice (201)',
    options: DEPOSIT_OPTIONS,
    head: async (ctx, order, _options, type) => ({
      ...(await invoiceHead.ofCustomer(ctx, order.organization_id, order.customer_id)),
      kind: type === 'amount' ? 'deposit' : 'standard',
      source_warehouse_id: order.source_warehouse_id,
    }),
    deposit: (ctx, order, options) => depositLine(ctx, { organizationId: order.organization_id, code: order.code, subtotal: order.subtotal }, options),
    // The final invoice (all that is left) deducts the deposits already invoiced.
    more: async (ctx, order, type) => (type === 'complete' ? depositDeductions(ctx, { order: order.id }) : []),
  },
});
