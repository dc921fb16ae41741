import { declarations, salesDeliveryWorkflow as workflow } from '@atelier/domain';
import { tenancy } from '../../access/tenancy.ts';
import { defineResource } from '../../jsonapi/define-resource.ts';
import { filter } from '../../jsonapi/filters.ts';
import { placedRelationships, rel } from '../../jsonapi/relationships.ts';
import { stampRelationships } from '../trade/lines.ts';
import { tradeDeliveries } from '../trade/deliveries.ts';
import { salesOrderKit, salesSide } from './coverage.ts';
import { salesDeliveries } from './sales.table.ts';

/** A delivery: its parts leave the order's warehouse (the trade kit's deliveries; the stock rules still refuse: 409 naming the part and what is left). */
const deliveries = tradeDeliveries(salesSide, salesOrderKit, {
  type: 'sales-deliveries',
  workflow,
  code: 'BL',
  movement: 'remove',
  columns: { warehouse: 'source_warehouse_id', party: 'customer_id' },
  orderRelationship: 'salesOrder',
  orderLineRelationship: 'salesOrderItem',
  messages: {
    state: 'sales_delivery.cannot_action',
    final: 'sales_delivery.final',
    noItems: 'sales_delivery.no_items',
    orderCompleted: 'sales_delivery.order_completed',
    orderNotValidated: 'sales_order.not_validated',
    noWarehouse: 'sales_order.no_warehouse',
  },
  summaries: {
    validate: 'Validates the delivery: its parts leave the order’s warehouse (one stock movement; 409 when the stock lacks them) and the order’s delivery status follows (409 over what is left to deliver, naming the line)',
    cancel: 'Cancels the delivery; a validated one puts its parts back in the warehouse',
  },
});
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
    items: rel.ownsMany('sales_delivery_id', { order: 'position', derive: (items) => ({ item_count: items.length }) }),
    stockMovement: rel.belongsTo('stock_movement_id'),
    creator: rel.belongsTo('creator_id'),
    ...stampRelationships(),
  },
  filters: {
    state: filter.in('state'),
    salesOrder: filter.ids('sales_order_id', 'salesOrder'),
    recipient: filter.ids('customer_id', 'recipient'),
    search: filter.search(['code', 'notes']),
    tags: filter.overlaps('tag_ids', 'tags'),
  },
  workflow: salesDeliveryFlow,
  hooks: { beforeWrite: deliveries.beforeWrite },
  policies: { delete: salesDeliveryFlow.editable },
  notify: { label: (row) => String(row.code ?? '') },
});
