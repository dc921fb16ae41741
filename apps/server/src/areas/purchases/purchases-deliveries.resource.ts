import { declarations } from '@atelier/domain';
import { tenancy } from '../../access/tenancy.ts';
import { defineResource } from '../../jsonapi/define-resource.ts';
import { filter } from '../../jsonapi/filters.ts';
import { placedRelationships, rel } from '../../jsonapi/relationships.ts';
import { documentFilters } from '../trade/lines.ts';
import { tradeDeliveries } from '../trade/deliveries.ts';
import { purchaseOrders, purchaseSide, receiptSide } from './coverage.ts';
import { purchasesDeliveries } from './documents.table.ts';

const receipts = tradeDeliveries(purchaseSide, purchaseOrders, receiptSide);
export const { flow: purchasesDeliveryFlow, lineBeforeWrite: purchasesDeliveryLineHook } = receipts;

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
    ...receipts.resource.relationships,
  },
  filters: documentFilters(
    {
      purchasesOrder: filter.ids('purchases_order_id', 'purchasesOrder'),
      supplier: filter.ids('supplier_id', 'supplier'),
    },
    ['supplier_reference'],
  ),
  ...receipts.resource.parts,
});
