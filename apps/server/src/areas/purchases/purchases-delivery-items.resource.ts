import { declarations } from '@atelier/domain';
import { defineResource } from '../../jsonapi/define-resource.ts';
import { rel } from '../../jsonapi/relationships.ts';
import { lineParts } from '../trade/lines.ts';
import { purchasesDeliveryItems } from './documents.table.ts';
import { purchasesDeliveriesResource, purchasesDeliveryFlow, purchasesDeliveryLineHook } from './purchases-deliveries.resource.ts';

/** The lines of a receipt (spec §7 /purchases-delivery-items): how much of each order line came; written while the receipt is a draft. */
export const purchasesDeliveryItemsResource = defineResource(declarations['purchases-delivery-items'], {
  table: purchasesDeliveryItems,
  ...lineParts(purchasesDeliveryFlow, purchasesDeliveriesResource, { document: 'purchasesDelivery', foreignKey: 'purchases_delivery_id', productAs: 'purchasesDeliverable' }, {
    purchasesOrderItem: rel.belongsTo('purchases_order_item_id'),
  }),
  hooks: { beforeWrite: purchasesDeliveryLineHook },
});
