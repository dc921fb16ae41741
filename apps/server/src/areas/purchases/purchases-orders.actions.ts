import { purchasesOrderWorkflow as workflow } from '@atelier/domain';
import { z } from 'zod';
import { nextRecordCode } from '../../db/codes.ts';
import { t } from '../../i18n/index.ts';
import { todayOf } from '../../jsonapi/context.ts';
import { ApiError } from '../../jsonapi/errors.ts';
import { workflowMessages, workflowParts } from '../../jsonapi/workflow.ts';
import { orderGenerateActions } from '../trade/generate.ts';
import { tradeLineColumns } from '../trade/lines.ts';
import { followWorkItems, purchaseOrders, purchaseSide, receiptSide } from './coverage.ts';
import { purchasesOrders } from './documents.table.ts';

// GET or POST /purchases-orders/{id}/validate, /complete and /cancel (spec §7): the domain's
// workflow served by the engine's kit; POST /purchases-orders/{id}/generate-delivery and
// /generate-invoice make the order's receipt and bill as drafts, from what is left of its lines.

const steps = purchaseOrders.flowSteps({ noItems: 'purchases_order.no_items', hasDocuments: 'purchases_order.has_documents' });

export const purchasesOrderFlow = workflowParts({
  workflow,
  table: purchasesOrders,
  messages: workflowMessages('purchases_order'),
  actions: {
    validate: {
      summary: 'Validates the draft to send it to the supplier (409 when it has no line with a quantity)',
      values: steps.validate,
    },
    complete: { summary: 'Closes a validated order: what is not delivered or invoiced will not be' },
    cancel: {
      summary: 'Cancels the order while none of its receipts or bills counts (409 naming them: cancel those first)',
      // Its receipts or bills still counting (a draft or validated one) refuse it.
      values: steps.cancel,
      // The repair items it was for are to order again.
      after: (ctx, saved) => followWorkItems(ctx, saved.id, { type: 'purchases-orders', id: saved.id }),
    },
  },
});

/** Receipts and bills of the order (the trade kit's generate actions). */
export const { actions: generateActions, policies: generatePolicies } = orderGenerateActions({
  trade: purchaseSide,
  orders: purchaseOrders,
  workflow,
  refusal: 'Only a validated order makes receipts and bills.',
  delivery: {
    side: receiptSide,
    permission: 'create purchases deliveries',
    summary: 'Makes a draft receipt of the order: the lines and quantities given (items: [{ id, quantity }]), else all that is left; answers the receipt (201)',
    options: { supplier_reference: z.string().max(100).optional(), received_on: z.string().max(10).optional() },
    values: (ctx, options) => ({ supplier_reference: options.supplier_reference ?? null, received_on: options.received_on ?? todayOf(ctx) }),
  },
  invoice: {
    type: 'purchases-invoices',
    permission: 'create purchases invoices',
    summary:
      'Makes a draft bill of the order (invoicingType: complete, all that is left to invoice; product, what was received and not invoiced; amount, one line of `amount` cents); items: [{ id, quantity }] to choose the lines; answers the bill (201)',
    // amount: the one line of an invoice of an amount (a deposit), in cents.
    options: { amount: z.number().int().min(1).max(10_000_000_000).optional(), supplier_reference: z.string().max(100).optional() },
    head: async (ctx, order, options) => ({
      organization_id: order.organization_id,
      code: await nextRecordCode(ctx.db, order.organization_id, 'PF'),
      supplier_id: order.supplier_id,
      supplier_reference: options.supplier_reference ?? null,
      issued_on: todayOf(ctx),
      creator_id: ctx.actor.id,
    }),
    async deposit(ctx, order, options) {
      if (!options.amount) throw ApiError.many([{ status: 422, code: 'validation.required', source: { pointer: '/data/attributes/amount' } }]);
      const line = { description: t(ctx.locale, 'purchases.deposit_line', { code: order.code ?? '' }), quantity: '1', unit_price: options.amount, discount: null, tax_group_id: null };
      return { ...line, ...(await tradeLineColumns(ctx, line)) };
    },
  },
});
