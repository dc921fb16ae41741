import { declarations } from '@atelier/domain';
import { tenancy } from '../../access/tenancy.ts';
import { defineResource } from '../../jsonapi/define-resource.ts';
import { filter } from '../../jsonapi/filters.ts';
import { placedRelationships, rel } from '../../jsonapi/relationships.ts';
import { documentFilters } from '../trade/lines.ts';
import { tradeDeliveries } from '../trade/deliveries.ts';
import { deliverySide, salesOrderKit, salesSide } from './coverage.ts';
import { salesDeliveries } from './sales.table.ts';

const deliveries = tradeDeliveries(salesSide, salesOrderKit, deliverySide);
export const { flow: salesDeliveryFlow, lineBeforeWrite: salesDeliveryLineHook } = deliveries;

/**
 * Deliveries of sales orders (spec platform §3 Sales, §7 /sales-deliveries; issue 23): generated
 * from an order (generate-delivery) or made for one; validating one takes its parts from the stock.
 */
export const salesDeliveriesResource = defineResource(declarations['sales-deliveries'], {
  table: salesDeliveries,
  permissions: 'sales deliveries',
  tenancy: tenancy.organization(),
  relationships: {
    ...placedRelationships(),
    salesOrder: rel.belongsTo('sales_order_id'),
    recipient: rel.belongsTo('customer_id'),
    sourceWarehouse: rel.belongsTo('source_warehouse_id'),
    ...deliveries.resource.relationships,
  },
  filters: documentFilters({
    salesOrder: filter.ids('sales_order_id', 'salesOrder'),
    recipient: filter.ids('customer_id', 'recipient'),
  }),
  ...deliveries.resource.parts,
});
