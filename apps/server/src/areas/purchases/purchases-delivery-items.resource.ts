import { declarations } from '@atelier/domain';
import { and, eq } from 'drizzle-orm';
import type { RequestContext } from '../../jsonapi/context.ts';
import { defineResource, type RowOf, type WriteInput } from '../../jsonapi/define-resource.ts';
import { ApiError, relationshipPointer } from '../../jsonapi/errors.ts';
import { filter } from '../../jsonapi/filters.ts';
import { rel } from '../../jsonapi/relationships.ts';
import { purchasesDeliveries, purchasesDeliveryItems, purchasesOrderItems } from './documents.table.ts';
import { unitCostOf } from './purchases-orders.actions.ts';
import { purchasesDeliveriesResource, purchasesDeliveryFlow } from './purchases-deliveries.resource.ts';

type ItemRow = RowOf<typeof purchasesDeliveryItems>;

/** A receipt's line receives a line of the receipt's order: its product, description and cost are that line's. */
async function beforeWrite(ctx: RequestContext, input: WriteInput, existing: ItemRow | null) {
  const v = input.values;
  if (existing) return;
  const deliveryId = String(v.purchases_delivery_id);
  const delivery = (input.parent as typeof purchasesDeliveries.$inferSelect | undefined) ?? (await ctx.db.select().from(purchasesDeliveries).where(eq(purchasesDeliveries.id, deliveryId)))[0];
  const [line] = await ctx.db
    .select()
    .from(purchasesOrderItems)
    .where(and(eq(purchasesOrderItems.id, String(v.purchases_order_item_id)), eq(purchasesOrderItems.purchases_order_id, delivery.purchases_order_id)));
  if (!line) throw ApiError.many([{ status: 422, code: 'purchases.not_a_line', source: { pointer: relationshipPointer('purchasesOrderItem') } }]);
  Object.assign(v, { product_id: line.product_id, description: line.description, unit_cost: unitCostOf(line) });
}

/** The lines of a receipt (spec §7 /purchases-delivery-items): how much of each order line came; written while the receipt is a draft. */
export const purchasesDeliveryItemsResource = defineResource(declarations['purchases-delivery-items'], {
  table: purchasesDeliveryItems,
  ...purchasesDeliveryFlow.lines<ItemRow>(purchasesDeliveriesResource, 'purchases_delivery_id'),
  relationships: {
    organization: rel.belongsTo('organization_id'),
    purchasesDelivery: rel.belongsTo('purchases_delivery_id'),
    purchasesOrderItem: rel.belongsTo('purchases_order_item_id'),
    product: rel.belongsTo('product_id'),
    purchasesDeliverable: rel.belongsTo('product_id'),
  },
  filters: {
    purchasesDelivery: filter.ids('purchases_delivery_id', 'purchasesDelivery'),
    product: filter.ids('product_id', 'product'),
  },
  hooks: { beforeWrite },
  notify: { label: (row) => String(row.description ?? '') },
});
