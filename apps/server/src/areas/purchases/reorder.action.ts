import { reorder } from '@atelier/domain';
import { and, asc, eq, inArray, isNotNull, lte, sql } from 'drizzle-orm';
import { z } from 'zod';
import { optionsBody, readOptions } from '../../jsonapi/action-options.ts';
import type { CollectionAction } from '../../jsonapi/define-resource.ts';
import { ApiError } from '../../jsonapi/errors.ts';
import { metaDocument } from '../../jsonapi/openapi.ts';
import { findRow } from '../../jsonapi/scope.ts';
import { warehouseProducts, warehouses } from '../inventory/inventory.table.ts';
import { DRAFTED_ORDERS, draftOrders } from './draft-orders.ts';
import { purchasesOrderItems, purchasesOrders } from './documents.table.ts';
import { supplierProducts } from './purchases.table.ts';

// POST /purchases-orders/reorder (issue 22): the parts of a warehouse at or below their minimum,
// ordered up to their maximum less what is on hand and on order (domain purchases/reorder.ts), as
// one draft order per supplier, each line at the supplier's price. The drafts are checked and
// validated by whoever sends them.

const OPTIONS = z.object({ warehouse: z.string().max(64) });

export const reorderAction: CollectionAction = {
  collection: true,
  permission: 'create purchases orders',
  contract: {
    summary: 'Drafts one order per supplier of the warehouse’s parts at or below their minimum, up to their maximum less what is on hand and on order; answers the orders made and the parts nobody sells',
    body: optionsBody(OPTIONS),
    response: metaDocument(DRAFTED_ORDERS),
  },
  async handler(ctx, body) {
    const { warehouse: id } = readOptions(OPTIONS, body);
    // The warehouse as the user sees it (else a 422 on the option, as a relationship to an unseen record).
    const warehouse = (await findRow(ctx, ctx.registry.resource('warehouses'), id).catch((err) => {
      if (err instanceof ApiError && err.status === 404) throw ApiError.many([{ status: 422, code: 'validation.relationship_not_found', params: { id }, source: { pointer: '/data/attributes/warehouse' } }]);
      throw err;
    })) as typeof warehouses.$inferSelect;
    const low = await ctx.db
      .select()
      .from(warehouseProducts)
      .where(and(eq(warehouseProducts.warehouse_id, warehouse.id), isNotNull(warehouseProducts.minimum), lte(warehouseProducts.quantity_available, warehouseProducts.minimum)))
      .orderBy(asc(warehouseProducts.id));
    const ids = low.map((s) => s.product_id);
    const offers = ids.length
      ? await ctx.db.select().from(supplierProducts).where(and(inArray(supplierProducts.product_id, ids), eq(supplierProducts.organization_id, warehouse.organization_id))).orderBy(asc(supplierProducts.cost))
      : [];
    const onOrder = ids.length
      ? await ctx.db
          .select({ product: purchasesOrderItems.product_id, quantity: sql<string>`sum(${purchasesOrderItems.quantity} - ${purchasesOrderItems.quantity_delivered})::text` })
          .from(purchasesOrderItems)
          .innerJoin(purchasesOrders, eq(purchasesOrders.id, purchasesOrderItems.purchases_order_id))
          .where(and(eq(purchasesOrders.destination_warehouse_id, warehouse.id), inArray(purchasesOrders.state, ['draft', 'validated']), inArray(purchasesOrderItems.product_id, ids)))
          .groupBy(purchasesOrderItems.product_id)
      : [];
    const cheapest = (product: string) => offers.find((o) => o.product_id === product);
    const plan = reorder(
      low.map((s) => ({
        product: s.product_id,
        supplier: s.supplier_id ?? cheapest(s.product_id)?.supplier_id ?? null,
        available: s.quantity_available,
        minimum: s.minimum,
        maximum: s.maximum,
        onOrder: onOrder.find((o) => o.product === s.product_id)?.quantity ?? '0',
      })),
    );
    const orders = await draftOrders(ctx, {
      organizationId: warehouse.organization_id,
      warehouse,
      bySupplier: plan.bySupplier,
      offers,
      cause: { type: 'warehouses', id: warehouse.id },
      notes: null,
    });
    return { body: { jsonapi: { version: '1.1' }, meta: { orders, without_supplier: plan.withoutSupplier } } };
  },
};
