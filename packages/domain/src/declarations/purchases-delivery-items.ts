import { attr, declare } from '../declare/declare.ts';
import { DELIVERY_LINE_SORTS, deliveryLineAttributes, deliveryLineRelationships } from './trade-lines.ts';

/** A line of a receipt: how much of an order line came (its product and cost are the order line's). */
export const purchasesDeliveryItems = declare('purchases-delivery-items', {
  attributes: deliveryLineAttributes({
    /** Cents per unit, the order line's price after its discount: the stock's cost of what came. */
    unit_cost: attr.money().isReadOnly(),
  }),
  relationships: deliveryLineRelationships('purchasesDelivery', 'purchases-deliveries', 'purchasesOrderItem', 'purchases-order-items', 'purchasesDeliverable'),
  filters: ['purchasesDelivery', 'product'],
  sorts: DELIVERY_LINE_SORTS,
  defaultSort: 'position',
});
