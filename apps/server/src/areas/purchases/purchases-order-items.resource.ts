import { declarations } from '@atelier/domain';
import { and, eq } from 'drizzle-orm';
import type { RequestContext } from '../../jsonapi/context.ts';
import { defineResource, type RowOf, type WriteInput } from '../../jsonapi/define-resource.ts';
import { filter } from '../../jsonapi/filters.ts';
import { rel } from '../../jsonapi/relationships.ts';
import { products } from '../inventory/inventory.table.ts';
import { priceTradeLine } from '../trade/lines.ts';
import { purchasesOrderItems, purchasesOrders } from './documents.table.ts';
import { purchasesOrderFlow } from './purchases-orders.actions.ts';
import { purchasesOrdersResource } from './purchases-orders.resource.ts';
import { supplierProducts } from './purchases.table.ts';

type ItemRow = RowOf<typeof purchasesOrderItems>;

/** What a product costs from the order's supplier: the supplier's price for it, else the product's buying price. */
const supplierPrice = (ctx: RequestContext, supplierId: string) => async (product: typeof products.$inferSelect) => {
  const [offer] = await ctx.db
    .select({ cost: supplierProducts.cost })
    .from(supplierProducts)
    .where(and(eq(supplierProducts.supplier_id, supplierId), eq(supplierProducts.product_id, product.id)));
  return offer?.cost ?? product.buying_price ?? product.price ?? null;
};

async function beforeWrite(ctx: RequestContext, input: WriteInput, existing: ItemRow | null) {
  const orderId = String(input.values.purchases_order_id ?? existing?.purchases_order_id);
  const order = (input.parent as typeof purchasesOrders.$inferSelect | undefined) ?? (await ctx.db.select().from(purchasesOrders).where(eq(purchasesOrders.id, orderId)))[0];
  await priceTradeLine(ctx, 'purchases', order, input, existing, supplierPrice(ctx, order.supplier_id));
}

/** The lines of a purchase order (spec §7 /purchases-order-items): written inside the order's document or at their own route, while it is a draft. */
export const purchasesOrderItemsResource = defineResource(declarations['purchases-order-items'], {
  table: purchasesOrderItems,
  ...purchasesOrderFlow.lines<ItemRow>(purchasesOrdersResource, 'purchases_order_id'),
  relationships: {
    organization: rel.belongsTo('organization_id'),
    purchasesOrder: rel.belongsTo('purchases_order_id'),
    product: rel.belongsTo('product_id'),
    purchasesOrderable: rel.belongsTo('product_id'),
    taxGroup: rel.belongsTo('tax_group_id'),
    repairItem: rel.belongsTo('repair_item_id'),
    estimationItem: rel.belongsTo('estimation_item_id'),
  },
  filters: {
    purchasesOrder: filter.ids('purchases_order_id', 'purchasesOrder'),
    product: filter.ids('product_id', 'product'),
  },
  hooks: { beforeWrite },
  notify: { label: (row) => String(row.description ?? '') },
});
