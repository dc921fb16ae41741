import { declarations } from '@atelier/domain';
import { defineResource } from '../../jsonapi/define-resource.ts';
import { rel } from '../../jsonapi/relationships.ts';
import { lineParts } from '../trade/lines.ts';
import { salesDeliveriesResource, salesDeliveryFlow, salesDeliveryLineHook } from './sales-deliveries.resource.ts';
import { salesDeliveryItems } from './sales.table.ts';

/** The lines of a delivery (spec §7 /sales-delivery-items): how much of each order line left; written while the delivery is a draft. */
export const salesDeliveryItemsResource = defineResource(declarations['sales-delivery-items'], {
  table: salesDeliveryItems,
  ...lineParts(salesDeliveryFlow, salesDeliveriesResource, { document: 'salesDelivery', foreignKey: 'sales_delivery_id', productAs: 'salesDeliverable' }, { salesOrderItem: rel.belongsTo('sales_order_item_id') }),
  hooks: { beforeWrite: salesDeliveryLineHook },
});
