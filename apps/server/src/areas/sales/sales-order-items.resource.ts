import { declarations } from '@atelier/domain';
import { eq } from 'drizzle-orm';
import type { RequestContext } from '../../jsonapi/context.ts';
import { defineResource, type RowOf, type WriteInput } from '../../jsonapi/define-resource.ts';
import { filter } from '../../jsonapi/filters.ts';
import { rel } from '../../jsonapi/relationships.ts';
import { priceTradeLine } from '../trade/lines.ts';
import { salesOrderFlow } from './sales-orders.actions.ts';
import { salesOrdersResource } from './sales-orders.resource.ts';
import { salesOrderItems, salesOrders } from './sales.table.ts';

type ItemRow = RowOf<typeof salesOrderItems>;

async function beforeWrite(ctx: RequestContext, input: WriteInput, existing: ItemRow | null) {
  const orderId = String(input.values.sales_order_id ?? existing?.sales_order_id);
  const order = (input.parent as typeof salesOrders.$inferSelect | undefined) ?? (await ctx.db.select().from(salesOrders).where(eq(salesOrders.id, orderId)))[0];
  // What the customer pays for a product: its selling price, else its price.
  await priceTradeLine(ctx, 'sales', order, input, existing, (product) => product.selling_price ?? product.price ?? null);
}

/** The lines of a sales order (spec §7 /sales-order-items): written inside the order's document or at their own route, while it is a draft. */
export const salesOrderItemsResource = defineResource(declarations['sales-order-items'], {
  table: salesOrderItems,
  ...salesOrderFlow.lines<ItemRow>(salesOrdersResource, 'sales_order_id'),
  relationships: {
    organization: rel.belongsTo('organization_id'),
    salesOrder: rel.belongsTo('sales_order_id'),
    product: rel.belongsTo('product_id'),
    salesOrderable: rel.belongsTo('product_id'),
    taxGroup: rel.belongsTo('tax_group_id'),
  },
  filters: {
    salesOrder: filter.ids('sales_order_id', 'salesOrder'),
    product: filter.ids('product_id', 'product'),
  },
  hooks: { beforeWrite },
  notify: { label: (row) => String(row.description ?? '') },
});
