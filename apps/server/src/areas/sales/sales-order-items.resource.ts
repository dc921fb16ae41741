import { declarations } from '@atelier/domain';
import { defineResource } from '../../jsonapi/define-resource.ts';
import { rel } from '../../jsonapi/relationships.ts';
import { lineParts, pricedLine, sellingPrice } from '../trade/lines.ts';
import { salesOrderFlow } from './sales-orders.actions.ts';
import { salesOrdersResource } from './sales-orders.resource.ts';
import { salesOrderItems, salesOrders } from './sales.table.ts';

/** The lines of a sales order (spec §7 /sales-order-items): written inside the order's document or at their own route, while it is a draft. */
export const salesOrderItemsResource = defineResource(declarations['sales-order-items'], {
  table: salesOrderItems,
  ...lineParts(salesOrderFlow, salesOrdersResource, { document: 'salesOrder', foreignKey: 'sales_order_id', productAs: 'salesOrderable' }, { taxGroup: rel.belongsTo('tax_group_id') }),
  hooks: { beforeWrite: pricedLine('sales', salesOrders, 'sales_order_id', sellingPrice) },
});
