import { declarations } from '@atelier/domain';
import { and, eq } from 'drizzle-orm';
import type { RequestContext } from '../../jsonapi/context.ts';
import { defineResource, type RowOf, type WriteInput } from '../../jsonapi/define-resource.ts';
import { ApiError, relationshipPointer } from '../../jsonapi/errors.ts';
import { filter } from '../../jsonapi/filters.ts';
import { rel } from '../../jsonapi/relationships.ts';
import { salesDeliveriesResource, salesDeliveryFlow } from './sales-deliveries.resource.ts';
import { salesDeliveries, salesDeliveryItems, salesOrderItems } from './sales.table.ts';

type ItemRow = RowOf<typeof salesDeliveryItems>;

/** A delivery's line delivers a line of the delivery's order: its product and description are that line's. */
async function beforeWrite(ctx: RequestContext, input: WriteInput, existing: ItemRow | null) {
  const v = input.values;
  if (existing) return;
  const delivery = (input.parent as typeof salesDeliveries.$inferSelect | undefined) ?? (await ctx.db.select().from(salesDeliveries).where(eq(salesDeliveries.id, String(v.sales_delivery_id))))[0];
  const [line] = await ctx.db
    .select()
    .from(salesOrderItems)
    .where(and(eq(salesOrderItems.id, String(v.sales_order_item_id)), eq(salesOrderItems.sales_order_id, delivery.sales_order_id)));
  if (!line) throw ApiError.many([{ status: 422, code: 'sales.not_a_line', source: { pointer: relationshipPointer('salesOrderItem') } }]);
  Object.assign(v, { product_id: line.product_id, description: line.description });
}

/** The lines of a delivery (spec §7 /sales-delivery-items): how much of each order line left; written while the delivery is a draft. */
export const salesDeliveryItemsResource = defineResource(declarations['sales-delivery-items'], {
  table: salesDeliveryItems,
  ...salesDeliveryFlow.lines<ItemRow>(salesDeliveriesResource, 'sales_delivery_id'),
  relationships: {
    organization: rel.belongsTo('organization_id'),
    salesDelivery: rel.belongsTo('sales_delivery_id'),
    salesOrderItem: rel.belongsTo('sales_order_item_id'),
    product: rel.belongsTo('product_id'),
    salesDeliverable: rel.belongsTo('product_id'),
  },
  filters: {
    salesDelivery: filter.ids('sales_delivery_id', 'salesDelivery'),
    product: filter.ids('product_id', 'product'),
  },
  hooks: { beforeWrite },
  notify: { label: (row) => String(row.description ?? '') },
});
