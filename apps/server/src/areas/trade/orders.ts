import { decimalText, deliveryStatusOf, invoicingStatusOf, orderCompleted, progress, remaining, scaledToText, toScaled, type DecimalInput, type InvoicingType } from '@atelier/domain';
import { and, asc, eq, getTableColumns, ne, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { t, type MessageKey } from '../../i18n/index.ts';
import { nextRecordCode } from '../../db/codes.ts';
import type { RequestContext } from '../../jsonapi/context.ts';
import type { Row, WriteInput } from '../../jsonapi/define-resource.ts';
import { ApiError, ValidationErrors } from '../../jsonapi/errors.ts';
import { records } from '../../jsonapi/records.ts';
import { warehouses } from '../inventory/inventory.table.ts';
import { pricedLines } from './lines.ts';

// An order and the documents made from it (purchases and sales; issues 22, 23): what the order's
// validated deliveries and invoices cover of each of its lines, its delivery and invoicing
// statuses and its completion, derived here once whichever document moved; the lines and
// quantities a new delivery or invoice takes. A side (purchases, sales) names its tables, the
// columns linking them and its words; the order is locked first, so two documents of one order
// validated at once are counted one after the other.

/** What the kit reads of an order and of its lines (both sides' rows have these columns). */
export interface OrderBase {
  id: string;
  organization_id: string;
  code: string | null;
  state: string;
  location_ids: string[];
  invoicing_type: InvoicingType;
}
export interface OrderLineBase {
  id: string;
  position: number;
  product_id: string | null;
  description: string | null;
  quantity: string;
  unit_price: number | null;
  discount: string | null;
  tax_group_id: string | null;
  quantity_delivered: string;
  quantity_invoiced: string;
}

export interface TradeSide {
  /** The record types (their records are written through the record service, logged). */
  types: { order: string; orderItem: string };
  orders: PgTable;
  orderItems: PgTable;
  deliveries: PgTable;
  deliveryItems: PgTable;
  invoices: PgTable;
  invoiceItems: PgTable;
  /** The columns naming the order (on its lines, deliveries and invoices), a delivery and an invoice (on their lines), and an order line (on theirs). */
  keys: { order: string; delivery: string; invoice: string; orderLine: string };
  /** The side's words. */
  messages: { overDelivered: MessageKey; overInvoiced: MessageKey; nothingToDeliver: MessageKey; nothingToInvoice: MessageKey; notALine: MessageKey };
  /** The lines a delivery carries (sales: the products; work and free lines are not delivered). Default: all. */
  deliverable?(line: OrderLineBase): boolean;
  /** After an order's coverage is stored again (purchases: the part status of the repair items it is for). */
  afterRefresh?(ctx: RequestContext, orderId: string, cause: { type: string; id: string }): Promise<void>;
}

export type CoverageKind = 'delivered' | 'invoiced';

/** A requested quantity per order line, as a body names them. */
export interface Requested {
  line: string;
  quantity: string;
}

/** The lines a generate-delivery or generate-invoice body may choose, and how many of each. */
export const REQUESTED_LINES = z.array(z.object({ id: z.string().max(64), quantity: z.union([z.number(), z.string().max(40)]) })).max(2000);

/** A quantity as the numeric(18, 4) column reads back ("2.0000"), so an unchanged one is not a change. */
const asColumn = (q: DecimalInput) => {
  const [whole, fraction = ''] = scaledToText(toScaled(q)).split('.');
  return `${whole}.${fraction.padEnd(4, '0')}`;
};

const columnOf = (table: PgTable, name: string): AnyPgColumn => {
  const columns = getTableColumns(table) as Record<string, AnyPgColumn>;
  if (!Object.hasOwn(columns, name)) throw new Error(`no column ${name}`);
  return columns[name];
};

/** An order's hook: a new one gets its code (`prefix`) and issuer; its locations are its warehouse's (`warehouse`: the column naming it) unless given. */
export const newOrderHook = (prefix: string, warehouse: string) =>
  async function beforeWrite(ctx: RequestContext, input: WriteInput, existing: Row | null) {
    const v = input.values;
    if (existing) return;
    v.code = await nextRecordCode(ctx.db, String(v.organization_id), prefix);
    v.issuer_id = ctx.actor.id;
    if (!input.present.has('allowedLocations') && v[warehouse]) {
      const [w] = await ctx.db
        .select({ location_ids: warehouses.location_ids })
        .from(warehouses)
        .where(and(eq(warehouses.id, String(v[warehouse])), eq(warehouses.organization_id, String(v.organization_id))));
      v.location_ids = w?.location_ids ?? [];
    }
  };

/** The kit of one side, over its order and line row types. */
export function tradeOrders<O extends OrderBase, L extends OrderLineBase>(side: TradeSide) {
  const c = {
    orderId: columnOf(side.orders, 'id'),
    lineOrder: columnOf(side.orderItems, side.keys.order),
    linePosition: columnOf(side.orderItems, 'position'),
    lineId: columnOf(side.orderItems, 'id'),
    deliveryId: columnOf(side.deliveries, 'id'),
    deliveryOrder: columnOf(side.deliveries, side.keys.order),
    deliveryState: columnOf(side.deliveries, 'state'),
    deliveryItemDelivery: columnOf(side.deliveryItems, side.keys.delivery),
    deliveryItemLine: columnOf(side.deliveryItems, side.keys.orderLine),
    deliveryItemQuantity: columnOf(side.deliveryItems, 'quantity'),
    invoiceId: columnOf(side.invoices, 'id'),
    invoiceOrder: columnOf(side.invoices, side.keys.order),
    invoiceState: columnOf(side.invoices, 'state'),
    invoiceItemInvoice: columnOf(side.invoiceItems, side.keys.invoice),
    invoiceItemLine: columnOf(side.invoiceItems, side.keys.orderLine),
    invoiceItemQuantity: columnOf(side.invoiceItems, 'quantity'),
  };

  const deliverable = (line: OrderLineBase) => side.deliverable?.(line) ?? true;

  /** The order, locked for the rest of the transaction. */
  async function lockOrder(ctx: RequestContext, id: string): Promise<O> {
    const [order] = await ctx.db.select().from(side.orders).where(eq(c.orderId, id)).for('update');
    return order as O;
  }

  /** The order's lines, in their order. */
  const orderLines = async (ctx: RequestContext, orderId: string): Promise<L[]> =>
    (await ctx.db.select().from(side.orderItems).where(eq(c.lineOrder, orderId)).orderBy(asc(c.linePosition), asc(c.lineId))) as L[];

  /** The codes of the order's documents still counting (a draft or validated delivery or invoice; a draft invoice may have none): an order with some is not canceled. */
  async function liveDocuments(ctx: RequestContext, orderId: string): Promise<(string | null)[]> {
    const live = (documents: PgTable, order: AnyPgColumn, state: AnyPgColumn) =>
      ctx.db.select({ code: columnOf(documents, 'code') }).from(documents).where(and(eq(order, orderId), ne(state, 'canceled')));
    const rows = [...(await live(side.deliveries, c.deliveryOrder, c.deliveryState)), ...(await live(side.invoices, c.invoiceOrder, c.invoiceState))];
    return rows.map((d) => d.code as string | null);
  }

  /** Per order line, the quantity its validated documents of one kind cover (sums as decimal texts). */
  async function covered(ctx: RequestContext, orderId: string, kind: CoverageKind): Promise<Map<string, string>> {
    const [items, documents, quantity, line, owner, id, order, state] =
      kind === 'delivered'
        ? [side.deliveryItems, side.deliveries, c.deliveryItemQuantity, c.deliveryItemLine, c.deliveryItemDelivery, c.deliveryId, c.deliveryOrder, c.deliveryState]
        : [side.invoiceItems, side.invoices, c.invoiceItemQuantity, c.invoiceItemLine, c.invoiceItemInvoice, c.invoiceId, c.invoiceOrder, c.invoiceState];
    const rows = await ctx.db
      .select({ line, quantity: sql<string>`sum(${quantity})::text` })
      .from(items)
      .innerJoin(documents, eq(id, owner))
      .where(and(eq(order, orderId), eq(state, 'validated')))
      .groupBy(line);
    return new Map(rows.filter((r): r is { line: string; quantity: string } => typeof r.line === 'string').map((r) => [r.line, r.quantity]));
  }

  /**
   * Stores again what the order's validated documents cover: its lines' quantities, its statuses,
   * and completed once all is delivered and invoiced (through the record service: logged, caused by `cause`).
   */
  async function refreshOrder(ctx: RequestContext, orderId: string, cause: { type: string; id: string }) {
    const order = await lockOrder(ctx, orderId);
    const lines = await orderLines(ctx, orderId);
    const [delivered, invoiced] = [await covered(ctx, orderId, 'delivered'), await covered(ctx, orderId, 'invoiced')];
    const now = new Map(lines.map((l) => [l.id, { quantity_delivered: asColumn(delivered.get(l.id) ?? 0), quantity_invoiced: asColumn(invoiced.get(l.id) ?? 0) }]));
    await records(ctx, side.types.orderItem).update(
      lines.map((l) => l.id),
      (l) => now.get(String(l.id))!,
      { cause },
    );
    const delivery = progress(lines.filter(deliverable).map((l) => ({ ordered: l.quantity, covered: now.get(l.id)!.quantity_delivered })));
    const invoicing = progress(lines.map((l) => ({ ordered: l.quantity, covered: now.get(l.id)!.quantity_invoiced })));
    const values: Record<string, unknown> = { delivery_status: deliveryStatusOf(delivery), invoicing_status: invoicingStatusOf(invoicing) };
    if (order.state === 'validated' && orderCompleted(delivery, invoicing)) Object.assign(values, { state: 'completed', completed_at: sql`now()` });
    await records(ctx, side.types.order).update([orderId], values, { cause });
    await side.afterRefresh?.(ctx, orderId, cause);
  }

  /** A 409 naming the line (its place in the order), its words and what is left of it. */
  const overError = (kind: CoverageKind, lines: readonly L[], line: L, left: string) =>
    new ApiError(409, kind === 'delivered' ? side.messages.overDelivered : side.messages.overInvoiced, {
      line: lines.findIndex((l) => l.id === line.id) + 1,
      item: line.description ?? '',
      remaining: Number(left),
    });

  /** Checks quantities against what is left of the order's lines (by the validated documents of one kind): a 409 naming the line and what remains, else nothing. */
  async function checkRemaining(ctx: RequestContext, orderId: string, kind: CoverageKind, requested: readonly Requested[]) {
    const lines = await orderLines(ctx, orderId);
    const done = await covered(ctx, orderId, kind);
    const asked = new Map<string, bigint>();
    for (const r of requested) asked.set(r.line, (asked.get(r.line) ?? 0n) + toScaled(r.quantity));
    for (const line of lines) {
      const wanted = asked.get(line.id);
      if (wanted === undefined) continue;
      const left = remaining({ ordered: line.quantity, covered: done.get(line.id) ?? 0 });
      if (wanted > toScaled(left)) throw overError(kind, lines, line, left);
    }
  }

  /** What is left to deliver or invoice of each line of the order. */
  async function leftOf(ctx: RequestContext, orderId: string, kind: CoverageKind) {
    const lines = await orderLines(ctx, orderId);
    const done = await covered(ctx, orderId, kind);
    return lines.map((line) => ({ line, left: remaining({ ordered: line.quantity, covered: done.get(line.id) ?? 0 }) }));
  }

  /** The quantities asked, by order line: each a line of this order, each a positive decimal (422s at their pointers). */
  function requestedLines(lines: readonly L[], items: z.infer<typeof REQUESTED_LINES>): Map<string, string> {
    const errors = new ValidationErrors();
    const known = new Set(lines.map((l) => l.id));
    const asked = new Map<string, string>();
    items.forEach((item, n) => {
      const quantity = decimalText(String(item.quantity));
      if (!known.has(item.id)) errors.add(`/data/attributes/items/${n}/id`, side.messages.notALine);
      else if (quantity === null || toScaled(quantity) <= 0n) errors.add(`/data/attributes/items/${n}/quantity`, 'trade.quantity_not_positive');
      else asked.set(item.id, quantity);
    });
    errors.throwIfAny();
    return asked;
  }

  /** The quantities a new document takes of each line: those asked (`items`), else what is left of each (none left: 409). */
  function take(kind: CoverageKind, left: { line: L; left: string }[], items: z.infer<typeof REQUESTED_LINES> | undefined) {
    const asked = items ? requestedLines(left.map((l) => l.line), items) : null;
    const taken = left.flatMap(({ line, left }) => {
      const quantity = asked ? asked.get(line.id) : toScaled(left) > 0n ? left : undefined;
      return quantity ? [{ line, quantity, left }] : [];
    });
    if (!taken.length) throw new ApiError(409, kind === 'delivered' ? side.messages.nothingToDeliver : side.messages.nothingToInvoice);
    const over = taken.find((t) => toScaled(t.quantity) > toScaled(t.left));
    if (over) throw overError(kind, left.map((l) => l.line), over.line, over.left);
    return taken;
  }

  /** What a new delivery takes of the order: the lines and quantities asked, else all that is left (of the lines a delivery carries). */
  const toDeliver = async (ctx: RequestContext, order: O, items?: z.infer<typeof REQUESTED_LINES>) =>
    take(
      'delivered',
      (await leftOf(ctx, order.id, 'delivered')).filter(({ line }) => deliverable(line)),
      items,
    );

  /**
   * The priced lines a new invoice takes of the order, by its invoicing type: `complete`, all that
   * is left to invoice; `product`, what was delivered and not invoiced (amount: the caller's deposit line).
   */
  async function toInvoice(ctx: RequestContext, order: O, type: Exclude<InvoicingType, 'amount'>, items?: z.infer<typeof REQUESTED_LINES>) {
    const invoiceable = await leftOf(ctx, order.id, 'invoiced');
    const left = type === 'product' ? invoiceable.map(({ line }) => ({ line, left: remaining({ ordered: line.quantity_delivered, covered: line.quantity_invoiced }) })) : invoiceable;
    return pricedLines(
      ctx,
      take('invoiced', left, items).map(({ line, quantity }) => ({
        [side.keys.orderLine]: line.id,
        product_id: line.product_id,
        description: line.description,
        quantity,
        unit_price: line.unit_price,
        discount: line.discount,
        tax_group_id: line.tax_group_id,
      })),
    );
  }

  /**
   * The checks of the order workflow's validate and cancel steps (their `values`), in the side's
   * words: validate needs a line with a quantity; cancel, none of the order's documents still
   * counting (a 409 naming them; `unnamed`: the words for one without a code yet).
   */
  const flowSteps = (words: { noItems: MessageKey; hasDocuments: MessageKey; unnamed?: MessageKey }) => ({
    async validate(ctx: RequestContext, row: { id: string }) {
      const lines = await orderLines(ctx, row.id);
      if (!lines.some((l) => toScaled(l.quantity) > 0n)) throw new ApiError(409, words.noItems);
      return {};
    },
    async cancel(ctx: RequestContext, row: { id: string }) {
      const live = (await liveDocuments(ctx, row.id)).map((code) => code ?? (words.unnamed ? t(ctx.locale, words.unnamed) : ''));
      if (live.length) throw new ApiError(409, words.hasDocuments, { documents: live.join(', ') });
      return {};
    },
  });

  return { lockOrder, orderLines, liveDocuments, refreshOrder, checkRemaining, leftOf, toDeliver, toInvoice, flowSteps };
}
