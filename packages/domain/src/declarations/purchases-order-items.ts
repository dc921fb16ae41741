import { declare, rel } from '../declare/declare.ts';
import { TRADE_LINE_SORTS, orderLineAttributes, tradeLineRelationships } from './trade-lines.ts';

/** A line of a purchase order: what is ordered, and how much of it its validated deliveries and invoices cover. */
export const purchasesOrderItems = declare('purchases-order-items', {
  attributes: orderLineAttributes(),
  relationships: {
    ...tradeLineRelationships('purchasesOrder', 'purchases-orders', 'purchasesOrderable'),
    /** The repair or estimate item it is ordered for: the item's part status follows it. */
    repairItem: rel.toOne('repair-items', { readOnly: true }),
    estimationItem: rel.toOne('estimation-items', { readOnly: true }),
  },
  filters: ['purchasesOrder', 'product'],
  sorts: TRADE_LINE_SORTS,
  defaultSort: 'position',
});
