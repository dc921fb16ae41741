import { purchasesDeliveryWorkflow, toScaled, tradeLineTotals } from '@atelier/domain';
import { eq, inArray } from 'drizzle-orm';
import type { RequestContext } from '../../jsonapi/context.ts';
import { records } from '../../jsonapi/records.ts';
import { repairItems } from '../repairs/repairs.table.ts';
import type { DeliverySide } from '../trade/deliveries.ts';
import { tradeOrders, type TradeSide } from '../trade/orders.ts';
import { purchasesDeliveries, purchasesDeliveryItems, purchasesInvoiceItems, purchasesInvoices, purchasesOrderItems, purchasesOrders } from './documents.table.ts';

// What a purchase order's validated receipts and bills cover of it (issue 22): the trade kit's
// order coverage over the purchase tables, and the part status of the estimate and repair items it is for.

export type OrderRow = typeof purchasesOrders.$inferSelect;
export type OrderItemRow = typeof purchasesOrderItems.$inferSelect;

/**
 * The part status of the estimate and repair items the order's lines are for, read from the order:
 * received once its receipts cover the line, ordered while it counts, to order again once it is
 * canceled. A repair made from the estimate follows its estimate items' orders too.
 */
export async function followWorkItems(ctx: RequestContext, orderId: string, cause: { type: string; id: string }) {
  const [order] = await ctx.db.select({ state: purchasesOrders.state }).from(purchasesOrders).where(eq(purchasesOrders.id, orderId));
  const lines = await purchaseOrders.orderLines(ctx, orderId);
  const statusOf = (l: OrderItemRow) => (order.state === 'canceled' ? 'to_order' : toScaled(l.quantity_delivered) >= toScaled(l.quantity) ? 'received' : 'ordered');
  const repairs = new Map(lines.flatMap((l) => (l.repair_item_id ? [[l.repair_item_id, statusOf(l)] as const] : [])));
  const estimates = new Map(lines.flatMap((l) => (l.estimation_item_id ? [[l.estimation_item_id, statusOf(l)] as const] : [])));
  if (estimates.size)
    for (const item of await ctx.db.select({ id: repairItems.id, from: repairItems.estimation_item_id }).from(repairItems).where(inArray(repairItems.estimation_item_id, [...estimates.keys()])))
      repairs.set(item.id, estimates.get(item.from!)!);
  await records(ctx, 'estimation-items').update([...estimates.keys()], (item) => ({ part_status: estimates.get(String(item.id)) }), { cause });
  await records(ctx, 'repair-items').update([...repairs.keys()], (item) => ({ part_status: repairs.get(String(item.id)) }), { cause });
}

export const purchaseSide: TradeSide = {
  types: { order: 'purchases-orders', orderItem: 'purchases-order-items' },
  orders: purchasesOrders,
  orderItems: purchasesOrderItems,
  deliveries: purchasesDeliveries,
  deliveryItems: purchasesDeliveryItems,
  invoices: purchasesInvoices,
  invoiceItems: purchasesInvoiceItems,
  keys: { order: 'purchases_order_id', delivery: 'purchases_delivery_id', invoice: 'purchases_invoice_id', orderLine: 'purchases_order_item_id' },
  messages: {
    overDelivered: 'purchases.over_delivered',
    overInvoiced: 'purchases.over_invoiced',
    nothingToDeliver: 'purchases.nothing_to_deliver',
    nothingToInvoice: 'purchases.nothing_to_invoice',
    notALine: 'purchases.not_a_line',
  },
  afterRefresh: followWorkItems,
};

export const purchaseOrders = tradeOrders<OrderRow, OrderItemRow>(purchaseSide);

export const { lockOrder, orderLines, refreshOrder, checkRemaining, leftOf } = purchaseOrders;

/** The stock's cost of one unit of an order line: its price after its discount, in cents (the trade rule's rounding). */
export const unitCostOf = (line: OrderItemRow) => tradeLineTotals({ quantity: '1', unit_price: line.unit_price ?? 0, discount: line.discount ?? 0 }).subtotal;

/** A receipt: its parts enter the order's warehouse at their cost (the trade kit's deliveries). */
export const receiptSide: DeliverySide = {
  type: 'purchases-deliveries',
  workflow: purchasesDeliveryWorkflow,
  code: 'PR',
  movement: 'add',
  columns: { warehouse: 'destination_warehouse_id', party: 'supplier_id' },
  orderRelationship: 'purchasesOrder',
  orderLineRelationship: 'purchasesOrderItem',
  lineValues: (line) => ({ unit_cost: unitCostOf(line as OrderItemRow) }),
  messages: {
    state: 'purchases_delivery.cannot_action',
    final: 'purchases_delivery.final',
    noItems: 'purchases_delivery.no_items',
    orderCompleted: 'purchases_delivery.order_completed',
    orderNotValidated: 'purchases_order.not_validated',
  },
  summaries: {
    validate: 'Validates the receipt: its parts enter the order’s warehouse (one stock movement) and the order’s delivery status follows (409 over what is left to receive, naming the line)',
    cancel: 'Cancels the receipt; a validated one takes its parts out of the warehouse again (409 when they were used since where stock may not go below zero)',
  },
};
