import { deliveryStatusOf, invoicingStatusOf, orderCompleted, progress, remaining, scaledToText, toScaled, type DecimalInput } from '@atelier/domain';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { RequestContext } from '../../jsonapi/context.ts';
import { ApiError } from '../../jsonapi/errors.ts';
import { records } from '../../jsonapi/records.ts';
import { repairItems } from '../repairs/repairs.table.ts';
import { purchasesDeliveries, purchasesDeliveryItems, purchasesInvoiceItems, purchasesInvoices, purchasesOrderItems, purchasesOrders } from './documents.table.ts';

// What an order's validated receipts and bills cover of it (issue 22): each line's quantities
// delivered and invoiced, the order's delivery and invoicing statuses, and its completion, are
// derived from those documents here, once, whichever of them moved (a receipt validated or
// canceled, a bill validated or canceled). The order is locked first, so two receipts of the
// same order validated at once are counted one after the other.

export type OrderRow = typeof purchasesOrders.$inferSelect;
export type OrderItemRow = typeof purchasesOrderItems.$inferSelect;

/** The order, locked for the rest of the transaction. */
export async function lockOrder(ctx: RequestContext, id: string): Promise<OrderRow> {
  const [order] = await ctx.db.select().from(purchasesOrders).where(eq(purchasesOrders.id, id)).for('update');
  return order;
}

/** The order's lines, in their order. */
export const orderLines = (ctx: RequestContext, orderId: string) =>
  ctx.db.select().from(purchasesOrderItems).where(eq(purchasesOrderItems.purchases_order_id, orderId)).orderBy(asc(purchasesOrderItems.position), asc(purchasesOrderItems.id));

/** Per order line, the quantity its validated documents of one kind cover (sums as decimal texts). */
async function covered(ctx: RequestContext, orderId: string, kind: 'delivered' | 'invoiced'): Promise<Map<string, string>> {
  const rows =
    kind === 'delivered'
      ? await ctx.db
          .select({ line: purchasesDeliveryItems.purchases_order_item_id, quantity: sql<string>`sum(${purchasesDeliveryItems.quantity})::text` })
          .from(purchasesDeliveryItems)
          .innerJoin(purchasesDeliveries, eq(purchasesDeliveries.id, purchasesDeliveryItems.purchases_delivery_id))
          .where(and(eq(purchasesDeliveries.purchases_order_id, orderId), eq(purchasesDeliveries.state, 'validated')))
          .groupBy(purchasesDeliveryItems.purchases_order_item_id)
      : await ctx.db
          .select({ line: purchasesInvoiceItems.purchases_order_item_id, quantity: sql<string>`sum(${purchasesInvoiceItems.quantity})::text` })
          .from(purchasesInvoiceItems)
          .innerJoin(purchasesInvoices, eq(purchasesInvoices.id, purchasesInvoiceItems.purchases_invoice_id))
          .where(and(eq(purchasesInvoices.purchases_order_id, orderId), eq(purchasesInvoices.state, 'validated')))
          .groupBy(purchasesInvoiceItems.purchases_order_item_id);
  return new Map(rows.filter((r): r is { line: string; quantity: string } => !!r.line).map((r) => [r.line, r.quantity]));
}

/** A quantity as the numeric(18, 4) column reads back ("2.0000"), so an unchanged one is not a change. */
const asColumn = (q: DecimalInput) => {
  const [whole, fraction = ''] = scaledToText(toScaled(q)).split('.');
  return `${whole}.${fraction.padEnd(4, '0')}`;
};

/**
 * Stores again what the order's validated documents cover: its lines' quantities, its statuses,
 * and completed once all is delivered and invoiced (through the record service: logged, caused by `cause`).
 */
export async function refreshOrder(ctx: RequestContext, orderId: string, cause: { type: string; id: string }) {
  const order = await lockOrder(ctx, orderId);
  const lines = await orderLines(ctx, orderId);
  const [delivered, invoiced] = [await covered(ctx, orderId, 'delivered'), await covered(ctx, orderId, 'invoiced')];
  const now = new Map(lines.map((l) => [l.id, { quantity_delivered: asColumn(delivered.get(l.id) ?? 0), quantity_invoiced: asColumn(invoiced.get(l.id) ?? 0) }]));
  await records(ctx, 'purchases-order-items').update(
    lines.map((l) => l.id),
    (l) => now.get(String(l.id))!,
    { cause },
  );
  const delivery = progress(lines.map((l) => ({ ordered: l.quantity, covered: now.get(l.id)!.quantity_delivered })));
  const invoicing = progress(lines.map((l) => ({ ordered: l.quantity, covered: now.get(l.id)!.quantity_invoiced })));
  const values: Record<string, unknown> = { delivery_status: deliveryStatusOf(delivery), invoicing_status: invoicingStatusOf(invoicing) };
  if (order.state === 'validated' && orderCompleted(delivery, invoicing)) Object.assign(values, { state: 'completed', completed_at: sql`now()` });
  await records(ctx, 'purchases-orders').update([orderId], values, { cause });
  await followWorkItems(ctx, orderId, cause);
}

/**
 * The part status of the estimate and repair items the order's lines are for, read from the order:
 * received once its receipts cover the line, ordered while it counts, to order again once it is
 * canceled. A repair made from the estimate follows its estimate items' orders too.
 */
export async function followWorkItems(ctx: RequestContext, orderId: string, cause: { type: string; id: string }) {
  const [order] = await ctx.db.select({ state: purchasesOrders.state }).from(purchasesOrders).where(eq(purchasesOrders.id, orderId));
  const lines = await orderLines(ctx, orderId);
  const statusOf = (l: OrderItemRow) => (order.state === 'canceled' ? 'to_order' : toScaled(l.quantity_delivered) >= toScaled(l.quantity) ? 'received' : 'ordered');
  const repairs = new Map(lines.flatMap((l) => (l.repair_item_id ? [[l.repair_item_id, statusOf(l)] as const] : [])));
  const estimates = new Map(lines.flatMap((l) => (l.estimation_item_id ? [[l.estimation_item_id, statusOf(l)] as const] : [])));
  if (estimates.size)
    for (const item of await ctx.db.select({ id: repairItems.id, from: repairItems.estimation_item_id }).from(repairItems).where(inArray(repairItems.estimation_item_id, [...estimates.keys()])))
      repairs.set(item.id, estimates.get(item.from!)!);
  await records(ctx, 'estimation-items').update([...estimates.keys()], (item) => ({ part_status: estimates.get(String(item.id)) }), { cause });
  await records(ctx, 'repair-items').update([...repairs.keys()], (item) => ({ part_status: repairs.get(String(item.id)) }), { cause });
}

/** A requested quantity per order line, as the body named them. */
export interface Requested {
  line: string;
  quantity: string;
}

/**
 * Checks quantities against what is left of the order's lines (by the validated documents of one
 * kind): a 409 naming the line and what remains, else nothing.
 */
export async function checkRemaining(ctx: RequestContext, orderId: string, kind: 'delivered' | 'invoiced', requested: readonly Requested[]) {
  const lines = await orderLines(ctx, orderId);
  const done = await covered(ctx, orderId, kind);
  const asked = new Map<string, bigint>();
  for (const r of requested) asked.set(r.line, (asked.get(r.line) ?? 0n) + toScaled(r.quantity));
  for (const [n, line] of lines.entries()) {
    const wanted = asked.get(line.id);
    if (wanted === undefined) continue;
    const left = remaining({ ordered: line.quantity, covered: done.get(line.id) ?? 0 });
    if (wanted > toScaled(left))
      throw new ApiError(409, kind === 'delivered' ? 'purchases.over_delivered' : 'purchases.over_invoiced', {
        line: n + 1,
        item: line.description ?? '',
        remaining: Number(left),
      });
  }
}

/** What is left to deliver or invoice of each line of the order. */
export async function leftOf(ctx: RequestContext, orderId: string, kind: 'delivered' | 'invoiced') {
  const lines = await orderLines(ctx, orderId);
  const done = await covered(ctx, orderId, kind);
  return lines.map((line) => ({ line, left: remaining({ ordered: line.quantity, covered: done.get(line.id) ?? 0 }) }));
}
