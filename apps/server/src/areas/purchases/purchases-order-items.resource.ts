import { declarations } from '@atelier/domain';
import { and, eq } from 'drizzle-orm';
import type { RequestContext } from '../../jsonapi/context.ts';
import { defineResource } from '../../jsonapi/define-resource.ts';
import { rel } from '../../jsonapi/relationships.ts';
import { products } from '../inventory/inventory.table.ts';
import { lineParts, pricedLine } from '../trade/lines.ts';
import { purchasesOrderItems, purchasesOrders } from './documents.table.ts';
import { purchasesOrderFlow } from './purchases-orders.actions.ts';
import { purchasesOrdersResource } from './purchases-orders.resource.ts';
import { supplierProducts } from './purchases.table.ts';

/** What a product costs from the order's supplier: the supplier's price for it, else the product's buying price. */
async function supplierPrice(product: typeof products.$inferSelect, ctx: RequestContext, order: typeof purchasesOrders.$inferSelect) {
  const [offer] = await ctx.db
    .select({ cost: supplierProducts.cost })
    .from(supplierProducts)
    .where(and(eq(supplierProducts.supplier_id, order.supplier_id), eq(supplierProducts.product_id, product.id)));
  return offer?.cost ?? product.buying_price ?? product.price ?? null;
}

/** The lines of a purchase order (spec §7 /purchases-order-items): written inside the order's document or at their own route, while it is a draft. */
export const purchasesOrderItemsResource = defineResource(declarations['purchases-order-items'], {
  table: purchasesOrderItems,
  ...lineParts(purchasesOrderFlow, purchasesOrdersResource, { document: 'purchasesOrder', foreignKey: 'purchases_order_id', productAs: 'purchasesOrderable' }, {
    taxGroup: rel.belongsTo('tax_group_id'),
    repairItem: rel.belongsTo('repair_item_id'),
    estimationItem: rel.belongsTo('estimation_item_id'),
  }),
  hooks: { beforeWrite: pricedLine('purchases', purchasesOrders, 'purchases_order_id', supplierPrice) },
});
