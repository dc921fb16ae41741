import { INVOICING_TYPES, purchasesOrderWorkflow as workflow, toScaled, tradeLineTotals, type InvoicingType } from '@atelier/domain';
import { and, eq, ne } from 'drizzle-orm';
import { z } from 'zod';
import { nextRecordCode } from '../../db/codes.ts';
import { makingAction } from '../../jsonapi/action-options.ts';
import { todayOf, type RequestContext } from '../../jsonapi/context.ts';
import type { Policy, RecordAction, RowOf } from '../../jsonapi/define-resource.ts';
import { ApiError } from '../../jsonapi/errors.ts';
import { t } from '../../i18n/index.ts';
import { conflictWith } from '../../jsonapi/policies.ts';
import { records } from '../../jsonapi/records.ts';
import { workflowParts } from '../../jsonapi/workflow.ts';
import { tradeLineColumns } from '../trade/lines.ts';
import { REQUESTED_LINES } from '../trade/orders.ts';
import { followWorkItems, orderLines, purchaseOrders, type OrderItemRow } from './coverage.ts';
import { purchasesDeliveries, purchasesInvoices, purchasesOrders } from './documents.table.ts';

type OrderRow = RowOf<typeof purchasesOrders>;

// GET or POST /purchases-orders/{id}/validate, /complete and /cancel (spec §7): the domain's
// workflow served by the engine's kit; POST /purchases-orders/{id}/generate-delivery and
// /generate-invoice make the order's receipt and bill as drafts, from what is left of its lines.

/** Its documents still counting (a draft or validated receipt or bill): an order with some is not canceled. */
async function liveDocuments(ctx: RequestContext, orderId: string): Promise<string[]> {
  const live = (table: typeof purchasesDeliveries | typeof purchasesInvoices) =>
    ctx.db.select({ code: table.code }).from(table).where(and(eq(table.purchases_order_id, orderId), ne(table.state, 'canceled')));
  return [...(await live(purchasesDeliveries)), ...(await live(purchasesInvoices))].map((d) => d.code ?? '');
}

export const purchasesOrderFlow = workflowParts({
  workflow,
  table: purchasesOrders,
  messages: { state: 'purchases_order.cannot_action', final: 'purchases_order.final' },
  actions: {
    validate: {
      summary: 'Validates the draft to send it to the supplier (409 when it has no line with a quantity)',
      async values(ctx, row) {
        const lines = await orderLines(ctx, row.id);
        if (!lines.some((l) => toScaled(l.quantity) > 0n)) throw new ApiError(409, 'purchases_order.no_items');
        return {};
      },
    },
    complete: { summary: 'Closes a validated order: what is not delivered or invoiced will not be' },
    cancel: {
      summary: 'Cancels the order while none of its receipts or bills counts (409 naming them: cancel those first)',
      async values(ctx, row) {
        const live = await liveDocuments(ctx, row.id);
        if (live.length) throw new ApiError(409, 'purchases_order.has_documents', { documents: live.join(', ') });
        return {};
      },
      // The repair items it was for are to order again.
      after: (ctx, saved) => followWorkItems(ctx, saved.id, { type: 'purchases-orders', id: saved.id }),
    },
  },
});

const DELIVERY_OPTIONS = z.object({
  /** The lines received and how many of each (default: all that is left of every line). */
  items: REQUESTED_LINES.optional(),
  supplier_reference: z.string().max(100).optional(),
  received_on: z.string().max(10).optional(),
});

const INVOICE_OPTIONS = z.object({
  /** complete: all that is left to invoice; product: what was received and not invoiced; amount: one line of `amount` cents (a deposit). */
  invoicingType: z.enum(INVOICING_TYPES).optional(),
  items: REQUESTED_LINES.optional(),
  amount: z.number().int().min(1).max(10_000_000_000).optional(),
  supplier_reference: z.string().max(100).optional(),
});

/** Only a validated order makes receipts and bills. */
const whileValidated: Policy<[row: OrderRow]> = {
  refuses: { 409: 'Only a validated order makes receipts and bills.' },
  check(ctx, row) {
    if (row.state !== 'validated') return conflictWith('purchases_order.not_validated', { state: workflow.stateLabels[row.state][ctx.locale] });
  },
};

export const generatePolicies = { 'generate-delivery': whileValidated, 'generate-invoice': whileValidated };

/** The stock's cost of one unit of an order line: its price after its discount, in cents (the trade rule's rounding). */
export const unitCostOf = (line: OrderItemRow) => tradeLineTotals({ quantity: '1', unit_price: line.unit_price ?? 0, discount: line.discount ?? 0 }).subtotal;

const generateDelivery: RecordAction<OrderRow> = makingAction({
  permission: 'create purchases deliveries',
  summary: 'Makes a draft receipt of the order: the lines and quantities given (items: [{ id, quantity }]), else all that is left; answers the receipt (201)',
  options: DELIVERY_OPTIONS,
  makes: 'purchases-deliveries',
  include: 'items',
  async make(ctx, order, options) {
    const taken = await purchaseOrders.toDeliver(ctx, order, options.items);
    const delivery = await records(ctx, 'purchases-deliveries').createWithLines(
      {
        organization_id: order.organization_id,
        code: await nextRecordCode(ctx.db, order.organization_id, 'PR'),
        purchases_order_id: order.id,
        supplier_id: order.supplier_id,
        destination_warehouse_id: order.destination_warehouse_id,
        supplier_reference: options.supplier_reference ?? null,
        received_on: options.received_on ?? todayOf(ctx),
        creator_id: ctx.actor.id,
        location_ids: order.location_ids,
      },
      { items: taken.map(({ line, quantity }) => ({ purchases_order_item_id: line.id, product_id: line.product_id, description: line.description, quantity, unit_cost: unitCostOf(line) })) },
      { cause: { type: 'purchases-orders', id: order.id } },
    );
    return { id: String(delivery.id), log: { delivery: delivery.id } };
  },
});

const generateInvoice: RecordAction<OrderRow> = makingAction({
  permission: 'create purchases invoices',
  summary:
    'Makes a draft bill of the order (invoicingType: complete, all that is left to invoice; product, what was received and not invoiced; amount, one line of `amount` cents); items: [{ id, quantity }] to choose the lines; answers the bill (201)',
  options: INVOICE_OPTIONS,
  makes: 'purchases-invoices',
  include: 'items',
  async make(ctx, order, options) {
    const type: InvoicingType = options.invoicingType ?? order.invoicing_type;
    const head = {
      organization_id: order.organization_id,
      code: await nextRecordCode(ctx.db, order.organization_id, 'PF'),
      supplier_id: order.supplier_id,
      purchases_order_id: order.id,
      invoicing_type: type,
      supplier_reference: options.supplier_reference ?? null,
      issued_on: todayOf(ctx),
      creator_id: ctx.actor.id,
      location_ids: order.location_ids,
    };
    let lines: Record<string, unknown>[];
    if (type === 'amount') {
      if (!options.amount) throw ApiError.many([{ status: 422, code: 'validation.required', source: { pointer: '/data/attributes/amount' } }]);
      const line = { description: t(ctx.locale, 'purchases.deposit_line', { code: order.code ?? '' }), quantity: '1', unit_price: options.amount, discount: null, tax_group_id: null };
      lines = [{ ...line, ...(await tradeLineColumns(ctx, line)) }];
    } else lines = await purchaseOrders.toInvoice(ctx, order, type, options.items);
    const invoice = await records(ctx, 'purchases-invoices').createWithLines(head, { items: lines }, { cause: { type: 'purchases-orders', id: order.id } });
    return { id: String(invoice.id), log: { invoice: invoice.id } };
  },
});

export const generateActions = { 'generate-delivery': generateDelivery, 'generate-invoice': generateInvoice };
