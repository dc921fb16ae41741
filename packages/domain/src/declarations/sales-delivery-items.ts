import { declare } from '../declare/declare.ts';
import { DELIVERY_LINE_SORTS, deliveryLineAttributes, deliveryLineRelationships } from './trade-lines.ts';

/** A line of a sales delivery: how much of an order line left (its product is the order line's). */
export const salesDeliveryItems = declare('sales-delivery-items', {
  attributes: deliveryLineAttributes({}),
  relationships: deliveryLineRelationships('salesDelivery', 'sales-deliveries', 'salesOrderItem', 'sales-order-items', 'salesDeliverable'),
  filters: ['salesDelivery', 'product'],
  sorts: DELIVERY_LINE_SORTS,
  defaultSort: 'position',
});
