import { toScaled } from '@atelier/domain';
import { eq } from 'drizzle-orm';
import type { RequestContext } from '../../jsonapi/context.ts';
import { records } from '../../jsonapi/records.ts';
import { tradeOrders } from '../trade/orders.ts';
import { purchasesDeliveries, purchasesDeliveryItems, purchasesInvoiceItems, purchasesInvoices, purchasesOrderItems, purchasesOrders } from './documents.table.ts';

// What a purchase order's validated receipts and bills cover of it (issue 22): the trade kit's
// order coverage over the purchase tables, and the part status of the repair items it is for.

export type OrderRow = typeof purchasesOrders.$inferSelect;
export type OrderItemRow = typeof purchasesOrderItems.$inferSelect;

/**
 * The part status of the repair items the order's lines are for, read from the order: received
 * once its receipts cover the line, ordered while it counts, to order again once it is canceled.
 */
export async function followRepairItems(ctx: RequestContext, orderId: string, cause: { type: string; id: string }) {
  const [order] = await ctx.db.select({ state: purchasesOrders.state }).from(purchasesOrders).where(eq(purchasesOrders.id, orderId));
  const lines = (await purchaseOrders.orderLines(ctx, orderId)).filter((l): l is OrderItemRow & { repair_item_id: string } => !!l.repair_item_id);
  const statusOf = new Map(lines.map((l) => [l.repair_item_id, order.state === 'canceled' ? 'to_order' : toScaled(l.quantity_delivered) >= toScaled(l.quantity) ? 'received' : 'ordered']));
  await records(ctx, 'repair-items').update([...statusOf.keys()], (item) => ({ part_status: statusOf.get(String(item.id)) }), { cause });
}

export const purchaseOrders = tradeOrders<OrderRow, OrderItemRow>({
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
  afterRefresh: followRepairItems,
});

export const { lockOrder, orderLines, refreshOrder, checkRemaining, leftOf } = purchaseOrders;
