import { INVOICING_TYPES, salesOrderWorkflow as workflow, toScaled, type InvoicingType } from '@atelier/domain';
import { and, eq, ne } from 'drizzle-orm';
import { z } from 'zod';
import { nextRecordCode } from '../../db/codes.ts';
import { t } from '../../i18n/index.ts';
import { makingAction } from '../../jsonapi/action-options.ts';
import { todayOf, type RequestContext } from '../../jsonapi/context.ts';
import type { Policy, RecordAction } from '../../jsonapi/define-resource.ts';
import { ApiError } from '../../jsonapi/errors.ts';
import { conflictWith } from '../../jsonapi/policies.ts';
import { records } from '../../jsonapi/records.ts';
import { workflowParts } from '../../jsonapi/workflow.ts';
import { REQUESTED_LINES } from '../trade/orders.ts';
import { salesOrderKit, type SalesOrderRow } from './coverage.ts';
import { DEPOSIT_OPTIONS, depositDeductions, depositLine, invoiceHead } from './invoice-lines.ts';
import { salesDeliveries, salesInvoices, salesOrders } from './sales.table.ts';

// GET or POST /sales-orders/{id}/validate, /complete and /cancel (spec §7): the domain's workflow
// served by the engine's kit; POST /sales-orders/{id}/generate-delivery and /generate-invoice make
// the order's delivery and invoice as drafts, from what is left of its lines.

/** Its documents still counting (a draft or validated delivery or invoice): an order with some is not canceled. */
async function liveDocuments(ctx: RequestContext, orderId: string): Promise<string[]> {
  const live = (table: typeof salesDeliveries | typeof salesInvoices) =>
    ctx.db.select({ code: table.code }).from(table).where(and(eq(table.sales_order_id, orderId), ne(table.state, 'canceled')));
  return [...(await live(salesDeliveries)), ...(await live(salesInvoices))].map((d) => d.code ?? t(ctx.locale, 'sales.draft_invoice'));
}

export const salesOrderFlow = workflowParts({
  workflow,
  table: salesOrders,
  messages: { state: 'sales_order.cannot_action', final: 'sales_order.final' },
  actions: {
    validate: {
      summary: 'Validates the draft: the customer’s order is taken (409 when it has no line with a quantity)',
      async values(ctx, row) {
        const lines = await salesOrderKit.orderLines(ctx, row.id);
        if (!lines.some((l) => toScaled(l.quantity) > 0n)) throw new ApiError(409, 'sales_order.no_items');
        return {};
      },
    },
    complete: { summary: 'Closes a validated order: what is not delivered or invoiced will not be' },
    cancel: {
      summary: 'Cancels the order while none of its deliveries or invoices counts (409 naming them: cancel those first)',
      async values(ctx, row) {
        const live = await liveDocuments(ctx, row.id);
        if (live.length) throw new ApiError(409, 'sales_order.has_documents', { documents: live.join(', ') });
        return {};
      },
    },
  },
});

const DELIVERY_OPTIONS = z.object({
  /** The product lines delivered and how many of each (default: all that is left of every product line). */
  items: REQUESTED_LINES.optional(),
  delivered_on: z.string().max(10).optional(),
});

const INVOICE_OPTIONS = z.object({
  /** complete: all that is left to invoice; product: what was delivered and not invoiced; amount: a deposit of `amount` cents or `percentage` of the order's total. */
  invoicingType: z.enum(INVOICING_TYPES).optional(),
  items: REQUESTED_LINES.optional(),
  ...DEPOSIT_OPTIONS,
});

/** Only a validated order makes deliveries and invoices. */
const whileValidated: Policy<[row: SalesOrderRow]> = {
  refuses: { 409: 'Only a validated order makes deliveries and invoices.' },
  check(ctx, row) {
    if (row.state !== 'validated') return conflictWith('sales_order.not_validated', { state: workflow.stateLabels[row.state][ctx.locale] });
  },
};

export const generatePolicies = { 'generate-delivery': whileValidated, 'generate-invoice': whileValidated };

const generateDelivery: RecordAction<SalesOrderRow> = makingAction({
  permission: 'create sales deliveries',
  summary: 'Makes a draft delivery of the order out of its warehouse: the lines and quantities given (items: [{ id, quantity }]), else all that is left of its product lines; answers the delivery (201)',
  options: DELIVERY_OPTIONS,
  makes: 'sales-deliveries',
  include: 'items',
  async make(ctx, order, options) {
    if (!order.source_warehouse_id) throw new ApiError(409, 'sales_order.no_warehouse');
    const taken = await salesOrderKit.toDeliver(ctx, order, options.items);
    const delivery = await records(ctx, 'sales-deliveries').createWithLines(
      {
        organization_id: order.organization_id,
        code: await nextRecordCode(ctx.db, order.organization_id, 'BL'),
        sales_order_id: order.id,
        customer_id: order.customer_id,
        source_warehouse_id: order.source_warehouse_id,
        delivered_on: options.delivered_on ?? todayOf(ctx),
        creator_id: ctx.actor.id,
        location_ids: order.location_ids,
      },
      { items: taken.map(({ line, quantity }) => ({ sales_order_item_id: line.id, product_id: line.product_id, description: line.description, quantity })) },
      { cause: { type: 'sales-orders', id: order.id } },
    );
    return { id: String(delivery.id), log: { delivery: delivery.id } };
  },
});

const generateInvoice: RecordAction<SalesOrderRow> = makingAction({
  permission: 'create sales invoices',
  summary:
    'Makes a draft invoice of the order (invoicingType: complete, all that is left to invoice, less its validated deposits; product, what was delivered and not invoiced; amount, a deposit of `amount` cents or `percentage` of the order); items: [{ id, quantity }] to choose the lines; answers the invoice (201)',
  options: INVOICE_OPTIONS,
  makes: 'sales-invoices',
  include: 'items',
  async make(ctx, order, options) {
    const type: InvoicingType = options.invoicingType ?? order.invoicing_type;
    const deposit = type === 'amount';
    const lines: Record<string, unknown>[] = deposit ? [await depositLine(ctx, { organizationId: order.organization_id, code: order.code, subtotal: order.subtotal }, options)] : await salesOrderKit.toInvoice(ctx, order, type, options.items);
    // The final invoice (all that is left) deducts the deposits already invoiced.
    if (type === 'complete') lines.push(...(await depositDeductions(ctx, { order: order.id })));
    const invoice = await records(ctx, 'sales-invoices').createWithLines(
      {
        ...(await invoiceHead.ofCustomer(ctx, order.organization_id, order.customer_id)),
        kind: deposit ? 'deposit' : 'standard',
        sales_order_id: order.id,
        source_warehouse_id: order.source_warehouse_id,
        invoicing_type: type,
        location_ids: order.location_ids,
      },
      { items: lines },
      { cause: { type: 'sales-orders', id: order.id } },
    );
    return { id: String(invoice.id), log: { invoice: invoice.id } };
  },
});

export const generateActions = { 'generate-delivery': generateDelivery, 'generate-invoice': generateInvoice };
