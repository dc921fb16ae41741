import { declarations, purchasesDeliveryWorkflow as workflow, toScaled } from '@atelier/domain';
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
import { checkRemaining, lockOrder, refreshOrder } from './coverage.ts';
import { purchasesDeliveries, purchasesDeliveryItems } from './documents.table.ts';

type DeliveryRow = RowOf<typeof purchasesDeliveries>;

const linesOf = (ctx: RequestContext, id: string) =>
  ctx.db.select().from(purchasesDeliveryItems).where(eq(purchasesDeliveryItems.purchases_delivery_id, id)).orderBy(asc(purchasesDeliveryItems.position), asc(purchasesDeliveryItems.id));

/**
 * The stock movement of a receipt: its product lines into the order's warehouse at their cost,
 * made and validated as the receipt's (the receiver validated the receipt: the movement is its
 * consequence, not a second decision). Free lines are not stock.
 */
async function receiveStock(ctx: RequestContext, delivery: DeliveryRow): Promise<string | null> {
  const lines = (await linesOf(ctx, delivery.id)).filter((l) => l.product_id && toScaled(l.quantity) > 0n);
  if (!lines.length) return null;
  return causedMovement(ctx, {
    organizationId: delivery.organization_id,
    type: 'add',
    warehouse: { id: delivery.destination_warehouse_id, location_ids: delivery.location_ids },
    cause: { type: 'purchases-deliveries', id: delivery.id, code: delivery.code },
    lines: lines.map((l) => ({ product_id: l.product_id, description: l.description, quantity: l.quantity, unit_cost: l.unit_cost })),
  });
}

export const purchasesDeliveryFlow = workflowParts({
  workflow,
  table: purchasesDeliveries,
  messages: { state: 'purchases_delivery.cannot_action', final: 'purchases_delivery.final' },
  actions: {
    validate: {
      summary: 'Validates the receipt: its parts enter the order’s warehouse (one stock movement) and the order’s delivery status follows (409 over what is left to receive, naming the line)',
      async values(ctx, row) {
        await lockOrder(ctx, row.purchases_order_id);
        const lines = await linesOf(ctx, row.id);
        if (!lines.some((l) => toScaled(l.quantity) > 0n)) throw new ApiError(409, 'purchases_delivery.no_items');
        await checkRemaining(ctx, row.purchases_order_id, 'delivered', lines.map((l) => ({ line: l.purchases_order_item_id, quantity: l.quantity })));
        return { stock_movement_id: await receiveStock(ctx, row) };
      },
      after: (ctx, saved) => refreshOrder(ctx, saved.purchases_order_id, { type: 'purchases-deliveries', id: saved.id }),
    },
    cancel: {
      summary: 'Cancels the receipt; a validated one takes its parts out of the warehouse again (409 when they were used since where stock may not go below zero)',
      async values(ctx, row) {
        const order = await lockOrder(ctx, row.purchases_order_id);
        if (row.state === 'validated' && order.state === 'completed') throw new ApiError(409, 'purchases_delivery.order_completed', { order: order.code ?? '' });
        if (row.state === 'validated' && row.stock_movement_id)
          await runAction(ctx, 'stock-movements', row.stock_movement_id, 'cancel', {}, { cause: { type: 'purchases-deliveries', id: row.id, organizationId: row.organization_id } });
        return {};
      },
      async after(ctx, saved, row) {
        if (row.state === 'validated') await refreshOrder(ctx, saved.purchases_order_id, { type: 'purchases-deliveries', id: saved.id });
      },
    },
  },
});

/** A receipt made by hand names a validated order: it takes the order's supplier, warehouse and locations. */
async function beforeWrite(ctx: RequestContext, input: WriteInput, existing: DeliveryRow | null) {
  const v = input.values;
  if (existing) return;
  const order = await lockOrder(ctx, String(v.purchases_order_id));
  if (order.state !== 'validated') throw new ApiError(409, 'purchases_order.not_validated', { state: '' }, { pointer: relationshipPointer('purchasesOrder') });
  Object.assign(v, {
    code: await nextRecordCode(ctx.db, order.organization_id, 'PR'),
    supplier_id: order.supplier_id,
    destination_warehouse_id: order.destination_warehouse_id,
    creator_id: ctx.actor.id,
    ...(input.present.has('allowedLocations') ? {} : { location_ids: order.location_ids }),
  });
}

/**
 * Receipts of purchase orders (spec platform §3 Purchases, §7 /purchases-deliveries; issue 22):
 * generated from an order (generate-delivery) or made for one; validating one stocks its parts.
 */
export const purchasesDeliveriesResource = defineResource(declarations['purchases-deliveries'], {
  table: purchasesDeliveries,
  permissions: 'purchases deliveries',
  tenancy: tenancy.organization(),
  relationships: {
    ...placedRelationships(),
    purchasesOrder: rel.belongsTo('purchases_order_id'),
    supplier: rel.belongsTo('supplier_id'),
    destinationWarehouse: rel.belongsTo('destination_warehouse_id'),
    items: rel.ownsMany('purchases_delivery_id', { order: 'position', derive: (items) => ({ item_count: items.length }) }),
    stockMovement: rel.belongsTo('stock_movement_id'),
    creator: rel.belongsTo('creator_id'),
    validatedBy: rel.belongsTo('validated_by_id'),
    canceledBy: rel.belongsTo('canceled_by_id'),
  },
  filters: {
    state: filter.in('state'),
    purchasesOrder: filter.ids('purchases_order_id', 'purchasesOrder'),
    supplier: filter.ids('supplier_id', 'supplier'),
    search: filter.search(['code', 'supplier_reference', 'notes']),
    tags: filter.overlaps('tag_ids', 'tags'),
  },
  workflow: purchasesDeliveryFlow,
  hooks: { beforeWrite },
  policies: { delete: purchasesDeliveryFlow.editable },
  notify: { label: (row) => String(row.code ?? '') },
});
