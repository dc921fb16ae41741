import { toScaled, type DocumentWorkflow } from '@atelier/domain';
import { and, asc, eq, getTableColumns } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { nextRecordCode } from '../../db/codes.ts';
import type { MessageKey } from '../../i18n/index.ts';
import type { RequestContext } from '../../jsonapi/context.ts';
import type { Row, WriteInput } from '../../jsonapi/define-resource.ts';
import { ApiError, relationshipPointer } from '../../jsonapi/errors.ts';
import { rel } from '../../jsonapi/relationships.ts';
import { runAction } from '../../jsonapi/run-action.ts';
import { workflowParts } from '../../jsonapi/workflow.ts';
import { causedMovement } from '../inventory/caused-movement.ts';
import { documentOfLine, stampRelationships } from './lines.ts';
import type { OrderBase, OrderLineBase, TradeSide, tradeOrders } from './orders.ts';

// A delivery of an order (a purchase's receipt, a sale's delivery; issues 22, 23), both sides by one
// kit: made for a validated order (its party, warehouse and locations copied), validated once its
// quantities fit what is left of the order (its parts moved in or out of the order's warehouse by
// one stock movement it causes), canceled with that movement reversed, the order's coverage kept.

/** What the kit reads of a delivery row (both sides' rows have these columns). */
export interface DeliveryBase {
  id: string;
  organization_id: string;
  code: string | null;
  state: string;
  location_ids: string[];
  stock_movement_id: string | null;
  [column: string]: unknown;
}

export interface DeliveryLine {
  product_id: string | null;
  description: string | null;
  quantity: string;
  unit_cost?: number | null;
  [column: string]: unknown;
}

export interface DeliverySide {
  /** The delivery's record type ('purchases-deliveries'). */
  type: 'purchases-deliveries' | 'sales-deliveries';
  workflow: DocumentWorkflow;
  /** The prefix of its codes (PR, BL). */
  code: string;
  /** A receipt adds to the warehouse, a delivery removes from it. */
  movement: 'add' | 'remove';
  /** The warehouse column on the order and the delivery; the party column copied from the order. */
  columns: { warehouse: string; party: string };
  /** The order's relationship name, and its lines' on a delivery line (the pointers of refusals). */
  orderRelationship: string;
  orderLineRelationship: string;
  /** What a delivery line takes from its order line beside its product and description (a receipt: its unit cost). */
  lineValues?(line: OrderLineBase): Record<string, unknown>;
  messages: { state: MessageKey; final: MessageKey; noItems: MessageKey; orderCompleted: MessageKey; orderNotValidated: MessageKey; noWarehouse?: MessageKey };
  summaries: { validate: string; cancel: string };
}

export function tradeDeliveries<O extends OrderBase>(trade: TradeSide, orders: ReturnType<typeof tradeOrders<O, OrderLineBase>>, side: DeliverySide) {
  const items = getTableColumns(trade.deliveryItems) as Record<string, AnyPgColumn>;
  const [ofDelivery, toLine] = [items[trade.keys.delivery], trade.keys.orderLine];
  const orderOf = (row: DeliveryBase) => String(row[trade.keys.order]);
  const cause = (row: DeliveryBase) => ({ type: side.type, id: row.id });

  const linesOf = async (ctx: RequestContext, id: string) =>
    (await ctx.db.select().from(trade.deliveryItems).where(eq(ofDelivery, id)).orderBy(asc(items.position), asc(items.id))) as DeliveryLine[];

  /** The delivery's stock movement, made and validated as its consequence (free lines are not stock). */
  async function moveStock(ctx: RequestContext, row: DeliveryBase): Promise<string | null> {
    const lines = (await linesOf(ctx, row.id)).filter((l) => l.product_id && toScaled(l.quantity) > 0n);
    if (!lines.length) return null;
    return causedMovement(ctx, {
      organizationId: row.organization_id,
      type: side.movement,
      warehouse: { id: String(row[side.columns.warehouse]), location_ids: row.location_ids },
      cause: { ...cause(row), code: row.code },
      // A receipt enters at its cost; a delivery leaves at the stock's own.
      lines: lines.map((l) => ({ product_id: l.product_id, description: l.description, quantity: l.quantity, ...(side.movement === 'add' ? { unit_cost: l.unit_cost } : {}) })),
    });
  }

  const flow = workflowParts({
    workflow: side.workflow,
    table: trade.deliveries,
    messages: { state: side.messages.state, final: side.messages.final },
    actions: {
      validate: {
        summary: side.summaries.validate,
        async values(ctx, row: DeliveryBase) {
          await orders.lockOrder(ctx, orderOf(row));
          const lines = await linesOf(ctx, row.id);
          if (!lines.some((l) => toScaled(l.quantity) > 0n)) throw new ApiError(409, side.messages.noItems);
          await orders.checkRemaining(ctx, orderOf(row), 'delivered', lines.map((l) => ({ line: String(l[toLine]), quantity: l.quantity })));
          return { stock_movement_id: await moveStock(ctx, row) };
        },
        after: (ctx, saved: DeliveryBase) => orders.refreshOrder(ctx, orderOf(saved), cause(saved)),
      },
      cancel: {
        summary: side.summaries.cancel,
        async values(ctx, row: DeliveryBase) {
          const order = await orders.lockOrder(ctx, orderOf(row));
          if (row.state === 'validated' && order.state === 'completed') throw new ApiError(409, side.messages.orderCompleted, { order: order.code ?? '' });
          if (row.state === 'validated' && row.stock_movement_id)
            await runAction(ctx, 'stock-movements', row.stock_movement_id, 'cancel', {}, { cause: { ...cause(row), organizationId: row.organization_id } });
          return {};
        },
        async after(ctx, saved: DeliveryBase, row: DeliveryBase) {
          if (row.state === 'validated') await orders.refreshOrder(ctx, orderOf(saved), cause(saved));
        },
      },
    },
  });

  /** A delivery made by hand names a validated order (with a warehouse): it takes the order's party, warehouse and locations. */
  async function beforeWrite(ctx: RequestContext, input: WriteInput, existing: DeliveryBase | null) {
    if (existing) return;
    const v = input.values;
    const order = (await orders.lockOrder(ctx, String(v[trade.keys.order]))) as O & Record<string, unknown>;
    const pointer = relationshipPointer(side.orderRelationship);
    if (order.state !== 'validated') throw new ApiError(409, side.messages.orderNotValidated, { state: '' }, { pointer });
    if (side.messages.noWarehouse && !order[side.columns.warehouse]) throw new ApiError(409, side.messages.noWarehouse, {}, { pointer });
    Object.assign(v, {
      code: await nextRecordCode(ctx.db, order.organization_id, side.code),
      [side.columns.party]: order[side.columns.party],
      [side.columns.warehouse]: order[side.columns.warehouse],
      creator_id: ctx.actor.id,
      ...(input.present.has('allowedLocations') ? {} : { location_ids: order.location_ids }),
    });
  }

  const orderLines = getTableColumns(trade.orderItems) as Record<string, AnyPgColumn>;

  /** A delivery's new line delivers a line of the delivery's order: its product and description (and `side.lineValues`) are that line's. */
  async function lineBeforeWrite(ctx: RequestContext, input: WriteInput, existing: DeliveryLine | null) {
    if (existing) return;
    const v = input.values;
    const delivery = (await documentOfLine(ctx, trade.deliveries, trade.keys.delivery, input, existing)) as DeliveryBase;
    const [line] = (await ctx.db
      .select()
      .from(trade.orderItems)
      .where(and(eq(orderLines.id, String(v[toLine])), eq(orderLines[trade.keys.order], orderOf(delivery))))) as unknown as OrderLineBase[];
    if (!line) throw ApiError.many([{ status: 422, code: trade.messages.notALine, source: { pointer: relationshipPointer(side.orderLineRelationship) } }]);
    Object.assign(v, { product_id: line.product_id, description: line.description, ...side.lineValues?.(line) });
  }

  /**
   * What a delivery's resource declares alike on both sides: its relationships after its order,
   * party and warehouse (its lines, the movement it made, who made and stamped it), and its
   * workflow, hooks, policies and label.
   */
  const resource = {
    relationships: {
      items: rel.ownsMany(trade.keys.delivery, { order: 'position', derive: (lines) => ({ item_count: lines.length }) }),
      stockMovement: rel.belongsTo('stock_movement_id'),
      creator: rel.belongsTo('creator_id'),
      ...stampRelationships(),
    },
    parts: { workflow: flow, hooks: { beforeWrite }, policies: { delete: flow.editable }, notify: { label: (row: Row) => String(row.code ?? '') } },
  };

  return { flow, beforeWrite, lineBeforeWrite, resource };
}
