import { declarations, salesDeliveryWorkflow as workflow, toScaled } from '@atelier/domain';
import { asc, eq } from 'drizzle-orm';
import { tenancy } from '../../access/tenancy.ts';
import { nextRecordCode } from '../../db/codes.ts';
import type { RequestContext } from '../../jsonapi/context.ts';
import { defineResource, type RowOf, type WriteInput } from '../../jsonapi/define-resource.ts';
import { ApiError, relationshipPointer } from '../../jsonapi/errors.ts';
import { filter } from '../../jsonapi/filters.ts';
import { placedRelationships, rel } from '../../jsonapi/relationships.ts';
import { runAction } from '../../jsonapi/run-action.ts';
import { workflowParts } from '../../jsonapi/workflow.ts';
import { causedMovement } from '../inventory/caused-movement.ts';
import { salesOrderKit } from './coverage.ts';
import { salesDeliveries, salesDeliveryItems } from './sales.table.ts';

type DeliveryRow = RowOf<typeof salesDeliveries>;

const linesOf = (ctx: RequestContext, id: string) =>
  ctx.db.select().from(salesDeliveryItems).where(eq(salesDeliveryItems.sales_delivery_id, id)).orderBy(asc(salesDeliveryItems.position), asc(salesDeliveryItems.id));

/**
 * The stock movement of a delivery: its product lines out of the order's warehouse, made and
 * validated as the delivery's (the stock rules still refuse: 409 naming the part and what is left).
 */
async function shipStock(ctx: RequestContext, delivery: DeliveryRow): Promise<string | null> {
  const lines = (await linesOf(ctx, delivery.id)).filter((l) => l.product_id && toScaled(l.quantity) > 0n);
  if (!lines.length) return null;
  return causedMovement(ctx, {
    organizationId: delivery.organization_id,
    type: 'remove',
    warehouse: { id: delivery.source_warehouse_id, location_ids: delivery.location_ids },
    cause: { type: 'sales-deliveries', id: delivery.id, code: delivery.code },
    lines: lines.map((l) => ({ product_id: l.product_id, description: l.description, quantity: l.quantity })),
  });
}

export const salesDeliveryFlow = workflowParts({
  workflow,
  table: salesDeliveries,
  messages: { state: 'sales_delivery.cannot_action', final: 'sales_delivery.final' },
  actions: {
    validate: {
      summary: 'Validates the delivery: its parts leave the order’s warehouse (one stock movement; 409 when the stock lacks them) and the order’s delivery status follows (409 over what is left to deliver, naming the line)',
      async values(ctx, row) {
        await salesOrderKit.lockOrder(ctx, row.sales_order_id);
        const lines = await linesOf(ctx, row.id);
        if (!lines.some((l) => toScaled(l.quantity) > 0n)) throw new ApiError(409, 'sales_delivery.no_items');
        await salesOrderKit.checkRemaining(ctx, row.sales_order_id, 'delivered', lines.map((l) => ({ line: l.sales_order_item_id, quantity: l.quantity })));
        return { stock_movement_id: await shipStock(ctx, row) };
      },
      after: (ctx, saved) => salesOrderKit.refreshOrder(ctx, saved.sales_order_id, { type: 'sales-deliveries', id: saved.id }),
    },
    cancel: {
      summary: 'Cancels the delivery; a validated one puts its parts back in the warehouse',
      async values(ctx, row) {
        const order = await salesOrderKit.lockOrder(ctx, row.sales_order_id);
        if (row.state === 'validated' && order.state === 'completed') throw new ApiError(409, 'sales_delivery.order_completed', { order: order.code ?? '' });
        if (row.state === 'validated' && row.stock_movement_id)
          await runAction(ctx, 'stock-movements', row.stock_movement_id, 'cancel', {}, { cause: { type: 'sales-deliveries', id: row.id, organizationId: row.organization_id } });
        return {};
      },
      async after(ctx, saved, row) {
        if (row.state === 'validated') await salesOrderKit.refreshOrder(ctx, saved.sales_order_id, { type: 'sales-deliveries', id: saved.id });
      },
    },
  },
});

/** A delivery made by hand names a validated order with a warehouse: it takes the order's customer, warehouse and locations. */
async function beforeWrite(ctx: RequestContext, input: WriteInput, existing: DeliveryRow | null) {
  const v = input.values;
  if (existing) return;
  const order = await salesOrderKit.lockOrder(ctx, String(v.sales_order_id));
  if (order.state !== 'validated') throw new ApiError(409, 'sales_order.not_validated', { state: '' }, { pointer: relationshipPointer('salesOrder') });
  if (!order.source_warehouse_id) throw new ApiError(409, 'sales_order.no_warehouse', {}, { pointer: relationshipPointer('salesOrder') });
  Object.assign(v, {
    code: await nextRecordCode(ctx.db, order.organization_id, 'BL'),
    customer_id: order.customer_id,
    source_warehouse_id: order.source_warehouse_id,
    creator_id: ctx.actor.id,
    ...(input.present.has('allowedLocations') ? {} : { location_ids: order.location_ids }),
  });
}

/**
 * Deliveries of sales orders (spec platform §3 Sales, §7 /sales-deliveries; issue 23): generated
 * from an order (generate-delivery) or made for one; validating one takes its parts from the stock.
 */
export const salesDeliveriesResource = defineResource(declarations['sales-deliveries'], {
  table: salesDeliveries,
  permissions: 'sales deliveries',
  tenancy: tenancy.organization(),
  relationships: {
    ...placedRelationships(),
    salesOrder: rel.belongsTo('sales_order_id'),
    recipient: rel.belongsTo('customer_id'),
    sourceWarehouse: rel.belongsTo('source_warehouse_id'),
    items: rel.ownsMany('sales_delivery_id', { order: 'position', derive: (items) => ({ item_count: items.length }) }),
    stockMovement: rel.belongsTo('stock_movement_id'),
    creator: rel.belongsTo('creator_id'),
    validatedBy: rel.belongsTo('validated_by_id'),
    canceledBy: rel.belongsTo('canceled_by_id'),
  },
  filters: {
    state: filter.in('state'),
    salesOrder: filter.ids('sales_order_id', 'salesOrder'),
    recipient: filter.ids('customer_id', 'recipient'),
    search: filter.search(['code', 'notes']),
    tags: filter.overlaps('tag_ids', 'tags'),
  },
  workflow: salesDeliveryFlow,
  hooks: { beforeWrite },
  policies: { delete: salesDeliveryFlow.editable },
  notify: { label: (row) => String(row.code ?? '') },
});
